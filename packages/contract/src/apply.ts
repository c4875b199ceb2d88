// 政策申兑 (docs/apply.md): an enterprise applies online for a guide's support — a form the guide
// declares as data, filled in advance from what the bureau knows, materials chosen from the
// enterprise's 材料库, a 信用承诺书 and the 对公账户 — and gets a number (SB…); staff take the
// application through APPLY_FLOW (受理, 补正, 初审, 复审 by another person, 联审, 拟支持) on the
// working-day clock.
import Type, { type TSchema } from 'typebox';
import { MAX_INT } from './constants';
import { PageQuery, Id } from './envelope';
import { FileIdParams } from './files';
import { defineService } from './service';
import { defineFlow, laterSteps, TimelineEntry } from './workflow';
import { INDICATOR_BOUNDS } from './calculator';
import { calendarMissingMsg } from './working-days';
import { APPEAL_LENGTH, APPEAL_MSG, APPEAL_RATING_LIST } from './appeal';

export const APPLY_PATHS = {
  /** What applying for a guide starts from: the form, its prefill, the calculator's answer, the draft. */
  start: '/api/v1/policyapply/start',
  draft: '/api/v1/policyapply/draft',
  submit: '/api/v1/policyapply/submit',
  /** The applications of the account's enterprises. */
  list: '/api/v1/policyapply/list',
  detail: '/api/v1/policyapply/detail/:id',
  /** One step of APPLY_FLOW, by the enterprise or by staff. */
  step: '/api/v1/policyapply/step/:id',
  /** 企业材料库: an enterprise's documents. */
  materials: '/api/v1/policyapply/materials/:id',
  saveMaterial: '/api/v1/policyapply/material',
  removeMaterial: '/api/v1/policyapply/material/:id',
  /** 申报遇到困难: an 诉求 about the application, linked to it (the 办不成事 channel). */
  difficulty: '/api/v1/policyapply/difficulty/:id',
} as const;

/** The number's series: SB20261202-0001 (docs/numbering.md). */
export const APPLY_NUMBER_PREFIX = 'SB';
/** What the timeline, the files and the messages call an application, and a library document. */
export const APPLY_KIND = 'application';
export const MATERIAL_KIND = 'material';

export const APPLY_DEFAULTS = {
  /** 受理 within this many working days of submission. */
  acceptDays: 2,
  /** 初审, 复审 and 审定 (with 联审) each within this many working days of the stage's start. */
  reviewDays: 10,
  /** 补正 asked at most this many times. */
  maxCorrections: 2,
  /** 快申快享: from 受理 to 到账 within this many working days. */
  promiseDays: 60,
} as const;
/** The 快申快享 clock warns when this share of it is spent. */
export const APPLY_PROMISE_WARN = 0.8;

/** 预拨's share of the approved amount, in percent. */
export const ADVANCE_PERCENT = { min: 10, max: 90 } as const;
/** The 预拨 part of an approved amount (万元, to the yuan); the 结算 is the rest. */
export const advanceAmount = (approved: number, percent: number) => Math.round(approved * percent * 100) / 10_000;

export const APPLY_LENGTH = { note: 1000, text: 200, textarea: 2000, signer: 20, bankName: 60, commitment: 3000, label: 40, help: 200, option: 40 } as const;
export const APPLY_FORM_LIMITS = { sections: 10, fields: 60, options: 30, materials: 20, departments: 8 } as const;

// ---- the form, as data -----------------------------------------------------------------------------

export const FIELD_TYPES = { text: '单行文本', textarea: '多行文本', number: '数字', money: '金额（万元）', date: '日期', select: '单选', phone: '电话' } as const;
export type FieldType = keyof typeof FIELD_TYPES;

/** Where a field's value comes from when the bureau already knows it: the profile, last year's indicators, the calculator. */
export const PREFILL_SOURCES = {
  'profile.name': '企业名称',
  'profile.creditCode': '统一社会信用代码',
  'profile.legalPerson': '法定代表人',
  'profile.contactPhone': '联系电话',
  'profile.foundedOn': '成立日期',
  'profile.registeredCapital': '注册资本（万元）',
  'profile.patents': '有效发明专利（件）',
  ...(Object.fromEntries(Object.entries(INDICATOR_BOUNDS).map(([k, b]) => [`indicator.${k}`, `上年度${b.label}（${b.unit}）`])) as Record<`indicator.${keyof typeof INDICATOR_BOUNDS}`, string>),
  'calculator.amount': '计算器测算的扶持金额（万元）',
} as const;
export type PrefillSource = keyof typeof PREFILL_SOURCES;
export const PREFILL_SOURCE_LIST = Object.keys(PREFILL_SOURCES) as PrefillSource[];

