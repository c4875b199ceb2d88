// 企业诉求 (spec §7, PRODUCT.md service 5): an enterprise files a demand in a category, gets a
// number (SQ…), staff take it through APPEAL_FLOW within the category's time limit in working days,
// the enterprise rates the reply by the 好差评 scale; a 差评 reopens it for 整改 (docs/appeal.md).
import Type, { type TSchema } from 'typebox';
import { PageQuery, Id } from './envelope';
import { AttachedFile, FileIds } from './files';
import { PHONE_PATTERN } from './validation';
import { defineService } from './service';
import { defineFlow, laterSteps, TimelineEntry } from './workflow';
import { calendarMissingMsg } from './working-days';

// The categories (getappealcatepage, spec §7) are the dictionary `appealCategory` (code, label,
// extra.limitDays: 办理时限 in working days), served as POLICY_PATHS.appealCategoryPage and kept by
// administrators in 字典管理; an appeal stores the category's code.
export const APPEAL_PATHS = {
  save: '/api/v1/enterbecalculator/saveappeal',
  /** The appeals of the enterprise {id} (one of the caller's). */
  list: '/api/v1/enterbecalculator/getappeallist/:id',
  /** Ours: one appeal with its timeline and attachments. */
  detail: '/api/v1/appeal/getappeal/:id',
  /** Ours: one step of APPEAL_FLOW, by the enterprise or by staff. */
  step: '/api/v1/appeal/step/:id',
} as const;

/** The number's series: SQ20261125-0007 (docs/numbering.md). */
export const APPEAL_NUMBER_PREFIX = 'SQ';

/** What the timeline, the files and the messages call an appeal. */
export const APPEAL_KIND = 'appeal';

/** 好差评: the scale, best first; the last two are 差评 (a comment is required, the appeal reopens). */
export const APPEAL_RATINGS = {
  verySatisfied: '非常满意',
  satisfied: '满意',
  basic: '基本满意',
  dissatisfied: '不满意',
  veryDissatisfied: '非常不满意',
} as const;
export type AppealRating = keyof typeof APPEAL_RATINGS;
export const APPEAL_RATING_LIST = Object.keys(APPEAL_RATINGS) as AppealRating[];
export const isBadRating = (r: AppealRating) => r === 'dissatisfied' || r === 'veryDissatisfied';

/** A 差评 reopens the appeal for 整改 at most this many times; then a 差评 closes it, the rating kept. */
export const APPEAL_MAX_REOPENINGS = 2;
/** 整改 is answered within this many working days. */
export const APPEAL_REOPEN_LIMIT_DAYS = 15;
/** The invitation to rate goes this many days after a reply without a rating … */
export const APPEAL_RATE_INVITE_DAYS = 3;
/** … and the appeal closes as 未评价 this many days after it. */
export const APPEAL_UNRATED_CLOSE_DAYS = 15;
/** An extension asks for at most this many working days more. */
export const APPEAL_MAX_EXTENSION_DAYS = 30;
/** The morning job flags open appeals due within this many working days. */
export const APPEAL_DUE_SOON_DAYS = 2;

export const APPEAL_LENGTH = { title: 50, content: 2000, contact: 20, note: 2000, comment: 500, department: 50 } as const;

/** Its messages in the message centre (contract/inbox.ts): source 诉求. */
export const APPEAL_MESSAGE_KINDS = {
  'appeal.accepted': '诉求已受理',
  'appeal.rejected': '诉求不予受理',
  'appeal.supplement': '请补充材料',
  'appeal.replied': '诉求已答复',
  'appeal.callback': '整改回访',
  'appeal.extended': '办理期限已延长',
  'appeal.closed': '诉求已办结',
  'appeal.rate-invite': '邀请评价',
  'appeal.due': '诉求办理时限提醒',
  // to the handler
  'appeal.supplemented': '企业已补充材料',
  'appeal.complained': '企业差评，诉求重新办理',
  'appeal.rated': '企业已评价',
} as const;
export type AppealMessageKind = keyof typeof APPEAL_MESSAGE_KINDS;

/** Each step's notices: the enterprise hears of every step it may see and did not take; its handler of what the enterprise does. */
const owner = (kind: AppealMessageKind) => [{ to: 'owner' as const, kind }];
const handler = (kind: AppealMessageKind) => [{ to: 'handler' as const, kind }];

