// The staff console's calls (PRODUCT.md: the staff console; issue 10). Every console call lives
// under CONSOLE_PREFIX and admits 工作人员 and 管理员 (access 'staff') or 管理员 only ('admin'); no
// console route admits an enterprise token (docs/console.md).
import Type from 'typebox';
import { YearIndicatorsSchema } from './calculator';
import { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_MAX_COUNT, MAX_INT, TOPIC_COVER_PATTERN } from './constants';
import { PageQuery } from './envelope';
import { OWN_MSG } from './messages';
import { AmountRule, EligibilityRules } from './policy';
import { PUSH_EVENT_LIST } from './push';

export const CONSOLE_PREFIX = '/api/console';

export const CONSOLE_PATHS = {
  workbench: `${CONSOLE_PREFIX}/workbench`,

  policyPage: `${CONSOLE_PREFIX}/policies/page`,
  policyCreate: `${CONSOLE_PREFIX}/policies`,
  policy: `${CONSOLE_PREFIX}/policies/:id`,
  policyState: `${CONSOLE_PREFIX}/policies/:id/state`,
  /** The item's timeline: its publishes and withdrawals (workflow_steps), oldest first. */
  policyTimeline: `${CONSOLE_PREFIX}/policies/:id/timeline`,

  guidePage: `${CONSOLE_PREFIX}/guides/page`,
  guideCreate: `${CONSOLE_PREFIX}/guides`,
  guide: `${CONSOLE_PREFIX}/guides/:id`,
  guideState: `${CONSOLE_PREFIX}/guides/:id/state`,
  guideTimeline: `${CONSOLE_PREFIX}/guides/:id/timeline`,
  /** The calculator's reverse list: the enterprises the guide admits (POST, page body). */
  guideQualified: `${CONSOLE_PREFIX}/guides/:id/qualified`,
  /** 政策推送's results for one guide: each event, how many it reached and read it (docs/push.md). */
  guidePush: `${CONSOLE_PREFIX}/guides/:id/push`,
  /** The accounts one guide's messages went to, with their enterprises and read state (POST, page body). */
  guidePushRecipients: `${CONSOLE_PREFIX}/guides/:id/push/recipients`,

  topicPage: `${CONSOLE_PREFIX}/topics/page`,
  topicCreate: `${CONSOLE_PREFIX}/topics`,
  topic: `${CONSOLE_PREFIX}/topics/:id`,
  topicState: `${CONSOLE_PREFIX}/topics/:id/state`,
  topicTimeline: `${CONSOLE_PREFIX}/topics/:id/timeline`,

  /** The editor's images (multipart, field `file`, repeated): spec §5's limits. */
  imageUpload: `${CONSOLE_PREFIX}/uploads/images`,

  accountPage: `${CONSOLE_PREFIX}/accounts/page`,
  accountAction: `${CONSOLE_PREFIX}/accounts/:id/:action`,

  dictTypes: `${CONSOLE_PREFIX}/dicts`,
  dictItems: `${CONSOLE_PREFIX}/dicts/:type/items`,
  dictItem: `${CONSOLE_PREFIX}/dicts/items/:id`,

  auditPage: `${CONSOLE_PREFIX}/audit/page`,
  /** The export dialog reports each export (staff export lists too). */
  exportReport: `${CONSOLE_PREFIX}/audit/export`,

  enterprisePage: `${CONSOLE_PREFIX}/enterprises/page`,
  enterprise: `${CONSOLE_PREFIX}/enterprises/:id`,
} as const;

/** `/api/console/guides/:id` with its parameters filled in. */
export const consolePath = (path: string, params: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(String(params[key])));

export { TOPIC_COVER_PATTERN, UPLOADED_IMAGE_PATTERN, UPLOADS_BASE } from './constants';

const Id = (title = '编号') => Type.Integer({ title, minimum: 1, maximum: MAX_INT });
export const ConsoleIdParams = Type.Object({ id: Id() });
const Text = (title: string, maxLength: number, minLength = 0) => Type.String({ title, maxLength, minLength });
const Keyword = Type.Optional(Text('关键词', 50));
const Who = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);
const Instant = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

// ---- content states ------------------------------------------------------------------------------

