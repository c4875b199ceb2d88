// 政策计算器's rule engine (packages/contract/src/calculator-engine.ts): what an enterprise sees on the
// results page — each condition's verdict and its words, the estimated amounts, the totals — and
// the 中小企业划型标准 helper. Pure functions: no app, no database.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  assess,
  dateOf,
  estimateAmount,
  evaluate,
  evaluateCondition,
  evaluateGuide,
  factNumber,
  foundedYears,
  totalsOf,
  windowOf,
  yearOf,
  type EnterpriseFacts,
  type GuideResult,
  type LabelOf,
  type RuleGuide,
  type YearIndicators,
} from '../src/calculator-engine';
import { suggestScale } from '../src/calculator';
import { RULE_FIELDS, type AmountRule, type Condition, type RuleField } from '../src/policy';

// ---- fixtures ------------------------------------------------------------------------------------

/** The reference dictionaries' labels (apps/server/src/services/dict/reference-data.ts), in part. */
const LABELS: Record<string, Record<string, string>> = {
  industry: { C: '制造业', I: '信息传输、软件和信息技术服务业', M: '科学研究和技术服务业', F: '批发和零售业' },
  scale: { large: '大型', medium: '中型', small: '小型', micro: '微型' },
  region: { chengguan: '城关镇', yunxi: '云溪街道', qinghe: '清河镇' },
  qualification: { hightech: '高新技术企业', srdi: '专精特新中小企业', techsme: '科技型中小企业' },
};
const labelOf: LabelOf = (dict, code) => LABELS[dict]?.[code] ?? code;

/** 2026-05-01 10:00 in China: 上年度 is 2025, 本年度 2026. */
const AT = new Date('2026-05-01T02:00:00Z');
const AS_OF = '2026-05-01';

const facts = (over: Partial<EnterpriseFacts> = {}): EnterpriseFacts => ({
  foundedOn: '2018-03-15',
  registeredCapital: 500,
  patents: 3,
  industry: 'C',
  scale: 'small',
  region: 'chengguan',
  qualifications: [],
  indicators: [],
  ...over,
});
const row = (year: number, values: Omit<YearIndicators, 'year'>): YearIndicators => ({ year, ...values });

const cond = (field: RuleField, op: Condition['op'], value: Condition['value'], year?: 'last' | 'current'): Condition =>
  year ? { field, op, value, year } : { field, op, value };

let nextId = 1;
const guide = (over: Partial<RuleGuide> & { groups?: Condition[][] } = {}): RuleGuide => {
  const { groups, ...rest } = over;
  return {
    id: nextId++,
    title: '测试指南',
    supportType: 'subsidy',
    mode: 'normal',
    windowStart: '2026-01-01T00:00:00.000Z',
    windowEnd: '2026-12-31T00:00:00.000Z',
    eligibility: { groups: groups ?? [] },
    amountRule: { kind: 'none' },
    version: 'v1',
    ...rest,
  };
};

const check = (c: Condition, f: EnterpriseFacts, asOf = AS_OF) => evaluateCondition(c, f, asOf, labelOf);
const round2 = (n: number) => Math.round(n * 100) / 100;

// ---- number conditions -----------------------------------------------------------------------------

describe('number conditions', () => {
  // 上年度企业员工人数 against 50: just below, at, just above.
  const staffFacts = (staff: number) => facts({ indicators: [row(2025, { staff })] });
  const cases: [Condition['op'], string, [number, 'met' | 'unmet'][]][] = [
    ['gte', '≥', [[49, 'unmet'], [50, 'met'], [51, 'met']]],
    ['gt', '>', [[49, 'unmet'], [50, 'unmet'], [51, 'met']]],
    ['lte', '≤', [[49, 'met'], [50, 'met'], [51, 'unmet']]],
    ['lt', '<', [[49, 'met'], [50, 'unmet'], [51, 'unmet']]],
    ['eq', '=', [[49, 'unmet'], [50, 'met'], [51, 'unmet']]],
  ];
  for (const [op, sign, rows] of cases) {
    test.each(rows)(`staff ${op} 50 with %i staff is %s`, (staff, status) => {
      expect(check(cond('staff', op, 50, 'last'), staffFacts(staff))).toEqual({
        field: 'staff',
        status,
        text: `上年度企业员工人数 需 ${sign} 50 人，当前 ${staff} 人`,
        year: 2025,
      });
    });
  }

  // 研发费用占比 = 研发费用 / 营业收入 of the same year, against 3%: 2.9%, 3%, 3.1% (revenue 1000 万元).
  const rdCases: [Condition['op'], string, [number, string, 'met' | 'unmet'][]][] = [
    ['gte', '≥', [[29, '2.9%', 'unmet'], [30, '3%', 'met'], [31, '3.1%', 'met']]],
    ['gt', '>', [[29, '2.9%', 'unmet'], [30, '3%', 'unmet'], [31, '3.1%', 'met']]],
    ['lte', '≤', [[29, '2.9%', 'met'], [30, '3%', 'met'], [31, '3.1%', 'unmet']]],
    ['lt', '<', [[29, '2.9%', 'met'], [30, '3%', 'unmet'], [31, '3.1%', 'unmet']]],
    ['eq', '=', [[29, '2.9%', 'unmet'], [30, '3%', 'met'], [31, '3.1%', 'unmet']]],
  ];
  for (const [op, sign, rows] of rdCases) {
    test.each(rows)(`rdRatio ${op} 3%% with 研发费用 %i of 1000 (%s) is %s`, (rdExpense, shown, status) => {
      const f = facts({ indicators: [row(2025, { revenue: 1000, rdExpense })] });
      expect(check(cond('rdRatio', op, 3, 'last'), f)).toEqual({
        field: 'rdRatio',
        status,
        text: `上年度研发费用占营业收入比例 需 ${sign} 3%，当前 ${shown}`,
        year: 2025,
      });
    });
  }

  test('rdRatio: 研发费用 24 of 营业收入 1000 reads 2.4%, short of 3%', () => {
    const f = facts({ indicators: [row(2025, { revenue: 1000, rdExpense: 24 })] });
    expect(check(cond('rdRatio', 'gte', 3, 'last'), f).text).toBe('上年度研发费用占营业收入比例 需 ≥ 3%，当前 2.4%');
    expect(factNumber(f, 'rdRatio', AS_OF, 'last')).toBeCloseTo(2.4, 10);
  });

  test.each<[string, Omit<YearIndicators, 'year'>]>([
    ['营业收入 0', { revenue: 0, rdExpense: 24 }],
    ['营业收入 missing', { rdExpense: 24 }],
    ['营业收入 null', { revenue: null, rdExpense: 24 }],
    ['研发费用 missing', { revenue: 1000 }],
  ])('rdRatio with %s is missing, naming the year', (_what, values) => {
    const f = facts({ indicators: [row(2025, values)] });
    expect(check(cond('rdRatio', 'gte', 3, 'last'), f)).toEqual({
      field: 'rdRatio',
      status: 'missing',
      text: '上年度研发费用占营业收入比例 需 ≥ 3%，缺少2025年度数据',
      year: 2025,
    });
  });

  test('rdRatio reads the same year for both figures (not 研发费用 of one year over 营业收入 of another)', () => {
    const f = facts({ indicators: [row(2025, { revenue: 1000, rdExpense: 50 }), row(2026, { revenue: 100, rdExpense: 1 })] });
    expect(check(cond('rdRatio', 'gte', 3, 'last'), f).text).toBe('上年度研发费用占营业收入比例 需 ≥ 3%，当前 5%');
    expect(check(cond('rdRatio', 'gte', 3, 'current'), f).text).toBe('本年度研发费用占营业收入比例 需 ≥ 3%，当前 1%');
  });

  // Floating point: 57 / 100 * 100 is 56.99999999999999 in IEEE doubles; an enterprise whose 研发费用 is
  // exactly 57% of its 营业收入 must not read "需 ≥ 57%，当前 57%" and 不符合.
  test('rdRatio exactly at a 57% threshold is met (57 / 100 is not 56.99999999999999%)', () => {
    const f = facts({ indicators: [row(2025, { revenue: 100, rdExpense: 57 })] });
    expect(check(cond('rdRatio', 'gte', 57, 'last'), f)).toMatchObject({ status: 'met', text: '上年度研发费用占营业收入比例 需 ≥ 57%，当前 57%' });
  });
  test('rdRatio exactly at a 7% ceiling is met (7 / 100 is not 7.000000000000001%)', () => {
    const f = facts({ indicators: [row(2025, { revenue: 100, rdExpense: 7 })] });
    expect(check(cond('rdRatio', 'lte', 7, 'last'), f)).toMatchObject({ status: 'met', text: '上年度研发费用占营业收入比例 需 ≤ 7%，当前 7%' });
  });
});

