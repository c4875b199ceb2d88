// Fills a database with N synthetic published guides, for benchmarks and the search-speed test.
// Each guide carries machine-readable eligibility and amount rules, varied by index so that every
// field, operator and amount kind occurs (the calculator's benchmarks evaluate them).
import { RULE_FIELDS, type AmountRule, type Condition, type EligibilityRules, type RuleField } from '@hqt/contract/policy';
import type { DbOrTx } from '../../db/client';
import { guides, policies } from '../../db/schema/index';

const SUBJECTS = ['研发投入', '技术改造', '专精特新', '高新技术企业', '人才引进', '贷款贴息', '稳岗就业', '绿色低碳', '数字化转型', '首台套', '知识产权', '外贸出口', '品牌建设', '标准制定', '企业上云', '智能制造', '冷链物流', '农产品加工', '文化旅游', '创业担保'];
const ACTIONS = ['补助', '奖励', '贴息', '认定', '扶持', '补贴', '资助', '专项资金'];
const PLACES = ['云溪县', '城关镇', '经济开发区', '清河镇', '龙潭镇', '全县'];
const SUPPORT = ['subsidy', 'interest', 'tax', 'award', 'honor', 'talent'];
const MODES = ['auto', 'fast', 'normal'];
const DEPTS = ['gxj', 'kjj', 'czj', 'rsj', 'swj', 'fgj', 'scj', 'tax'];
const LEVELS = ['national', 'province', 'city', 'county'];
const INDUSTRIES = ['A', 'C', 'E', 'F', 'G', 'I', 'M'];
const DAY = 86_400_000;

// ---- rules -----------------------------------------------------------------------------------------

const FIELDS = Object.keys(RULE_FIELDS) as RuleField[];
const NUMBER_OPS = ['gte', 'lte', 'gt', 'lt', 'eq'] as const;
/** Thresholds of the size a county's enterprises have, so some guides admit some enterprises. */
const THRESHOLDS: Record<string, number[]> = {
  staff: [10, 20, 50, 100, 300],
  socialInsurance: [5, 10, 30, 80, 200],
  revenue: [100, 500, 2000, 5000, 20000],
  tax: [10, 50, 100, 300, 1000],
  rdExpense: [10, 50, 100, 300, 1000],
  rdRatio: [1, 2, 3, 5, 8],
  patents: [0, 1, 3, 5, 10],
  investment: [50, 200, 500, 1000, 5000],
  foundedYears: [1, 2, 3, 5, 10],
  registeredCapital: [50, 100, 500, 1000, 5000],
};
/** Codes of the reference dictionaries (services/dict/reference-data.ts). */
const CODES: Record<string, string[]> = {
  industry: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'M'],
  scale: ['large', 'medium', 'small', 'micro'],
  region: ['chengguan', 'yunxi', 'dongba', 'qinghe', 'longtan', 'shiqiao', 'baima', 'park'],
  qualification: ['hightech', 'srdi', 'littlegiant', 'techsme', 'abovescale', 'gazelle'],
};
const YEARS = [undefined, 'last', 'current'] as const;

/** The k-th condition overall: fields cycle fastest, operators and values more slowly. */
function syntheticCondition(k: number): Condition {
  const field = FIELDS[k % FIELDS.length]!;
  const turn = Math.floor(k / FIELDS.length);
  const spec = RULE_FIELDS[field];
  if (spec.kind === 'number') {
    const op = NUMBER_OPS[turn % NUMBER_OPS.length]!;
    const values = THRESHOLDS[field]!;
    const year = spec.yearly ? YEARS[turn % YEARS.length] : undefined;
    return { field, op, value: values[(turn * 3 + k) % values.length]!, ...(year ? { year } : {}) };
  }
  const codes = CODES[field]!;
  const count = 1 + (turn % 3);
  const picked = Array.from({ length: count }, (_, j) => codes[(turn + j * 3) % codes.length]!).filter((c, j, all) => all.indexOf(c) === j);
  const op = field === 'qualification' && turn % 2 === 0 ? 'has' : 'in';
  // A single code is sometimes a bare string: the schema allows both.
  return { field, op, value: picked.length === 1 && turn % 4 === 0 ? picked[0]! : picked };
}

/** 1–3 groups (OR) of 1–4 conditions (AND). */
export function syntheticEligibility(i: number): EligibilityRules {
  const groups: Condition[][] = [];
  let k = i * 7;
  for (let g = 0; g < 1 + (i % 3); g++) {
    const group: Condition[] = [];
    for (let c = 0; c < 1 + ((i + g) % 4); c++) group.push(syntheticCondition(k++));
    groups.push(group);
  }
  return { groups };
}