export const CONTENT_STATUS = { draft: '草稿', published: '已发布', withdrawn: '已撤回' } as const;
export type ContentStatus = keyof typeof CONTENT_STATUS;
const Status = Type.Enum(Object.keys(CONTENT_STATUS) as ContentStatus[], { title: '状态' });

/** 草稿 → 已发布 → 已撤回 (and a withdrawn item may be published again). */
export const StateBody = Type.Object({ action: Type.Enum(['publish', 'withdraw'] as const, { title: '操作' }) });
export type StateBody = Type.Static<typeof StateBody>;

/** Who made, published and withdrew an item, and when. */
export const Lifecycle = Type.Object({
  status: Status,
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Who,
  updatedAt: Type.String({ format: 'date-time' }),
  updatedBy: Who,
  publishedAt: Instant,
  publishedBy: Who,
  withdrawnAt: Instant,
  withdrawnBy: Who,
});
export type Lifecycle = Type.Static<typeof Lifecycle>;

export const ContentPageQuery = Type.Object({
  ...PageQuery.properties,
  keyword: Keyword,
  status: Type.Optional(Status),
});
export type ContentPageQuery = Type.Static<typeof ContentPageQuery>;

// ---- policies --------------------------------------------------------------------------------------

const DateOnly = (title: string) => Type.String({ title, pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: `${title}格式应为 YYYY-MM-DD` });
const DictCode = (title: string) => Type.String({ title, minLength: 1, maxLength: 40 });
/** Staff HTML: sanitised on save and on show; 400 000 characters leave room for long policy texts. */
const Html = (title: string) => Type.String({ title, maxLength: 400_000 });
const Attachment = Type.Object({ name: Text('附件名称', 200, 1), url: Text('附件地址', 1000, 1) });

export const PolicyInput = Type.Object({
  title: Text('标题', 200, 2),
  docNo: Text('文号', 100, 1),
  department: DictCode('发文部门'),
  level: DictCode('政策层级'),
  publishDate: DateOnly('发布日期'),
  expiryDate: Type.Union([DateOnly('失效日期'), Type.Null()]),
  contentHtml: Html('正文'),
  interpretationHtml: Html('政策解读'),
  attachments: Type.Array(Attachment, { maxItems: 20 }),
});
export type PolicyInput = Type.Static<typeof PolicyInput>;

export const ConsolePolicyRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  docNo: Type.String(),
  departmentLabel: Type.String(),
  levelLabel: Type.String(),
  publishDate: Type.String(),
  guideCount: Type.Integer(),
  ...Lifecycle.properties,
});
export type ConsolePolicyRow = Type.Static<typeof ConsolePolicyRow>;

export const ConsolePolicy = Type.Object({ id: Type.Integer(), ...PolicyInput.properties, ...Lifecycle.properties });
export type ConsolePolicy = Type.Static<typeof ConsolePolicy>;

// ---- guides ----------------------------------------------------------------------------------------

export const GuideInput = Type.Object({
  policyId: Id('所属政策'),
  title: Text('指南名称', 200, 2),
  summary: Text('摘要', 1000),
  beneficiaries: Text('申报对象', 2000),
  conditionsText: Text('申报条件', 4000),
  supportStandard: Text('支持标准', 4000),
  eligibility: EligibilityRules,
  amountRule: AmountRule,
  supportType: DictCode('扶持方式'),
  mode: DictCode('申报方式'),
  industries: Type.Array(DictCode('行业'), { maxItems: 30 }),
  regions: Type.Array(DictCode('乡镇街道'), { maxItems: 50 }),
  windowStart: Type.String({ title: '申报开始', format: 'date-time' }),
  windowEnd: Type.String({ title: '申报截止', format: 'date-time' }),
  payoutDays: Type.Integer({ title: '兑现天数', minimum: 0, maximum: 3650 }),
  deptName: Text('受理部门', 100, 1),
  deptAddress: Text('受理地址', 200, 1),
  deptPhone: Text('咨询电话', 40, 1),
  materials: Type.Array(Text('申报材料', 200, 1), { maxItems: 50 }),
  steps: Type.Array(Text('办理流程', 200, 1), { maxItems: 30 }),
  onlineUrl: Type.Union([Type.String({ title: '在线申报地址', maxLength: 500, pattern: '^https?://', errorMessage: '在线申报地址须以 http:// 或 https:// 开头' }), Type.Null()]),
});
export type GuideInput = Type.Static<typeof GuideInput>;