// ---- which year ------------------------------------------------------------------------------------

describe('the indicator year', () => {
  const f = facts({ indicators: [row(2024, { revenue: 500 }), row(2025, { revenue: 1000 }), row(2026, { revenue: 3000 })] });

  test("asOf 2026-05-01: 'last' reads 2025's row, 'current' 2026's, and the year is reported", () => {
    expect(yearOf(AS_OF, 'last')).toBe(2025);
    expect(yearOf(AS_OF, 'current')).toBe(2026);
    expect(check(cond('revenue', 'gte', 2000, 'last'), f)).toEqual({
      field: 'revenue',
      status: 'unmet',
      text: '上年度营业收入 需 ≥ 2000 万元，当前 1000 万元',
      year: 2025,
    });
    expect(check(cond('revenue', 'gte', 2000, 'current'), f)).toEqual({
      field: 'revenue',
      status: 'met',
      text: '本年度营业收入 需 ≥ 2000 万元，当前 3000 万元',
      year: 2026,
    });
  });

  test('no year given means 上年度', () => {
    expect(yearOf(AS_OF, undefined)).toBe(2025);
    expect(check(cond('revenue', 'gte', 2000), f)).toEqual({
      field: 'revenue',
      status: 'unmet',
      text: '上年度营业收入 需 ≥ 2000 万元，当前 1000 万元',
      year: 2025,
    });
  });

  test('a missing year row is missing, and the text names the year', () => {
    const only2024 = facts({ indicators: [row(2024, { revenue: 5000, tax: 100 })] });
    expect(check(cond('revenue', 'gte', 2000, 'last'), only2024)).toEqual({
      field: 'revenue',
      status: 'missing',
      text: '上年度营业收入 需 ≥ 2000 万元，缺少2025年度数据',
      year: 2025,
    });
    expect(check(cond('tax', 'gte', 10, 'current'), only2024)).toEqual({
      field: 'tax',
      status: 'missing',
      text: '本年度纳税总额 需 ≥ 10 万元，缺少2026年度数据',
      year: 2026,
    });
  });

  test('a year row with the field left empty is missing too', () => {
    const f2 = facts({ indicators: [row(2025, { revenue: 1000, socialInsurance: null })] });
    expect(check(cond('socialInsurance', 'gte', 10, 'last'), f2)).toMatchObject({ status: 'missing', text: '上年度参保职工人数 需 ≥ 10 人，缺少2025年度数据' });
    expect(check(cond('investment', 'gte', 10, 'last'), f2)).toMatchObject({ status: 'missing', text: '上年度设备投资额 需 ≥ 10 万元，缺少2025年度数据' });
  });

  test('a recorded 0 is a value, not missing', () => {
    const f2 = facts({ indicators: [row(2025, { investment: 0 })] });
    expect(check(cond('investment', 'gte', 10, 'last'), f2)).toMatchObject({ status: 'unmet', text: '上年度设备投资额 需 ≥ 10 万元，当前 0 万元' });
  });

  test('on New Year in China (still 31 December in UTC) 上年度 is already the year just ended', () => {
    const newYear = new Date('2026-12-31T16:30:00Z'); // 2027-01-01 00:30 in China
    const g = guide({ groups: [[cond('revenue', 'gte', 2000, 'last')]] });
    const r = evaluateGuide(g, f, newYear, labelOf);
    expect(r.groups[0]![0]).toEqual({ field: 'revenue', status: 'met', text: '上年度营业收入 需 ≥ 2000 万元，当前 3000 万元', year: 2026 });
  });
});

// ---- non-yearly numbers ----------------------------------------------------------------------------

