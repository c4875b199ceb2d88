// 企业诉求 in the staff console (诉求办理): the queue and one appeal. The steps go through
// APPEAL_PATHS.step, whose roles APPEAL_FLOW declares; the categories' time limits are the
// dictionary `appealCategory` (字典管理).
import Type from 'typebox';
import { APPEAL_STATUS_LIST, AppealItem, DAY_PATTERN } from './appeal';
import { CONSOLE_PREFIX, IdField, KeywordField } from './console';
import { PageQuery } from './envelope';

export const APPEAL_CONSOLE_PATHS = {
  page: `${CONSOLE_PREFIX}/appeals/page`,
  /** How many appeals each status holds under the queue's other filters (its tabs). */
  counts: `${CONSOLE_PREFIX}/appeals/counts`,
  detail: `${CONSOLE_PREFIX}/appeals/:id`,
  /** Who may be chosen as a handler (承办人): every active 工作人员 and 管理员 account. */
  handlers: `${CONSOLE_PREFIX}/appeals/handlers`,
} as const;

/** A staff account that may be chosen (承办人, 走访人员), by its name and role: never its login name. */
export const AppealHandler = Type.Object({ id: Type.Integer(), name: Type.String(), roleName: Type.String() });
export type AppealHandler = Type.Static<typeof AppealHandler>;
/** How a pick list shows one: 李工（工作人员）. */
export const handlerLabel = (h: AppealHandler) => `${h.name}（${h.roleName}）`;

/** The queue's filters besides the status (its tabs count under them). */
const queueFilters = {
  category: Type.Optional(Type.String({ title: '诉求类别', maxLength: 40 })),
  /** Only the appeals whose due date has passed while their clock runs. */
  overdue: Type.Optional(Type.Boolean({ title: '已超期' })),
  /** Only the appeals still 已提交 past their 受理 deadline (待受理超时). */
  acceptOverdue: Type.Optional(Type.Boolean({ title: '待受理超时' })),
  /** Only the open appeals due within APPEAL_DUE_SOON_DAYS working days (overdue ones included). */
  dueSoon: Type.Optional(Type.Boolean({ title: '即将到期' })),
  /** A code of the dictionary `department`. */
  department: Type.Optional(Type.String({ title: '承办部门', maxLength: 50 })),
  handlerId: Type.Optional(IdField('承办人')),
  /** Filed from / to (China days, inclusive). */
  from: Type.Optional(Type.String({ title: '提交时间起', pattern: DAY_PATTERN, errorMessage: '提交时间起不正确' })),
  to: Type.Optional(Type.String({ title: '提交时间止', pattern: DAY_PATTERN, errorMessage: '提交时间止不正确' })),
  /** Over the number, the title and the enterprise's name. */
  keyword: KeywordField,
};

export const AppealQueueQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum(['', ...APPEAL_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
  ...queueFilters,
});
export type AppealQueueQuery = Type.Static<typeof AppealQueueQuery>;

export const AppealQueueRow = Type.Object({
  ...AppealItem.properties,
  department: Type.Union([Type.String(), Type.Null()]),
  departmentName: Type.Union([Type.String(), Type.Null()]),
  handlerName: Type.Union([Type.String(), Type.Null()]),
});
export type AppealQueueRow = Type.Static<typeof AppealQueueRow>;

export const AppealCountsQuery = Type.Object(queueFilters);
export type AppealCountsQuery = Type.Static<typeof AppealCountsQuery>;
/** Each status's count (every status present, 0 when none), and all of them together. */
export const AppealCounts = Type.Object({ all: Type.Integer(), byStatus: Type.Record(Type.String(), Type.Integer()) });
export type AppealCounts = Type.Static<typeof AppealCounts>;


/** Where a notice about an appeal leads staff: the console's 诉求办理 page (the web's ADMIN_BASE is /admin). */
export const appealConsoleLink = (id: number) => `/admin/appeals?id=${id}`;