export const ConsoleGuidePageQuery = Type.Object({ ...ContentPageQuery.properties, policyId: Type.Optional(Id('所属政策')) });
export type ConsoleGuidePageQuery = Type.Static<typeof ConsoleGuidePageQuery>;

export const ConsoleGuideRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  policyId: Type.Integer(),
  policyTitle: Type.String(),
  policyStatus: Status,
  supportTypeLabel: Type.String(),
  modeLabel: Type.String(),
  windowStart: Type.String({ format: 'date-time' }),
  windowEnd: Type.String({ format: 'date-time' }),
  viewCount: Type.Integer(),
  ...Lifecycle.properties,
});
export type ConsoleGuideRow = Type.Static<typeof ConsoleGuideRow>;

export const ConsoleGuide = Type.Object({ id: Type.Integer(), ...GuideInput.properties, ...Lifecycle.properties });

/**
 * What a guide still lacks before it may be published, in the console form's words: an enterprise
 * reading it must learn who may apply, on what conditions, for what and with which materials, and
 * the calculator must not count every enterprise eligible for a guide whose rules were left empty.
 */
export function guidePublishGaps(g: Pick<GuideInput, 'beneficiaries' | 'conditionsText' | 'supportStandard' | 'materials' | 'eligibility'>): string[] {
  const gaps: string[] = [];
  if (!g.beneficiaries.trim()) gaps.push('申报对象');
  if (!g.conditionsText.trim()) gaps.push('申报条件');
  if (!g.supportStandard.trim()) gaps.push('支持标准');
  if (g.materials.length === 0) gaps.push('申报材料');
  if (g.eligibility.groups.length === 0 && !g.eligibility.openToAll) gaps.push('认定条件（设置条件组，或选择「面向所有企业」）');
  return gaps;
}
export type ConsoleGuide = Type.Static<typeof ConsoleGuide>;

// ---- topics ----------------------------------------------------------------------------------------

export const TopicInput = Type.Object({
  title: Text('专题名称', 100, 2),
  summary: Text('专题简介', 1000),
  /** A colour (#rrggbb) or an uploaded image (UPLOADS_BASE). */
  cover: Type.String({ title: '封面', pattern: TOPIC_COVER_PATTERN, errorMessage: '封面须为颜色（如 #1658d8）或上传的图片' }),
  startsAt: Type.String({ title: '开始时间', format: 'date-time' }),
  endsAt: Type.Union([Type.String({ title: '结束时间', format: 'date-time' }), Type.Null()]),
  sort: Type.Integer({ title: '排序', minimum: 0, maximum: 9999 }),
  /** The members in order (duplicates refused). */
  guideIds: Type.Array(Id('指南'), { maxItems: 200, uniqueItems: true }),
});
export type TopicInput = Type.Static<typeof TopicInput>;

export const ConsoleTopicRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Instant,
  sort: Type.Integer(),
  memberCount: Type.Integer(),
  ...Lifecycle.properties,
});
export type ConsoleTopicRow = Type.Static<typeof ConsoleTopicRow>;

export const ConsoleTopic = Type.Object({
  id: Type.Integer(),
  ...TopicInput.properties,
  guides: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), status: Status })),
  ...Lifecycle.properties,
});
export type ConsoleTopic = Type.Static<typeof ConsoleTopic>;

// ---- uploads ---------------------------------------------------------------------------------------

export const UPLOAD_LIMITS = {
  maxBytes: EDITOR_IMAGE_MAX_BYTES,
  maxCount: EDITOR_IMAGE_MAX_COUNT,
  types: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' },
} as const;

export const UPLOAD_MSG = {
  tooLarge: '图片不能超过 2 MB',
  tooMany: '每次最多上传 6 张图片',
  wrongType: '仅支持 PNG、JPEG、GIF、WebP 格式的图片',
  empty: '请选择要上传的图片',
  timeout: '图片上传超时，请重试',
} as const;