describe('成立年限, 注册资本, 有效发明专利', () => {
  test('foundedYears counts whole years: the day before the anniversary is one short', () => {
    expect(foundedYears('2020-05-01', '2026-04-30')).toBe(5);
    expect(foundedYears('2020-05-01', '2026-05-01')).toBe(6);
    expect(foundedYears('2020-05-01', '2026-05-02')).toBe(6);
    expect(foundedYears('2020-05-15', '2026-04-20')).toBe(5); // earlier month
    expect(foundedYears('2020-05-01', '2020-05-01')).toBe(0);
  });

  test('成立年限 ≥ 6 across the anniversary, at the bureau’s midnight', () => {
    const f = facts({ foundedOn: '2020-05-01' });
    const g = guide({ groups: [[cond('foundedYears', 'gte', 6)]] });
    const before = evaluateGuide(g, f, new Date('2026-04-30T15:59:59Z'), labelOf); // 23:59:59 on 30 April in China
    const on = evaluateGuide(g, f, new Date('2026-04-30T16:00:00Z'), labelOf); // 00:00 on 1 May in China
    expect(before.groups[0]![0]).toMatchObject({ field: 'foundedYears', status: 'unmet', text: '成立年限 需 ≥ 6 年，当前 5 年' });
    expect(before.groups[0]![0]!.year).toBeUndefined();
    expect(on.groups[0]![0]).toMatchObject({ field: 'foundedYears', status: 'met', text: '成立年限 需 ≥ 6 年，当前 6 年' });
    expect(before.verdict).toBe('ineligible');
    expect(on.verdict).toBe('eligible');
  });

  test('成立年限 with no founding date is missing, without a year', () => {
    expect(check(cond('foundedYears', 'gte', 3), facts({ foundedOn: null }))).toEqual({
      field: 'foundedYears',
      status: 'missing',
      text: '成立年限 需 ≥ 3 年，缺少数据',
      year: undefined,
    });
  });

  test('注册资本 at, below and above 100 万元, and missing', () => {
    const c = cond('registeredCapital', 'gte', 100);
    expect(check(c, facts({ registeredCapital: 99.99 }))).toMatchObject({ status: 'unmet', text: '注册资本 需 ≥ 100 万元，当前 99.99 万元' });
    expect(check(c, facts({ registeredCapital: 100 }))).toMatchObject({ status: 'met', text: '注册资本 需 ≥ 100 万元，当前 100 万元' });
    expect(check(c, facts({ registeredCapital: 100.01 }))).toMatchObject({ status: 'met', text: '注册资本 需 ≥ 100 万元，当前 100.01 万元' });
    expect(check(c, facts({ registeredCapital: null }))).toMatchObject({ status: 'missing', text: '注册资本 需 ≥ 100 万元，缺少数据' });
  });

  test('有效发明专利 > 0: none held is unmet, one is met, unknown is missing', () => {
    const c = cond('patents', 'gt', 0);
    expect(check(c, facts({ patents: 0 }))).toEqual({ field: 'patents', status: 'unmet', text: '有效发明专利 需 > 0 件，当前 0 件', year: undefined });
    expect(check(c, facts({ patents: 1 }))).toMatchObject({ status: 'met', text: '有效发明专利 需 > 0 件，当前 1 件' });
    expect(check(c, facts({ patents: undefined }))).toMatchObject({ status: 'missing', text: '有效发明专利 需 > 0 件，缺少数据' });
    expect(check(cond('patents', 'gte', 5), facts({ patents: 4 }))).toMatchObject({ status: 'unmet', text: '有效发明专利 需 ≥ 5 件，当前 4 件' });
  });
});

// ---- dictionary conditions -------------------------------------------------------------------------

describe('dictionary conditions', () => {
  test('industry in 制造业 or 软件业: met, unmet, missing', () => {
    const c = cond('industry', 'in', ['C', 'I']);
    const need = '所属行业 需为 制造业、信息传输、软件和信息技术服务业';
    expect(check(c, facts({ industry: 'C' }))).toEqual({ field: 'industry', status: 'met', text: `${need}，当前 制造业` });
    expect(check(c, facts({ industry: 'M' }))).toEqual({ field: 'industry', status: 'unmet', text: `${need}，当前 科学研究和技术服务业` });
    expect(check(c, facts({ industry: null }))).toEqual({ field: 'industry', status: 'missing', text: `${need}，缺少数据` });
  });

  test('scale in 小型、微型: met, unmet, missing', () => {
    const c = cond('scale', 'in', ['small', 'micro']);
    expect(check(c, facts({ scale: 'micro' }))).toMatchObject({ status: 'met', text: '企业规模 需为 小型、微型，当前 微型' });
    expect(check(c, facts({ scale: 'medium' }))).toMatchObject({ status: 'unmet', text: '企业规模 需为 小型、微型，当前 中型' });
    expect(check(c, facts({ scale: null }))).toMatchObject({ status: 'missing', text: '企业规模 需为 小型、微型，缺少数据' });
  });

  test('region with a single code: met, unmet, missing', () => {
    const c = cond('region', 'in', 'chengguan');
    expect(check(c, facts({ region: 'chengguan' }))).toMatchObject({ status: 'met', text: '所在乡镇（街道） 需为 城关镇，当前 城关镇' });
    expect(check(c, facts({ region: 'qinghe' }))).toMatchObject({ status: 'unmet', text: '所在乡镇（街道） 需为 城关镇，当前 清河镇' });
    expect(check(c, facts({ region: null }))).toMatchObject({ status: 'missing', text: '所在乡镇（街道） 需为 城关镇，缺少数据' });
  });

  describe('qualification has', () => {
    const c = cond('qualification', 'has', 'hightech');
    test('held and valid: met', () => {
      const f = facts({ qualifications: [{ code: 'hightech', validUntil: '2027-12-31' }] });
      expect(check(c, f)).toEqual({ field: 'qualification', status: 'met', text: '需具有资质 高新技术企业，已具有 高新技术企业' });
    });
    test('not held: unmet', () => {
      const f = facts({ qualifications: [{ code: 'srdi', validUntil: null }] });
      expect(check(c, f)).toEqual({ field: 'qualification', status: 'unmet', text: '需具有资质 高新技术企业，当前未具有' });
    });
    test('expired the day before asOf: unmet, and the text says when it 到期', () => {
      const f = facts({ qualifications: [{ code: 'hightech', validUntil: '2026-04-30' }] });
      expect(check(c, f)).toEqual({ field: 'qualification', status: 'unmet', text: '需具有资质 高新技术企业，当前 高新技术企业（已于 2026-04-30 到期）' });
    });
    test('valid until asOf itself still counts', () => {
      const f = facts({ qualifications: [{ code: 'hightech', validUntil: AS_OF }] });
      expect(check(c, f).status).toBe('met');
    });
    test('no expiry (null or absent) counts', () => {
      expect(check(c, facts({ qualifications: [{ code: 'hightech', validUntil: null }] })).status).toBe('met');
      expect(check(c, facts({ qualifications: [{ code: 'hightech' }] })).status).toBe('met');
    });
    test('one of several: the valid ones are named, the expired one is not', () => {
      const f = facts({ qualifications: [{ code: 'hightech', validUntil: '2025-12-31' }, { code: 'srdi', validUntil: null }] });
      expect(check(cond('qualification', 'has', ['hightech', 'srdi']), f)).toMatchObject({
        status: 'met',
        text: '需具有资质 高新技术企业、专精特新中小企业，已具有 专精特新中小企业',
      });
    });
    test('an empty list is unmet, never missing', () => {
      expect(check(c, facts({ qualifications: [] })).status).toBe('unmet');
    });
    test('expiry is judged on the China date of the evaluation', () => {
      const g = guide({ groups: [[c]] });
      const f = facts({ qualifications: [{ code: 'hightech', validUntil: '2026-04-30' }] });
      expect(evaluateGuide(g, f, new Date('2026-04-30T15:59:59Z'), labelOf).verdict).toBe('eligible');
      expect(evaluateGuide(g, f, new Date('2026-04-30T16:00:00Z'), labelOf).verdict).toBe('ineligible');
    });
  });
});

