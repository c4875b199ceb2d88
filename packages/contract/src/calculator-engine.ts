// 政策计算器's rule engine: one enterprise's facts against guides' eligibility and amount rules
// (docs/calculator.md). Pure and synchronous, so the server (results, snapshots, the reverse list)
// and the browser (what-if, without a round trip) run the very same code.
import { RULE_FIELDS, type AmountRule, type Condition, type EligibilityRules, type RuleField } from './policy';

/** The indicators kept per year (研发费用占比 is derived from 研发费用 and 营业收入). */
export const YEARLY_FIELDS = ['revenue', 'tax', 'rdExpense', 'staff', 'socialInsurance', 'investment'] as const;
export type YearlyField = (typeof YEARLY_FIELDS)[number];
export type YearIndicators = { year: number } & { [K in YearlyField]?: number | null };

/** What the engine knows of an enterprise: the profile's facts, without name or contacts. */
export interface EnterpriseFacts {
  foundedOn?: string | null; // YYYY-MM-DD
  registeredCapital?: number | null;
  patents?: number | null;
  industry?: string | null;
  scale?: string | null;
  region?: string | null;
  qualifications: { code: string; validUntil?: string | null }[];
  indicators: YearIndicators[];
}

/** A guide as the engine sees it; `version` names the rules used (saved with a snapshot). */
export interface RuleGuide {
  id: number;
  title: string;
  supportType: string;
  mode: string;
  windowStart: string;
  windowEnd: string;
  eligibility: EligibilityRules;
  amountRule: AmountRule;
  version: string;
}

export type ConditionStatus = 'met' | 'unmet' | 'missing';
export type GuideVerdict = 'eligible' | 'missing' | 'ineligible';
export const VERDICT_LABELS: Record<GuideVerdict, string> = { eligible: '符合', missing: '缺少数据', ineligible: '不符合' };
/** The mode whose guides need no application (免申即享). */
export const AUTO_MODE = 'auto';

export interface ConditionResult {
  field: RuleField;
  status: ConditionStatus;
  /** "上年度研发费用占营业收入比例 需 ≥ 3%，当前 2.4%". */
  text: string;
  /** The indicator year used, for yearly fields. */
  year?: number;
}

export interface GuideResult {
  guideId: number;
  verdict: GuideVerdict;
  /** Each group of conditions (OR across groups), evaluated. */
  groups: ConditionResult[][];
  /** Estimated support in 万元: null when the amount rule's base is missing. */
  amount: number | null;
  amountText: string;
  /** Not eligible, but one group misses by exactly this one condition (差一项), one the enterprise can change (not its industry or town). */
  nearMiss: ConditionResult | null;
  /** 免申即享 and already eligible: nothing to apply for. */
  noApplication: boolean;
  window: 'open' | 'upcoming' | 'closed';
}

export interface EvaluationTotals {
  guides: number;
  eligible: number;
  missing: number;
  ineligible: number;
  nearMiss: number;
  noApplication: number;
  /** Sum of the eligible guides' estimated amounts (万元). */
  amount: number;
  bySupportType: { supportType: string; guides: number; amount: number }[];
}

export interface Evaluation {
  /** The date the evaluation speaks of: 上年度 is the year before it. */
  asOf: string;
  results: GuideResult[];
  totals: EvaluationTotals;
}

export type LabelOf = (dict: string, code: string) => string;

const round2 = (n: number) => Math.round(n * 100) / 100;
const withUnit = (n: number, unit: string) => `${round2(n)}${unit === '%' || unit === '' ? unit : ` ${unit}`}`;
const OP_SIGNS = { gte: '≥', lte: '≤', gt: '>', lt: '<', eq: '=' } as const;

/** The year a yearly condition reads: 上年度 is the year before the evaluation's, 本年度 its own. */
export const yearOf = (asOf: string, which: 'last' | 'current' | undefined) => Number(asOf.slice(0, 4)) - (which === 'current' ? 0 : 1);

function yearlyValue(facts: EnterpriseFacts, field: RuleField, year: number): number | null {
  const row = facts.indicators.find((r) => r.year === year);
  if (!row) return null;
  if (field === 'rdRatio') {
    const { rdExpense, revenue } = row;
    // Rounded far below what is shown, so 57 / 100 is 57% and not 56.99999999999999% (which would miss ≥ 57).
    return rdExpense == null || revenue == null || revenue <= 0 ? null : Math.round((rdExpense / revenue) * 100 * 1e6) / 1e6;
  }
  const v = row[field as YearlyField];
  return v == null ? null : v;
}