const Label = (title: string, max: number) => Type.String({ title, minLength: 1, maxLength: max, errorMessage: `${title}不能为空，且不能超过 ${max} 个字` });

export const FormField = Type.Object({
  /** The value's key in an application: letters and digits, starting with a letter. */
  key: Type.String({ title: '字段标识', pattern: '^[a-zA-Z][a-zA-Z0-9]{0,29}$', errorMessage: '字段标识须以字母开头，由字母和数字组成（30 位以内）' }),
  label: Label('字段名称', APPLY_LENGTH.label),
  type: Type.Enum(Object.keys(FIELD_TYPES) as FieldType[], { title: '字段类型', errorMessage: '字段类型不正确' }),
  required: Type.Boolean({ title: '必填' }),
  /** Text: the most characters; number and money: the largest value. */
  max: Type.Optional(Type.Number({ title: '上限', minimum: 0, maximum: 1e9, errorMessage: '上限应为 0 到 1000000000 之间的数' })),
  min: Type.Optional(Type.Number({ title: '下限', minimum: 0, maximum: 1e9, errorMessage: '下限应为 0 到 1000000000 之间的数' })),
  options: Type.Optional(Type.Array(Label('选项', APPLY_LENGTH.option), { maxItems: APPLY_FORM_LIMITS.options, uniqueItems: true, title: '选项' })),
  help: Type.Optional(Type.String({ title: '填写说明', maxLength: APPLY_LENGTH.help, errorMessage: `填写说明不能超过 ${APPLY_LENGTH.help} 个字` })),
  prefill: Type.Optional(Type.Enum(PREFILL_SOURCE_LIST, { title: '预填来源', errorMessage: '预填来源不正确' })),
});
export type FormField = Type.Static<typeof FormField>;

export const FormSection = Type.Object({
  title: Label('分组名称', APPLY_LENGTH.label),
  fields: Type.Array(FormField, { minItems: 1, maxItems: APPLY_FORM_LIMITS.fields, title: '字段' }),
});
export type FormSection = Type.Static<typeof FormSection>;

/** 企业材料库's kinds of document. */
export const MATERIAL_KINDS = {
  license: '营业执照',
  audit: '审计报告',
  social: '社保缴纳证明',
  tax: '纳税证明',
  patent: '专利证书',
  qualification: '资质证书',
  finance: '财务报表',
  other: '其他材料',
} as const;
export type MaterialKind = keyof typeof MATERIAL_KINDS;
export const MATERIAL_KIND_LIST = Object.keys(MATERIAL_KINDS) as MaterialKind[];

export const MaterialRequirement = Type.Object({
  kind: Type.Enum(MATERIAL_KIND_LIST, { title: '材料类型', errorMessage: '材料类型不正确' }),
  /** What the guide calls it (近三年审计报告); the kind's name when absent. */
  label: Type.Optional(Label('材料名称', APPLY_LENGTH.label)),
  required: Type.Boolean({ title: '必交' }),
});
export type MaterialRequirement = Type.Static<typeof MaterialRequirement>;