// ---- amounts ---------------------------------------------------------------------------------------

describe('estimated amounts (万元)', () => {
  const withRd = (rdExpense: number | null) => facts({ indicators: [row(2025, { rdExpense }), row(2026, { rdExpense: 99999 })] });
  const amount = (rule: AmountRule, f: EnterpriseFacts) => estimateAmount(rule, f, AS_OF);

  test('fixed', () => {
    expect(amount({ kind: 'fixed', amount: 20 }, facts())).toEqual({ amount: 20, text: '一次性支持 20 万元' });
  });

  test('none is 0', () => {
    expect(amount({ kind: 'none' }, facts())).toEqual({ amount: 0, text: '非资金类支持' });
  });

  test('rate without a cap reads 上年度, never 本年度', () => {
    expect(amount({ kind: 'rate', base: 'rdExpense', rate: 0.1 }, withRd(200))).toEqual({ amount: 20, text: '上年度研发费用 200 万元 × 10% = 20 万元' });
    expect(amount({ kind: 'rate', base: 'rdExpense', rate: 0.05 }, withRd(201))).toEqual({ amount: 10.05, text: '上年度研发费用 201 万元 × 5% = 10.05 万元' });
  });

  test('rate with a cap: below, exactly at and above it', () => {
    const rule: AmountRule = { kind: 'rate', base: 'rdExpense', rate: 0.1, cap: 100 };
    expect(amount(rule, withRd(999))).toEqual({ amount: 99.9, text: '上年度研发费用 999 万元 × 10% = 99.9 万元' });
    expect(amount(rule, withRd(1000))).toEqual({ amount: 100, text: '上年度研发费用 1000 万元 × 10% = 100 万元' });
    expect(amount(rule, withRd(1500))).toEqual({ amount: 100, text: '上年度研发费用 1500 万元 × 10% = 150 万元，按上限 100 万元' });
  });

  test('perUnit with a cap', () => {
    const rule: AmountRule = { kind: 'perUnit', base: 'patents', perUnit: 0.5, cap: 10 };
    expect(amount(rule, facts({ patents: 12 }))).toEqual({ amount: 6, text: '有效发明专利 12 件 × 0.5 万元 = 6 万元' });
    expect(amount(rule, facts({ patents: 20 }))).toEqual({ amount: 10, text: '有效发明专利 20 件 × 0.5 万元 = 10 万元' });
    expect(amount(rule, facts({ patents: 30 }))).toEqual({ amount: 10, text: '有效发明专利 30 件 × 0.5 万元 = 15 万元，按上限 10 万元' });
  });

  test('perUnit without a cap on a yearly base', () => {
    const f = facts({ indicators: [row(2025, { staff: 40 })] });
    expect(amount({ kind: 'perUnit', base: 'staff', perUnit: 0.1 }, f)).toEqual({ amount: 4, text: '上年度企业员工人数 40 人 × 0.1 万元 = 4 万元' });
  });

  describe('tiered on 上年度营业收入', () => {
    const rule: AmountRule = {
      kind: 'tiered',
      base: 'revenue',
      tiers: [
        { min: 5000, amount: 5 },
        { min: 10000, amount: 10 },
        { min: 50000, amount: 30 },
      ],
    };
    const withRevenue = (revenue: number) => facts({ indicators: [row(2025, { revenue })] });
    test.each<[number, number, string]>([
      [4999.99, 0, '上年度营业收入 4999.99 万元，未达到最低档 5000 万元'],
      [5000, 5, '上年度营业收入 5000 万元，达到 5000 万元 档，支持 5 万元'],
      [9999, 5, '上年度营业收入 9999 万元，达到 5000 万元 档，支持 5 万元'],
      [10000, 10, '上年度营业收入 10000 万元，达到 10000 万元 档，支持 10 万元'],
      [20000, 10, '上年度营业收入 20000 万元，达到 10000 万元 档，支持 10 万元'],
      [50000, 30, '上年度营业收入 50000 万元，达到 50000 万元 档，支持 30 万元'],
      [80000, 30, '上年度营业收入 80000 万元，达到 50000 万元 档，支持 30 万元'],
    ])('营业收入 %d → %d 万元', (revenue, expected, text) => {
      expect(amount(rule, withRevenue(revenue))).toEqual({ amount: expected, text });
    });
    test('a missing base gives no amount (null), not 0', () => {
      expect(amount(rule, facts())).toEqual({ amount: null, text: '缺少上年度营业收入，无法估算' });
    });
  });

  test('a missing base makes rate and perUnit amounts null', () => {
    expect(amount({ kind: 'rate', base: 'rdExpense', rate: 0.1, cap: 100 }, withRd(null))).toEqual({ amount: null, text: '缺少上年度研发费用，无法估算' });
    expect(amount({ kind: 'rate', base: 'rdExpense', rate: 0.1 }, facts({ indicators: [row(2026, { rdExpense: 500 })] }))).toEqual({
      amount: null,
      text: '缺少上年度研发费用，无法估算',
    });
    expect(amount({ kind: 'perUnit', base: 'patents', perUnit: 0.5 }, facts({ patents: null }))).toEqual({ amount: null, text: '缺少有效发明专利，无法估算' });
  });
});

