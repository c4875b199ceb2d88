// The policy calculator (政策计算器) at 10,000 open guides, each with 1–3 condition groups of 1–4
// conditions over every field, operator and amount kind: one enterprise with a complete profile.
// (a) Server time of POST evaluate, one request at a time through app.inject (the whole Fastify
// pipeline and serialisation, no socket), beside the engine alone and the service alone on the same
// facts and guides, so engine, database and transport can be told apart. (b) 50 connections over
// real HTTP for BENCH_SECONDS against evaluate and, in the same run, the market's guide page as the
// baseline. Goals (the calculator issue): ≤ 20 ms median for one enterprise against 10,000 guides;
// 50 concurrent evaluations without errors. Timings never fail the run.
// Usage: npm run bench (or tsx bench/calculator-load.ts); BENCH_SECONDS, BENCH_RUNS.
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import fastJson from 'fast-json-stringify';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, EvaluateResponse } from '@hqt/contract/calculator';
import { Envelope } from '@hqt/contract/envelope';
import { evaluate } from '@hqt/contract/calculator-engine';
import { POLICY_PATHS, ruleProblems } from '@hqt/contract/policy';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, createPool } from '../apps/server/src/db/client';
import { enterprises } from '../apps/server/src/db/schema/index';
import type { SignedInCtx } from '../apps/server/src/lib/ctx';
import { hashPassword } from '../apps/server/src/services/auth/password';
import { Rulebook } from '../apps/server/src/services/calculator/rulebook';
import { evaluateEnterprise, labelsOf } from '../apps/server/src/services/calculator/service';
import { generateEnterprises } from '../apps/server/src/services/calculator/synthetic';
import type {} from '../apps/server/src/services/dict/plugin'; // its app.dicts declaration
import { DICTIONARIES } from '../apps/server/src/services/dict/reference-data';
import { generateGuides, syntheticAmountRule, syntheticEligibility } from '../apps/server/src/services/policy/synthetic';
import { startBenchDatabase } from './support';

const GUIDES = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GOAL_MEDIAN_MS = 20;
const PASSWORD = 'Passw0rd';
const PAGE_QUERY = { currentPage: 1, pageSize: 20 };

const sorted = (ms: number[]) => [...ms].sort((a, b) => a - b);
const median = (ms: number[]) => sorted(ms)[Math.floor(ms.length / 2)]!;
const p99 = (ms: number[]) => sorted(ms)[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)]!;
const f = (n: number) => n.toFixed(1).padStart(7);
async function timed(runs: number, warmup: number, fn: () => unknown): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return ms;
}

// The generator's rules must be ones the console would accept, or the figures measure nonsense.
const known = (dict: string, code: string) => Object.entries(DICTIONARIES).some(([type, items]) => type === dict && items.some(([c]) => c === code));
for (let i = 0; i < GUIDES; i++) {
  const problems = ruleProblems(syntheticEligibility(i), syntheticAmountRule(i), known);
  if (problems.length) throw new Error(`synthetic guide ${i}: ${problems.join('; ')}`);
}