/** A guide's application form and its rules, as staff save it; each save is a new version. */
export const ApplyFormBody = Type.Object({
  sections: Type.Array(FormSection, { minItems: 1, maxItems: APPLY_FORM_LIMITS.sections, title: '表单分组' }),
  materials: Type.Array(MaterialRequirement, { maxItems: APPLY_FORM_LIMITS.materials, title: '申报材料' }),
  commitment: Label('信用承诺书', APPLY_LENGTH.commitment),
  acceptDays: Type.Integer({ title: '受理时限（工作日）', minimum: 1, maximum: 30, errorMessage: '受理时限应为 1–30 个工作日' }),
  reviewDays: Type.Integer({ title: '审核时限（工作日）', minimum: 1, maximum: 60, errorMessage: '审核时限应为 1–60 个工作日' }),
  maxCorrections: Type.Integer({ title: '补正次数上限', minimum: 0, maximum: 5, errorMessage: '补正次数上限应为 0–5 次' }),
  promiseDays: Type.Integer({ title: '兑现时限（工作日）', minimum: 1, maximum: 250, errorMessage: '兑现时限应为 1–250 个工作日' }),
  /** 联审: department codes (dictionary `department`) that each give an opinion; empty: none. */
  departments: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: APPLY_FORM_LIMITS.departments, uniqueItems: true, title: '联审部门', errorMessage: '联审部门不正确' }),
  /** 不重复享受: guides of one group support an enterprise once a year (从高从优). */
  exclusiveGroup: Type.Union([Type.String({ minLength: 1, maxLength: 40, title: '不重复享受分组', errorMessage: '不重复享受分组不能超过 40 个字' }), Type.Null()]),
  /**
   * 预拨/结算: the share (%) paid first as 预拨; the rest is paid as 结算 after the project's 验收. Absent:
   * paid whole (no null: a validator that coerces would take 0 for null and pay whole instead of refusing).
   */
  advancePercent: Type.Optional(Type.Integer({ title: '预拨比例（%）', minimum: ADVANCE_PERCENT.min, maximum: ADVANCE_PERCENT.max, errorMessage: `预拨比例应为 ${ADVANCE_PERCENT.min}–${ADVANCE_PERCENT.max} 的整数` })),
});
export type ApplyFormBody = Type.Static<typeof ApplyFormBody>;

export const ApplyForm = Type.Object({ ...ApplyFormBody.properties, guideId: Type.Integer(), version: Type.Integer(), savedAt: Type.String() });
export type ApplyForm = Type.Static<typeof ApplyForm>;

/** A form's values: field key → text (every type is sent as the person typed it; the server checks it against the field). */
export const FormValues = Type.Record(Type.String({ maxLength: 30 }), Type.String({ maxLength: APPLY_LENGTH.textarea }), { title: '表单内容', maxProperties: APPLY_FORM_LIMITS.fields });
export type FormValues = Type.Static<typeof FormValues>;

export const APPLY_MSG = {
  submitted: (number: string) => `申报已提交，编号 ${number}`,
  stepDone: (label: string) => `${label}成功`,
  draftSaved: '草稿已保存',
  formSaved: '申报表单已保存',
  budgetSaved: '资金额度已保存',
  notFound: '申报不存在',
  guideNotFound: '申报指南不存在或未发布',
  guideAuto: '该政策为免申即享，无需申报',
  windowClosed: '该指南不在申报期内',
  noForm: '该指南尚未设置申报表单，暂不能在线申报',
  publishNoForm: '申报类指南须先设置申报表单（或填写在线申报地址）才能发布：请在指南页的“在线申报”中设计申报表单',
  formChanged: '申报表单已更新，请刷新后重新确认',
  enterpriseNotFound: '请选择您名下的企业',
  ineligible: (reasons: string) => `不符合申报条件：${reasons}`,
  unchecked: '部分条件无法用企业已有数据核验，提交后由工作人员人工审核',
  alreadyApplied: (number: string) => `该企业已有进行中的申报（${number}），不能重复提交`,
  fieldRequired: (label: string) => `请填写${label}`,
  fieldTooLong: (label: string, max: number) => `${label}不能超过 ${max} 个字`,
  fieldNumber: (label: string) => `${label}应为数字`,
  fieldRange: (label: string, min: number, max: number) => `${label}应在 ${min} 到 ${max} 之间`,
  fieldDate: (label: string) => `${label}应为日期（如 2026-01-31）`,
  fieldOption: (label: string) => `${label}的选项不正确`,
  fieldPhone: (label: string) => `${label}应为正确的电话号码`,
  unknownField: (key: string) => `表单中没有字段「${key}」`,
  materialRequired: (label: string) => `请选择或上传${label}`,
  materialExpired: (label: string) => `${label}已过有效期，不能使用，请上传有效的材料`,
  materialNotFound: '材料不存在或不属于该企业',
  materialWrongKind: (label: string) => `所选材料不是${label}`,
  materialInUse: '该材料已用于申报，不能删除',
  materialSaved: '材料已保存',
  validUntilWrong: '有效期至应为日期（如 2027-12-31）',
  materialRemoved: '材料已删除',
  signerRequired: '请填写承诺人姓名',
  commitmentRequired: '请阅读并确认信用承诺书',
  accountNameMismatch: '对公账户户名须与企业名称一致',
  correctionNothing: '请选择需要补正的字段或材料',
  correctionUnknown: '补正的字段或材料不在申报表单中',
  tooManyCorrections: (n: number) => `已补正 ${n} 次，不能再次要求补正`,
  correctionIncomplete: (what: string) => `请补正：${what}`,
  sameReviewer: '复审须由初审以外的工作人员进行',
  amountRequired: '请填写金额（万元）',
  approvedPositive: '拟支持金额应大于 0 万元；不予支持的，请选择「不予支持」并说明理由',
  amountOverRule: (max: number) => `金额不能超过政策标准测算的 ${max} 万元`,
  budgetMissing: (year: number) => `该指南 ${year} 年度资金额度尚未设置，请先在申报表单设置中设置`,
  budgetExceeded: (left: number) => `超出本年度资金额度，剩余可用 ${left} 万元`,
  budgetBelowApproved: (approved: number) => `资金额度不能低于本年度已核定的 ${approved} 万元`,
  exclusive: (number: string, amount: number) => `同一年度同类政策不重复享受：该企业已获支持（${number}，${amount} 万元）`,
  exclusiveHigher: (number: string, amount: number) =>
    `同一年度同类政策不重复享受：该企业已获支持（${number}，${amount} 万元）；本次金额更高，从高从优，须企业先在「我的申报」放弃该项支持后方可拟支持`,
  exclusiveHint: (number: string, amount: number) => `该企业本年度已获同类政策支持（${number}，${amount} 万元），同类政策从高从优、不重复享受`,
  departmentRequired: '请选择给出意见的联审部门',
  departmentNotJoint: '该部门不在本指南的联审部门中',
  departmentDone: '该部门已给出联审意见',
  jointPending: (names: string) => `尚待联审意见：${names}`,
  calendarMissing: calendarMissingMsg,
  remaining: (n: number) => `剩余 ${n} 个工作日`,
  overdue: '已超期',
  paused: '补正中，计时暂停',
  promiseWarn: '快申快享时限已用 80%',
  ratingRequired: APPEAL_MSG.ratingRequired,
  commentRequired: APPEAL_MSG.commentRequired,
  difficultyRequired: '请写明遇到的困难（不少于 10 个字）',
  difficultyFiled: (number: string) => `已转为诉求办理，编号 ${number}`,
} as const;