// ---- guides ----------------------------------------------------------------------------------------

describe('guide verdicts', () => {
  const f = facts({
    industry: 'C',
    region: 'chengguan',
    scale: 'small',
    patents: 2,
    qualifications: [{ code: 'srdi', validUntil: null }],
    indicators: [row(2025, { revenue: 1500, staff: 30 })],
  });
  const met1 = cond('revenue', 'gte', 1000, 'last');
  const met2 = cond('staff', 'gte', 20, 'last');
  const unmetStaff = cond('staff', 'gte', 50, 'last');
  const unmetPatents = cond('patents', 'gte', 5);
  const unmetIndustry = cond('industry', 'in', ['I']);
  const unmetRegion = cond('region', 'in', ['qinghe']);
  const missingTax = cond('tax', 'gte', 10, 'last');
  const run = (groups: Condition[][], over: Partial<RuleGuide> = {}, at = AT) => evaluateGuide(guide({ groups, ...over }), f, at, labelOf);

  test('no groups: every enterprise qualifies', () => {
    const r = run([]);
    expect(r).toMatchObject({ verdict: 'eligible', groups: [], nearMiss: null });
    expect(evaluateGuide(guide(), facts({ industry: null, scale: null, region: null, foundedOn: null }), AT, labelOf).verdict).toBe('eligible');
  });

  test('AND within a group: one unmet condition fails the group', () => {
    expect(run([[met1, met2]]).verdict).toBe('eligible');
    expect(run([[met1, unmetStaff]]).verdict).toBe('ineligible');
  });

  test('OR across groups: one met group is enough', () => {
    const r = run([[unmetStaff, unmetPatents], [met1, met2]]);
    expect(r.verdict).toBe('eligible');
    expect(r.groups.map((g) => g.map((c) => c.status))).toEqual([['unmet', 'unmet'], ['met', 'met']]);
    expect(r.nearMiss).toBeNull();
  });

  test('a group with only met and missing conditions makes the verdict 缺少数据', () => {
    expect(run([[met1, missingTax]]).verdict).toBe('missing');
    expect(run([[unmetStaff], [met1, missingTax]]).verdict).toBe('missing');
    // a missing condition next to an unmet one does not rescue the group
    expect(run([[unmetStaff, missingTax]]).verdict).toBe('ineligible');
    // a met group wins over a missing one
    expect(run([[met1, missingTax], [met2]]).verdict).toBe('eligible');
  });

  test('差一项: one unmet condition in a group of an ineligible guide', () => {
    const r = run([[met1, unmetStaff]]);
    expect(r.verdict).toBe('ineligible');
    expect(r.nearMiss).toEqual({ field: 'staff', status: 'unmet', text: '上年度企业员工人数 需 ≥ 50 人，当前 30 人', year: 2025 });
  });

  test('差一项 is found in a later group when the first misses by two', () => {
    const r = run([[unmetStaff, unmetPatents], [met2, unmetPatents]]);
    expect(r.verdict).toBe('ineligible');
    expect(r.nearMiss).toMatchObject({ field: 'patents', text: '有效发明专利 需 ≥ 5 件，当前 2 件' });
  });

  test('no 差一项 when the one unmet condition is the industry or the region', () => {
    expect(run([[met1, unmetIndustry]])).toMatchObject({ verdict: 'ineligible', nearMiss: null });
    expect(run([[met1, unmetRegion]])).toMatchObject({ verdict: 'ineligible', nearMiss: null });
    // …but another group's changeable condition still counts
    expect(run([[met1, unmetRegion], [met2, unmetStaff]]).nearMiss).toMatchObject({ field: 'staff' });
  });

  test('no 差一项 with two unmet conditions, nor with one unmet and one missing', () => {
    expect(run([[unmetStaff, unmetPatents]])).toMatchObject({ verdict: 'ineligible', nearMiss: null });
    expect(run([[unmetStaff, missingTax]])).toMatchObject({ verdict: 'ineligible', nearMiss: null });
  });

  test('no 差一项 on an eligible guide, nor on one that is only missing data', () => {
    expect(run([[met1], [unmetStaff]]).nearMiss).toBeNull();
    expect(run([[unmetStaff], [missingTax]])).toMatchObject({ verdict: 'missing', nearMiss: null });
  });

  test('免申即享 (mode auto) and eligible: nothing to apply for', () => {
    expect(run([[met1]], { mode: 'auto' }).noApplication).toBe(true);
    expect(run([], { mode: 'auto' }).noApplication).toBe(true);
    expect(run([[unmetStaff]], { mode: 'auto' }).noApplication).toBe(false);
    expect(run([[missingTax]], { mode: 'auto' }).noApplication).toBe(false);
    expect(run([[met1]], { mode: 'normal' }).noApplication).toBe(false);
    expect(run([[met1]], { mode: 'fast' }).noApplication).toBe(false);
  });

  test('the amount is estimated whatever the verdict', () => {
    const r = run([[unmetStaff]], { amountRule: { kind: 'fixed', amount: 20 } });
    expect(r).toMatchObject({ verdict: 'ineligible', amount: 20, amountText: '一次性支持 20 万元' });
  });

  test('window: upcoming before the start, open from the start, closed from the end', () => {
    const w = { windowStart: '2026-05-01T00:00:00.000Z', windowEnd: '2026-06-01T00:00:00.000Z' };
    expect(windowOf(w, new Date('2026-04-30T23:59:59.999Z'))).toBe('upcoming');
    expect(windowOf(w, new Date('2026-05-01T00:00:00.000Z'))).toBe('open');
    expect(windowOf(w, new Date('2026-05-31T23:59:59.999Z'))).toBe('open');
    expect(windowOf(w, new Date('2026-06-01T00:00:00.000Z'))).toBe('closed');
    expect(run([], w, new Date('2026-06-01T00:00:00.000Z')).window).toBe('closed');
    expect(run([], w, new Date('2026-04-30T23:59:59.999Z')).window).toBe('upcoming');
  });
});

