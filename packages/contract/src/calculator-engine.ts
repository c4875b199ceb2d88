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

/** Whole years from the founding date to the evaluation date (YYYY-MM-DD strings compare as dates). */
export function foundedYears(foundedOn: string, asOf: string): number {
  const years = Number(asOf.slice(0, 4)) - Number(foundedOn.slice(0, 4));
  return asOf.slice(5) < foundedOn.slice(5) ? years - 1 : years;
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

const codesOf = (c: Condition) => (Array.isArray(c.value) ? c.value : [String(c.value)]);

/** Whether the enterprise meets a condition, without a word: what lists of thousands are made of. */
export function conditionStatus(c: Condition, facts: EnterpriseFacts, asOf: string): ConditionStatus {
  const field = RULE_FIELDS[c.field as RuleField];
  if (field.kind === 'number') {
    const have = factNumber(facts, c.field as RuleField, asOf, c.year);
    return have === null ? 'missing' : compare(c.op, have, Number(c.value)) ? 'met' : 'unmet';
  }
  const codes = codesOf(c);
  if (c.field === 'qualification') return facts.qualifications.some((q) => codes.includes(q.code) && isValidOn(q, asOf)) ? 'met' : 'unmet';
  const have = facts[c.field as 'industry' | 'scale' | 'region'];
  return !have ? 'missing' : codes.includes(have) ? 'met' : 'unmet';
}

/** A condition's status and, in words, what it needs and what the enterprise has. */
export function evaluateCondition(c: Condition, facts: EnterpriseFacts, asOf: string, labelOf: LabelOf): ConditionResult {
  const status = conditionStatus(c, facts, asOf);
  const field = RULE_FIELDS[c.field as RuleField];
  const year = field.yearly ? yearOf(asOf, c.year) : undefined;
  return { field: c.field as RuleField, status, text: conditionText(c, facts, asOf, status, labelOf), ...(year ? { year } : {}) };
}

function conditionText(c: Condition, facts: EnterpriseFacts, asOf: string, status: ConditionStatus, labelOf: LabelOf): string {
  const field = RULE_FIELDS[c.field as RuleField];
  if (field.kind === 'number') {
    const yearWord = !field.yearly ? '' : c.year === 'current' ? '本年度' : '上年度';
    const need = `${yearWord}${field.label} 需 ${OP_SIGNS[c.op as keyof typeof OP_SIGNS] ?? c.op} ${withUnit(Number(c.value), field.unit)}`;
    const have = factNumber(facts, c.field as RuleField, asOf, c.year);
    return have === null ? `${need}，缺少${field.yearly ? `${yearOf(asOf, c.year)}年度` : ''}数据` : `${need}，当前 ${withUnit(have, field.unit)}`;
  }
  const codes = codesOf(c);
  const needLabels = codes.map((code) => labelOf(field.dict, code)).join('、');
  if (c.field === 'qualification') {
    const held = facts.qualifications.filter((q) => codes.includes(q.code));
    const need = `需具有资质 ${needLabels}`;
    if (status === 'met') return `${need}，已具有 ${held.filter((q) => isValidOn(q, asOf)).map((q) => labelOf(field.dict, q.code)).join('、')}`;
    const expired = held.map((q) => `${labelOf(field.dict, q.code)}（已于 ${q.validUntil} 到期）`).join('、');
    return `${need}，当前${expired ? ` ${expired}` : '未具有'}`;
  }
  const need = `${field.label} 需为 ${needLabels}`;
  const have = facts[c.field as 'industry' | 'scale' | 'region'];
  return have ? `${need}，当前 ${labelOf(field.dict, have)}` : `${need}，缺少数据`;
}

/** The estimated amount (万元, to 0.01) alone; null when the base is missing. Yearly bases read 上年度. */
export function amountOf(rule: AmountRule, facts: EnterpriseFacts, asOf: string): number | null {
  if (rule.kind === 'none') return 0;
  if (rule.kind === 'fixed') return round2(rule.amount);
  const base = factNumber(facts, rule.base as RuleField, asOf, 'last');
  if (base === null) return null;
  if (rule.kind === 'tiered') {
    let reached = 0;
    for (const t of rule.tiers) if (base >= t.min) reached = t.amount;
    return round2(reached);
  }
  const raw = rule.kind === 'rate' ? base * rule.rate : base * rule.perUnit;
  return round2(rule.cap !== undefined && raw > rule.cap ? rule.cap : raw);
}

/** The estimated amount (万元) and how it was reached, in words. */
export function estimateAmount(rule: AmountRule, facts: EnterpriseFacts, asOf: string): { amount: number | null; text: string } {
  const amount = amountOf(rule, facts, asOf);
  if (rule.kind === 'none') return { amount, text: '非资金类支持' };
  if (rule.kind === 'fixed') return { amount, text: `一次性支持 ${withUnit(rule.amount, '万元')}` };
  const field = RULE_FIELDS[rule.base as RuleField];
  const base = factNumber(facts, rule.base as RuleField, asOf, 'last');
  const baseWord = `${field.yearly ? '上年度' : ''}${field.label}`;
  if (base === null) return { amount, text: `缺少${baseWord}，无法估算` };
  const baseText = `${baseWord} ${withUnit(base, field.unit)}`;
  if (rule.kind === 'tiered') {
    const tier = [...rule.tiers].reverse().find((t) => base >= t.min);
    return {
      amount,
      text: tier ? `${baseText}，达到 ${withUnit(tier.min, field.unit)} 档，支持 ${withUnit(tier.amount, '万元')}` : `${baseText}，未达到最低档 ${withUnit(rule.tiers[0]!.min, field.unit)}`,
    };
  }
  const raw = rule.kind === 'rate' ? base * rule.rate : base * rule.perUnit;
  const capped = rule.cap !== undefined && raw > rule.cap;
  const how = rule.kind === 'rate' ? `× ${round2(rule.rate * 100)}%` : `× ${withUnit(rule.perUnit, '万元')}`;
  return { amount, text: `${baseText} ${how} = ${withUnit(round2(raw), '万元')}${capped ? `，按上限 ${withUnit(rule.cap!, '万元')}` : ''}` };
}

const windowTimes = new WeakMap<object, [number, number]>();

export function windowOf(guide: Pick<RuleGuide, 'windowStart' | 'windowEnd'>, at: Date): GuideResult['window'] {
  // Parsed once per guide object: lists evaluate the same rules many times.
  let times = windowTimes.get(guide);
  if (!times) windowTimes.set(guide, (times = [Date.parse(guide.windowStart), Date.parse(guide.windowEnd)]));
  const t = at.getTime();
  return t < times[0] ? 'upcoming' : t < times[1] ? 'open' : 'closed';
}

/** What an enterprise cannot change to qualify: a guide for another industry or town is no 差一项. */
const FIXED_FIELDS: readonly RuleField[] = ['industry', 'region'];

/**
 * The verdict from each condition's status (OR across groups, AND within), and the position of the
 * one condition a 差一项 misses (or null). Shared by the fast and the explained path; `statusAt`
 * answers a condition's status by its place, so the fast path builds no arrays.
 */
function judge(groups: readonly (readonly Condition[])[], statusAt: (g: number, c: number) => ConditionStatus): { verdict: GuideVerdict; nearMiss: [number, number] | null } {
  if (groups.length === 0) return { verdict: 'eligible', nearMiss: null };
  let missing = false;
  let nearMiss: [number, number] | null = null;
  for (let gi = 0; gi < groups.length; gi++) {
    const group = groups[gi]!;
    let unmet = 0;
    let gaps = 0;
    let lastUnmet = -1;
    for (let ci = 0; ci < group.length; ci++) {
      const status = statusAt(gi, ci);
      if (status === 'unmet') {
        unmet++;
        lastUnmet = ci;
      } else if (status === 'missing') gaps++;
    }
    if (unmet === 0 && gaps === 0) return { verdict: 'eligible', nearMiss: null };
    if (unmet === 0) missing = true;
    else if (!nearMiss && unmet === 1 && gaps === 0 && !FIXED_FIELDS.includes(group[lastUnmet]!.field as RuleField)) nearMiss = [gi, lastUnmet];
  }
  return missing ? { verdict: 'missing', nearMiss: null } : { verdict: 'ineligible', nearMiss };
}

/** A guide's verdict and amount without a word: the list of thousands, the reverse list, totals. */
export interface Assessment {
  guideId: number;
  verdict: GuideVerdict;
  amount: number | null;
  nearMiss: boolean;
  noApplication: boolean;
  window: GuideResult['window'];
}

export function assessGuide(guide: RuleGuide, facts: EnterpriseFacts, at: Date, asOf = dateOf(at)): Assessment {
  const groups = guide.eligibility.groups;
  const { verdict, nearMiss } = judge(groups, (g, c) => conditionStatus(groups[g]![c]!, facts, asOf));
  return {
    guideId: guide.id,
    verdict,
    amount: amountOf(guide.amountRule, facts, asOf),
    nearMiss: nearMiss !== null,
    noApplication: verdict === 'eligible' && guide.mode === AUTO_MODE,
    window: windowOf(guide, at),
  };
}

/** A guide's verdict with every condition and the amount in words (what a person reads). */
export function evaluateGuide(guide: RuleGuide, facts: EnterpriseFacts, at: Date, labelOf: LabelOf): GuideResult {
  const asOf = dateOf(at);
  const groups = guide.eligibility.groups.map((group) => group.map((c) => evaluateCondition(c, facts, asOf, labelOf)));
  const { verdict, nearMiss } = judge(guide.eligibility.groups, (g, c) => groups[g]![c]!.status);
  const { amount, text } = estimateAmount(guide.amountRule, facts, asOf);
  return {
    guideId: guide.id,
    verdict,
    groups,
    amount,
    amountText: text,
    nearMiss: nearMiss ? groups[nearMiss[0]]![nearMiss[1]]! : null,
    noApplication: verdict === 'eligible' && guide.mode === AUTO_MODE,
    window: windowOf(guide, at),
  };
}

/** The calendar date (China time, UTC+8) of an instant: the bureau's day, whatever the machine's zone. */
export function dateOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

const rank = (r: { verdict: GuideVerdict; nearMiss: unknown }) => (r.verdict === 'eligible' ? 0 : r.nearMiss ? 1 : r.verdict === 'missing' ? 2 : 3);
/** The order a person reads results in: what can be claimed (largest first), then 差一项, then missing data, then the rest. */
export const byRelevance = (a: { verdict: GuideVerdict; nearMiss: unknown; amount: number | null }, b: typeof a) =>
  rank(a) - rank(b) || (b.amount ?? -1) - (a.amount ?? -1);

type Totalled = Pick<Assessment, 'verdict' | 'amount' | 'noApplication'> & { nearMiss: unknown };

export function totalsOf(guides: readonly Pick<RuleGuide, 'supportType'>[], results: readonly Totalled[]): EvaluationTotals {
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

/** One enterprise against the given guides, in their order, every result in words. */
export function evaluate(facts: EnterpriseFacts, guides: readonly RuleGuide[], at: Date, labelOf: LabelOf): Evaluation {
  const results = guides.map((g) => evaluateGuide(g, facts, at, labelOf));
  return { asOf: dateOf(at), results, totals: totalsOf(guides, results) };
}

export interface Assessments {
  asOf: string;
  results: Assessment[];
  totals: EvaluationTotals;
}

/** One enterprise against the given guides without words: the same verdicts, amounts and totals as `evaluate`. */
export function assess(facts: EnterpriseFacts, guides: readonly RuleGuide[], at: Date): Assessments {
  const asOf = dateOf(at);
  const results = guides.map((g) => assessGuide(g, facts, at, asOf));
  return { asOf, results, totals: totalsOf(guides, results) };
}