// ---- the flow --------------------------------------------------------------------------------------

export const APPLY_MESSAGE_KINDS = {
  'apply.accepted': '申报已受理',
  'apply.refused': '申报不予受理',
  'apply.correction': '请补正申报材料',
  'apply.reviewed': '申报已通过初审',
  'apply.approved': '申报拟支持',
  'apply.rejected': '申报不予支持',
  'apply.corrected': '企业已提交补正',
  'apply.publicized': '申报进入公示',
  'apply.payable': '公示期满，待拨付',
  'apply.returnedToReview': '公示异议成立，退回复审',
  'apply.paid': '扶持资金已到账',
  'apply.relinquished': '企业放弃已获支持',
  'apply.advanced': '预拨资金已到账，待项目验收',
  'apply.inspected': '项目验收通过，待结算',
  'apply.uninspected': '项目验收未通过',
} as const;
export type ApplyMessageKind = keyof typeof APPLY_MESSAGE_KINDS;
const owner = (kind: ApplyMessageKind) => [{ to: 'owner' as const, kind }];

const STAFF = ['staff', 'admin'] as const;

export const APPLY_FLOW = defineFlow({
  states: {
    submitted: '待受理',
    correcting: '补正中',
    accepted: '待初审',
    reviewed: '待复审',
    rechecked: '待审定',
    approved: '拟支持',
    publicizing: '公示中',
    payable: '待拨付',
    advanced: '已预拨',
    paid: '已到账',
    rated: '已评价',
    unsettled: '验收未通过',
    rejected: '不予支持',
    refused: '不予受理',
    withdrawn: '已撤回',
  },
  steps: {
    submit: { label: '提交申报', from: [], to: 'submitted', roles: ['enterprise'] },
    // 免申即享: the enterprise's confirmation of an offer files the application at 拟支持 (payout.ts OFFER_FLOW).
    confirmAuto: { label: '确认免申即享', from: [], to: 'approved', roles: ['enterprise'] },
    withdraw: { label: '撤回', from: ['submitted'], to: 'withdrawn', roles: ['enterprise'], ownerOnly: true, tone: 'danger' },
    // 不重复享受, 从高从优: an enterprise gives up a 拟支持 (before its 公示) so a higher one of the group may be approved.
    relinquish: {
      label: '放弃支持',
      from: ['approved'],
      to: 'withdrawn',
      roles: ['enterprise'],
      ownerOnly: true,
      noteRequired: true,
      notify: [{ to: 'admins', kind: 'apply.relinquished' }],
      tone: 'danger',
      confirm: '放弃后本项支持不再公示和拨付，且不能恢复（如项目取消；或同类政策从高从优、不重复享受，放弃后金额更高的另一项申报方可拟支持）。',
      noteLabel: '放弃原因',
    },
    accept: { label: '受理', from: ['submitted'], to: 'accepted', roles: STAFF, notify: owner('apply.accepted'), tone: 'primary', confirm: '受理后开始计算审核时限和快申快享时限。', noteLabel: '受理说明（选填，企业可见）' },
    refuse: {
      label: '不予受理',
      from: ['submitted'],
      to: 'refused',
      roles: STAFF,
      noteRequired: true,
      notify: owner('apply.refused'),
      tone: 'danger',
      noteLabel: '不予受理理由（企业可见）',
    },
    askCorrection: {
      label: '要求补正',
      from: ['accepted'],
      to: 'correcting',
      roles: STAFF,
      noteRequired: true,
      notify: owner('apply.correction'),
      confirm: '一次性告知企业需要补正的全部内容；补正期间暂停计时。',
      noteLabel: '补正说明（企业可见）',
    },
    correct: { label: '提交补正', from: ['correcting'], to: 'accepted', roles: ['enterprise'], ownerOnly: true, notify: [{ to: 'handler', kind: 'apply.corrected' }] },
    firstReview: { label: '初审通过', from: ['accepted'], to: 'reviewed', roles: STAFF, noteRequired: true, notify: owner('apply.reviewed'), tone: 'primary', noteLabel: '初审意见' },
    secondReview: { label: '复审通过', from: ['reviewed'], to: 'rechecked', roles: STAFF, noteRequired: true, tone: 'primary', confirm: '复审须由初审以外的工作人员进行。', noteLabel: '复审意见' },
    jointOpinion: { label: '联审意见', from: ['rechecked'], roles: STAFF, noteRequired: true, internal: true, noteLabel: '部门意见（企业不可见）' },
    approve: { label: '拟支持', from: ['rechecked'], to: 'approved', roles: STAFF, notify: owner('apply.approved'), tone: 'primary', noteLabel: '审定意见（选填，企业可见）' },
    reject: {
      label: '不予支持',
      from: ['accepted', 'reviewed', 'rechecked'],
      to: 'rejected',
      roles: STAFF,
      noteRequired: true,
      notify: owner('apply.rejected'),
      tone: 'danger',
      noteLabel: '不予支持理由（企业可见）',
    },
    // What a 公示 and the payment ledger cause (payout.ts, docs/payout.md): never a button of their own.
    publicize: { label: '进入公示', from: ['approved'], to: 'publicizing', roles: STAFF, indirect: true, notify: owner('apply.publicized') },
    clearPublicity: { label: '公示期满无异议', from: ['publicizing'], to: 'payable', roles: ['system', ...STAFF], indirect: true, notify: owner('apply.payable') },
    upholdReject: { label: '公示异议成立，不予支持', from: ['publicizing'], to: 'rejected', roles: STAFF, noteRequired: true, indirect: true, notify: owner('apply.rejected') },
    upholdReview: { label: '公示异议成立，退回复审', from: ['publicizing'], to: 'reviewed', roles: STAFF, noteRequired: true, indirect: true, notify: owner('apply.returnedToReview') },
    payDirectly: { label: '免于公示，直接拨付', from: ['approved'], to: 'payable', roles: STAFF, indirect: true, notify: owner('apply.payable') },
    disburse: { label: '资金到账', from: ['payable'], to: 'paid', roles: STAFF, indirect: true, notify: owner('apply.paid') },
    // 预拨/结算 (a form's advancePercent): the 预拨 arrives, the project is inspected, the rest is paid as 结算.
    disburseAdvance: { label: '预拨资金到账', from: ['payable'], to: 'advanced', roles: STAFF, indirect: true, notify: owner('apply.advanced') },
    inspect: {
      label: '验收通过',
      from: ['advanced'],
      to: 'payable',
      roles: STAFF,
      noteRequired: true,
      notify: owner('apply.inspected'),
      tone: 'primary',
      confirm: '验收通过后，剩余资金转入待拨付，随下一次资金下达结算。',
      noteLabel: '验收意见（企业可见）',
    },
    failInspection: {
      label: '验收不通过',
      from: ['advanced'],
      to: 'unsettled',
      roles: STAFF,
      noteRequired: true,
      notify: owner('apply.uninspected'),
      tone: 'danger',
      confirm: '验收不通过：不再结算，扶持金额按已预拨金额核定；预拨资金如需追回，请在资金追回中办理。',
      noteLabel: '验收不通过理由（企业可见）',
    },
    // 兑现评价: the 好差评 of the support as received; a 差评 files an 诉求 for 整改 (apply/service.ts).
    rate: { label: '评价兑现', from: ['paid'], to: 'rated', roles: ['enterprise'], ownerOnly: true, tone: 'primary' },
  },
  initial: ['submit', 'confirmAuto'],
});
export type ApplyStatus = keyof typeof APPLY_FLOW.states;
export type ApplyStep = Exclude<keyof typeof APPLY_FLOW.steps, 'submit' | 'confirmAuto'>;
export const APPLY_STATUS_LIST = Object.keys(APPLY_FLOW.states) as ApplyStatus[];
export const APPLY_STEP_LIST = laterSteps(APPLY_FLOW);
/** The states an application is in progress in (one per enterprise and guide). */
export const APPLY_OPEN_STATES: readonly ApplyStatus[] = ['submitted', 'correcting', 'accepted', 'reviewed', 'rechecked'];
/** The states of an application the bureau supports (拟支持 onwards): what counts against the year's 资金额度 and 不重复享受. */
export const APPLY_SUPPORTED_STATES: readonly ApplyStatus[] = ['approved', 'publicizing', 'payable', 'advanced', 'paid', 'rated', 'unsettled'];
/** The states whose stage clock runs (补正中 pauses it). */
export const APPLY_CLOCK_STATES: readonly ApplyStatus[] = ['submitted', 'accepted', 'reviewed', 'rechecked'];

