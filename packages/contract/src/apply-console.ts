// 政策申兑 in the staff console (申报受理): the queue, its tabs, one application, and each guide's
// form and yearly budget. The steps go through APPLY_PATHS.step, whose roles APPLY_FLOW declares.
import Type from 'typebox';
import { Amount, APPLY_STATUS_LIST, ApplyDetail, ApplyFormBody, ApplyItem } from './apply';
import { CONSOLE_PREFIX, IdField, KeywordField } from './console';
import { PageQuery } from './envelope';

export const APPLY_CONSOLE_PATHS = {
  page: `${CONSOLE_PREFIX}/applications/page`,
  counts: `${CONSOLE_PREFIX}/applications/counts`,
  detail: `${CONSOLE_PREFIX}/applications/:id`,
  /** A guide's application form: the current version (GET), a new version (PUT). */
  form: `${CONSOLE_PREFIX}/applications/form/:id`,
  /** A guide's 资金额度 for a year, and what is approved of it. */
  budget: `${CONSOLE_PREFIX}/applications/budget/:id`,
  /** The 工作台's mark: policies published FORMLESS_DAYS working days ago or more whose guides offer no way to apply. */
  formless: `${CONSOLE_PREFIX}/applications/formless`,
} as const;

/** 四川's rule for 申兑指南: a new policy's guides are ready to apply for within this many working days. */
export const FORMLESS_DAYS = 7;

export const FormlessPolicy = Type.Object({
  policyId: Type.Integer(),
  policyTitle: Type.String(),
  publishedAt: Type.String(),
  /** Working days since it was published. */
  days: Type.Integer(),
  /** Its guides one applies for that have neither a form nor an outside address (drafts included). */
  guides: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
});
export type FormlessPolicy = Type.Static<typeof FormlessPolicy>;

const queueFilters = {
  guideId: Type.Optional(IdField('申报指南')),
  /** One enterprise's (its 企业详情 card). */
  enterpriseId: Type.Optional(IdField('企业')),
  /** Only those whose stage due date has passed while its clock runs. */
  overdue: Type.Optional(Type.Boolean({ title: '已超期' })),
  /** Those that go through one department's 联审 (its code, dictionary `department`). */
  department: Type.Optional(Type.String({ title: '联审部门', minLength: 1, maxLength: 40, errorMessage: '联审部门不正确' })),
  /** Over the number, the guide's title and the enterprise's name. */
  keyword: KeywordField,
};

export const ApplyQueueQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum(['', ...APPLY_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
  ...queueFilters,
});
export type ApplyQueueQuery = Type.Static<typeof ApplyQueueQuery>;

export const ApplyCountsQuery = Type.Object(queueFilters);
export type ApplyCountsQuery = Type.Static<typeof ApplyCountsQuery>;
export const ApplyCounts = Type.Object({ all: Type.Integer(), overdue: Type.Integer(), byStatus: Type.Record(Type.String(), Type.Integer()) });
export type ApplyCounts = Type.Static<typeof ApplyCounts>;

export const ApplyQueueRow = ApplyItem;

/** Staff's detail: the enterprise's, plus the calculator's answer now and the budget of the guide's year. */
export const ApplyConsoleDetail = Type.Object({
  ...ApplyDetail.properties,
  verdictNow: ApplyDetail.properties.verdictAtSubmit,
  firstReviewer: Type.Union([Type.String(), Type.Null()]),
  budget: Type.Union([Type.Object({ year: Type.Integer(), amount: Type.Number(), approved: Type.Number() }), Type.Null()]),
});
export type ApplyConsoleDetail = Type.Static<typeof ApplyConsoleDetail>;

export const ApplyFormState = Type.Object({
  guideId: Type.Integer(),
  guideTitle: Type.String(),
  /** null: the guide has no form yet. */
  form: Type.Union([Type.Object({ ...ApplyFormBody.properties, version: Type.Integer(), savedAt: Type.String() }), Type.Null()]),
});
export type ApplyFormState = Type.Static<typeof ApplyFormState>;

export const BudgetQuery = Type.Object({ year: Type.Integer({ title: '年度', minimum: 2000, maximum: 2100, errorMessage: '年度不正确' }) });
export const BudgetBody = Type.Object({ ...BudgetQuery.properties, amount: Amount('资金额度') });
export type BudgetBody = Type.Static<typeof BudgetBody>;
export const Budget = Type.Object({ guideId: Type.Integer(), year: Type.Integer(), amount: Type.Union([Type.Number(), Type.Null()]), approved: Type.Number() });
export type Budget = Type.Static<typeof Budget>;

export const applyConsoleLink = (id: number) => `/admin/applications?id=${id}`;
/** A guide's 申报表单 designer and 资金额度 in the console (linked from the guide's own page). */
export const applyFormConsoleLink = (guideId: number) => `/admin/applications/forms/${guideId}`;