// ---- totals ----------------------------------------------------------------------------------------

describe('totals', () => {
  const f = facts({ patents: 4, indicators: [row(2025, { revenue: 6000, rdExpense: 300 })] });
  const yes = [cond('patents', 'gte', 1)];
  const no = [cond('patents', 'gte', 10)];
  const nearNo = [cond('patents', 'gte', 5)];
  const unknown = [cond('tax', 'gte', 1, 'last')];
  const guides = [
    guide({ supportType: 'subsidy', groups: [yes], amountRule: { kind: 'fixed', amount: 20 } }),
    guide({ supportType: 'award', groups: [yes], amountRule: { kind: 'rate', base: 'rdExpense', rate: 0.1, cap: 50 } }), // 30
    guide({ supportType: 'subsidy', groups: [yes], amountRule: { kind: 'tiered', base: 'revenue', tiers: [{ min: 5000, amount: 15.5 }] } }),
    guide({ supportType: 'honor', groups: [], mode: 'auto', amountRule: { kind: 'none' } }),
    guide({ supportType: 'tax', groups: [yes], amountRule: { kind: 'perUnit', base: 'staff', perUnit: 1 } }), // base missing → null
    guide({ supportType: 'subsidy', groups: [no, nearNo], amountRule: { kind: 'fixed', amount: 1000 } }),
    guide({ supportType: 'award', groups: [unknown], amountRule: { kind: 'fixed', amount: 500 } }),
    guide({ supportType: 'interest', groups: [[cond('industry', 'in', ['I'])]], amountRule: { kind: 'fixed', amount: 70 } }),
  ];
  const e = evaluate(f, guides, AT, labelOf);

  test('counts per verdict, 差一项 and 免申即享', () => {
    expect(e.results.map((r) => r.verdict)).toEqual(['eligible', 'eligible', 'eligible', 'eligible', 'eligible', 'ineligible', 'missing', 'ineligible']);
    expect(e.totals).toMatchObject({ guides: 8, eligible: 5, missing: 1, ineligible: 2, nearMiss: 1, noApplication: 1 });
  });

  test('the amount sums only eligible guides (a null amount adds nothing)', () => {
    expect(e.results.map((r) => r.amount)).toEqual([20, 30, 15.5, 0, null, 1000, 500, 70]);
    expect(e.totals.amount).toBe(65.5);
  });

  test('bySupportType: eligible guides grouped, largest amount first, ties by code', () => {
    expect(e.totals.bySupportType).toEqual([
      { supportType: 'subsidy', guides: 2, amount: 35.5 },
      { supportType: 'award', guides: 1, amount: 30 },
      { supportType: 'honor', guides: 1, amount: 0 },
      { supportType: 'tax', guides: 1, amount: 0 },
    ]);
  });

  test('results keep the guides’ order and ids; asOf is the China date', () => {
    expect(e.results.map((r) => r.guideId)).toEqual(guides.map((g) => g.id));
    expect(e.asOf).toBe(AS_OF);
  });

  test('totalsOf on nothing', () => {
    expect(totalsOf([], [])).toEqual({ guides: 0, eligible: 0, missing: 0, ineligible: 0, nearMiss: 0, noApplication: 0, amount: 0, bySupportType: [] });
  });

  test('cents add up without floating-point dust (0.1 + 0.2 万元)', () => {
    const gs = [guide({ amountRule: { kind: 'fixed', amount: 0.1 } }), guide({ amountRule: { kind: 'fixed', amount: 0.2 } })];
    const t = evaluate(f, gs, AT, labelOf).totals;
    expect(t.amount).toBe(0.3);
    expect(t.bySupportType).toEqual([{ supportType: 'subsidy', guides: 2, amount: 0.3 }]);
  });

  // Surprising: fixed and tiered amounts are returned unrounded (0.125), while the total rounds each
  // running sum to 0.01 万元, so the total is the sum of rounded amounts (0.13 + 0.13 = 0.26), not the
  // rounded sum of the amounts the results carry (0.25).
  test('amounts are kept to 0.01 万元, and the total is the sum of the amounts shown', () => {
    const gs = [guide({ amountRule: { kind: 'fixed', amount: 0.125 } }), guide({ amountRule: { kind: 'fixed', amount: 0.125 } })];
    const r = evaluate(f, gs, AT, labelOf);
    expect(r.results.map((x) => x.amount)).toEqual([0.13, 0.13]);
    expect(r.totals.amount).toBe(0.26);
  });
});

// ---- China time ------------------------------------------------------------------------------------

describe('dateOf: the bureau’s calendar day (UTC+8)', () => {
  test.each([
    ['2026-12-31T17:00:00Z', '2027-01-01'],
    ['2026-12-31T16:00:00Z', '2027-01-01'],
    ['2026-12-31T15:59:59.999Z', '2026-12-31'],
    ['2026-05-01T00:00:00Z', '2026-05-01'],
    ['2024-02-28T16:00:00Z', '2024-02-29'],
  ])('%s is %s in China', (instant, date) => {
    expect(dateOf(new Date(instant))).toBe(date);
  });

  test('evaluate speaks of that day: asOf and 上年度 follow it', () => {
    const f = facts({ indicators: [row(2025, { revenue: 100 }), row(2026, { revenue: 9000 })] });
    const g = guide({ groups: [[cond('revenue', 'gte', 5000, 'last')]] });
    const lateDec = evaluate(f, [g], new Date('2026-12-31T15:00:00Z'), labelOf);
    const newYear = evaluate(f, [g], new Date('2026-12-31T17:00:00Z'), labelOf);
    expect(lateDec.asOf).toBe('2026-12-31');
    expect(lateDec.results[0]!.verdict).toBe('ineligible');
    expect(newYear.asOf).toBe('2027-01-01');
    expect(newYear.results[0]!.verdict).toBe('eligible');
    expect(newYear.results[0]!.groups[0]![0]!.year).toBe(2026);
  });
});