export const applyPortalLink = (id: number) => `/policyApply/mine?id=${id}`;
/** 在线申报 for a guide: where its 申报 button leads. */
export const applyFormLink = (guideId: number) => `/policyApply/apply?guide=${guideId}`;

// ---- inputs ----------------------------------------------------------------------------------------

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Note = Type.String({ title: '说明', maxLength: APPLY_LENGTH.note, errorMessage: `说明不能超过 ${APPLY_LENGTH.note} 个字` });
/** 万元, at most four decimals (to the yuan). */
export const Amount = (title: string) => Type.Number({ title, minimum: 0, maximum: 1e8, errorMessage: `${title}应为 0 到 100000000 之间的数（万元）` });

export const ApplyIdParams = Type.Object({ id: Id('申报编号') });
/** The 材料库's calls: an enterprise's (list), one document's (remove). */
export const EnterpriseParams = Type.Object({ id: Id('企业') });
export const MaterialIdParams = Type.Object({ id: Id('材料') });
export const GuideEnterpriseQuery = Type.Object({ guideId: Id('申报指南'), enterpriseId: Id('企业') });
export type GuideEnterpriseQuery = Type.Static<typeof GuideEnterpriseQuery>;

/** A requirement's material: the library document chosen for the kind. */
export const ChosenMaterials = Type.Record(Type.String({ maxLength: 20 }), Id('材料'), { title: '申报材料', maxProperties: APPLY_FORM_LIMITS.materials });
export type ChosenMaterials = Type.Static<typeof ChosenMaterials>;

