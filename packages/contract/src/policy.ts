// 政策超市 and 政策专题 (spec §7, PRODUCT.md services 1–3): paths, schemas, and the guides'
// machine-readable eligibility and amount rules with their description in words.
import Type from 'typebox';
import { MAX_INT } from './constants';
import { PageQuery } from './envelope';

export const POLICY_PATHS = {
  guidePage: '/api/v1/govbecalculator/getpolicyguidepage',
  guideInfo: '/api/v1/govbecalculator/getfullguideinfo/:id',
  topicPage: '/api/v1/govbecalculator/getpolicytopicpage',
  /** Ours: the spec lists topics but no call for one topic's members. */
  topicInfo: '/api/v1/govbecalculator/getpolicytopicinfo/:id',
  appealCategoryPage: '/api/v1/govbecalculator/getappealcatepage',
  statistics: '/api/v1/govbecalculator/dataquantitystatistics',
  dictionary: '/api/v1/dictdata/getsondatalist',
} as const;

export const guideInfoPath = (id: number) => POLICY_PATHS.guideInfo.replace(':id', String(id));
export const topicInfoPath = (id: number) => POLICY_PATHS.topicInfo.replace(':id', String(id));

// ---- dictionaries --------------------------------------------------------------------------------

// The dictionaries' types live in dictionaries.ts (they collect the services' own): only the type is
// needed here, so the portal's pages that read policy.ts load no service's declaration.
export type { DictType } from './dictionaries';

export const DictQuery = Type.Object({
  Dict_Type: Type.String({ title: '字典类型', maxLength: 40 }),
});
export const DictItem = Type.Object({
  code: Type.String(),
  label: Type.String(),
  /** Category extras: the appeal categories' handling limit in working days. */
  extra: Type.Union([Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])), Type.Null()]),
});
export type DictItem = Type.Static<typeof DictItem>;

// ---- eligibility and amount rules ------------------------------------------------------------------

/** The enterprise facts a condition can test (the calculator issue evaluates them). */
export const RULE_FIELDS = {
  staff: { label: '企业员工人数', unit: '人', kind: 'number', yearly: true },
  socialInsurance: { label: '参保职工人数', unit: '人', kind: 'number', yearly: true },
  revenue: { label: '营业收入', unit: '万元', kind: 'number', yearly: true },
  tax: { label: '纳税总额', unit: '万元', kind: 'number', yearly: true },
  rdExpense: { label: '研发费用', unit: '万元', kind: 'number', yearly: true },
  rdRatio: { label: '研发费用占营业收入比例', unit: '%', kind: 'number', yearly: true },
  patents: { label: '有效发明专利', unit: '件', kind: 'number', yearly: false },
  investment: { label: '设备投资额', unit: '万元', kind: 'number', yearly: true },
  foundedYears: { label: '成立年限', unit: '年', kind: 'number', yearly: false },
  registeredCapital: { label: '注册资本', unit: '万元', kind: 'number', yearly: false },
  scale: { label: '企业规模', unit: '', kind: 'dict', dict: 'scale', yearly: false },
  industry: { label: '所属行业', unit: '', kind: 'dict', dict: 'industry', yearly: false },
  region: { label: '所在乡镇（街道）', unit: '', kind: 'dict', dict: 'region', yearly: false },
  qualification: { label: '资质', unit: '', kind: 'dict', dict: 'qualification', yearly: false },
} as const;
export type RuleField = keyof typeof RULE_FIELDS;

const FieldKey = Type.Enum(Object.keys(RULE_FIELDS) as RuleField[], { title: '字段' });
const YEAR = Type.Enum(['last', 'current'] as const, { description: '指标年度：上年度或本年度' });

/** A threshold or an amount (万元, 人, %, 件 …): bounded like every number a request carries. */
const RuleNumber = (title: string) => Type.Number({ title, minimum: 0, maximum: 1_000_000_000 });

export const Condition = Type.Object({
  field: FieldKey,
  /** gte/lte/gt/lt/eq on numbers; in: one of the codes; has: holds the qualification. */
  op: Type.Enum(['gte', 'lte', 'gt', 'lt', 'eq', 'in', 'has'] as const),
  value: Type.Union([RuleNumber('条件值'), Type.String({ maxLength: 40 }), Type.Array(Type.String({ maxLength: 40 }), { maxItems: 30 })]),
  year: Type.Optional(YEAR),
});
export type Condition = Type.Static<typeof Condition>;

/** OR across groups, AND within a group. No groups: every enterprise qualifies. */
/**
 * Who qualifies: any one group (OR) of conditions that all hold (AND). No group admits every
 * enterprise, which staff must choose explicitly (openToAll, shown as 面向所有企业): a guide whose
 * conditions were merely left empty is not published (guidePublishGaps).
 */
export const EligibilityRules = Type.Object({
  groups: Type.Array(Type.Array(Condition, { maxItems: 20 }), { maxItems: 10 }),
  openToAll: Type.Optional(Type.Boolean({ title: '面向所有企业' })),
});
export type EligibilityRules = Type.Static<typeof EligibilityRules>;

