// The market's page (getpolicyguidepage) at 10,000 and 100,000 guides: the query the service builds
// now (guidePageQuery: a capped count, a walk of guides_market_idx, title matches first) against the
// old shape, kept here as its SQL text (count(*) over () beside the rows, ts_rank order), timed in
// the same run on the same database (median and p95 of N runs on a warm cache, one connection).
// Then 50 connections at 10,000 guides: the app's route against a bare node:http route running the
// same SQL. Usage: npm run bench (or tsx bench/market-scale.ts); BENCH_RUNS, BENCH_SECONDS.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import type { GuidePageQuery } from '@hqt/contract/policy';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, createPool } from '../apps/server/src/db/client';
import type {} from '../apps/server/src/services/dict/plugin'; // its app.dicts declaration
import { guidePageQuery } from '../apps/server/src/services/policy/service';
import { generateGuides } from '../apps/server/src/services/policy/synthetic';
import { startBenchDatabase } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

/** The page before this change: every match counted by a window and ranked by ts_rank. */
function oldQuery(q: GuidePageQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const where = [`g.status = 'published'`, `p.status = 'published'`];
  let rank = '';
  if (q.keyword) {
    values.push(q.keyword);
    where.push(`g.search @@ hqt_bigram_query($${values.length})`);
    rank = `ts_rank(g.search, hqt_bigram_query($${values.length})) desc, `;
  }
  if (q.supportType) {
    values.push(q.supportType);
    where.push(`g.support_type = $${values.length}`);
  }
  values.push(q.pageSize, (q.currentPage - 1) * q.pageSize);
  const text = `select g.id, g.title, g.summary, g.policy_id, p.title as policy_title, p.doc_no, p.level, p.department, g.support_type, g.mode,
      g.window_start, g.window_end, g.amount_rule, g.view_count, g.published_at, count(*) over () as total
    from guides g inner join policies p on p.id = g.policy_id
    where ${where.join(' and ')}
    order by ${rank}g.published_at desc, g.id desc limit $${values.length - 1} offset $${values.length}`;
  return { text, values };
}

const CASES: { name: string; query: GuidePageQuery }[] = [
  { name: 'default page (newest, with total)', query: { currentPage: 1, pageSize: 20 } },
  { name: '研发', query: { currentPage: 1, pageSize: 20, keyword: '研发' } },
  { name: '研发 + supportType', query: { currentPage: 1, pageSize: 20, keyword: '研发', supportType: 'interest' } },
  { name: 'default page 50', query: { currentPage: 50, pageSize: 20 } },
];

const { url, stop } = await startBenchDatabase();
try {
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), databaseUrl: url, jwtSecret: 'bench' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const pool = createPool(url, () => {}, 2);
  const deps = { db: createDb(pool), dicts: app.dicts };
  const client = new pg.Client({ connectionString: url });
  await client.connect();

  const time = async (query: { text: string; values: unknown[] }) => {
    // Rows as arrays: both shapes answer id first and the total last (the new one leaves it unnamed).
    const q = { ...query, rowMode: 'array' as const };
    for (let i = 0; i < 3; i++) await client.query(q); // warm the cache
    const ms: number[] = [];
    let rows: unknown[][] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      rows = (await client.query(q)).rows;
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { median: ms[Math.floor(RUNS / 2)]!, p95: ms[Math.min(RUNS - 1, Math.ceil(RUNS * 0.95) - 1)]!, rows };
  };
  const f = (n: number) => n.toFixed(1).padStart(7);

  for (const size of [10_000, 100_000]) {
    const started = Date.now();
    await pool.query('truncate topic_guides, guides, policies restart identity cascade');
    await generateGuides(deps.db, size);
    // Analyze, and set the visibility map as autovacuum does after a bulk insert: the capped count
    // is an index-only scan.
    await pool.query('vacuum (analyze) guides, policies');
    process.stdout.write(`\n${size.toLocaleString('en')} guides generated in ${Date.now() - started} ms; ${RUNS} runs each, ms\n`);
    process.stdout.write(`${'case'.padEnd(36)} ${'old med'.padStart(7)} ${'old p95'.padStart(7)} ${'new med'.padStart(7)} ${'new p95'.padStart(7)}  old/new  total (new)\n`);
    for (const c of CASES) {
      // What the app runs: a keyword's one-scan page first, the capped statement when it finds too many.
      const { select, firstTry } = await guidePageQuery(deps, c.query);
      const [first, fallback] = [firstTry ?? select, select].map((q) => q.toSQL()).map(({ sql: text, params }) => ({ text, values: params }));
      const before = await time(oldQuery(c.query));
      let after = await time(first!);
      if (firstTry && Number(after.rows[0]?.at(-1) ?? 0) > 10_000) {
        const second = await time(fallback!);
        after = { ...second, median: after.median + second.median, p95: after.p95 + second.p95 };
      }
      const total = Number(after.rows[0]?.at(-1) ?? 0);
      const shown = total > 10_000 ? '10000+' : String(total);
      // Same rows in the same order where the order is the same (newest first); the total exact
      // whenever it is not capped.
      const newest = !c.query.keyword;
      const same = newest ? JSON.stringify(before.rows.map((r) => r[0])) === JSON.stringify(after.rows.map((r) => r[0])) : true;
      const totalOk = total > 10_000 || total === Number(before.rows[0]?.at(-1) ?? 0);
      process.stdout.write(
        `${c.name.padEnd(36)} ${f(before.median)} ${f(before.p95)} ${f(after.median)} ${f(after.p95)}  ${(before.median / after.median).toFixed(1).padStart(6)}×  ${shown}${same && totalOk ? '' : '  MISMATCH'}\n`,
      );
      if (!same || !totalOk) process.exitCode = 1;
    }

    if (size !== 10_000) continue;
    // The load: the app's route against the same SQL on a bare route, for two pages.
    const barePool = createPool(url, () => {}, 10);
    for (const c of [CASES[0]!, { name: '研发 + supportType + openNow', query: { currentPage: 1, pageSize: 20, keyword: '研发', supportType: 'interest', openNow: true } }]) {
      const { select, firstTry } = await guidePageQuery(deps, c.query);
      const { sql: text, params } = (firstTry ?? select).toSQL();
      const bare = http.createServer((_req, res) => {
        void barePool.query({ text, values: params }).then(({ rows }) => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(rows));
        });
      });
      await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
      const run = (target: string, method: 'GET' | 'POST', body?: string) =>
        autocannon({ url: target, method, body, headers: { 'content-type': 'application/json' }, connections: CONNECTIONS, duration: SECONDS });
      const b = await run(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, 'GET');
      const a = await run(`${address}/api/v1/govbecalculator/getpolicyguidepage`, 'POST', JSON.stringify(c.query));
      process.stdout.write(
        `load, ${CONNECTIONS} connections, ${c.name}: bare ${b.requests.average.toFixed(0)} req/s p99 ${b.latency.p99} ms; app ${a.requests.average.toFixed(0)} req/s p99 ${a.latency.p99} ms (errors ${a.errors + a.non2xx}); ratio app / bare ${(a.requests.average / b.requests.average).toFixed(2)}\n`,
      );
      bare.close();
    }
    await barePool.end();
  }
  await client.end();
  await pool.end();
  await app.close();
} finally {
  await stop();
}
