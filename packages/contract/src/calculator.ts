// 政策计算器 (spec §7, PRODUCT.md service 3): enterprise profiles, evaluations and their snapshots,
// and the bureau's reverse list. The engine itself is `calculator-engine.ts`.
import Type from 'typebox';
import type { Assessments, EnterpriseFacts, GuideResult, RuleGuide } from './calculator-engine';
import type { YEARLY_FIELDS } from './calculator-engine';
import { MAX_INT } from './constants';
import { Page, PageQuery, type PageOf } from './envelope';
import { OWN_MSG } from './messages';
import { AmountRule, EligibilityRules, RULE_FIELDS } from './policy';
import { CREDIT_CODE_PATTERN, PHONE_PATTERN } from './validation';

export const CALCULATOR_PATHS = {
  saveEnterprise: '/api/v1/enterbecalculator/saveenterprise',
  allEnterprises: '/api/v1/enterbecalculator/getallenterprise',
  accountInfo: '/api/v1/enterbecalculator/accountinfo',
  enterprisePage: '/api/v1/govbecalculator/getenterinfopage',
  deleteEnterprise: '/api/v1/govbecalculator/deleteenterinfo/:id',
  /** Ours: one enterprise's whole profile (the spec's pages list summaries). */
  enterpriseInfo: '/api/v1/enterbecalculator/getenterinfo/:id',
  /** Ours: one page of the evaluation, in words, with the totals. */
  evaluate: '/api/v1/enterbecalculator/evaluate',
  /** Ours: the rules of every guide not yet closed, for the browser's engine (results and what-if). */
  rulebook: '/api/v1/enterbecalculator/getrulebook',
  saveEvaluation: '/api/v1/enterbecalculator/saveevaluate',
  /** Ours: past snapshots and one snapshot. */
  evaluationPage: '/api/v1/enterbecalculator/getevaluatepage',
  evaluationInfo: '/api/v1/enterbecalculator/getevaluateinfo/:id',
  /** Ours: one guide against each of the account's enterprises (the guide's drawer). */
  checkGuide: '/api/v1/enterbecalculator/checkguide',
} as const;
export const withId = (path: string, id: number) => path.replace(':id', String(id));

export const CALC_MSG = {
  creditCodeClaimed: '该统一社会信用代码已由其他账号登记，如有疑问请联系工信局',
  creditCodeYours: '该统一社会信用代码已在本账号下登记',
  foundedInFuture: '成立日期不能晚于今天',
  yearOutOfRange: '指标年度只能是近三年或本年度',
  yearRepeated: '同一年度的指标只能填写一次',
  qualificationRepeated: '同一资质只能填写一次',
  socialInsuranceOverStaff: '参保职工人数不能多于企业员工人数',
  enterpriseNotFound: '企业不存在或已删除',
  evaluationNotFound: '测算记录不存在',
  guideNotFound: '申报指南不存在',
} as const;

