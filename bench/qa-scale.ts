// 政策问答 at 10,000 and 100,000 clauses (issue 40): the demo's 25 policies beside synthetic ones of
// twenty numbered articles each, 10,000 guides in the market, the app as `npm start` builds it on
// its own port. Prints, per size: how long the start and its indexing job took (qa-reconcile), the first question
// (the node's ranking built from the stored passages), then the median and p95 of questions over
// HTTP against the market's keyword page (POST getpolicyguidepage, keyword 研发) in the same run.
// Usage: cd bench && npx tsx qa-scale.ts (QA_CLAUSES=10000 for one size, BENCH_RUNS for the runs).
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, createPool } from '../apps/server/src/db/client';
import { policies } from '../apps/server/src/db/schema/index';
import { generateGuides } from '../apps/server/src/services/policy/synthetic';
import { seedPolicyDemo } from '../apps/server/src/setup/demo-content/policy';
import { GOLD } from '../apps/server/test/rules/qa-gold';
import { startBenchDatabase } from './support';
import { f, time } from './timing';

const SIZES = (process.env.QA_CLAUSES ?? '10000,100000').split(',').map(Number);
const ARTICLES = 20;
const SUBJECTS = ['研发投入', '技术改造', '专精特新', '高新技术企业', '人才引进', '贷款贴息', '稳岗就业', '绿色低碳', '数字化转型', '首台套', '知识产权', '外贸出口', '品牌建设', '标准制定', '企业上云', '智能制造', '冷链物流', '农产品加工', '文化旅游', '创业担保'];
const ACTIONS = ['补助', '奖励', '贴息', '补贴', '资助'];
const PLACES = ['城关镇', '经济开发区', '清河镇', '龙潭镇', '石桥镇', '白马镇'];

/** One synthetic policy: chapters of numbered articles, the way the county prints its measures. */
function syntheticPolicy(i: number) {
  const subject = SUBJECTS[i % SUBJECTS.length]!;
  const place = PLACES[i % PLACES.length]!;
  const articles = Array.from({ length: ARTICLES }, (_, a) => {
    const action = ACTIONS[(i + a) % ACTIONS.length]!;
    const other = SUBJECTS[(i + a * 7) % SUBJECTS.length]!;
    return a % 4 === 0
      ? `对${place}内开展${other}的企业，按上年度相关投入的${5 + (a % 10)}%给予${action}，单户企业年度最高${10 * (1 + (a % 9))}万元。`
      : a % 4 === 1
        ? `申请${other}${action}的企业应依法经营、依法纳税，近三年未发生较大及以上安全生产事故，上年度营业收入不低于${500 * (1 + (a % 5))}万元。`
        : a % 4 === 2
          ? `${other}${action}资金由县财政预算安排，实行总额控制、据实结算，年度资金用完为止；同一项目不重复享受。`
          : `企业申报${other}${action}须提交申请表、营业执照、上年度财务报表及相关证明材料，由主管部门在${10 + (a % 10)}个工作日内完成审核。`;
  });
  const content = `<h2>第一章 总则</h2>${articles
    .map((text, a) => `${a === 5 ? '<h2>第二章 支持内容</h2>' : a === 15 ? '<h2>第三章 申报与兑现</h2>' : ''}<p>第${a + 1}条 ${text}</p>`)
    .join('')}`;
  return {
    title: `${place}关于支持${subject}的若干措施（合成第${i}号）`,
    docNo: `云合成〔2026〕${i}号`,
    department: 'gxj',
    level: 'county',
    publishDate: '2026-01-01',
    contentHtml: content,
  };
}

const questions = GOLD.map((g) => g.q).slice(0, 60);

for (const size of SIZES) {
  const { url, stop } = await startBenchDatabase();
  try {
    const pool = createPool(url, () => {}, 4);
    const db = createDb(pool);
    await seedPolicyDemo(db);
    await generateGuides(db, 10_000);
    const wanted = Math.ceil(Math.max(0, size - 500) / ARTICLES);
    for (let i = 0; i < wanted; i += 500) await db.insert(policies).values(Array.from({ length: Math.min(500, wanted - i) }, (_, k) => syntheticPolicy(i + k)));
    await pool.query('analyze');
    await pool.end();

    let started = performance.now();
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', QA_RATE_LIMIT: '1000000' }), databaseUrl: url, jwtSecret: 'bench' });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    // The start's job indexes the policies seeded straight into their tables.
    const reconciling = async () => (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'qa-reconcile' and state <> 'completed'`)).rows[0]!.n;
    while ((await reconciling()) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    const buildMs = performance.now() - started;
    const { rows } = await app.db.execute<{ kind: string; n: string }>(sql`select kind, count(*) as n from qa_passages group by kind order by kind`);
    const passages = rows.reduce((sum, r) => sum + Number(r.n), 0);
    const byKind = rows.map((r) => `${r.kind} ${Number(r.n).toLocaleString()}`).join(', ');

    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${address}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const ask = (q: string) => post('/api/v1/policyqa/ask', { question: q });
    started = performance.now();
    await ask(questions[0]!);
    const firstMs = performance.now() - started;

    let next = 0;
    const asked = await time(() => ask(questions[next++ % questions.length]!));
    const market = await time(() => post('/api/v1/govbecalculator/getpolicyguidepage', { currentPage: 1, pageSize: 20, keyword: '研发' }));
    process.stdout.write(
      `\n${passages.toLocaleString()} passages (${byKind}; ${size.toLocaleString()} clauses asked for): start and its indexing job ${(buildMs / 1000).toFixed(1)} s, first question ${firstMs.toFixed(0)} ms\n` +
        `${''.padEnd(40)}  median     p95   (ms)\n` +
        `${'market keyword page (研发)'.padEnd(40)} ${f(market.median)} ${f(market.p95)}\n` +
        `${`ask (${questions.length} gold questions in turn)`.padEnd(40)} ${f(asked.median)} ${f(asked.p95)}   ask/market p95 ${(asked.p95 / market.p95).toFixed(2)}×\n`,
    );
    await app.close();
  } finally {
    await stop();
  }
}