export const UploadedImage = Type.Object({ url: Type.String(), name: Type.String(), bytes: Type.Integer(), type: Type.String() });
export type UploadedImage = Type.Static<typeof UploadedImage>;

// ---- accounts (管理员) ----------------------------------------------------------------------------

export const AccountPageQuery = Type.Object({
  ...PageQuery.properties,
  keyword: Keyword,
  roleId: Type.Optional(Type.Integer({ title: '角色', minimum: 1, maximum: 3 })),
  state: Type.Optional(Type.Enum(['active', 'disabled', 'locked'] as const, { title: '状态' })),
});
export type AccountPageQuery = Type.Static<typeof AccountPageQuery>;

export const ConsoleAccountRow = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  roleId: Type.Integer(),
  roleName: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  disabled: Type.Boolean(),
  lockedUntil: Instant,
  mustChangePassword: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ConsoleAccountRow = Type.Static<typeof ConsoleAccountRow>;

export const ACCOUNT_ACTIONS = { disable: '停用', enable: '启用', unlock: '解锁', 'reset-password': '重置密码' } as const;
export type AccountAction = keyof typeof ACCOUNT_ACTIONS;
export const AccountActionParams = Type.Object({ id: Id('账号编号'), action: Type.Enum(Object.keys(ACCOUNT_ACTIONS) as AccountAction[], { title: '操作' }) });
/** reset-password: the temporary password the user must replace at the next login. */
export const AccountActionBody = Type.Object({ password: Type.Optional(Type.String({ title: '临时密码', maxLength: 64 })) });
export type AccountActionBody = Type.Static<typeof AccountActionBody>;

// ---- dictionaries (管理员) ------------------------------------------------------------------------

export const ConsoleDictType = Type.Object({ type: Type.String(), name: Type.String(), itemCount: Type.Integer(), extraFields: Type.Array(Type.Object({ key: Type.String(), label: Type.String() })) });
export type ConsoleDictType = Type.Static<typeof ConsoleDictType>;
export const DictTypeParams = Type.Object({ type: Type.String({ title: '字典类型', maxLength: 40 }) });

export const ConsoleDictItem = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  label: Type.String(),
  sort: Type.Integer(),
  disabled: Type.Boolean(),
  extra: Type.Union([Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])), Type.Null()]),
  /** How many items of content use it: one in use cannot be deleted, only disabled. */
  usage: Type.Integer(),
});
export type ConsoleDictItem = Type.Static<typeof ConsoleDictItem>;

