// The bureau's reverse list (反向测算: the enterprises one guide admits) at 100,000 enterprises held
// by 1,000 accounts: qualifiedEnterprises() for a few guides of different shapes, median of N runs
// each, beside what it is made of, timed in the same run: a bare count(*) (the floor of touching
// the table), the database building the enterprises' JSON document without sending it, reading it
// (build, transfer, parse: reverse.ts's query) and the engine alone over the parsed list.
// Goal (the calculator issue): ≤ 1 s per guide. Timings never fail the run.
// Usage: npm run bench (or tsx bench/reverse-list.ts); BENCH_RUNS, BENCH_ENTERPRISES.
import { eq } from 'drizzle-orm';
import { evaluateGuide, type EnterpriseFacts } from '@hqt/contract/calculator-engine';
import { describeAmountRule } from '@hqt/contract/policy';
import { createDb, createPool } from '../apps/server/src/db/client';
import { guides } from '../apps/server/src/db/schema/index';
import { qualifiedEnterprises } from '../apps/server/src/services/calculator/reverse';
import { ruleGuideColumns, toRuleGuide } from '../apps/server/src/services/calculator/rulebook';
import { labelsOf } from '../apps/server/src/services/calculator/service';
import { generateEnterprises } from '../apps/server/src/services/calculator/synthetic';
import { DictionaryStore } from '../apps/server/src/services/dict/store';
import { generateGuides } from '../apps/server/src/services/policy/synthetic';
import { startBenchDatabase } from './support';

const ENTERPRISES = Number(process.env.BENCH_ENTERPRISES ?? 100_000);
const PER_ACCOUNT = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = 1000;
/** Guides 1–5 and 8: one, two and three groups, every amount kind (policy/synthetic.ts cycles them by index). */
const GUIDE_IDS = [1, 2, 3, 4, 5, 8];

// reverse.ts's query, as text: the same document, to time its parts (that module keeps it private).
const DOCUMENT = `json_agg(json_build_object(
      'id', e.id, 'name', e.name, 'creditCode', e.credit_code, 'accountName', a.name,
      'foundedOn', e.founded_on, 'registeredCapital', e.registered_capital, 'patents', e.patents,
      'industry', e.industry, 'scale', e.scale, 'region', e.region,
      'qualifications', e.qualifications, 'indicators', e.indicators) order by e.id)`;
const FROM = 'from enterprises e join accounts a on a.id = e.account_id where e.deleted_at is null';

const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; result: T }> {
  await fn(); // one warm-up run: caches, JIT
  const ms: number[] = [];
  let result!: T;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    result = await fn();
    ms.push(performance.now() - t);
  }
  return { ms: median(ms), result };
}
const row = (label: string, ms: number, note = '') => process.stdout.write(`  ${label.padEnd(58)} ${ms.toFixed(0).padStart(6)} ms${note ? `   ${note}` : ''}\n`);

const { url, stop } = await startBenchDatabase();
try {
  const pool = createPool(url, () => {}, 2);
  const db = createDb(pool);
  const started = Date.now();
  await generateGuides(db, Math.max(...GUIDE_IDS), { allOpen: true });
  await generateEnterprises(db, ENTERPRISES, { perAccount: PER_ACCOUNT });
  await pool.query('vacuum (analyze) enterprises, accounts, guides');
  process.stdout.write(`${ENTERPRISES.toLocaleString('en')} enterprises in ${Math.ceil(ENTERPRISES / PER_ACCOUNT).toLocaleString('en')} accounts generated in ${Date.now() - started} ms\n`);
  const dictStore = new DictionaryStore(db, url, () => {});
  await dictStore.start();
  const dicts = await dictStore.all();

  process.stdout.write(`\nwhere the time goes (median of ${RUNS} after a warm-up)\n`);
  const count = await timed(() => pool.query('select count(*)::int as n from enterprises'));
  row('select count(*) from enterprises (the floor)', count.ms, `${count.result.rows[0].n} rows`);
  const build = await timed(() => pool.query(`select length(${DOCUMENT}::text) as n ${FROM}`));
  row('the database builds the JSON document, sends only its length', build.ms, `${(Number(build.result.rows[0].n) / 1e6).toFixed(1)} MB`);
  const asText = await timed(() => pool.query(`select ${DOCUMENT}::text as list ${FROM}`));
  row('… and sends it (as text, not parsed)', asText.ms);
  let text: string | null = asText.result.rows[0].list as string;
  const parse = await timed(() => JSON.parse(text!) as unknown[]);
  row('JSON.parse of the document', parse.ms);
  const read = await timed(() => pool.query(`select ${DOCUMENT} as list ${FROM}`));
  row("reading all enterprises: reverse.ts's query (build, send, parse)", read.ms);
  let candidates: (EnterpriseFacts & { id: number })[] | null = read.result.rows[0].list as (EnterpriseFacts & { id: number })[];

  // The engine alone over the already parsed list, for each guide: what qualifiedEnterprises adds to the read.
  const labelOf = labelsOf(dicts);
  const cases = [];
  for (const id of GUIDE_IDS) {
    const [g] = await db.select(ruleGuideColumns).from(guides).where(eq(guides.id, id));
    const guide = toRuleGuide(g!);
    const now = new Date();
    cases.push({ id, guide, engine: await timed(() => candidates!.filter((e) => evaluateGuide(guide, e, now, labelOf).verdict === 'eligible').length) });
  }
  // Let the copies go: the whole call below should not pay for this benchmark's garbage.
  text = null;
  candidates = null;
  read.result.rows.length = 0;
  asText.result.rows.length = 0;

  process.stdout.write(`\nqualifiedEnterprises(db, dicts, guideId) at ${ENTERPRISES.toLocaleString('en')} enterprises (median of ${RUNS})\n`);
  process.stdout.write(`  ${'guide'.padEnd(44)} ${'whole'.padStart(8)} ${'engine'.padStart(8)} ${'admitted'.padStart(9)}\n`);
  let worst = 0;
  for (const { id, guide, engine } of cases) {
    const whole = await timed(() => qualifiedEnterprises(db, dicts, id));
    worst = Math.max(worst, whole.ms);
    const shape = `${guide.eligibility.groups.map((grp) => grp.length).join('+')} conditions, ${guide.amountRule.kind}`;
    process.stdout.write(`  ${`#${id} ${shape}`.padEnd(44)} ${whole.ms.toFixed(0).padStart(5)} ms ${engine.ms.toFixed(0).padStart(5)} ms ${String(whole.result.length).padStart(9)}   ${describeAmountRule(guide.amountRule)}\n`);
    if (whole.result.length !== engine.result) throw new Error(`guide ${id}: ${whole.result.length} admitted by the service, ${engine.result} by the engine alone`);
  }
  process.stdout.write(`\ngoal: the reverse list of one guide ≤ ${GOAL_MS} ms at ${ENTERPRISES.toLocaleString('en')} enterprises: ${worst <= GOAL_MS ? 'met' : 'NOT met'} (slowest guide ${worst.toFixed(0)} ms)\n`);

  await dictStore.stop();
  await pool.end();
} finally {
  await stop();
}
