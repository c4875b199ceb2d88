// The policy service's console (PRODUCT.md: the staff console): 政策文件, 申报指南 and 政策专题 as staff
// write, publish and withdraw them. The portal's side of the same content is policy.ts.
import Type from 'typebox';
import { TOPIC_COVER_PATTERN } from './constants';
import { CONSOLE_PREFIX, IdField, InstantField, KeywordField, TextField, WhoField } from './console';
import { PageQuery } from './envelope';
import { AmountRule, EligibilityRules } from './policy';

export const POLICY_CONSOLE_PATHS = {
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

  topicPage: `${CONSOLE_PREFIX}/topics/page`,
  topicCreate: `${CONSOLE_PREFIX}/topics`,
  topic: `${CONSOLE_PREFIX}/topics/:id`,
  topicState: `${CONSOLE_PREFIX}/topics/:id/state`,
  topicTimeline: `${CONSOLE_PREFIX}/topics/:id/timeline`,
} as const;

// ---- content states ------------------------------------------------------------------------------

export const CONTENT_STATUS = { draft: '草稿', published: '已发布', withdrawn: '已撤回' } as const;
export type ContentStatus = keyof typeof CONTENT_STATUS;
const Status = Type.Enum(Object.keys(CONTENT_STATUS) as ContentStatus[], { title: '状态' });

/** 草稿 → 已发布 → 已撤回 (and a withdrawn item may be published again). */
export const StateBody = Type.Object({ action: Type.Enum(['publish', 'withdraw'] as const, { title: '操作' }) });
export type StateBody = Type.Static<typeof StateBody>;

/** WhoField made, published and withdrew an item, and when. */
export const Lifecycle = Type.Object({
  status: Status,
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: WhoField,
  updatedAt: Type.String({ format: 'date-time' }),
  updatedBy: WhoField,
  publishedAt: InstantField,
  publishedBy: WhoField,
  withdrawnAt: InstantField,
  withdrawnBy: WhoField,
});
export type Lifecycle = Type.Static<typeof Lifecycle>;

export const ContentPageQuery = Type.Object({
  ...PageQuery.properties,
  keyword: KeywordField,
  status: Type.Optional(Status),
});
export type ContentPageQuery = Type.Static<typeof ContentPageQuery>;

// ---- policies --------------------------------------------------------------------------------------

const DateOnly = (title: string) => Type.String({ title, pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: `${title}格式应为 YYYY-MM-DD` });
const DictCode = (title: string) => Type.String({ title, minLength: 1, maxLength: 40 });
/** Staff HTML: sanitised on save and on show; 400 000 characters leave room for long policy texts. */
const Html = (title: string) => Type.String({ title, maxLength: 400_000 });
const Attachment = Type.Object({ name: TextField('附件名称', 200, 1), url: TextField('附件地址', 1000, 1) });

export const PolicyInput = Type.Object({
  title: TextField('标题', 200, 2),
  docNo: TextField('文号', 100, 1),
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
  policyId: IdField('所属政策'),
  title: TextField('指南名称', 200, 2),
  summary: TextField('摘要', 1000),
  beneficiaries: TextField('申报对象', 2000),
  conditionsText: TextField('申报条件', 4000),
  supportStandard: TextField('支持标准', 4000),
  eligibility: EligibilityRules,
  amountRule: AmountRule,
  supportType: DictCode('扶持方式'),
  mode: DictCode('申报方式'),
  industries: Type.Array(DictCode('行业'), { maxItems: 30 }),
  regions: Type.Array(DictCode('乡镇街道'), { maxItems: 50 }),
  windowStart: Type.String({ title: '申报开始', format: 'date-time' }),
  windowEnd: Type.String({ title: '申报截止', format: 'date-time' }),
  payoutDays: Type.Integer({ title: '兑现天数', minimum: 0, maximum: 3650 }),
  deptName: TextField('受理部门', 100, 1),
  deptAddress: TextField('受理地址', 200, 1),
  deptPhone: TextField('咨询电话', 40, 1),
  materials: Type.Array(TextField('申报材料', 200, 1), { maxItems: 50 }),
  steps: Type.Array(TextField('办理流程', 200, 1), { maxItems: 30 }),
  onlineUrl: Type.Union([Type.String({ title: '在线申报地址', maxLength: 500, pattern: '^https?://', errorMessage: '在线申报地址须以 http:// 或 https:// 开头' }), Type.Null()]),
});
export type GuideInput = Type.Static<typeof GuideInput>;

export const ConsoleGuidePageQuery = Type.Object({ ...ContentPageQuery.properties, policyId: Type.Optional(IdField('所属政策')) });
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
  title: TextField('专题名称', 100, 2),
  summary: TextField('专题简介', 1000),
  /** A colour (#rrggbb) or an uploaded image (UPLOADS_BASE). */
  cover: Type.String({ title: '封面', pattern: TOPIC_COVER_PATTERN, errorMessage: '封面须为颜色（如 #1658d8）或上传的图片' }),
  startsAt: Type.String({ title: '开始时间', format: 'date-time' }),
  endsAt: Type.Union([Type.String({ title: '结束时间', format: 'date-time' }), Type.Null()]),
  sort: Type.Integer({ title: '排序', minimum: 0, maximum: 9999 }),
  /** The members in order (duplicates refused). */
  guideIds: Type.Array(IdField('指南'), { maxItems: 200, uniqueItems: true }),
});
export type TopicInput = Type.Static<typeof TopicInput>;

export const ConsoleTopicRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: InstantField,
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

export const POLICY_CONSOLE_MSG = {
  policyNotFound: '政策文件不存在',
  guideNotFound: '申报指南不存在',
  topicNotFound: '政策专题不存在',
  policyNotPublished: '所属政策文件尚未发布，请先发布政策文件',
  guideIncomplete: (gaps: readonly string[]) => `申报指南内容不完整，不能发布：请填写${gaps.join('、')}`,
  windowOrder: '申报截止时间须晚于开始时间',
  expiryOrder: '失效日期须晚于发布日期',
  topicPeriodOrder: '专题结束时间须晚于开始时间',
} as const;
