// Load on the market's keyword-and-filter page at 10,000 guides: the real route (Fastify, schema
// validation, our service, serialisation) against, in the same run, a bare node:http route that
// runs the very same SQL with nothing around it. 50 connections, 10 s each; prints requests per
// second, p99 latency and the ratio. Usage: npm run bench (or tsx bench/search-load.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, createPool } from '../apps/server/src/db/client';
import type {} from '../apps/server/src/services/dict/plugin'; // its app.dicts declaration
import { guidePageQuery } from '../apps/server/src/services/policy/service';
import { generateGuides } from '../apps/server/src/services/policy/synthetic';
import { startBenchDatabase } from './support';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const QUERY = { currentPage: 1, pageSize: 20, keyword: '研发', supportType: 'interest', openNow: true };

const { url, stop } = await startBenchDatabase();
try {
  const seedPool = createPool(url, () => {}, 2);
  const started = Date.now();
  await generateGuides(createDb(seedPool), 10_000);
  await seedPool.query('analyze');
  process.stdout.write(`10,000 guides generated in ${Date.now() - started} ms\n`);

  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), databaseUrl: url, jwtSecret: 'bench' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  // The bare route: the same SQL text and parameters, straight on a pool of the same size.
  // The statement the app runs for this page (a keyword's one-scan page when the matches are few).
  const { select, firstTry } = await guidePageQuery({ db: createDb(seedPool), dicts: app.dicts }, QUERY);
  const { sql: text, params } = (firstTry ?? select).toSQL();
  await seedPool.end();
  const barePool = createPool(url, () => {}, 10);
  const bare = http.createServer((_req, res) => {
    void barePool.query({ text, values: params }).then(({ rows }) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(rows));
    });
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));

  const run = (name: string, target: string, method: 'GET' | 'POST', body?: string) =>
    autocannon({ url: target, method, body, headers: { 'content-type': 'application/json' }, connections: CONNECTIONS, duration: SECONDS }).then((r) => {
      process.stdout.write(`${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}\n`);
      return r;
    });

  const bareResult = await run('bare node:http + same SQL', `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, 'GET');
  const appResult = await run('POST getpolicyguidepage (the app)', `${address}/api/v1/govbecalculator/getpolicyguidepage`, 'POST', JSON.stringify(QUERY));
  process.stdout.write(`ratio app / bare: ${(appResult.requests.average / bareResult.requests.average).toFixed(2)} of the throughput, p99 ×${(appResult.latency.p99 / Math.max(1, bareResult.latency.p99)).toFixed(2)}\n`);

  await app.close();
  bare.close();
  await barePool.end();
} finally {
  await stop();
}
