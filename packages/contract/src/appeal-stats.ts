// 企业诉求's figures (docs/appeal.md «Figures»): the 接诉即办 and 好差评 measures for staff (诉求统计),
// the public totals on the home page, and an enterprise account's own counts on its data overview.
// A rate is a number 0–1, or null when its denominator is 0 (shown '—', never 0 %).
import Type from 'typebox';
import { CONSOLE_PREFIX } from './console';

export const APPEAL_STATS_PATHS = {
  /** Staff: the measures of a year, grouped by category, department or month. */
  figures: `${CONSOLE_PREFIX}/appeals/figures`,
  /** Public: this year's totals (no enterprise named). */
  totals: '/api/v1/appeal/totals',
  /** An account: its enterprises' open appeals and those waiting for its rating. */
  mine: '/api/v1/appeal/mycounts',
} as const;

export const APPEAL_STATS_DIMENSIONS = { category: '诉求类别', department: '承办部门', month: '月份' } as const;
export type AppealStatsDimension = keyof typeof APPEAL_STATS_DIMENSIONS;

/** The years the figures may be asked for. */
export const APPEAL_STATS_MIN_YEAR = 2020;
export const APPEAL_STATS_MAX_YEAR = 2100;

/** Accepted within this many working days after the filing's day counts as 响应 (接诉即办). */
export const APPEAL_RESPONSE_DAYS = 1;

export const AppealFiguresQuery = Type.Object({
  year: Type.Integer({ title: '年度', minimum: APPEAL_STATS_MIN_YEAR, maximum: APPEAL_STATS_MAX_YEAR, errorMessage: '年度不正确' }),
  by: Type.Enum(Object.keys(APPEAL_STATS_DIMENSIONS) as AppealStatsDimension[], { title: '统计维度', errorMessage: '统计维度不正确' }),
  /** A code of the dictionary `appealCategory`. */
  category: Type.Optional(Type.String({ title: '诉求类别', maxLength: 40 })),
  /** A code of the dictionary `department`. */
  department: Type.Optional(Type.String({ title: '承办部门', maxLength: 50 })),
});
export type AppealFiguresQuery = Type.Static<typeof AppealFiguresQuery>;

const Rate = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);

export const AppealFigures = Type.Object({
  /** Filed in the period. */
  received: Type.Integer(),
  /** Accepted within APPEAL_RESPONSE_DAYS working days of the filing; 响应率 = responded / received. */
  responded: Type.Integer(),
  responseRate: Rate,
  /** Answered (已答复 or 已办结 after a reply), and of them answered by the due date then in force: 按时办结率. */
  replied: Type.Integer(),
  repliedOnTime: Type.Integer(),
  onTimeRate: Rate,
  /**
   * Its rating now (the last one given; a 差评 that reopened it counts until the next reply clears
   * it; 未评价 never counts), and of them 非常满意 + 满意 + 基本满意: 满意率.
   */
  rated: Type.Integer(),
  satisfied: Type.Integer(),
  satisfactionRate: Rate,
  /**
   * Rated at least once, and of them those whose first rating was 非常满意, 满意 or 基本满意: 首次满意率
   * (an appeal satisfied only after 整改 counts in 满意率, never here).
   */
  firstRated: Type.Integer(),
  firstSatisfied: Type.Integer(),
  firstSatisfactionRate: Rate,
  /** 差评: every 不满意 or 非常不满意 given (each reopening, and a 差评 that closed it), so one appeal may give up to three. */
  badRatings: Type.Integer(),
  /** 整改: reopenings for 整改 (the sum of reopen_count). */
  reworks: Type.Integer(),
  /** Of them, answered again (all but one still 整改中); 整改率 = reworksAnswered / badRatings. */
  reworksAnswered: Type.Integer(),
  reworkRate: Rate,
  /** Average working days from acceptance to the first reply (null when none replied). */
  avgReplyDays: Type.Union([Type.Number(), Type.Null()]),
});
export type AppealFigures = Type.Static<typeof AppealFigures>;

export const AppealFiguresRow = Type.Object({
  /** The category's or department's code (null: not yet assigned to a department), or the month 'YYYY-MM'. */
  key: Type.Union([Type.String(), Type.Null()]),
  label: Type.String(),
  ...AppealFigures.properties,
});
export type AppealFiguresRow = Type.Static<typeof AppealFiguresRow>;

export const AppealFiguresResult = Type.Object({
  year: Type.Integer(),
  by: Type.String(),
  rows: Type.Array(AppealFiguresRow),
  totals: AppealFigures,
});
export type AppealFiguresResult = Type.Static<typeof AppealFiguresResult>;

/** The home page's: this year in China, small numbers, nothing about any one enterprise (each as AppealFigures defines it). */
export const AppealTotals = Type.Object({
  year: Type.Integer(),
  received: Type.Integer(),
  closed: Type.Integer(),
  satisfactionRate: Rate,
  firstSatisfactionRate: Rate,
  onTimeRate: Rate,
  badRatings: Type.Integer(),
  reworkRate: Rate,
});
export type AppealTotals = Type.Static<typeof AppealTotals>;

/** An account's enterprises: open (not 已办结, 不予受理 or 已撤回) and answered, waiting for its rating. */
export const AppealMyCounts = Type.Object({ open: Type.Integer(), toRate: Type.Integer() });
export type AppealMyCounts = Type.Static<typeof AppealMyCounts>;

/** The label of a group that has no department yet. */
export const APPEAL_NO_DEPARTMENT = '未分派';
/**
 * What the measures mean, as 诉求统计 and the home page print them under their figures (one wording
 * for both, kept with the queries in services/appeal/stats.ts).
 */
export const APPEAL_FIGURE_DEFINITIONS = {
  responseRate: '响应率：提交后 1 个工作日内受理的占收件数',
  onTimeRate: '按时办结率：在办理期限内答复的占已答复数（整改中的诉求待再次答复）',
  satisfactionRate: '满意率：按诉求当前（最后一次）评价，非常满意、满意、基本满意占已评价数，未评价不计入',
  firstSatisfactionRate: '首次满意率：第一次评价即为非常满意、满意、基本满意的诉求，占评价过至少一次的诉求数（整改后才满意的不计入）',
  badRatings: '差评：不满意、非常不满意的评价次数（每次转入整改的差评，以及整改两次后办结时的差评），一件诉求最多 3 次',
  reworkRate: '整改率：转入整改并已再次答复的差评占差评数（整改中的差评答复后计入；整改两次后的差评不再整改）',
} as const;

/** A rate as the console and the home page show it: 87.5%, or '—' when there is nothing to rate. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