export const DictItemInput = Type.Object({
  code: Type.String({ title: '编码', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', errorMessage: '编码只能包含字母、数字、下划线或连字符' }),
  label: Text('名称', 100, 1),
  sort: Type.Integer({ title: '排序', minimum: 0, maximum: 9999 }),
  disabled: Type.Boolean({ title: '停用' }),
  extra: Type.Union([Type.Record(Type.String({ maxLength: 40 }), Type.Union([Type.String({ maxLength: 200 }), Type.Number({ minimum: 0, maximum: 1_000_000 })]), { maxProperties: 10 }), Type.Null()]),
});
export type DictItemInput = Type.Static<typeof DictItemInput>;

// ---- audit log (管理员) ---------------------------------------------------------------------------

export const AuditPageQuery = Type.Object({
  ...PageQuery.properties,
  /** The account's username or name, in part. */
  person: Type.Optional(Text('人员', 50)),
  action: Type.Optional(Text('操作', 60)),
  from: Type.Optional(Type.String({ title: '开始时间', format: 'date-time' })),
  to: Type.Optional(Type.String({ title: '结束时间', format: 'date-time' })),
});
export type AuditPageQuery = Type.Static<typeof AuditPageQuery>;

export const AuditRow = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  accountId: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  actionLabel: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type AuditRow = Type.Static<typeof AuditRow>;

/** The actions' names in the log and its filter. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'login.success': '登录成功',
  'login.failure': '登录失败',
  'login.locked': '登录被锁定拒绝',
  'login.lockout': '账号锁定',
  'token.refresh': '刷新令牌',
  'token.reuse': '令牌重用',
  'session.logout': '退出登录',
  'permission.denied': '越权访问',
  'password.change': '修改密码',
  'account.register': '企业注册',
  'account.update': '修改资料',
  'account.created': '创建账号',
  'account.disabled': '停用账号',
  'account.enabled': '启用账号',
  'account.unlocked': '解锁账号',
  'account.password_reset': '重置密码',
  'password.reset_mailed': '发送重置密码邮件',
  'password.reset_by_email': '凭邮件链接重置密码',
  'email.confirmed': '确认邮箱',
  'policy.created': '新建政策文件',
  'policy.updated': '修改政策文件',
  'policy.published': '发布政策文件',
  'policy.withdrawn': '撤回政策文件',
  'guide.created': '新建申报指南',
  'guide.updated': '修改申报指南',
  'guide.published': '发布申报指南',
  'guide.withdrawn': '撤回申报指南',
  'topic.created': '新建政策专题',
  'topic.updated': '修改政策专题',
  'topic.published': '发布政策专题',
  'topic.withdrawn': '撤回政策专题',
  'dict.created': '新增字典项',
  'dict.updated': '修改字典项',
  'dict.deleted': '删除字典项',
  'upload.image': '上传图片',
  'export.done': '导出或打印',
  'enterprise.create': '新增企业信息',
  'enterprise.update': '修改企业信息',
  'enterprise.delete': '删除企业信息',
  'evaluation.save': '保存政策测算',
  'subscription.created': '订阅推送',
  'subscription.cancelled': '取消订阅',
};
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/**
 * The Chinese names of the keys a service writes in an audit row's detail (and in its `before` and
 * `after`): the log and its export show these, never the field names. Walked by
 * test/services/audit-log.test.ts against every audit() call of the server.
 */
export const AUDIT_DETAIL_LABELS: Record<string, string> = {
  // who and what was acted on
  id: '编号',
  target: '对象账号',
  username: '用户名',
  name: '名称',
  title: '标题',
  type: '字典类型',
  list: '列表',
  rows: '行数',
  path: '访问路径',
  fields: '修改项',
  files: '文件',
  url: '地址',
  bytes: '字节数',
  // login and sessions
  reason: '原因',
  failures: '连续失败次数',
  minutes: '锁定分钟数',
  sessionId: '会话编号',
  sessions: '会话',
  grace: '宽限期内重放',
  // accounts
  roleId: '角色',
  phone: '手机号',
  email: '邮箱',
  disabled: '停用',
  lockedUntil: '锁定至',
  failedLogins: '登录失败次数',
  mustChangePassword: '须修改密码',
  status: '状态',
  // enterprises and the calculator
  creditCode: '统一社会信用代码',
  enterpriseId: '企业编号',
  evaluationId: '测算编号',
  eligible: '是否符合',
  amount: '测算金额（万元）',
  whatIf: '假设条件',
  // dictionaries
  code: '编码',
  label: '名称',
  sort: '排序',
  extra: '附加信息',
  // policies, guides and topics (the fields of their forms)
  docNo: '文号',
  department: '发文部门',
  level: '政策层级',
  publishDate: '发布日期',
  expiryDate: '失效日期',
  contentHtml: '正文',
  interpretationHtml: '政策解读',
  attachments: '附件',
  policyId: '所属政策',
  summary: '摘要',
  beneficiaries: '申报对象',
  conditionsText: '申报条件',
  supportStandard: '支持标准',
  eligibility: '测算规则',
  amountRule: '金额规则',
  supportType: '扶持方式',
  mode: '申报方式',
  industries: '行业',
  regions: '乡镇街道',
  windowStart: '申报开始',
  windowEnd: '申报截止',
  payoutDays: '兑现天数',
  deptName: '受理部门',
  deptAddress: '受理地址',
  deptPhone: '咨询电话',
  materials: '申报材料',
  steps: '办理流程',
  onlineUrl: '在线办理地址',
  cover: '封面',
  startsAt: '开始时间',
  endsAt: '结束时间',
  guideIds: '专题指南',
  // subscriptions (政策推送)
  subscriptionId: '订阅编号',
  kind: '订阅类型',
  followed: '订阅内容',
  // workflow steps (lib/workflow.ts)
  step: '办理步骤',
  note: '说明',
  before: '修改前',
  after: '修改后',
};
export const auditDetailLabel = (key: string) => AUDIT_DETAIL_LABELS[key] ?? key;

/** The export dialog reports what left the building (等保: exports are audited). */
export const ExportReportBody = Type.Object({ list: Text('列表', 60, 1), rows: Type.Integer({ minimum: 0, maximum: 10_000 }) });
export type ExportReportBody = Type.Static<typeof ExportReportBody>;

// ---- enterprises ----------------------------------------------------------------------------------

/**
 * An enterprise as staff see it: 已删除 when its account deleted it (it stays listed, with when and by
 * whom, and counts nowhere), else 已停用 while its holding account is disabled, else 正常.
 */
export const ENTERPRISE_STATES = { active: '正常', disabled: '已停用', deleted: '已删除' } as const;
export type EnterpriseState = keyof typeof ENTERPRISE_STATES;
const EnterpriseStateSchema = Type.Enum(Object.keys(ENTERPRISE_STATES) as EnterpriseState[], { title: '状态' });

export const EnterprisePageQuery = Type.Object({ ...PageQuery.properties, keyword: Keyword, state: Type.Optional(EnterpriseStateSchema) });
export type EnterprisePageQuery = Type.Static<typeof EnterprisePageQuery>;

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableTime = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const ConsoleEnterpriseRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  creditCode: Type.String(),
  contactPhone: NullableString,
  accountId: Type.Integer(),
  username: Type.String(),
  accountName: Type.String(),
  /** The holding account is disabled. */
  disabled: Type.Boolean(),
  state: EnterpriseStateSchema,
  deletedAt: NullableTime,
  /** The account that deleted it (null while it is live). */
  deletedBy: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String(), name: Type.String() }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ConsoleEnterpriseRow = Type.Static<typeof ConsoleEnterpriseRow>;

/** A dictionary code with its label as the dictionary has it now. */
const Coded = Type.Union([Type.Object({ code: Type.String(), label: Type.String() }), Type.Null()]);

/** How many recent saved calculations and messages 企业详情 shows (the totals say how many there are). */
export const ENTERPRISE_DETAIL_RECENT = 20;

/** 企业详情: what a staff member reads before calling or visiting the enterprise. */
export const ConsoleEnterprise = Type.Object({
  ...ConsoleEnterpriseRow.properties,
  /** The other enterprises the same account holds (deleted ones too, marked). */
  siblings: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), creditCode: Type.String(), deletedAt: NullableTime })),
  accountPhone: NullableString,
  accountEmail: NullableString,
  profile: Type.Object({
    legalPerson: NullableString,
    foundedOn: NullableString,
    /** 万元. */
    registeredCapital: Type.Union([Type.Number(), Type.Null()]),
    patents: Type.Union([Type.Integer(), Type.Null()]),
    nature: Coded,
    industry: Coded,
    scale: Coded,
    region: Coded,
    updatedAt: Type.String({ format: 'date-time' }),
  }),
  /** Expired: the validity ended before today (China time); it no longer counts in the calculator. */
  qualifications: Type.Array(Type.Object({ code: Type.String(), label: Type.String(), validUntil: NullableString, expired: Type.Boolean() })),
  /** Newest year first. */
  indicators: Type.Array(YearIndicatorsSchema),
  /** Its saved calculations (政策测算), newest first. */
  evaluations: Type.Object({
    total: Type.Integer(),
    list: Type.Array(
      Type.Object({ id: Type.Integer(), evaluatedAt: Type.String({ format: 'date-time' }), whatIf: Type.Boolean(), guides: Type.Integer(), eligible: Type.Integer(), amount: Type.Number() }),
    ),
  }),
  /** 政策推送 belongs to the holding account: what it follows and the messages it received, newest first. */
  subscriptions: Type.Array(Type.Object({ id: Type.Integer(), kind: Type.String(), label: Type.String(), createdAt: Type.String({ format: 'date-time' }) })),
  messages: Type.Object({
    total: Type.Integer(),
    unread: Type.Integer(),
    list: Type.Array(Type.Object({ id: Type.Integer(), kindLabel: Type.String(), title: Type.String(), createdAt: Type.String({ format: 'date-time' }), readAt: NullableTime })),
  }),
});
export type ConsoleEnterprise = Type.Static<typeof ConsoleEnterprise>;