export const ApplyDraftBody = Type.Object({ ...GuideEnterpriseQuery.properties, values: FormValues, materials: ChosenMaterials });
export type ApplyDraftBody = Type.Static<typeof ApplyDraftBody>;

export const BankAccount = Type.Object({
  name: Label('户名', 100),
  bank: Label('开户行', APPLY_LENGTH.bankName),
  number: Type.String({ title: '账号', pattern: '^\\d{8,30}$', errorMessage: '账号应为 8–30 位数字' }),
});
export type BankAccount = Type.Static<typeof BankAccount>;

export const ApplySubmitBody = Type.Object({
  ...ApplyDraftBody.properties,
  /** The form version filled (a newer one since: refused, so nothing is submitted on a form the person did not see). */
  formVersion: Type.Integer({ title: '表单版本', minimum: 1, maximum: MAX_INT, errorMessage: '表单版本不正确' }),
  signer: Label('承诺人', APPLY_LENGTH.signer),
  agreed: Type.Literal(true, { title: '信用承诺', errorMessage: APPLY_MSG.commitmentRequired }),
  bankAccount: BankAccount,
});
export type ApplySubmitBody = Type.Static<typeof ApplySubmitBody>;

export const ApplyListQuery = Type.Object({
  ...PageQuery.properties,
  enterpriseId: Type.Optional(Id('企业')),
  status: Type.Optional(Type.Enum(['', ...APPLY_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
});
export type ApplyListQuery = Type.Static<typeof ApplyListQuery>;

export const ApplyStepBody = Type.Object({
  step: Type.Enum(APPLY_STEP_LIST, { title: '办理步骤', errorMessage: '办理步骤不正确' }),
  note: Type.Optional(Note),
  /** askCorrection: the fields (keys) and materials (kinds) to correct. */
  fields: Type.Optional(Type.Array(Type.String({ maxLength: 30 }), { maxItems: APPLY_FORM_LIMITS.fields, uniqueItems: true, title: '补正字段' })),
  materialKinds: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: APPLY_FORM_LIMITS.materials, uniqueItems: true, title: '补正材料' })),
  /** correct: the corrected values and materials. */
  values: Type.Optional(FormValues),
  materials: Type.Optional(ChosenMaterials),
  /** firstReview: the proposed amount; approve: the approved one. */
  amount: Type.Optional(Amount('金额')),
  /** jointOpinion: the department giving it. */
  department: Type.Optional(Type.String({ title: '联审部门', minLength: 1, maxLength: 40, errorMessage: APPLY_MSG.departmentRequired })),
  /** rate: the 好差评 level, and the comment a 差评 must give. */
  rating: Type.Optional(Type.Enum(APPEAL_RATING_LIST, { title: '评价', errorMessage: '评价等级不正确' })),
  comment: Type.Optional(Type.String({ title: '评价说明', maxLength: APPEAL_LENGTH.comment, errorMessage: `评价说明不能超过 ${APPEAL_LENGTH.comment} 个字` })),
});
export type ApplyStepBody = Type.Static<typeof ApplyStepBody>;