export const APPEAL_FLOW = defineFlow({
  states: {
    submitted: '已提交',
    accepted: '办理中',
    supplementing: '待补充',
    replied: '已答复',
    reopened: '整改中',
    closed: '已办结',
    rejected: '不予受理',
    withdrawn: '已撤回',
  },
  steps: {
    /** Filed by the enterprise, or by staff on its behalf (a problem raised on a visit). */
    file: { label: '提交诉求', from: [], to: 'submitted', roles: ['enterprise', 'staff', 'admin'] },
    withdraw: { label: '撤回', from: ['submitted'], to: 'withdrawn', roles: ['enterprise'], ownerOnly: true },
    accept: {
      label: '受理',
      from: ['submitted'],
      to: 'accepted',
      roles: ['staff', 'admin'],
      notify: owner('appeal.accepted'),
      tone: 'primary',
      // Without a category limit; the web names the limit when the appeal has one.
      confirm: '受理后开始计算办理时限。',
      noteLabel: '受理说明（选填，企业可见）',
    },
    reject: {
      label: '不予受理',
      from: ['submitted'],
      to: 'rejected',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: owner('appeal.rejected'),
      tone: 'danger',
      confirm: '不予受理后诉求即办结，企业将收到通知。',
      noteLabel: '不予受理理由（企业可见）',
      notePlaceholder: '请说明不予受理的理由，企业将看到该理由',
    },
    assign: {
      label: '分派',
      from: ['accepted', 'supplementing', 'reopened'],
      roles: ['staff', 'admin'],
      internal: true,
      confirm: '分派或转办给承办部门和承办人，企业看不到这一步。',
      noteLabel: '分派说明（选填，企业不可见）',
    },
    askSupplement: {
      label: '要求补充材料',
      from: ['accepted'],
      to: 'supplementing',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: owner('appeal.supplement'),
      noteLabel: '需补充的材料（企业可见）',
      notePlaceholder: '请写明企业需要补充哪些材料',
    },
    supplement: { label: '补充材料', from: ['supplementing'], to: 'accepted', roles: ['enterprise'], ownerOnly: true, noteRequired: true, notify: handler('appeal.supplemented') },
    remark: {
      label: '内部备注',
      from: ['submitted', 'accepted', 'supplementing', 'replied', 'reopened'],
      roles: ['staff', 'admin'],
      noteRequired: true,
      internal: true,
      noteLabel: '内部备注（企业不可见）',
      notePlaceholder: '仅工作人员可见',
    },
    reply: {
      label: '答复',
      from: ['accepted', 'reopened'],
      to: 'replied',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: owner('appeal.replied'),
      tone: 'primary',
      // While 整改中 the web adds that a 回访 comes first.
      confirm: '答复后企业可以评价。',
      noteLabel: '答复内容（企业可见）',
    },
    callBack: {
      label: '回访',
      from: ['reopened'],
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: owner('appeal.callback'),
      noteLabel: '回访记录（企业可见）',
      notePlaceholder: '回访时间、方式、企业意见',
    },
    requestExtension: {
      label: '申请延期',
      from: ['accepted', 'supplementing', 'reopened'],
      roles: ['staff', 'admin'],
      noteRequired: true,
      internal: true,
      noteLabel: '延期理由（企业不可见）',
    },
    // The web's dialog names the days asked for.
    approveExtension: { label: '批准延期', from: ['accepted', 'supplementing', 'reopened'], roles: ['admin'], notify: owner('appeal.extended'), noteLabel: '审批意见（选填，企业可见）' },
    refuseExtension: {
      label: '驳回延期',
      from: ['accepted', 'supplementing', 'reopened'],
      roles: ['admin'],
      noteRequired: true,
      internal: true,
      tone: 'danger',
      noteLabel: '驳回理由（企业不可见）',
    },
    rate: { label: '评价', from: ['replied'], to: 'closed', roles: ['enterprise'], ownerOnly: true, notify: handler('appeal.rated') },
    complain: { label: '差评整改', from: ['replied'], to: 'reopened', roles: ['enterprise'], ownerOnly: true, notify: handler('appeal.complained') },
    /** Staff close a replied appeal before the enterprise rates it (e.g. it asked them to by phone): 未评价, never satisfied. */
    close: {
      label: '办结',
      from: ['replied'],
      to: 'closed',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: owner('appeal.closed'),
      confirm: '办结后诉求记为“未评价”，不计入满意。',
      noteLabel: '办结理由（企业可见）',
      notePlaceholder: '如：企业来电表示问题已解决，请求办结',
    },
    expire: { label: '未评价办结', from: ['replied'], to: 'closed', roles: ['system'], notify: owner('appeal.closed') },
  },
  initial: ['file'],
  // A reply left unrated for APPEAL_UNRATED_CLOSE_DAYS closes as 未评价.
  timers: [{ in: 'replied', after: { days: APPEAL_UNRATED_CLOSE_DAYS }, take: 'expire' }],
});
export type AppealStatus = keyof typeof APPEAL_FLOW.states;
/** A step that may be asked for on an appeal (filing one is `saveAppeal`). */
export type AppealStep = Exclude<keyof typeof APPEAL_FLOW.steps, 'file'>;
export const APPEAL_STATUS_LIST = Object.keys(APPEAL_FLOW.states) as AppealStatus[];
export const APPEAL_STEP_LIST = laterSteps(APPEAL_FLOW);
/** States whose clock runs (a due date is shown, the morning job flags them). */
export const APPEAL_OPEN_STATES: readonly AppealStatus[] = ['accepted', 'supplementing', 'reopened'];


