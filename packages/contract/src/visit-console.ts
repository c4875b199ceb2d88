// 企业走访 in the staff console (走访管理): the list, the calendar, the clash check, planning,
// rescheduling, cancelling, the summary and the figures. A plan or a new time whose staff are
// already out at that time is answered 409 with the clashing visits in `data` (VisitClash[]),
// unless the body says `force: true` (the staff saw the clash and want it anyway).
import Type from 'typebox';
import { DAY_PATTERN } from './appeal';
import { CONSOLE_PREFIX, IdField, KeywordField } from './console';
import { PageQuery } from './envelope';
import { FileIds } from './files';
import { VISIT_LENGTH, VISIT_MAX_GUIDES, VISIT_MAX_PROBLEMS, VISIT_MAX_STAFF, VISIT_METHOD_LIST, VISIT_STATUS_LIST, VisitItem } from './visit';

export const VISIT_CONSOLE_PATHS = {
  page: `${CONSOLE_PREFIX}/visits/page`,
  /** The calendar's rows: every visit with a time inside [from, to] (China days), any state but cancelled/declined. */
  calendar: `${CONSOLE_PREFIX}/visits/calendar`,
  /** Asks before saving: the chosen staff's other visits overlapping the time. */
  clashes: `${CONSOLE_PREFIX}/visits/clashes`,
  plan: `${CONSOLE_PREFIX}/visits/plan`,
  figures: `${CONSOLE_PREFIX}/visits/figures`,
  detail: `${CONSOLE_PREFIX}/visits/:id`,
  /** schedule (an enterprise's request), repropose, accept (the enterprise's time), refuse, cancel. */
  step: `${CONSOLE_PREFIX}/visits/:id/step`,
  summary: `${CONSOLE_PREFIX}/visits/:id/summary`,
} as const;

const StaffPick = Type.Object({ accountId: IdField('走访人员'), lead: Type.Boolean({ title: '带队' }) });

/** Who goes, when, how and where: a plan, and an enterprise's request scheduled. */
const Arrangement = {
  type: Type.String({ title: '走访类型', minLength: 1, maxLength: 40, errorMessage: '请选择走访类型' }),
  method: Type.Enum(VISIT_METHOD_LIST, { title: '走访方式', errorMessage: '走访方式不正确' }),
  startsAt: Type.String({ title: '开始时间', format: 'date-time', errorMessage: '开始时间不正确' }),
  endsAt: Type.String({ title: '结束时间', format: 'date-time', errorMessage: '结束时间不正确' }),
  place: Type.String({ title: '走访地点', minLength: 1, maxLength: VISIT_LENGTH.place, errorMessage: `走访地点不能为空，且不能超过 ${VISIT_LENGTH.place} 个字` }),
  staff: Type.Array(StaffPick, { minItems: 1, maxItems: VISIT_MAX_STAFF, title: '走访人员', errorMessage: '请选择走访人员' }),
  /** Save despite a clash. */
  force: Type.Optional(Type.Boolean({ title: '忽略时间冲突' })),
};

export const VisitPlanBody = Type.Object({
  enterpriseId: IdField('企业'),
  subject: Type.String({ title: '走访主题', minLength: 1, maxLength: VISIT_LENGTH.subject, errorMessage: `走访主题不能为空，且不能超过 ${VISIT_LENGTH.subject} 个字` }),
  ...Arrangement,
});
export type VisitPlanBody = Type.Static<typeof VisitPlanBody>;

export const VisitConsoleStepBody = Type.Object({
  step: Type.Enum(['schedule', 'refuse', 'accept', 'repropose', 'cancel'] as const, { title: '操作', errorMessage: '操作不正确' }),
  note: Type.Optional(Type.String({ title: '说明', maxLength: VISIT_LENGTH.note })),
  /** schedule: the whole arrangement; repropose: startsAt and endsAt (and optionally the rest). */
  type: Type.Optional(Arrangement.type),
  method: Type.Optional(Arrangement.method),
  startsAt: Type.Optional(Arrangement.startsAt),
  endsAt: Type.Optional(Arrangement.endsAt),
  place: Type.Optional(Arrangement.place),
  staff: Type.Optional(Arrangement.staff),
  force: Arrangement.force,
});
export type VisitConsoleStepBody = Type.Static<typeof VisitConsoleStepBody>;

export const VisitClashQuery = Type.Object({
  staffIds: Type.Array(IdField('走访人员'), { minItems: 1, maxItems: VISIT_MAX_STAFF }),
  startsAt: Arrangement.startsAt,
  endsAt: Arrangement.endsAt,
  /** The visit being rescheduled, left out of its own clash. */
  visitId: Type.Optional(IdField('走访编号')),
});
export type VisitClashQuery = Type.Static<typeof VisitClashQuery>;