export const DifficultyBody = Type.Object({ content: Type.String({ title: '遇到的困难', maxLength: APPEAL_LENGTH.content, errorMessage: `遇到的困难不能超过 ${APPEAL_LENGTH.content} 个字` }) });
export type DifficultyBody = Type.Static<typeof DifficultyBody>;

export const MaterialBody = Type.Object({
  enterpriseId: Id('企业'),
  kind: Type.Enum(MATERIAL_KIND_LIST, { title: '材料类型', errorMessage: '请选择材料类型' }),
  name: Label('材料名称', 60),
  issuer: Type.String({ title: '发证机关', maxLength: 60, errorMessage: '发证机关不能超过 60 个字' }),
  /** null: valid without end. */
  validUntil: Nullable(Type.String({ title: '有效期至', pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: APPLY_MSG.validUntilWrong })),
  fileId: FileIdParams.properties.id,
});
export type MaterialBody = Type.Static<typeof MaterialBody>;

// ---- answers ---------------------------------------------------------------------------------------

export const Material = Type.Object({
  id: Type.Integer(),
  enterpriseId: Type.Integer(),
  kind: Type.String(),
  kindLabel: Type.String(),
  name: Type.String(),
  issuer: Type.String(),
  validUntil: Nullable(Type.String()),
  /** Past its valid-until date (China day): flagged, never chosen. */
  expired: Type.Boolean(),
  fileName: Type.String(),
  fileUrl: Type.String(),
  createdAt: Type.String(),
});
export type Material = Type.Static<typeof Material>;

export const Verdict = Type.Object({
  verdict: Type.Enum(['eligible', 'missing', 'ineligible'] as const),
  verdictLabel: Type.String(),
  /** What is missing or unmet, in words. */
  reasons: Type.Array(Type.String()),
  amount: Nullable(Type.Number()),
  amountText: Type.String(),
});
export type Verdict = Type.Static<typeof Verdict>;

export const ApplyStart = Type.Object({
  guideId: Type.Integer(),
  guideTitle: Type.String(),
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  form: ApplyForm,
  /** What the bureau already knows, per prefilled field key (absent: not known). */
  prefill: Type.Record(Type.String(), Type.String()),
  verdict: Verdict,
  /** May the enterprise submit (not 不符合 by data); `warnings` say what to know first. */
  allowed: Type.Boolean(),
  warnings: Type.Array(Type.String()),
  /** The enterprise's library documents for each requirement's kind, valid first. */
  library: Type.Array(Material),
  draft: Nullable(Type.Object({ values: FormValues, materials: ChosenMaterials, updatedAt: Type.String(), updatedBy: Type.String() })),
  /** The enterprise's application in progress for this guide, if any. */
  inProgress: Nullable(Type.Object({ id: Type.Integer(), number: Type.String() })),
});
export type ApplyStart = Type.Static<typeof ApplyStart>;