export const AmountRule = Type.Union([
  Type.Object({ kind: Type.Literal('fixed'), amount: RuleNumber('支持金额') }),
  Type.Object({ kind: Type.Literal('rate'), base: FieldKey, rate: Type.Number({ title: '支持比例', minimum: 0, maximum: 1 }), cap: Type.Optional(RuleNumber('最高金额')) }),
  Type.Object({ kind: Type.Literal('perUnit'), base: FieldKey, perUnit: RuleNumber('单位金额'), cap: Type.Optional(RuleNumber('最高金额')) }),
  Type.Object({
    kind: Type.Literal('tiered'),
    base: FieldKey,
    tiers: Type.Array(Type.Object({ min: RuleNumber('档位门槛'), amount: RuleNumber('档位金额') }), { minItems: 1, maxItems: 10 }),
  }),
  Type.Object({ kind: Type.Literal('none') }),
]);
export type AmountRule = Type.Static<typeof AmountRule>;

const OP_WORDS = { gte: '≥', lte: '≤', gt: '>', lt: '<', eq: '=' } as const;

/** "上年度研发费用 ≥ 100 万元", "资质：高新技术企业"; labels of codes come from the dictionaries. */
export function describeCondition(c: Condition, labelOf: (dict: string, code: string) => string = (_d, code) => code): string {
  const field = RULE_FIELDS[c.field as RuleField];
  const year = c.year === 'last' ? '上年度' : c.year === 'current' ? '本年度' : '';
  if (field.kind === 'dict') {
    const codes = Array.isArray(c.value) ? c.value : [String(c.value)];
    const labels = codes.map((code) => labelOf(field.dict, code)).join('、');
    return `${field.label}：${labels}`;
  }
  const op = OP_WORDS[c.op as keyof typeof OP_WORDS] ?? c.op;
  return `${year}${field.label} ${op} ${c.value}${field.unit ? ` ${field.unit}` : ''}`;
}

const wan = (n: number) => `${n} 万元`;

export function describeAmountRule(rule: AmountRule): string {
  const base = 'base' in rule ? RULE_FIELDS[rule.base as RuleField] : null;
  switch (rule.kind) {
    case 'fixed':
      return `一次性支持 ${wan(rule.amount)}`;
    case 'rate':
      return `按${base!.label}的 ${+(rule.rate * 100).toFixed(2)}% 给予支持${rule.cap !== undefined ? `，最高 ${wan(rule.cap)}` : ''}`;
    case 'perUnit':
      return `每${base!.unit || '单位'}支持 ${wan(rule.perUnit)}${rule.cap !== undefined ? `，最高 ${wan(rule.cap)}` : ''}`;
    case 'tiered':
      return rule.tiers.map((t) => `${base!.label}达到 ${t.min}${base!.unit} 支持 ${wan(t.amount)}`).join('；');
    case 'none':
      return '非资金类支持';
  }
}

// ---- guides, policies, topics ------------------------------------------------------------------------

export const GUIDE_STATUS = { open: '申报中', upcoming: '即将开始', closed: '已截止' } as const;
export type GuideStatus = keyof typeof GUIDE_STATUS;

const Code = (title: string) => Type.Optional(Type.String({ title, maxLength: 40 }));

export const GuidePageQuery = Type.Object({
  ...PageQuery.properties,
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 50 })),
  level: Code('政策层级'),
  department: Code('发文部门'),
  supportType: Code('扶持方式'),
  mode: Code('申报方式'),
  industry: Code('行业'),
  region: Code('乡镇街道'),
  openNow: Type.Optional(Type.Boolean({ title: '仅看申报中' })),
  sort: Type.Optional(Type.Enum(['date', 'popular'] as const, { title: '排序' })),
});
export type GuidePageQuery = Type.Static<typeof GuidePageQuery>;

export const GuideSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  policyId: Type.Integer(),
  policyTitle: Type.String(),
  docNo: Type.String(),
  level: Type.String(),
  levelLabel: Type.String(),
  department: Type.String(),
  departmentLabel: Type.String(),
  supportType: Type.String(),
  supportTypeLabel: Type.String(),
  mode: Type.String(),
  modeLabel: Type.String(),
  windowStart: Type.String({ format: 'date-time' }),
  windowEnd: Type.String({ format: 'date-time' }),
  status: Type.Enum(['open', 'upcoming', 'closed'] as const),
  amountText: Type.String(),
  viewCount: Type.Integer(),
  publishedAt: Type.String({ format: 'date-time' }),
});
export type GuideSummary = Type.Static<typeof GuideSummary>;