/** A problem raised: becomes an appeal of 企业诉求 once (its `key`, by default its title, identifies it within the visit). */
export const VisitProblemInput = Type.Object({
  key: Type.Optional(Type.String({ title: '问题标识', minLength: 1, maxLength: VISIT_LENGTH.problemKey })),
  category: Type.String({ title: '诉求类别', minLength: 1, maxLength: 40, errorMessage: '请选择问题的诉求类别' }),
  title: Type.String({ title: '问题', minLength: 1, maxLength: VISIT_LENGTH.problemTitle, errorMessage: `问题不能为空，且不能超过 ${VISIT_LENGTH.problemTitle} 个字` }),
  content: Type.String({ title: '问题描述', minLength: 1, maxLength: VISIT_LENGTH.problemContent, errorMessage: `问题描述不能为空，且不能超过 ${VISIT_LENGTH.problemContent} 个字` }),
});
export type VisitProblemInput = Type.Static<typeof VisitProblemInput>;

export const VisitSummaryBody = Type.Object({
  content: Type.String({ title: '走访纪要', minLength: 1, maxLength: VISIT_LENGTH.content, errorMessage: `走访纪要不能为空，且不能超过 ${VISIT_LENGTH.content} 个字` }),
  guideIds: Type.Optional(Type.Array(IdField('申报指南'), { maxItems: VISIT_MAX_GUIDES, uniqueItems: true })),
  fileIds: Type.Optional(FileIds),
  problems: Type.Optional(Type.Array(VisitProblemInput, { maxItems: VISIT_MAX_PROBLEMS })),
});
export type VisitSummaryBody = Type.Static<typeof VisitSummaryBody>;

const consoleFilters = {
  status: Type.Optional(Type.Enum(['', ...VISIT_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
  staffId: Type.Optional(IdField('走访人员')),
  /** A code of the dictionary `region` (the enterprise's 乡镇街道). */
  town: Type.Optional(Type.String({ title: '乡镇街道', maxLength: 40 })),
  type: Type.Optional(Type.String({ title: '走访类型', maxLength: 40 })),
  /** 'YYYY-MM': visits whose time falls in that China month. */
  month: Type.Optional(Type.String({ title: '月份', pattern: '^\\d{4}-\\d{2}$', errorMessage: '月份不正确' })),
  /** Only those appraised 不满意 or 非常不满意 (the leadership's queue). */
  badAppraisal: Type.Optional(Type.Boolean({ title: '差评' })),
  /** Over the number, the subject and the enterprise's name. */
  keyword: KeywordField,
};

export const VisitPageQuery = Type.Object({ ...PageQuery.properties, ...consoleFilters });
export type VisitPageQuery = Type.Static<typeof VisitPageQuery>;

export const VisitCalendarQuery = Type.Object({
  from: Type.String({ title: '起始日期', pattern: DAY_PATTERN, errorMessage: '起始日期不正确' }),
  to: Type.String({ title: '截止日期', pattern: DAY_PATTERN, errorMessage: '截止日期不正确' }),
  staffId: consoleFilters.staffId,
  town: consoleFilters.town,
});
export type VisitCalendarQuery = Type.Static<typeof VisitCalendarQuery>;

export const VisitConsoleRow = Type.Object({ ...VisitItem.properties, town: Type.Union([Type.String(), Type.Null()]), townName: Type.Union([Type.String(), Type.Null()]) });
export type VisitConsoleRow = Type.Static<typeof VisitConsoleRow>;

export const VisitFiguresQuery = Type.Object({ year: Type.Integer({ title: '年度', minimum: 2000, maximum: 2100, errorMessage: '年度不正确' }) });
export type VisitFiguresQuery = Type.Static<typeof VisitFiguresQuery>;

const CountRow = Type.Object({ key: Type.String(), label: Type.String(), visits: Type.Integer() });
export const VisitFigures = Type.Object({
  year: Type.Integer(),
  /** Visits held (已走访 or 已评价) by the month of their time, all twelve months. */
  byMonth: Type.Array(CountRow),
  /** Visits held by each staff member who went. */
  byStaff: Type.Array(CountRow),
  /** Visits held by the enterprise's 乡镇街道 (every town of the dictionary, and 未填写). */
  byTown: Type.Array(CountRow),
  /** Enterprises visited this year over all enterprises (a rate, null with none). */
  enterprisesVisited: Type.Integer(),
  enterprisesTotal: Type.Integer(),
  visitedShare: Type.Union([Type.Number(), Type.Null()]),
  /** Problems raised in the year's summaries, and how many of their appeals are closed. */
  problemsRaised: Type.Integer(),
  problemsSolved: Type.Integer(),
  /** Appraisals by level (every level of the 好差评 scale), and the share satisfied (非常满意, 满意, 基本满意). */
  appraisals: Type.Array(CountRow),
  satisfiedShare: Type.Union([Type.Number(), Type.Null()]),
});
export type VisitFigures = Type.Static<typeof VisitFigures>;