// ---- 政策推送's results (docs/push.md) ----------------------------------------------------------------

/**
 * One event of a guide (published, window opened, closing soon) and what it reached. `finished`: the
 * fan-out job has written every message of the event's audience (push_events.finished_at); until then
 * `accounts` is the count written so far.
 */
export const GuidePushEvent = Type.Object({
  event: Type.String(),
  eventLabel: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  finished: Type.Boolean(),
  finishedAt: Instant,
  /** Accounts notified (one message each). */
  accounts: Type.Integer(),
  /** The live enterprises those accounts hold. */
  enterprises: Type.Integer(),
  /** Accounts that have read their message. */
  read: Type.Integer(),
});
export type GuidePushEvent = Type.Static<typeof GuidePushEvent>;

export const GuidePush = Type.Object({ guideId: Type.Integer(), title: Type.String(), events: Type.Array(GuidePushEvent) });
export type GuidePush = Type.Static<typeof GuidePush>;

export const PushRecipientPageQuery = Type.Object({
  ...PageQuery.properties,
  /** Username, account name or one of its enterprises' names, in part. */
  keyword: Keyword,
  event: Type.Optional(Type.Enum(PUSH_EVENT_LIST, { title: '消息类型', errorMessage: '消息类型不正确' })),
  read: Type.Optional(Type.Enum(['read', 'unread'] as const, { title: '阅读状态', errorMessage: '阅读状态不正确' })),
});
export type PushRecipientPageQuery = Type.Static<typeof PushRecipientPageQuery>;