// ---- the profile -----------------------------------------------------------------------------------

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const DateString = (title: string) => Type.String({ title, pattern: DATE_PATTERN, errorMessage: `${title}格式应为 YYYY-MM-DD` });
const Code = (title: string) => Type.String({ title, minLength: 1, maxLength: 40 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
/**
 * A number a client may leave empty (null: 缺少数据). One `type: [number, null]` rather than a union:
 * the server's validator coerces types, and in `anyOf` it would turn null into 0 (or 0 into null).
 */
const OptionalNumber = (integer: boolean, opts: { title: string; minimum: number; maximum: number; errorMessage: string }) =>
  Type.Optional(Type.Unsafe<number | null>({ type: [integer ? 'integer' : 'number', 'null'], ...opts }));

/** Each indicator's bounds and unit, as the form states them. Amounts in 万元. */
export const INDICATOR_BOUNDS = {
  revenue: { label: RULE_FIELDS.revenue.label, unit: '万元', max: 100_000_000, integer: false },
  tax: { label: RULE_FIELDS.tax.label, unit: '万元', max: 10_000_000, integer: false },
  rdExpense: { label: RULE_FIELDS.rdExpense.label, unit: '万元', max: 10_000_000, integer: false },
  staff: { label: RULE_FIELDS.staff.label, unit: '人', max: 1_000_000, integer: true },
  socialInsurance: { label: RULE_FIELDS.socialInsurance.label, unit: '人', max: 1_000_000, integer: true },
  investment: { label: RULE_FIELDS.investment.label, unit: '万元', max: 10_000_000, integer: false },
} as const satisfies Record<(typeof YEARLY_FIELDS)[number], unknown>;
export const CAPITAL_MAX = 100_000_000;
export const PATENTS_MAX = 1_000_000;

const indicatorSchema = (k: keyof typeof INDICATOR_BOUNDS) => {
  const b = INDICATOR_BOUNDS[k];
  return OptionalNumber(b.integer, { title: `${b.label}（${b.unit}）`, minimum: 0, maximum: b.max, errorMessage: `${b.label}应在 0 到 ${b.max} ${b.unit}之间` });
};

export const YearIndicatorsSchema = Type.Object({
  year: Type.Integer({ title: '指标年度', minimum: 2000, maximum: 2100 }),
  revenue: indicatorSchema('revenue'),
  tax: indicatorSchema('tax'),
  rdExpense: indicatorSchema('rdExpense'),
  staff: indicatorSchema('staff'),
  socialInsurance: indicatorSchema('socialInsurance'),
  investment: indicatorSchema('investment'),
});

export const QualificationHeld = Type.Object({
  code: Code('资质'),
  /** null: no expiry. An expired qualification no longer counts. */
  validUntil: Type.Optional(Nullable(DateString('资质有效期'))),
});

/** The facts the engine reads, as a client sends them (what-if sends them too). */
export const FactsSchema = Type.Object({
  foundedOn: Type.Optional(Nullable(DateString('成立日期'))),
  registeredCapital: OptionalNumber(false, { title: '注册资本（万元）', minimum: 0, maximum: CAPITAL_MAX, errorMessage: `注册资本应在 0 到 ${CAPITAL_MAX} 万元之间` }),
  patents: OptionalNumber(true, { title: '有效发明专利（件）', minimum: 0, maximum: PATENTS_MAX, errorMessage: `有效发明专利应在 0 到 ${PATENTS_MAX} 件之间` }),
  industry: Type.Optional(Nullable(Code('所属行业'))),
  scale: Type.Optional(Nullable(Code('企业规模'))),
  region: Type.Optional(Nullable(Code('所在乡镇（街道）'))),
  qualifications: Type.Array(QualificationHeld, { maxItems: 20 }),
  indicators: Type.Array(YearIndicatorsSchema, { maxItems: 4 }),
});

export const EnterpriseBody = Type.Object({
  /** Absent: a new enterprise for this account; present: one of its own to update. */
  id: Type.Optional(Type.Integer({ title: '企业编号', minimum: 1, maximum: MAX_INT })),
  name: Type.String({ title: '企业名称', minLength: 2, maxLength: 100, errorMessage: OWN_MSG.enterpriseNameRule }),
  creditCode: Type.String({ title: '统一社会信用代码', pattern: CREDIT_CODE_PATTERN, errorMessage: OWN_MSG.creditCodeInvalid }),
  legalPerson: Type.String({ title: '法定代表人', minLength: 1, maxLength: 30, errorMessage: '请填写法定代表人（30 字以内）' }),
  nature: Type.Optional(Nullable(Code('企业性质'))),
  contactPhone: Type.Optional(Nullable(Type.String({ title: '联系电话', pattern: PHONE_PATTERN, errorMessage: '联系电话应为 11 位手机号' }))),
  ...FactsSchema.properties,
  foundedOn: DateString('成立日期'),
  industry: Code('所属行业'),
  scale: Code('企业规模'),
  region: Code('所在乡镇（街道）'),
});
export type EnterpriseBody = Type.Static<typeof EnterpriseBody>;

export const Enterprise = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  creditCode: Type.String(),
  legalPerson: Nullable(Type.String()),
  nature: Nullable(Type.String()),
  contactPhone: Nullable(Type.String()),
  foundedOn: Nullable(Type.String()),
  registeredCapital: Nullable(Type.Number()),
  patents: Nullable(Type.Integer()),
  industry: Nullable(Type.String()),
  scale: Nullable(Type.String()),
  region: Nullable(Type.String()),
  qualifications: Type.Array(Type.Object({ code: Type.String(), validUntil: Nullable(Type.String()) })),
  indicators: Type.Array(YearIndicatorsSchema),
  /** False while basic facts are missing (an enterprise made at registration). */
  complete: Type.Boolean(),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Enterprise = Type.Static<typeof Enterprise>;

export const EnterpriseSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  creditCode: Type.String(),
  industry: Nullable(Type.String()),
  scale: Nullable(Type.String()),
  complete: Type.Boolean(),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type EnterpriseSummary = Type.Static<typeof EnterpriseSummary>;

export const EnterprisePageQuery = Type.Object({
  ...PageQuery.properties,
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 50 })),
});

