// 企业诉求 in the staff console (诉求办理): the queue and one appeal. The steps go through
// APPEAL_PATHS.step, whose roles APPEAL_FLOW declares; the categories' time limits are the
// dictionary `appealCategory` (字典管理).
import Type from 'typebox';
import { APPEAL_STATUS_LIST, AppealItem } from './appeal';
import { CONSOLE_PREFIX, KeywordField } from './console';
import { PageQuery } from './envelope';

export const APPEAL_CONSOLE_PATHS = {
  page: `${CONSOLE_PREFIX}/appeals/page`,
  detail: `${CONSOLE_PREFIX}/appeals/:id`,
} as const;

export const AppealQueueQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum(['', ...APPEAL_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
  category: Type.Optional(Type.String({ title: '诉求类别', maxLength: 40 })),
  /** Only the appeals whose due date has passed while their clock runs. */
  overdue: Type.Optional(Type.Boolean({ title: '已超期' })),
  /** Over the number, the title and the enterprise's name. */
  keyword: KeywordField,
});
export type AppealQueueQuery = Type.Static<typeof AppealQueueQuery>;

export const AppealQueueRow = Type.Object({
  ...AppealItem.properties,
  department: Type.Union([Type.String(), Type.Null()]),
  handlerName: Type.Union([Type.String(), Type.Null()]),
  overdue: Type.Boolean(),
});
export type AppealQueueRow = Type.Static<typeof AppealQueueRow>;


/** Where a notice about an appeal leads staff: the console's 诉求办理 page (the web's ADMIN_BASE is /admin). */
export const appealConsoleLink = (id: number) => `/admin/appeals?id=${id}`;