// ---- 中小企业划型标准 ---------------------------------------------------------------------------------

describe('suggestScale (工信部联企业〔2011〕300号)', () => {
  const scaleOf = (industry: string, staff: number | null, revenue: number | null) => suggestScale(industry, staff, revenue)?.scale ?? null;

  test('工业 (C, and B, D): both 从业人员 and 营业收入 must be reached', () => {
    expect(suggestScale('C', 1000, 40000)).toEqual({ scale: 'large', basis: '依据《中小企业划型标准规定》工业：从业人员和营业收入' });
    expect(scaleOf('C', 999, 40000)).toBe('medium');
    expect(scaleOf('C', 1000, 39999)).toBe('medium');
    expect(scaleOf('C', 300, 2000)).toBe('medium');
    expect(scaleOf('C', 299, 100000)).toBe('small');
    expect(scaleOf('C', 5000, 1999)).toBe('small');
    expect(scaleOf('C', 20, 300)).toBe('small');
    expect(scaleOf('C', 19, 100000)).toBe('micro');
    expect(scaleOf('C', 5000, 299)).toBe('micro');
    expect(scaleOf('B', 1000, 40000)).toBe('large');
    expect(scaleOf('D', 20, 300)).toBe('small');
  });

  test('软件和信息技术服务业 (I)', () => {
    expect(suggestScale('I', 300, 10000)).toEqual({ scale: 'large', basis: '依据《中小企业划型标准规定》软件和信息技术服务业：从业人员和营业收入' });
    expect(scaleOf('I', 299, 10000)).toBe('medium');
    expect(scaleOf('I', 100, 1000)).toBe('medium');
    expect(scaleOf('I', 100, 999)).toBe('small');
    expect(scaleOf('I', 10, 50)).toBe('small');
    expect(scaleOf('I', 9, 50)).toBe('micro');
    expect(scaleOf('I', 10, 49)).toBe('micro');
  });

  test('零售业 (F)', () => {
    expect(suggestScale('F', 300, 20000)).toEqual({ scale: 'large', basis: '依据《中小企业划型标准规定》零售业：从业人员和营业收入' });
    expect(scaleOf('F', 50, 500)).toBe('medium');
    expect(scaleOf('F', 49, 500)).toBe('small');
    expect(scaleOf('F', 10, 100)).toBe('small');
    expect(scaleOf('F', 10, 99)).toBe('micro');
  });

  test('an industry the standard does not list (M): 从业人员 only, 营业收入 not needed', () => {
    expect(suggestScale('M', 300, null)).toEqual({ scale: 'large', basis: '依据《中小企业划型标准规定》其他未列明行业：从业人员' });
    expect(scaleOf('M', 299, 999999)).toBe('medium');
    expect(scaleOf('M', 100, null)).toBe('medium');
    expect(scaleOf('M', 99, null)).toBe('small');
    expect(scaleOf('M', 10, null)).toBe('small');
    expect(scaleOf('M', 9, null)).toBe('micro');
    expect(scaleOf('M', 0, null)).toBe('micro');
  });

  test('revenue-only sections need no 从业人员 (农林牧渔业 A)', () => {
    expect(suggestScale('A', null, 500)).toEqual({ scale: 'medium', basis: '依据《中小企业划型标准规定》农、林、牧、渔业：营业收入' });
  });

  test('null when a figure the section needs is missing', () => {
    expect(suggestScale('C', null, 5000)).toBeNull();
    expect(suggestScale('C', 50, null)).toBeNull();
    expect(suggestScale('C', 50, undefined)).toBeNull();
    expect(suggestScale('I', undefined, 100)).toBeNull();
    expect(suggestScale('F', 20, null)).toBeNull();
    expect(suggestScale('M', null, 5000)).toBeNull();
    expect(suggestScale('A', 20, null)).toBeNull();
  });

  // The lookup is a plain object indexed by the code: a code named like an Object.prototype member
  // is found there instead of falling back to 其他未列明行业, and the helper throws.
  test('a code such as "constructor" falls back to 其他未列明行业 instead of throwing', () => {
    expect(suggestScale('constructor', 20, null)).toEqual({ scale: 'small', basis: '依据《中小企业划型标准规定》其他未列明行业：从业人员' });
  });
});

// ---- properties ------------------------------------------------------------------------------------

const NUMBER_FIELDS = (Object.keys(RULE_FIELDS) as RuleField[]).filter((k) => RULE_FIELDS[k].kind === 'number');
const YEARS = [2023, 2024, 2025, 2026, 2027];
const CODES = {
  industry: ['C', 'I', 'M', 'F'],
  scale: ['large', 'medium', 'small', 'micro'],
  region: ['chengguan', 'yunxi', 'qinghe'],
  qualification: ['hightech', 'srdi', 'techsme'],
};
const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100);
const isoDay = fc.date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

const factsArb: fc.Arbitrary<EnterpriseFacts> = fc.record({
  foundedOn: maybe(isoDay),
  registeredCapital: maybe(cents(10000)),
  patents: maybe(fc.integer({ min: 0, max: 50 })),
  industry: maybe(fc.constantFrom(...CODES.industry)),
  scale: maybe(fc.constantFrom(...CODES.scale)),
  region: maybe(fc.constantFrom(...CODES.region)),
  qualifications: fc.uniqueArray(fc.record({ code: fc.constantFrom(...CODES.qualification), validUntil: maybe(isoDay) }), { selector: (q) => q.code, maxLength: 3 }),
  indicators: fc.uniqueArray(
    fc.record({
      year: fc.constantFrom(...YEARS),
      revenue: maybe(cents(100000)),
      tax: maybe(cents(5000)),
      rdExpense: maybe(cents(5000)),
      staff: maybe(fc.integer({ min: 0, max: 2000 })),
      socialInsurance: maybe(fc.integer({ min: 0, max: 2000 })),
      investment: maybe(cents(10000)),
    }),
    { selector: (r) => r.year, maxLength: 4 },
  ),
});