/** Where a notice about an appeal leads the enterprise. */
export const appealPortalLink = (id: number) => `/enterpriseDemands/enterpriseDemands?id=${id}`;

export const APPEAL_MSG = {
  submitted: (number: string) => `诉求已提交，编号 ${number}`,
  stepDone: (label: string) => `${label}成功`,
  categoryNotFound: '诉求类别不存在或已停用',
  limitMissing: '该诉求类别未设置办理时限，请联系管理员在字典管理中设置',
  enterpriseNotFound: '请选择您名下的企业',
  guideNotFound: '关联的申报指南不存在',
  visitNotFound: '关联的走访不存在或不属于该企业',
  commentRequired: '不满意或非常不满意须填写评价说明',
  ratingRequired: '请选择评价等级',
  complainNeedsBadRating: '差评整改须选择不满意或非常不满意',
  tooManyReopenings: `已整改 ${APPEAL_MAX_REOPENINGS} 次，不能再次整改`,
  callBackFirst: '整改后须先记录回访，再答复',
  handlerRequired: '分派须选择部门和承办人',
  handlerNotFound: '承办人不存在或不是工作人员',
  departmentNotFound: '承办部门不存在或已停用',
  filesNotAllowed: '该步骤不能上传附件',
  extensionDaysRequired: `申请延期须填写延长的工作日数（1–${APPEAL_MAX_EXTENSION_DAYS} 天）`,
  extensionPending: '已有待审批的延期申请',
  noExtensionPending: '没有待审批的延期申请',
  calendarMissing: calendarMissingMsg,
  remaining: (n: number) => `剩余 ${n} 个工作日`,
  overdue: '已超期',
  /** Still 已提交 past its 受理 deadline (APPEAL_RESPONSE_DAYS working days after the filing). */
  acceptOverdue: '待受理超时',
  unrated: '未评价',
} as const;

// ---- inputs ----------------------------------------------------------------------------------------

const Text = (title: string, max: number, min = 1) =>
  Type.String({ title, minLength: min, maxLength: max, errorMessage: min > 0 ? `${title}不能为空，且不能超过 ${max} 个字` : `${title}不能超过 ${max} 个字` });

export const AppealIdParams = Type.Object({ id: Id('诉求编号') });
export const EnterpriseIdParams = Type.Object({ id: Id('企业编号') });

export const AppealSaveBody = Type.Object({
  enterpriseId: Id('企业'),
  /** A code of the dictionary `appealCategory`. */
  category: Type.String({ title: '诉求类别', minLength: 1, maxLength: 40, errorMessage: '请选择诉求类别' }),
  title: Text('诉求标题', APPEAL_LENGTH.title),
  content: Text('诉求内容', APPEAL_LENGTH.content),
  contact: Text('联系人', APPEAL_LENGTH.contact),
  phone: Type.String({ title: '联系电话', pattern: PHONE_PATTERN, errorMessage: '请填写正确的电话' }),
  guideId: Type.Optional(Id('关联的申报指南')),
  /** A visit of this enterprise the appeal is about (企业走访). */
  visitId: Type.Optional(Id('关联的走访')),
  fileIds: Type.Optional(FileIds),
});
export type AppealSaveBody = Type.Static<typeof AppealSaveBody>;

/** A day, 'YYYY-MM-DD' (a list's time filter, taken in China time). */
export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export const AppealListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum(['', ...APPEAL_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
  from: Type.Optional(Type.String({ title: '提交时间起', pattern: DAY_PATTERN, errorMessage: '提交时间起不正确' })),
  to: Type.Optional(Type.String({ title: '提交时间止', pattern: DAY_PATTERN, errorMessage: '提交时间止不正确' })),
});
export type AppealListQuery = Type.Static<typeof AppealListQuery>;