/** Whole years from the founding date to the evaluation date. */
export function foundedYears(foundedOn: string, asOf: string): number {
  const [fy, fm, fd] = foundedOn.split('-').map(Number) as [number, number, number];
  const [ay, am, ad] = asOf.split('-').map(Number) as [number, number, number];
  return ay - fy - (am < fm || (am === fm && ad < fd) ? 1 : 0);
}

/** A number field's value for the enterprise at asOf, or null when it is not known. */
export function factNumber(facts: EnterpriseFacts, field: RuleField, asOf: string, which?: 'last' | 'current'): number | null {
  const spec = RULE_FIELDS[field];
  if (spec.yearly) return yearlyValue(facts, field, yearOf(asOf, which));
  switch (field) {
    case 'patents':
      return facts.patents ?? null;
    case 'registeredCapital':
      return facts.registeredCapital ?? null;
    case 'foundedYears':
      return facts.foundedOn ? foundedYears(facts.foundedOn, asOf) : null;
    default:
      return null;
  }
}

const isValidOn = (q: { validUntil?: string | null }, asOf: string) => !q.validUntil || q.validUntil >= asOf;

function compare(op: Condition['op'], have: number, need: number): boolean {
  switch (op) {
    case 'gte':
      return have >= need;
    case 'lte':
      return have <= need;
    case 'gt':
      return have > need;
    case 'lt':
      return have < need;
    default:
      return have === need;
  }
}

export function evaluateCondition(c: Condition, facts: EnterpriseFacts, asOf: string, labelOf: LabelOf): ConditionResult {
  return { field: c.field as RuleField, ...conditionStatus(c, facts, asOf, labelOf) };
}

function conditionStatus(c: Condition, facts: EnterpriseFacts, asOf: string, labelOf: LabelOf): Omit<ConditionResult, 'field'> {
  const field = RULE_FIELDS[c.field as RuleField];
  if (field.kind === 'number') {
    const year = field.yearly ? yearOf(asOf, c.year) : undefined;
    const yearWord = !field.yearly ? '' : c.year === 'current' ? '本年度' : '上年度';
    const need = `${yearWord}${field.label} 需 ${OP_SIGNS[c.op as keyof typeof OP_SIGNS] ?? c.op} ${withUnit(Number(c.value), field.unit)}`;
    const have = factNumber(facts, c.field as RuleField, asOf, c.year);
    if (have === null) return { status: 'missing', text: `${need}，缺少${year ? `${year}年度` : ''}数据`, year };
    return { status: compare(c.op, have, Number(c.value)) ? 'met' : 'unmet', text: `${need}，当前 ${withUnit(have, field.unit)}`, year };
  }
  const codes = Array.isArray(c.value) ? c.value : [String(c.value)];
  const needLabels = codes.map((code) => labelOf(field.dict, code)).join('、');
  if (c.field === 'qualification') {
    const held = facts.qualifications.filter((q) => codes.includes(q.code));
    const valid = held.filter((q) => isValidOn(q, asOf));
    const need = `需具有资质 ${needLabels}`;
    if (valid.length) return { status: 'met', text: `${need}，已具有 ${valid.map((q) => labelOf(field.dict, q.code)).join('、')}` };
    const expired = held.map((q) => `${labelOf(field.dict, q.code)}（已于 ${q.validUntil} 到期）`).join('、');
    return { status: 'unmet', text: `${need}，当前${expired ? ` ${expired}` : '未具有'}` };
  }
  const need = `${field.label} 需为 ${needLabels}`;
  const have = facts[c.field as 'industry' | 'scale' | 'region'];
  if (!have) return { status: 'missing', text: `${need}，缺少数据` };
  return { status: codes.includes(have) ? 'met' : 'unmet', text: `${need}，当前 ${labelOf(field.dict, have)}` };
}