export const AccountCalculatorInfo = Type.Object({
  name: Type.String(),
  enterprises: Type.Array(
    Type.Object({
      ...EnterpriseSummary.properties,
      /** The latest saved evaluation of this enterprise, if any. */
      lastEvaluation: Nullable(Type.Object({ id: Type.Integer(), at: Type.String(), eligible: Type.Integer(), amount: Type.Number() })),
    }),
  ),
  /** Open guides published since this account's last saved evaluation (all open ones when none). */
  newGuides: Type.Integer(),
  evaluations: Type.Integer(),
});
export type AccountCalculatorInfo = Type.Static<typeof AccountCalculatorInfo>;

/** The national 中小企业划型标准 (工信部联企业〔2011〕300号) by GB/T 4754 section. Thresholds: 人, 万元. */
type Thresholds = { staff?: number; revenue?: number };
const SCALE_STANDARDS: Record<string, { basis: string; large: Thresholds; medium: Thresholds; small: Thresholds }> = {
  A: { basis: '农、林、牧、渔业：营业收入', large: { revenue: 20000 }, medium: { revenue: 500 }, small: { revenue: 50 } },
  industry: { basis: '工业：从业人员和营业收入', large: { staff: 1000, revenue: 40000 }, medium: { staff: 300, revenue: 2000 }, small: { staff: 20, revenue: 300 } },
  E: { basis: '建筑业：营业收入（未计资产总额）', large: { revenue: 80000 }, medium: { revenue: 6000 }, small: { revenue: 300 } },
  F: { basis: '零售业：从业人员和营业收入', large: { staff: 300, revenue: 20000 }, medium: { staff: 50, revenue: 500 }, small: { staff: 10, revenue: 100 } },
  G: { basis: '交通运输业：从业人员和营业收入', large: { staff: 1000, revenue: 30000 }, medium: { staff: 300, revenue: 3000 }, small: { staff: 20, revenue: 200 } },
  H: { basis: '住宿和餐饮业：从业人员和营业收入', large: { staff: 300, revenue: 10000 }, medium: { staff: 100, revenue: 2000 }, small: { staff: 10, revenue: 100 } },
  I: { basis: '软件和信息技术服务业：从业人员和营业收入', large: { staff: 300, revenue: 10000 }, medium: { staff: 100, revenue: 1000 }, small: { staff: 10, revenue: 50 } },
  K: { basis: '房地产开发经营：营业收入（未计资产总额）', large: { revenue: 200000 }, medium: { revenue: 1000 }, small: { revenue: 100 } },
  other: { basis: '其他未列明行业：从业人员', large: { staff: 300 }, medium: { staff: 100 }, small: { staff: 10 } },
};

/**
 * The scale an enterprise's staff and revenue suggest for its industry; the user confirms it.
 * A size is reached when every threshold of that size is (大 → 中 → 小, otherwise 微).
 */
export function suggestScale(industry: string, staff: number | null | undefined, revenue: number | null | undefined): { scale: string; basis: string } | null {
  const key = ['B', 'C', 'D'].includes(industry) ? 'industry' : industry;
  const std = Object.hasOwn(SCALE_STANDARDS, key) ? SCALE_STANDARDS[key]! : SCALE_STANDARDS.other!;
  const needs = [std.large, std.medium, std.small].flatMap((t) => Object.keys(t));
  if ((needs.includes('staff') && staff == null) || (needs.includes('revenue') && revenue == null)) return null;
  const reaches = (t: Thresholds) => (t.staff === undefined || staff! >= t.staff) && (t.revenue === undefined || revenue! >= t.revenue);
  const scale = reaches(std.large) ? 'large' : reaches(std.medium) ? 'medium' : reaches(std.small) ? 'small' : 'micro';
  return { scale, basis: `依据《中小企业划型标准规定》${std.basis}` };
}