const { url, stop } = await startBenchDatabase();
try {
  const pool = createPool(url, () => {}, 2);
  const db = createDb(pool);
  const started = Date.now();
  await generateGuides(db, GUIDES, { allOpen: true });
  const [accountId] = await generateEnterprises(db, 1, { perAccount: 1, usernamePrefix: 'bench_', passwordHash: await hashPassword(PASSWORD) });
  const [enterprise] = await db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, accountId!));
  await pool.query('vacuum (analyze) guides, policies, enterprises');
  process.stdout.write(`${GUIDES.toLocaleString('en')} open guides and one enterprise generated in ${Date.now() - started} ms\n`);

  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), databaseUrl: url, jwtSecret: 'bench' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await app.inject({ method: 'POST', url: AUTH_PATHS.token, payload: { username: 'bench_0', password: PASSWORD, grant_type: 'password' } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const headers = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ enterpriseId: enterprise!.id });

  // (a) one at a time
  const first = await app.inject({ method: 'POST', url: CALCULATOR_PATHS.evaluate, headers, payload: body });
  if (first.statusCode !== 200) throw new Error(`evaluate failed: ${first.statusCode} ${first.body.slice(0, 300)}`);
  const answer = (first.json() as { data: EvaluateResponse }).data;
  const { totals } = answer.evaluation;
  process.stdout.write(
    `evaluate answers ${(first.rawPayload.length / 1e6).toFixed(1)} MB: ${totals.guides} guides, ${totals.eligible} eligible, ${totals.missing} missing data, ${totals.ineligible} not (${totals.nearMiss} 差一项), ${totals.amount} 万元\n`,
  );
  if (totals.guides !== GUIDES) throw new Error(`expected ${GUIDES} open guides in the evaluation, got ${totals.guides}`);

  const injectMs = await timed(RUNS, WARMUP, async () => {
    const res = await app.inject({ method: 'POST', url: CALCULATOR_PATHS.evaluate, headers, payload: body });
    if (res.statusCode !== 200) throw new Error(`evaluate failed: ${res.statusCode}`);
  });
  // Over a real socket (loopback), fewer runs: each answer is megabytes.
  const httpRuns = Math.min(RUNS, 50);
  const httpMs = await timed(httpRuns, 5, async () => {
    const res = await fetch(`${address}${CALCULATOR_PATHS.evaluate}`, { method: 'POST', headers, body });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`evaluate failed: ${res.status}`);
  });
  // The same work without the HTTP layer: the service (profile read, cached rules, engine) …
  const dicts = await app.dicts.all();
  const rulebook = new Rulebook(db, url, () => {});
  await rulebook.start();
  const ctx: SignedInCtx = {
    ip: '127.0.0.1',
    actor: { accountId: accountId!, username: 'bench_0', name: 'bench', roleId: ROLES.enterprise.id, sessionId: 'bench' },
    scope: { accountId: accountId!, roleId: ROLES.enterprise.id, enterpriseIds: [enterprise!.id] },
  };
  const serviceMs = await timed(RUNS, WARMUP, () => evaluateEnterprise({ db, dicts: app.dicts, rulebook }, ctx, { enterpriseId: enterprise!.id }));
  // … the engine alone on the very facts and guides the route answered with …
  const labelOf = labelsOf(dicts);
  const engineMs = await timed(RUNS, WARMUP, () => evaluate(answer.facts, answer.guides, new Date(), labelOf));
  // … and turning the answer into text: Fastify compiles the route's response schema with
  // fast-json-stringify (the same library and schema here), against plain JSON.stringify.
  const envelope = first.json() as unknown;
  const schemaSerialise = fastJson(Envelope(EvaluateResponse) as Parameters<typeof fastJson>[0]);
  const serialiseRuns = Math.min(RUNS, 50);
  const schemaMs = await timed(serialiseRuns, 5, () => schemaSerialise(envelope));
  const stringifyMs = await timed(serialiseRuns, 5, () => JSON.stringify(envelope));
  const rulebookMs = await timed(RUNS, WARMUP, () => rulebook.guides(new Date()));
  await rulebook.stop();

  process.stdout.write(`\nPOST evaluate, one request at a time (${RUNS} after ${WARMUP} warm-up), ms     median     p99\n`);
  process.stdout.write(`  app.inject (auth, validation, service, serialisation) ${f(median(injectMs))} ${f(p99(injectMs))}\n`);
  process.stdout.write(`  real HTTP, fetch over loopback (client reads it all) ${f(median(httpMs))} ${f(p99(httpMs))}   (${httpRuns} runs)\n`);
  process.stdout.write(`  service evaluateEnterprise (db read + rules + engine)  ${f(median(serviceMs))} ${f(p99(serviceMs))}\n`);
  process.stdout.write(`  engine evaluate() alone, same facts and guides        ${f(median(engineMs))} ${f(p99(engineMs))}\n`);
  process.stdout.write(`  rulebook.guides() (cached rules, filtered by window)  ${f(median(rulebookMs))} ${f(p99(rulebookMs))}\n`);
  process.stdout.write(`  serialise: the route's schema (fast-json-stringify) ${f(median(schemaMs))} ${f(p99(schemaMs))}   (${serialiseRuns} runs)\n`);
  process.stdout.write(`  serialise: plain JSON.stringify                      ${f(median(stringifyMs))} ${f(p99(stringifyMs))}   (${serialiseRuns} runs)\n`);
  const share = (ms: number) => `${((ms / median(injectMs)) * 100).toFixed(0)}%`;
  process.stdout.write(
    `  of the inject median: engine ${share(median(engineMs))}, rest of the service (profile read, rules) ${share(median(serviceMs) - median(engineMs))}, schema serialisation ${share(median(schemaMs))}, the rest (auth, validation, content-length of the text, inject, GC) ${share(median(injectMs) - median(serviceMs) - median(schemaMs))}\n`,
  );

  // (b) 50 connections over HTTP: the guide page first, as the baseline.
  const run = (name: string, path: string, payload: string, extra: Record<string, string> = {}) =>
    autocannon({ url: `${address}${path}`, method: 'POST', body: payload, headers: { 'content-type': 'application/json', ...extra }, connections: CONNECTIONS, duration: SECONDS }).then((r) => {
      process.stdout.write(`${name.padEnd(40)} ${r.requests.average.toFixed(1).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(5)} ms   errors ${r.errors + r.non2xx} (timeouts ${r.timeouts})\n`);
      return r;
    });
  process.stdout.write(`\n${CONNECTIONS} connections, ${SECONDS} s each, real HTTP\n`);
  const page = await run('POST getpolicyguidepage (baseline)', POLICY_PATHS.guidePage, JSON.stringify(PAGE_QUERY));
  const load = await run('POST evaluate', CALCULATOR_PATHS.evaluate, body, headers);
  process.stdout.write(
    `ratio evaluate / guide page: ${(load.requests.average / Math.max(0.001, page.requests.average)).toFixed(3)} of the throughput, p99 ×${(load.latency.p99 / Math.max(1, page.latency.p99)).toFixed(1)}\n`,
  );

  const loadErrors = load.errors + load.non2xx;
  const medianMet = median(injectMs) <= GOAL_MEDIAN_MS;
  process.stdout.write(`\ngoal: median server time ≤ ${GOAL_MEDIAN_MS} ms against ${GUIDES.toLocaleString('en')} guides: ${medianMet ? 'met' : 'NOT met'} (${median(injectMs).toFixed(1)} ms)\n`);
  // Requests still in flight when the run ends are neither answers nor errors: the goal also asks
  // that at least one answer per connection came back, or a server too slow to answer would pass.
  const concurrentMet = loadErrors === 0 && load.requests.total >= CONNECTIONS;
  process.stdout.write(
    `goal: ${CONNECTIONS} concurrent evaluations without errors: ${concurrentMet ? 'met' : 'NOT met'} (${load.requests.total} answered, ${loadErrors} errors or timeouts, ${load.requests.sent} sent in ${SECONDS} s)\n`,
  );

  await app.close();
  await pool.end();
} finally {
  await stop();
}