/** The estimated amount (万元) and how it was reached; yearly bases read 上年度. */
export function estimateAmount(rule: AmountRule, facts: EnterpriseFacts, asOf: string): { amount: number | null; text: string } {
  if (rule.kind === 'none') return { amount: 0, text: '非资金类支持' };
  // Every amount to the 元 shown (0.01 万元), so a total is the sum of the amounts the user reads.
  if (rule.kind === 'fixed') return { amount: round2(rule.amount), text: `一次性支持 ${withUnit(rule.amount, '万元')}` };
  const field = RULE_FIELDS[rule.base as RuleField];
  const base = factNumber(facts, rule.base as RuleField, asOf, 'last');
  const baseWord = `${field.yearly ? '上年度' : ''}${field.label}`;
  if (base === null) return { amount: null, text: `缺少${baseWord}，无法估算` };
  const baseText = `${baseWord} ${withUnit(base, field.unit)}`;
  if (rule.kind === 'tiered') {
    const tier = [...rule.tiers].reverse().find((t) => base >= t.min);
    return tier
      ? { amount: round2(tier.amount), text: `${baseText}，达到 ${withUnit(tier.min, field.unit)} 档，支持 ${withUnit(tier.amount, '万元')}` }
      : { amount: 0, text: `${baseText}，未达到最低档 ${withUnit(rule.tiers[0]!.min, field.unit)}` };
  }
  const raw = rule.kind === 'rate' ? base * rule.rate : base * rule.perUnit;
  const capped = rule.cap !== undefined && raw > rule.cap;
  const amount = round2(capped ? rule.cap! : raw);
  const how = rule.kind === 'rate' ? `× ${round2(rule.rate * 100)}%` : `× ${withUnit(rule.perUnit, '万元')}`;
  return { amount, text: `${baseText} ${how} = ${withUnit(round2(raw), '万元')}${capped ? `，按上限 ${withUnit(rule.cap!, '万元')}` : ''}` };
}

export function windowOf(guide: Pick<RuleGuide, 'windowStart' | 'windowEnd'>, at: Date): GuideResult['window'] {
  const t = at.getTime();
  if (t < Date.parse(guide.windowStart)) return 'upcoming';
  return t < Date.parse(guide.windowEnd) ? 'open' : 'closed';
}

/** What an enterprise cannot change to qualify: a guide for another industry or town is no 差一项. */
const FIXED_FIELDS: readonly RuleField[] = ['industry', 'region'];

export function evaluateGuide(guide: RuleGuide, facts: EnterpriseFacts, at: Date, labelOf: LabelOf): GuideResult {
  const asOf = dateOf(at);
  const groups = guide.eligibility.groups.map((group) => group.map((c) => evaluateCondition(c, facts, asOf, labelOf)));
  const statusOf = (g: ConditionResult[]): ConditionStatus =>
    g.some((c) => c.status === 'unmet') ? 'unmet' : g.some((c) => c.status === 'missing') ? 'missing' : 'met';
  const statuses = groups.map(statusOf);
  const verdict: GuideVerdict =
    groups.length === 0 || statuses.includes('met') ? 'eligible' : statuses.includes('missing') ? 'missing' : 'ineligible';
  let nearMiss: ConditionResult | null = null;
  if (verdict === 'ineligible') {
    for (const g of groups) {
      const notMet = g.filter((c) => c.status !== 'met');
      if (notMet.length === 1 && notMet[0]!.status === 'unmet' && !FIXED_FIELDS.includes(notMet[0]!.field)) {
        nearMiss = notMet[0]!;
        break;
      }
    }
  }
  const { amount, text } = estimateAmount(guide.amountRule, facts, asOf);
  return {
    guideId: guide.id,
    verdict,
    groups,
    amount,
    amountText: text,
    nearMiss,
    noApplication: verdict === 'eligible' && guide.mode === AUTO_MODE,
    window: windowOf(guide, at),
  };
}

/** The calendar date (China time, UTC+8) of an instant: the bureau's day, whatever the machine's zone. */
export function dateOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

export function totalsOf(guides: readonly RuleGuide[], results: readonly GuideResult[]): EvaluationTotals {
  const byType = new Map<string, { supportType: string; guides: number; amount: number }>();
  const totals: EvaluationTotals = { guides: results.length, eligible: 0, missing: 0, ineligible: 0, nearMiss: 0, noApplication: 0, amount: 0, bySupportType: [] };
  results.forEach((r, i) => {
    totals[r.verdict]++;
    if (r.nearMiss) totals.nearMiss++;
    if (r.noApplication) totals.noApplication++;
    if (r.verdict !== 'eligible') return;
    const type = guides[i]!.supportType;
    const entry = byType.get(type) ?? { supportType: type, guides: 0, amount: 0 };
    entry.guides++;
    entry.amount = round2(entry.amount + (r.amount ?? 0));
    byType.set(type, entry);
    totals.amount = round2(totals.amount + (r.amount ?? 0));
  });
  totals.bySupportType = [...byType.values()].sort((a, b) => b.amount - a.amount || a.supportType.localeCompare(b.supportType));
  return totals;
}

/** One enterprise against the given guides, in their order. */
export function evaluate(facts: EnterpriseFacts, guides: readonly RuleGuide[], at: Date, labelOf: LabelOf): Evaluation {
  const results = guides.map((g) => evaluateGuide(g, facts, at, labelOf));
  return { asOf: dateOf(at), results, totals: totalsOf(guides, results) };
}
