// 申兑统计 (docs/payout.md «Figures»): a year of 政策申兑 by month, guide, department or 申报方式 —
// applications and amounts, the working days from 申报 (or, for 免申即享, the match) to 到账 (median
// and p90), the share paid on time against the form's 兑现时限 and the 60-working-day 快申快享
// limit (each from 受理), the 免申即享 share and the 兑现评价's 满意率. A rate is 0–1, or null when
// its denominator is 0 (shown '—').
import Type from 'typebox';
import { CONSOLE_PREFIX } from './console';
import { APPLY_DEFAULTS } from './apply';

export const APPLY_STATS_PATHS = {
  figures: `${CONSOLE_PREFIX}/applications/figures`,
  /** Public: this year's totals (no enterprise named), for the home page. */
  totals: '/api/v1/policyapply/totals',
} as const;

export const APPLY_STATS_DIMENSIONS = { month: '月份', guide: '申报指南', department: '主管部门', mode: '申报方式' } as const;
export type ApplyStatsDimension = keyof typeof APPLY_STATS_DIMENSIONS;
export const APPLY_STATS_MIN_YEAR = 2020;
/** 快申快享: 受理 to 到账 within this many working days. */
export const FAST_LIMIT_DAYS = APPLY_DEFAULTS.promiseDays;

export const ApplyFiguresQuery = Type.Object({
  year: Type.Integer({ title: '年度', minimum: APPLY_STATS_MIN_YEAR, maximum: 2100, errorMessage: '年度不正确' }),
  by: Type.Enum(Object.keys(APPLY_STATS_DIMENSIONS) as ApplyStatsDimension[], { title: '统计维度', errorMessage: '统计维度不正确' }),
});
export type ApplyFiguresQuery = Type.Static<typeof ApplyFiguresQuery>;

const Rate = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);
const Maybe = Type.Union([Type.Number(), Type.Null()]);

export const ApplyFigures = Type.Object({
  /** Filed in the year (申报, or 免申即享 confirmed). */
  applications: Type.Integer(),
  /** Of them, supported (拟支持 onwards), and their approved 万元. */
  supported: Type.Integer(),
  approvedAmount: Type.Number(),
  /** Of them, arrived (已到账, 已评价), and their 万元. */
  paid: Type.Integer(),
  paidAmount: Type.Number(),
  /** Working days from 申报 (免申即享: the match) to 到账, over the arrived. */
  medianDays: Maybe,
  p90Days: Maybe,
  /** Arrived within the form's 兑现时限 from 受理; within 快申快享's 60 working days from 受理. */
  onTimeRate: Rate,
  fastRate: Rate,
  /** 免申即享 among the year's applications. */
  autoShare: Rate,
  /**
   * 兑现评价, counted as 诉求's are: rated; 满意率 (非常满意 + 满意 + 基本满意 among the rated, a 差评 counted
   * by its 整改 诉求's own rating once given); 首次满意率 (the 兑现评价 itself); 差评 (each filed an 诉求 for 整改).
   */
  rated: Type.Integer(),
  satisfactionRate: Rate,
  firstSatisfactionRate: Rate,
  badRatings: Type.Integer(),
});
export type ApplyFigures = Type.Static<typeof ApplyFigures>;
export const ApplyFiguresRow = Type.Object({ key: Type.Union([Type.String(), Type.Null()]), label: Type.String(), ...ApplyFigures.properties });
export type ApplyFiguresRow = Type.Static<typeof ApplyFiguresRow>;
export const ApplyFiguresResult = Type.Object({ year: Type.Integer(), by: Type.String(), rows: Type.Array(ApplyFiguresRow), totals: ApplyFigures });
export type ApplyFiguresResult = Type.Static<typeof ApplyFiguresResult>;

export const ApplyTotals = Type.Object({ year: Type.Integer(), applications: Type.Integer(), supported: Type.Integer(), paidAmount: Type.Number(), medianDays: Maybe, autoShare: Rate, satisfactionRate: Rate, firstSatisfactionRate: Rate });
export type ApplyTotals = Type.Static<typeof ApplyTotals>;

/** What each measure means, under the table (统计口径). */
export const APPLY_FIGURES_NOTES = [
  '申报数：本年度提交的申报（含确认享受的免申即享），按提交日统计；获支持数：其中拟支持及之后状态（公示中、待拨付、已预拨、已到账、已评价、验收未通过）的项目。',
  '申报至到账：自提交申报（免申即享自系统匹配）至财政返回到账的工作日数，取中位数和第 90 百分位。',
  `按时兑现率：到账项目中，自受理起在申报表单规定的兑现时限内到账的比例；快申快享达标率：自受理起 ${FAST_LIMIT_DAYS} 个工作日内到账的比例。`,
  '免申即享占比：免申即享项目占申报数的比例。',
  '满意率：兑现评价中非常满意、满意、基本满意的比例，差评经诉求整改后按企业对整改诉求的评价计；首次满意率：兑现评价本身即为满意的比例（整改后才满意的不计入）；差评：不满意、非常不满意的评价，每条均转为诉求整改办理。',
] as const;