/** Every amount kind in turn, on number bases, with and without a cap. */
export function syntheticAmountRule(i: number): AmountRule {
  const turn = Math.floor(i / 5);
  switch (i % 5) {
    case 0:
      return { kind: 'fixed', amount: 5 + (turn % 20) * 5 };
    case 1: {
      const base = (['revenue', 'rdExpense', 'investment', 'tax'] as const)[turn % 4]!;
      const rate = [0.01, 0.05, 0.1, 0.2][turn % 4]!;
      return turn % 2 === 0 ? { kind: 'rate', base, rate, cap: 50 + (turn % 10) * 10 } : { kind: 'rate', base, rate };
    }
    case 2: {
      const base = (['staff', 'patents', 'socialInsurance', 'registeredCapital'] as const)[turn % 4]!;
      const perUnit = [0.1, 0.5, 1, 2][turn % 4]!;
      return turn % 2 === 0 ? { kind: 'perUnit', base, perUnit, cap: 100 } : { kind: 'perUnit', base, perUnit };
    }
    case 3: {
      const base = (['revenue', 'staff', 'rdExpense', 'foundedYears'] as const)[turn % 4]!;
      const steps = THRESHOLDS[base]!.slice(0, 2 + (turn % 3));
      return { kind: 'tiered', base, tiers: steps.map((min, t) => ({ min, amount: (t + 1) * 10 })) };
    }
    default:
      return { kind: 'none' };
  }
}

// ---- guides ----------------------------------------------------------------------------------------

export interface GenerateGuidesOptions {
  batch?: number;
  /** Every guide open now (by default one in three has closed). */
  allOpen?: boolean;
}

/** Deterministic: the same n gives the same rows, so benchmark runs compare. */
export async function generateGuides(db: DbOrTx, n: number, { batch = 1000, allOpen = false }: GenerateGuidesOptions = {}): Promise<void> {
  const now = Date.now();
  const policyIds: number[] = [];
  for (let p = 0; p < 40; p++) {
    const [row] = await db
      .insert(policies)
      .values({
        title: `${PLACES[p % PLACES.length]}关于支持${SUBJECTS[p % SUBJECTS.length]}的若干措施（第${p + 1}号）`,
        docNo: `云合成〔2026〕${p + 1}号`,
        department: DEPTS[p % DEPTS.length]!,
        level: LEVELS[p % LEVELS.length]!,
        publishDate: new Date(now - p * DAY).toISOString().slice(0, 10),
        contentHtml: '<p>合成政策正文。</p>',
      })
      .returning({ id: policies.id });
    policyIds.push(row!.id);
  }
  for (let start = 0; start < n; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + batch); i++) {
      const subject = SUBJECTS[i % SUBJECTS.length]!;
      const action = ACTIONS[(i * 7) % ACTIONS.length]!;
      const other = SUBJECTS[(i * 13 + 5) % SUBJECTS.length]!;
      const open = allOpen || i % 3 !== 0;
      rows.push({
        policyId: policyIds[i % policyIds.length]!,
        title: `${PLACES[i % PLACES.length]}${subject}${action}（${i + 1}）`,
        summary: `对开展${subject}和${other}的企业给予${action}，支持企业高质量发展。`,
        beneficiaries: `在${PLACES[(i + 2) % PLACES.length]}注册的企业`,
        conditionsText: `企业近三年${other}投入逐年增长，无严重失信记录。`,
        supportStandard: `按实际投入给予${action}，单个企业最高${(i % 50) + 10}万元。`,
        eligibility: syntheticEligibility(i),
        amountRule: syntheticAmountRule(i),
        supportType: SUPPORT[i % SUPPORT.length]!,
        mode: MODES[i % MODES.length]!,
        industries: i % 4 === 0 ? [] : [INDUSTRIES[i % INDUSTRIES.length]!],
        windowStart: new Date(now - (open ? 30 : 200) * DAY),
        windowEnd: new Date(now + (open ? 60 : -100) * DAY),
        deptName: '云溪县工业和信息化局',
        deptAddress: '云溪县城关镇人民路88号',
        deptPhone: '0839-7202345',
        viewCount: (i * 31) % 1000,
        publishedAt: new Date(now - (i % 365) * DAY),
      });
    }
    await db.insert(guides).values(rows);
  }
}