export const PushRecipientRow = Type.Object({
  /** The message's id. */
  id: Type.Integer(),
  event: Type.String(),
  eventLabel: Type.String(),
  accountId: Type.Integer(),
  username: Type.String(),
  accountName: Type.String(),
  /** The account's live enterprises, by name. */
  enterprises: Type.Array(Type.String()),
  reasons: Type.Array(Type.String()),
  read: Type.Boolean(),
  readAt: Instant,
  sentAt: Type.String({ format: 'date-time' }),
});
export type PushRecipientRow = Type.Static<typeof PushRecipientRow>;

// ---- 工作台 --------------------------------------------------------------------------------------

export const Workbench = Type.Object({
  drafts: Type.Array(Type.Object({ kind: Type.Enum(['policy', 'guide', 'topic'] as const), id: Type.Integer(), title: Type.String(), updatedAt: Type.String({ format: 'date-time' }) })),
  closingThisWeek: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), windowEnd: Type.String({ format: 'date-time' }) })),
  figures: Type.Object({
    publishedPolicies: Type.Integer(),
    publishedGuides: Type.Integer(),
    openGuides: Type.Integer(),
    activeTopics: Type.Integer(),
    enterprises: Type.Integer(),
    enterprisesThisMonth: Type.Integer(),
    guideViews: Type.Integer(),
  }),
});
export type Workbench = Type.Static<typeof Workbench>;

export const CONSOLE_MSG = {
  policyNotFound: '政策文件不存在',
  guideNotFound: '申报指南不存在',
  topicNotFound: '政策专题不存在',
  policyNotPublished: '所属政策文件尚未发布，请先发布政策文件',
  guideIncomplete: (gaps: readonly string[]) => `申报指南内容不完整，不能发布：请填写${gaps.join('、')}`,
  windowOrder: '申报截止时间须晚于开始时间',
  expiryOrder: '失效日期须晚于发布日期',
  topicPeriodOrder: '专题结束时间须晚于开始时间',
  alreadyInState: '当前状态无需此操作',
  unknownDictCode: (field: string, code: string) => `${field}「${code}」不在字典中`,
  dictTypeUnknown: '字典类型不存在',
  dictItemNotFound: '字典项不存在',
  dictCodeTaken: '该编码已存在',
  dictItemInUse: (n: number) => `该字典项正被 ${n} 条内容使用，不能删除，只能停用`,
  accountNotFound: '账号不存在',
  notSelf: '不能对自己的账号执行此操作',
  enterpriseNotFound: '企业不存在',
  passwordResetDone: '密码已重置，用户下次登录时须修改密码',
  mustChangePassword: OWN_MSG.mustChangePassword,
} as const;