const conditionArb: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({
    field: fc.constantFrom(...NUMBER_FIELDS),
    op: fc.constantFrom('gte', 'lte', 'gt', 'lt', 'eq' as const),
    value: fc.oneof(fc.integer({ min: 0, max: 2000 }), cents(100)),
    year: fc.constantFrom<'last' | 'current' | undefined>('last', 'current', undefined),
  }).map((c): Condition => (RULE_FIELDS[c.field].yearly && c.year ? c : { field: c.field, op: c.op, value: c.value })),
  fc.constantFrom('industry', 'scale', 'region' as const).chain((field) =>
    fc.uniqueArray(fc.constantFrom(...CODES[field]), { minLength: 1 }).map((value): Condition => ({ field, op: 'in', value })),
  ),
  fc.uniqueArray(fc.constantFrom(...CODES.qualification), { minLength: 1 }).map((value): Condition => ({ field: 'qualification', op: 'has', value })),
);

const amountRuleArb: fc.Arbitrary<AmountRule> = fc.oneof(
  cents(1000).map((amount): AmountRule => ({ kind: 'fixed', amount })),
  fc.record({ base: fc.constantFrom(...NUMBER_FIELDS), rate: fc.integer({ min: 0, max: 100 }).map((n) => n / 100), cap: fc.option(cents(500), { nil: undefined }) }).map(
    ({ base, rate, cap }): AmountRule => (cap === undefined ? { kind: 'rate', base, rate } : { kind: 'rate', base, rate, cap }),
  ),
  fc.record({ base: fc.constantFrom(...NUMBER_FIELDS), perUnit: cents(10), cap: fc.option(cents(500), { nil: undefined }) }).map(
    ({ base, perUnit, cap }): AmountRule => (cap === undefined ? { kind: 'perUnit', base, perUnit } : { kind: 'perUnit', base, perUnit, cap }),
  ),
  fc.record({
    base: fc.constantFrom(...NUMBER_FIELDS),
    mins: fc.uniqueArray(fc.integer({ min: 0, max: 100000 }), { minLength: 1, maxLength: 5 }),
    amounts: fc.array(cents(100), { minLength: 5, maxLength: 5 }),
  }).map(({ base, mins, amounts }): AmountRule => ({
    kind: 'tiered',
    base,
    tiers: [...mins].sort((a, b) => a - b).map((min, i) => ({ min, amount: amounts[i]! })),
  })),
  fc.constant<AmountRule>({ kind: 'none' }),
);

const guideArb: fc.Arbitrary<RuleGuide> = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  title: fc.constant('指南'),
  supportType: fc.constantFrom('subsidy', 'award', 'tax', 'honor'),
  mode: fc.constantFrom('auto', 'fast', 'normal'),
  windowStart: fc.constantFrom('2025-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
  windowEnd: fc.constantFrom('2026-06-30T16:00:00.000Z', '2027-12-31T16:00:00.000Z'),
  eligibility: fc.record({ groups: fc.array(fc.array(conditionArb, { minLength: 1, maxLength: 4 }), { maxLength: 3 }) }),
  amountRule: amountRuleArb,
  version: fc.constant('v1'),
});
const atArb = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2028-12-31T23:59:59Z'), noInvalidDate: true });

describe('properties', () => {
  test('the total amount is the rounded sum of eligible amounts, and the verdicts add up to the guides', () => {
    fc.assert(
      fc.property(factsArb, fc.array(guideArb, { maxLength: 8 }), atArb, (f, gs, at) => {
        const e = evaluate(f, gs, at, labelOf);
        const eligible = e.results.filter((r) => r.verdict === 'eligible');
        expect(e.totals.amount).toBe(round2(eligible.reduce((s, r) => s + (r.amount ?? 0), 0)));
        expect(e.totals.eligible + e.totals.missing + e.totals.ineligible).toBe(e.totals.guides);
        expect(e.totals.guides).toBe(gs.length);
        expect(e.totals.bySupportType.reduce((s, t) => s + t.guides, 0)).toBe(e.totals.eligible);
        expect(e.totals.nearMiss).toBe(e.results.filter((r: GuideResult) => r.nearMiss).length);
        for (const r of e.results) if (r.nearMiss) expect(r.verdict).toBe('ineligible');
      }),
      { numRuns: 300 },
    );
  });

  test('evaluating is deterministic, leaves its inputs alone, and survives a JSON round trip', () => {
    fc.assert(
      fc.property(factsArb, fc.array(guideArb, { maxLength: 6 }), atArb, (f, gs, at) => {
        const factsBefore = structuredClone(f);
        const guidesBefore = structuredClone(gs);
        const first = evaluate(f, gs, at, labelOf);
        const second = evaluate(f, gs, at, labelOf);
        expect(second).toStrictEqual(first);
        // (fast-check builds prototype-less records, structuredClone plain ones: compare deeply, not by prototype)
        expect(f).toEqual(factsBefore);
        expect(gs).toEqual(guidesBefore);
        // the browser's what-if receives facts and guides as JSON
        const viaJson = evaluate(JSON.parse(JSON.stringify(f)) as EnterpriseFacts, JSON.parse(JSON.stringify(gs)) as RuleGuide[], at, labelOf);
        expect(viaJson).toEqual(first);
        expect(JSON.parse(JSON.stringify(viaJson))).toEqual(JSON.parse(JSON.stringify(first)));
      }),
      { numRuns: 300 },
    );
  });

  test('the fast path without words (lists, the reverse list) gives the same verdicts, amounts, 差一项 and totals', () => {
    fc.assert(
      fc.property(factsArb, fc.array(guideArb, { maxLength: 8 }), atArb, (f, gs, at) => {
        const full = evaluate(f, gs, at, labelOf);
        const fast = assess(f, gs, at);
        expect(fast.totals).toEqual(full.totals);
        expect(fast.results).toEqual(
          full.results.map((r) => ({ guideId: r.guideId, verdict: r.verdict, amount: r.amount, nearMiss: r.nearMiss !== null, noApplication: r.noApplication, window: r.window })),
        );
      }),
      { numRuns: 300 },
    );
  });
});