export const AppealStepBody = Type.Object({
  step: Type.Enum(APPEAL_STEP_LIST, { title: '办理步骤', errorMessage: '办理步骤不正确' }),
  note: Type.Optional(Text('说明', APPEAL_LENGTH.note, 0)),
  fileIds: Type.Optional(FileIds),
  rating: Type.Optional(Type.Enum(APPEAL_RATING_LIST, { title: '评价', errorMessage: '评价等级不正确' })),
  comment: Type.Optional(Text('评价说明', APPEAL_LENGTH.comment, 0)),
  /** assign: the department (a code of the dictionary `department`) and the handler (a staff account). */
  department: Type.Optional(Text('承办部门', APPEAL_LENGTH.department, 0)),
  handlerId: Type.Optional(Id('承办人')),
  /** requestExtension: how many working days more. */
  extensionDays: Type.Optional(Type.Integer({ title: '延长工作日数', minimum: 1, maximum: APPEAL_MAX_EXTENSION_DAYS, errorMessage: `延长的工作日数应为 1–${APPEAL_MAX_EXTENSION_DAYS} 天` })),
});
export type AppealStepBody = Type.Static<typeof AppealStepBody>;

// ---- answers ---------------------------------------------------------------------------------------

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const AppealItem = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  category: Type.String(),
  categoryName: Type.String(),
  title: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
  createdAt: Type.String(),
  dueAt: Nullable(Type.String()),
  /** 受理 by then (stored at filing: the end of the APPEAL_RESPONSE_DAYS-th working day after it; null without a published calendar). */
  acceptDueAt: Nullable(Type.String()),
  /**
   * The running clock in words: while 已提交, the 受理 one (剩余 N 个工作日 / 待受理超时); while
   * 办理中, 待补充 or 整改中, the handling one (剩余 N 个工作日 / 已超期); null otherwise (or, for
   * the days left, without a published calendar).
   */
  dueText: Nullable(Type.String()),
  /** Working days left (negative: overdue by that many), as dueText. */
  remainingDays: Nullable(Type.Integer()),
  /** Past its due date while the handling clock runs (已超期). */
  overdue: Type.Boolean(),
  /** Still 已提交 past its 受理 deadline (待受理超时). */
  acceptOverdue: Type.Boolean(),
  rating: Nullable(Type.String()),
  /** Raised on a visit (企业走访): the visit is its source (the server always sends both; null when filed by the enterprise). */
  visitId: Type.Optional(Nullable(Type.Integer())),
  visitNumber: Type.Optional(Nullable(Type.String())),
});
export type AppealItem = Type.Static<typeof AppealItem>;

export const AppealDetail = Type.Object({
  ...AppealItem.properties,
  content: Type.String(),
  contact: Type.String(),
  phone: Type.String(),
  guideId: Nullable(Type.Integer()),
  /** The category's 办理时限 in working days, as the dictionary says now (null: none set). */
  limitDays: Nullable(Type.Integer()),
  reopenCount: Type.Integer(),
  /** Staff see a pending extension request's working days (null: none); the enterprise always null. */
  extensionDays: Nullable(Type.Integer()),
  ratingLabel: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  /** The handling department: a code of the dictionary `department`, and its label. */
  department: Nullable(Type.String()),
  departmentName: Nullable(Type.String()),
  /** Staff see the handler; the enterprise does not. */
  handler: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  repliedAt: Nullable(Type.String()),
  closedAt: Nullable(Type.String()),
  timeline: Type.Array(TimelineEntry),
  attachments: Type.Array(AttachedFile),
  /** The steps the caller may take now (the buttons to draw). */
  steps: Type.Array(Type.String()),
});
export type AppealDetail = Type.Static<typeof AppealDetail>;

// ---- what the house collects of it (service.ts) --------------------------------------------------

export const APPEAL_SERVICE = defineService({
  key: 'appeal',
  name: '企业诉求',
  messageSources: { appeal: '诉求' },
  messages: { source: 'appeal', kinds: APPEAL_MESSAGE_KINDS },
  audit: { actions: { 'appeal.file': '提交企业诉求', 'appeal.step': '办理企业诉求' }, details: { number: '诉求编号', category: '诉求类别' } },
  dictionaries: {
    // extra.limitDays: the category's 办理时限 in working days.
    appealCategory: {
      name: '诉求类别',
      seed: [
        ['policy', '惠企政策', { limitDays: 5 }], ['finance', '融资贷款', { limitDays: 10 }], ['talent', '人才需求', { limitDays: 10 }],
        ['social', '用工社保', { limitDays: 10 }], ['infrastructure', '基础设施', { limitDays: 15 }], ['license', '证照办理', { limitDays: 5 }],
        ['market', '市场经营', { limitDays: 10 }], ['other', '其他', { limitDays: 15 }],
      ],
    },
  },
  numberPrefixes: [APPEAL_NUMBER_PREFIX],
  flows: [APPEAL_FLOW],
});