/** The profile's part the engine reads. */
export const factsOf = (e: Pick<Enterprise, keyof EnterpriseFacts>): EnterpriseFacts => ({
  foundedOn: e.foundedOn,
  registeredCapital: e.registeredCapital,
  patents: e.patents,
  industry: e.industry,
  scale: e.scale,
  region: e.region,
  qualifications: e.qualifications,
  indicators: e.indicators,
});

// ---- evaluating ------------------------------------------------------------------------------------

export const EvaluateBody = Type.Object({
  enterpriseId: Type.Integer({ title: '企业编号', minimum: 1, maximum: MAX_INT }),
  /** Also the guides whose window has not opened yet. */
  includeUpcoming: Type.Optional(Type.Boolean({ title: '包含即将开始的指南' })),
  /** What-if: facts to use instead of the profile's (not saved to the profile). */
  facts: Type.Optional(FactsSchema),
});
export type EvaluateBody = Type.Static<typeof EvaluateBody>;

/** `evaluate` answers one page of results, most valuable first, filtered like the page's list. */
export const EvaluatePageBody = Type.Object({
  ...EvaluateBody.properties,
  ...PageQuery.properties,
  verdict: Type.Optional(Type.Enum(['eligible', 'missing', 'ineligible', 'nearMiss'] as const, { title: '测算结果' })),
  supportType: Type.Optional(Type.String({ title: '扶持方式', maxLength: 40 })),
  mode: Type.Optional(Type.String({ title: '申报方式', maxLength: 40 })),
  keyword: Type.Optional(Type.String({ title: '指南名称', maxLength: 50 })),
});
export type EvaluatePageBody = Type.Static<typeof EvaluatePageBody>;

export const RuleGuideSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  supportType: Type.String(),
  mode: Type.String(),
  windowStart: Type.String(),
  windowEnd: Type.String(),
  eligibility: EligibilityRules,
  amountRule: AmountRule,
  version: Type.String(),
});

const ConditionResultSchema = Type.Object({
  field: Type.Enum(Object.keys(RULE_FIELDS) as (keyof typeof RULE_FIELDS)[]),
  status: Type.Enum(['met', 'unmet', 'missing'] as const),
  text: Type.String(),
  year: Type.Optional(Type.Integer()),
});
export const GuideResultSchema = Type.Object({
  guideId: Type.Integer(),
  verdict: Type.Enum(['eligible', 'missing', 'ineligible'] as const),
  groups: Type.Array(Type.Array(ConditionResultSchema)),
  amount: Nullable(Type.Number()),
  amountText: Type.String(),
  nearMiss: Nullable(ConditionResultSchema),
  noApplication: Type.Boolean(),
  window: Type.Enum(['open', 'upcoming', 'closed'] as const),
});
const TotalsSchema = Type.Object({
  guides: Type.Integer(),
  eligible: Type.Integer(),
  missing: Type.Integer(),
  ineligible: Type.Integer(),
  nearMiss: Type.Integer(),
  noApplication: Type.Integer(),
  amount: Type.Number(),
  bySupportType: Type.Array(Type.Object({ supportType: Type.String(), guides: Type.Integer(), amount: Type.Number() })),
});
const AssessmentSchema = Type.Object({
  guideId: Type.Integer(),
  verdict: Type.Enum(['eligible', 'missing', 'ineligible'] as const),
  amount: Nullable(Type.Number()),
  nearMiss: Type.Boolean(),
  noApplication: Type.Boolean(),
  window: Type.Enum(['open', 'upcoming', 'closed'] as const),
});
/** Every guide's verdict and amount without words (a snapshot keeps these). */
export const AssessmentsSchema = Type.Object({ asOf: Type.String(), results: Type.Array(AssessmentSchema), totals: TotalsSchema });

