// Fills a database with N synthetic published guides, for benchmarks and the search-speed test.
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

/** Deterministic: the same n gives the same rows, so benchmark runs compare. */
export async function generateGuides(db: DbOrTx, n: number, batch = 1000): Promise<void> {
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
      const open = i % 3 !== 0;
      rows.push({
        policyId: policyIds[i % policyIds.length]!,
        title: `${PLACES[i % PLACES.length]}${subject}${action}（${i + 1}）`,
        summary: `对开展${subject}和${other}的企业给予${action}，支持企业高质量发展。`,
        beneficiaries: `在${PLACES[(i + 2) % PLACES.length]}注册的企业`,
        conditionsText: `企业近三年${other}投入逐年增长，无严重失信记录。`,
        supportStandard: `按实际投入给予${action}，单个企业最高${(i % 50) + 10}万元。`,
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
