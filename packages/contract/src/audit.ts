// The audit log in the console (管理员, services/audit) and the export dialog's report of each export.
import Type from 'typebox';
import { CONSOLE_PREFIX, TextField } from './console';
import { PageQuery } from './envelope';
import { SERVICE_AUDIT_ACTIONS, SERVICE_AUDIT_DETAILS } from './services';

export const AUDIT_CONSOLE_PATHS = {
  auditPage: `${CONSOLE_PREFIX}/audit/page`,
  /** The export dialog reports each export (staff export lists too). */
  exportReport: `${CONSOLE_PREFIX}/audit/export`,
} as const;

export const AuditPageQuery = Type.Object({
  ...PageQuery.properties,
  /** The account's username or name, in part. */
  person: Type.Optional(TextField('人员', 50)),
  action: Type.Optional(TextField('操作', 60)),
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

/** The actions' names in the log and its filter: the platform's own, then each service's (its declaration, services.ts). */
/** The house's own actions (login, accounts, content); each service's are added from its declaration. */
export const BASE_AUDIT_ACTION_LABELS: Record<string, string> = {
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
  'account.contact_taken': '电话或邮箱已被占用',
  'account.contact_limited': '修改电话或邮箱过于频繁',
  'account.created': '创建账号',
  'account.disabled': '停用账号',
  'account.enabled': '启用账号',
  'account.unlocked': '解锁账号',
  'account.password_reset': '重置密码',
  'password.reset_mailed': '发送重置密码邮件',
  'password.reset_limited': '重置密码邮件超出每小时上限（未发送）',
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
  'calendar.day_set': '设置工作日历',
  'calendar.published': '发布工作日历',
  'calendar.withdrawn': '撤回工作日历',
  'upload.image': '上传图片',
  'message.mail_prefs': '设置邮件提醒',
  'file.upload': '上传附件',
  'export.done': '导出或打印',
  'enterprise.create': '新增企业信息',
  'enterprise.update': '修改企业信息',
  'enterprise.delete': '删除企业信息',
  'evaluation.save': '保存政策测算',
};
export const AUDIT_ACTION_LABELS: Record<string, string> = { ...BASE_AUDIT_ACTION_LABELS, ...SERVICE_AUDIT_ACTIONS };
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/**
 * The Chinese names of the keys a service writes in an audit row's detail (and in its `before` and
 * `after`): the log and its export show these, never the field names. Walked by
 * test/services/audit-log.test.ts against every audit() call of the server.
 */
export const BASE_AUDIT_DETAIL_LABELS: Record<string, string> = {
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
  sources: '邮件提醒的消息来源',
  disabled: '停用',
  lockedUntil: '锁定至',
  failedLogins: '登录失败次数',
  mustChangePassword: '须修改密码',
  status: '状态',
  // enterprises and the calculator
  creditCode: '统一社会信用代码',
  enterpriseId: '企业编号',
  evaluationId: '测算编号',
  eligible: '符合的指南数',
  amount: '测算金额（万元）',
  whatIf: '假设条件',
  // dictionaries
  code: '编码',
  label: '名称',
  sort: '排序',
  extra: '附加信息',
  // the working-day calendar
  date: '日期',
  dayType: '日期类型',
  year: '年度',
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
  // workflow steps (lib/workflow.ts)
  step: '办理步骤',
  note: '说明',
  before: '修改前',
  after: '修改后',
};
/** The base's and each service's own (its declaration, services.ts): a service never renames a base key (services.test). */
export const AUDIT_DETAIL_LABELS: Record<string, string> = { ...BASE_AUDIT_DETAIL_LABELS, ...SERVICE_AUDIT_DETAILS };
export const auditDetailLabel = (key: string) => AUDIT_DETAIL_LABELS[key] ?? key;

/** The Chinese words for the codes a detail holds (a login failure's `reason`), by the detail's key. */
export const AUDIT_DETAIL_VALUES: Record<string, Record<string, string>> = {
  reason: { password: '密码错误', disabled: '账号已停用', 'unknown-user': '用户名不存在' },
};
export const auditDetailValue = (key: string | undefined, value: string) => (key && AUDIT_DETAIL_VALUES[key]?.[value]) ?? value;

/** The export dialog reports what left the building (等保: exports are audited). */
export const ExportReportBody = Type.Object({ list: TextField('列表', 60, 1), rows: Type.Integer({ minimum: 0, maximum: 10_000 }) });
export type ExportReportBody = Type.Static<typeof ExportReportBody>;