export const GuideDetail = Type.Object({
  ...GuideSummary.properties,
  beneficiaries: Type.String(),
  conditionsText: Type.String(),
  supportStandard: Type.String(),
  /** Each group of conditions in words (OR across groups). */
  conditionGroups: Type.Array(Type.Array(Type.String())),
  eligibility: EligibilityRules,
  amountRule: AmountRule,
  payoutDays: Type.Integer(),
  contact: Type.Object({ department: Type.String(), address: Type.String(), phone: Type.String() }),
  materials: Type.Array(Type.String()),
  steps: Type.Array(Type.String()),
  onlineUrl: Type.Union([Type.String(), Type.Null()]),
  policy: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    docNo: Type.String(),
    departmentLabel: Type.String(),
    levelLabel: Type.String(),
    publishDate: Type.String(),
    expiryDate: Type.Union([Type.String(), Type.Null()]),
    /** Sanitised HTML, read-only. */
    contentHtml: Type.String(),
    interpretationHtml: Type.String(),
    attachments: Type.Array(Type.Object({ name: Type.String(), url: Type.String() })),
  }),
});
export type GuideDetail = Type.Static<typeof GuideDetail>;

export const IdParams = Type.Object({ id: Type.Integer({ title: '编号', minimum: 1, maximum: MAX_INT }) });

export const TopicSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  memberCount: Type.Integer(),
});
export type TopicSummary = Type.Static<typeof TopicSummary>;

export const TopicDetail = Type.Object({
  ...TopicSummary.properties,
  guides: Type.Array(GuideSummary),
});
export type TopicDetail = Type.Static<typeof TopicDetail>;

export const AppealCategory = Type.Object({ code: Type.String(), label: Type.String(), limitDays: Type.Integer() });
export type AppealCategory = Type.Static<typeof AppealCategory>;

export const Statistics = Type.Object({
  policies: Type.Integer(),
  guides: Type.Integer(),
  openGuides: Type.Integer(),
  topics: Type.Integer(),
  enterprises: Type.Integer(),
  views: Type.Integer(),
});
export type Statistics = Type.Static<typeof Statistics>;

// ---- checking rules beyond their shape -----------------------------------------------------------

const NUMBER_OPS = ['gte', 'lte', 'gt', 'lt', 'eq'] as const;
const CODE_OPS = ['in', 'has'] as const;

/**
 * What is wrong with a guide's rules beyond what the schema checks: an unknown field, an operator
 * or value of the wrong type, a year on a field that has none, a code not in the dictionary,
 * tiers out of order. Empty when they are sound. The console's rules form shows the same reasons
 * live; the server refuses a save with the first.
 */
export function ruleProblems(
  eligibility: EligibilityRules,
  amountRule: AmountRule,
  knownCode: (dict: string, code: string) => boolean = () => true,
): string[] {
  const problems: string[] = [];
  if (eligibility.openToAll && eligibility.groups.length > 0) problems.push('面向所有企业时不设条件组');
  eligibility.groups.forEach((group, g) => {
    if (group.length === 0) problems.push(`条件组 ${g + 1} 没有条件`);
    group.forEach((c, i) => {
      const where = `条件组 ${g + 1} 第 ${i + 1} 项`;
      const field = RULE_FIELDS[c.field as RuleField] as (typeof RULE_FIELDS)[RuleField] | undefined;
      if (!field) return problems.push(`${where}：未知字段「${String(c.field)}」`);
      if (field.kind === 'number') {
        if (!(NUMBER_OPS as readonly string[]).includes(c.op)) problems.push(`${where}：「${field.label}」是数值，只能用 ≥、≤、>、<、=`);
        if (typeof c.value !== 'number' || !Number.isFinite(c.value)) problems.push(`${where}：「${field.label}」的值应为数字`);
        if (c.year && !field.yearly) problems.push(`${where}：「${field.label}」不分年度`);
      } else {
        if (!(CODE_OPS as readonly string[]).includes(c.op)) problems.push(`${where}：「${field.label}」是字典项，只能用「属于」或「具有」`);
        if (c.op === 'has' && c.field !== 'qualification') problems.push(`${where}：「具有」只用于资质`);
        const codes = Array.isArray(c.value) ? c.value : typeof c.value === 'string' ? [c.value] : null;
        if (!codes || codes.length === 0) problems.push(`${where}：请选择「${field.label}」的取值`);
        else for (const code of codes) if (!knownCode(field.dict, code)) problems.push(`${where}：「${code}」不在「${field.label}」字典中`);
        if (c.year) problems.push(`${where}：「${field.label}」不分年度`);
      }
    });
  });
  if ('base' in amountRule) {
    const base = RULE_FIELDS[amountRule.base as RuleField] as (typeof RULE_FIELDS)[RuleField] | undefined;
    if (!base) problems.push(`金额规则：未知字段「${String(amountRule.base)}」`);
    else if (base.kind !== 'number') problems.push(`金额规则：计算基数「${base.label}」不是数值`);
  }
  if (amountRule.kind === 'tiered') {
    for (let i = 1; i < amountRule.tiers.length; i++) {
      if (amountRule.tiers[i]!.min <= amountRule.tiers[i - 1]!.min) problems.push(`金额规则：第 ${i + 1} 档的门槛须高于第 ${i} 档`);
    }
  }
  return problems;
}