export const DraftSaved = Type.Object({ updatedAt: Type.String(), updatedBy: Type.String() });

export const Correction = Type.Object({
  askedAt: Type.String(),
  note: Type.String(),
  fields: Type.Array(Type.Object({ key: Type.String(), label: Type.String() })),
  materials: Type.Array(Type.Object({ kind: Type.String(), label: Type.String() })),
  answeredAt: Nullable(Type.String()),
});
export type Correction = Type.Static<typeof Correction>;

export const ApplyItem = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  guideId: Type.Integer(),
  guideTitle: Type.String(),
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
  submittedAt: Type.String(),
  /** The current stage's due date (end of that China day); null when its clock is paused or done. */
  stageDueAt: Nullable(Type.String()),
  /** The stage clock in words (剩余 N 个工作日 / 已超期 / 补正中，计时暂停), null when none runs. */
  dueText: Nullable(Type.String()),
  overdue: Type.Boolean(),
  /** 快申快享: 受理 to 到账 by then; null before 受理. */
  promiseDueAt: Nullable(Type.String()),
  promiseWarn: Type.Boolean(),
  /** What the bureau asks for now (the open 补正's note), else null. */
  asked: Nullable(Type.String()),
  approvedAmount: Nullable(Type.Number()),
});
export type ApplyItem = Type.Static<typeof ApplyItem>;

export const FrozenMaterial = Type.Object({
  kind: Type.String(),
  label: Type.String(),
  required: Type.Boolean(),
  material: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), issuer: Type.String(), validUntil: Nullable(Type.String()), fileName: Type.String(), fileUrl: Type.String() })),
});

export const ApplyDetail = Type.Object({
  ...ApplyItem.properties,
  formVersion: Type.Integer(),
  sections: Type.Array(FormSection),
  values: FormValues,
  materials: Type.Array(FrozenMaterial),
  commitment: Type.Object({ text: Type.String(), signer: Type.String(), at: Type.String() }),
  bankAccount: BankAccount,
  /** The calculator's answer when the application was submitted. */
  verdictAtSubmit: Verdict,
  proposedAmount: Nullable(Type.Number()),
  corrections: Type.Array(Correction),
  maxCorrections: Type.Integer(),
  /** 联审: each department's opinion (staff only; the enterprise sees []). */
  joint: Type.Array(Type.Object({ department: Type.String(), departmentName: Type.String(), opinion: Nullable(Type.String()), by: Nullable(Type.String()), at: Nullable(Type.String()) })),
  timeline: Type.Array(TimelineEntry),
  steps: Type.Array(Type.String()),
  /** 兑现评价, once given. */
  rating: Nullable(Type.Object({ level: Type.String(), label: Type.String(), comment: Nullable(Type.String()), at: Type.String() })),
  /** The 诉求 filed from it: 申报遇到困难, a 差评's 整改. */
  appeals: Type.Array(Type.Object({ id: Type.Integer(), number: Type.String(), title: Type.String(), status: Type.String(), statusLabel: Type.String() })),
});
export type ApplyDetail = Type.Static<typeof ApplyDetail>;

// ---- what the house collects of it (service.ts) --------------------------------------------------

export const APPLY_SERVICE = defineService({
  key: 'apply',
  name: '政策申兑',
  messageSources: { apply: '申兑' },
  messages: { source: 'apply', kinds: APPLY_MESSAGE_KINDS },
  audit: {
    actions: {
      'apply.submit': '提交政策申报',
      'apply.step': '办理政策申报',
      'apply.form': '保存申报表单',
      'apply.budget': '设置资金额度',
      'apply.material': '保存企业材料',
      'apply.materialRemove': '删除企业材料',
      'apply.difficulty': '申报遇到困难转诉求',
    },
    details: { applyNumber: '申报编号', formVersion: '表单版本', budgetYear: '资金额度年度', approvedAmount: '核定金额（万元）', materialKind: '材料类型' },
  },
  dictionaries: {},
  numberPrefixes: [APPLY_NUMBER_PREFIX],
  flows: [APPLY_FLOW],
});