/** The answer of `evaluate`: the totals over every guide and one page of results in words. */
export const EvaluateResponse = Type.Object({
  enterprise: Type.Object({ id: Type.Integer(), name: Type.String(), creditCode: Type.String() }),
  evaluatedAt: Type.String({ format: 'date-time' }),
  asOf: Type.String(),
  facts: FactsSchema,
  totals: TotalsSchema,
  page: Page(Type.Object({ ...GuideResultSchema.properties, title: Type.String(), supportType: Type.String(), mode: Type.String() })),
});
export type EvaluateResponse = Omit<Type.Static<typeof EvaluateResponse>, 'facts' | 'page'> & {
  facts: EnterpriseFacts;
  page: PageOf<GuideResult & { title: string; supportType: string; mode: string }>;
};

/** One guide against the account's enterprises (all of them, or the one named). */
export const CheckGuideBody = Type.Object({
  guideId: Type.Integer({ title: '申报指南编号', minimum: 1, maximum: MAX_INT }),
  enterpriseId: Type.Optional(Type.Integer({ title: '企业编号', minimum: 1, maximum: MAX_INT })),
});
export type CheckGuideBody = Type.Static<typeof CheckGuideBody>;

export const GuideCheck = Type.Object({
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  /** False while basic facts are missing: the verdict may then be 缺少数据. */
  complete: Type.Boolean(),
  verdict: Type.Enum(['eligible', 'missing', 'ineligible'] as const),
  /** 差一项: the one condition to change. */
  nearMiss: Nullable(ConditionResultSchema),
  /** Why not (不符合) or what is missing (缺少数据), in words: the closest group's conditions not met. */
  reasons: Type.Array(Type.String()),
  amount: Nullable(Type.Number()),
  amountText: Type.String(),
  noApplication: Type.Boolean(),
});
export type GuideCheck = Type.Static<typeof GuideCheck>;
export const CheckGuideResponse = Type.Object({ guideId: Type.Integer(), asOf: Type.String(), list: Type.Array(GuideCheck) });
export type CheckGuideResponse = Type.Static<typeof CheckGuideResponse>;

/** The answer of `getrulebook`: the rules of every guide not yet closed (the browser decides which are open now). */
export const RulebookResponse = Type.Object({ guides: Type.Array(RuleGuideSchema) });
export type RulebookResponse = { guides: RuleGuide[] };


export const EvaluationChanges = Type.Object({
  gained: Type.Array(Type.Object({ guideId: Type.Integer(), title: Type.String() })),
  lost: Type.Array(Type.Object({ guideId: Type.Integer(), title: Type.String() })),
  amounts: Type.Array(Type.Object({ guideId: Type.Integer(), title: Type.String(), before: Nullable(Type.Number()), after: Nullable(Type.Number()) })),
  /** Null for an enterprise's first snapshot. */
  previousId: Nullable(Type.Integer()),
});
export type EvaluationChanges = Type.Static<typeof EvaluationChanges>;

export const EvaluationSummary = Type.Object({
  id: Type.Integer(),
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  evaluatedAt: Type.String({ format: 'date-time' }),
  /** Saved with what-if facts rather than the profile's. */
  whatIf: Type.Boolean(),
  guides: Type.Integer(),
  eligible: Type.Integer(),
  amount: Type.Number(),
  changes: EvaluationChanges,
});
export type EvaluationSummary = Type.Static<typeof EvaluationSummary>;

/** A saved snapshot: inputs, results and the rules' versions, as they were. */
export const EvaluationSnapshot = Type.Object({
  ...EvaluationSummary.properties,
  facts: FactsSchema,
  guides: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), supportType: Type.String(), mode: Type.String(), version: Type.String() })),
  evaluation: AssessmentsSchema,
});
export type EvaluationSnapshot = Type.Static<typeof EvaluationSnapshot> & { facts: EnterpriseFacts; evaluation: Assessments };

export const EvaluationPageQuery = Type.Object({
  ...PageQuery.properties,
  enterpriseId: Type.Optional(Type.Integer({ title: '企业编号', minimum: 1, maximum: MAX_INT })),
});

export const REPORT_DISCLAIMER = '测算结果仅供参考，以实际审核为准';
