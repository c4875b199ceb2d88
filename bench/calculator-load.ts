// The policy calculator (政策计算器) at 10,000 open guides, each with 1–3 condition groups of 1–4
// conditions over every field, operator and amount kind: one enterprise with a complete profile.
// The design measured: POST evaluate answers the totals over every open guide (the engine's fast
// path, assess(): verdicts and amounts without words) and one page of results in words, most
// valuable first; GET rulebook hands the browser every guide not yet closed, serialised once per
// change of the rules, and the browser runs the same engine itself.
// (a) Server time of POST evaluate for page 1 of 20, one request at a time through app.inject (the
// whole Fastify pipeline and serialisation, no socket) and over real HTTP, beside the service alone
// and the engine alone (assess(), and evaluate() with every word for comparison) on the same facts
// and guides, so engine, database and transport can be told apart. (b) GET rulebook: time and size
// (the big answer now, once per page visit), and what the browser then pays (parse, assess). (c) 50
// connections over real HTTP for BENCH_SECONDS against evaluate and, in the same run, the market's
// guide page as the baseline (and the rulebook, for its throughput). Goals (the calculator issue):
// ≤ 20 ms median for one enterprise against 10,000 guides; 50 concurrent evaluations without errors.
// Each node keeps every enterprise's assessment under its facts and the rules' version
// (assessments.ts): a warm figure (one enterprise asked again and again: a second page, a filter,
// another user of it) and a cold one (the requests cycle through more enterprises than are kept,
// so each one assesses all 10,000 guides). Goals of the load issue: warm evaluate ≥ 0.5 of the
// guide page's throughput and p99 ≤ 300 ms at 50 connections.
// Timings never fail the run; wrong answers (totals, order, engine against route) do.
// Usage: npm run bench (or tsx bench/calculator-load.ts); BENCH_SECONDS, BENCH_RUNS.
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import fastJson from 'fast-json-stringify';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, EvaluateResponse, type EvaluatePageBody, type RulebookResponse } from '@hqt/contract/calculator';
import { Envelope } from '@hqt/contract/envelope';
import { assess, byRelevance, evaluate } from '@hqt/contract/calculator-engine';
import { POLICY_PATHS, ruleProblems } from '@hqt/contract/policy';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, createPool } from '../apps/server/src/db/client';
import { enterprises } from '../apps/server/src/db/schema/index';
import type { SignedInCtx } from '../apps/server/src/lib/ctx';
import { hashPassword } from '../apps/server/src/services/auth/password';
import { AssessmentCache } from '../apps/server/src/services/calculator/assessments';
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
const GOAL_WARM_RATIO = 0.5;
const GOAL_WARM_P99_MS = 300;
/** More enterprises than the assessments kept at 10,000 guides (MAX_KEPT_RESULTS / 10,000 = 50). */
const COLD_ENTERPRISES = 200;
const PASSWORD = 'Passw0rd';
const PAGE_QUERY = { currentPage: 1, pageSize: 20 };

const sorted = (ms: number[]) => [...ms].sort((a, b) => a - b);
const median = (ms: number[]) => sorted(ms)[Math.floor(ms.length / 2)]!;
const p99 = (ms: number[]) => sorted(ms)[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)]!;
const f = (n: number) => n.toFixed(1).padStart(7);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
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
const line = (label: string, ms: number[], note = '') => process.stdout.write(`  ${label.padEnd(56)} ${f(median(ms))} ${f(p99(ms))}${note ? `   ${note}` : ''}\n`);

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
  const [accountId] = await generateEnterprises(db, COLD_ENTERPRISES, { perAccount: COLD_ENTERPRISES, usernamePrefix: 'bench_', passwordHash: await hashPassword(PASSWORD) });
  const enterpriseIds = (await db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, accountId!)).orderBy(enterprises.id)).map((e) => e.id);
  const enterprise = { id: enterpriseIds[0]! };
  await pool.query('vacuum (analyze) guides, policies, enterprises');
  process.stdout.write(`${GUIDES.toLocaleString('en')} open guides and ${COLD_ENTERPRISES} enterprises of one account generated in ${Date.now() - started} ms\n`);

  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), databaseUrl: url, jwtSecret: 'bench' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await app.inject({ method: 'POST', url: AUTH_PATHS.token, payload: { username: 'bench_0', password: PASSWORD, grant_type: 'password' } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const auth = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };
  const headers = { ...auth, 'content-type': 'application/json' };
  const query: EvaluatePageBody = { enterpriseId: enterprise.id, ...PAGE_QUERY };
  const body = JSON.stringify(query);
  let coldSeq = 0;
  /** Each call another enterprise, cycling through more than are kept: every one a miss. */
  const coldBody = () => JSON.stringify({ ...query, enterpriseId: enterpriseIds[++coldSeq % enterpriseIds.length] });

  // ---- (a) POST evaluate, one at a time -------------------------------------------------------------
  const first = await app.inject({ method: 'POST', url: CALCULATOR_PATHS.evaluate, headers, payload: body });
  if (first.statusCode !== 200) throw new Error(`evaluate failed: ${first.statusCode} ${first.body.slice(0, 300)}`);
  const answer = (first.json() as { data: EvaluateResponse }).data;
  const { totals, page } = answer;
  process.stdout.write(
    `evaluate answers ${(first.rawPayload.length / 1e3).toFixed(1)} kB: totals over ${totals.guides} guides (${totals.eligible} eligible, ${totals.missing} missing data, ${totals.ineligible} not, ${totals.nearMiss} 差一项, ${totals.amount} 万元); page ${page.currentPage} of ${page.list.length} results in words (${page.total} in the list)\n`,
  );
  if (totals.guides !== GUIDES) throw new Error(`expected ${GUIDES} open guides in the evaluation, got ${totals.guides}`);
  if (page.total !== GUIDES || page.list.length !== PAGE_QUERY.pageSize) throw new Error(`expected a page of ${PAGE_QUERY.pageSize} of ${GUIDES}, got ${page.list.length} of ${page.total}`);
  for (let i = 1; i < page.list.length; i++) {
    if (byRelevance(page.list[i - 1]!, page.list[i]!) > 0) throw new Error(`the page is not most valuable first at position ${i}`);
  }

  const injectMs = await timed(RUNS, WARMUP, async () => {
    const res = await app.inject({ method: 'POST', url: CALCULATOR_PATHS.evaluate, headers, payload: body });
    if (res.statusCode !== 200) throw new Error(`evaluate failed: ${res.statusCode}`);
  });
  const coldRuns = Math.min(RUNS, 50);
  const coldInjectMs = await timed(coldRuns, 5, async () => {
    const res = await app.inject({ method: 'POST', url: CALCULATOR_PATHS.evaluate, headers, payload: coldBody() });
    if (res.statusCode !== 200) throw new Error(`evaluate failed: ${res.statusCode}`);
  });
  const httpMs = await timed(RUNS, WARMUP, async () => {
    const res = await fetch(`${address}${CALCULATOR_PATHS.evaluate}`, { method: 'POST', headers, body });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`evaluate failed: ${res.status}`);
  });
  // The same work without the HTTP layer: the service (profile read, cached rules, assess, sort, one page in words) …
  const dicts = await app.dicts.all();
  const rulebook = new Rulebook(db, url, () => {});
  await rulebook.start();
  const ctx: SignedInCtx = {
    ip: '127.0.0.1',
    actor: { accountId: accountId!, username: 'bench_0', name: 'bench', roleId: ROLES.enterprise.id, sessionId: 'bench' },
    scope: { accountId: accountId!, roleId: ROLES.enterprise.id, enterpriseIds },
  };
  const assessments = new AssessmentCache();
  const serviceMs = await timed(RUNS, WARMUP, () => evaluateEnterprise({ db, dicts: app.dicts, rulebook, assessments }, ctx, query));
  // Cold: nothing kept, every guide assessed.
  const coldServiceMs = await timed(coldRuns, 5, () => evaluateEnterprise({ db, dicts: app.dicts, rulebook, assessments: new AssessmentCache() }, ctx, query));
  // … the engine alone on the very facts and the rules the service reads: the fast path, and every word …
  const ruleGuides = await rulebook.guides(new Date());
  if (ruleGuides.length !== GUIDES) throw new Error(`expected ${GUIDES} open guides in the rulebook, got ${ruleGuides.length}`);
  const labelOf = labelsOf(dicts);
  const check = assess(answer.facts, ruleGuides, new Date());
  if (JSON.stringify(check.totals) !== JSON.stringify(totals)) throw new Error('assess() alone and the route disagree on the totals');
  const assessMs = await timed(RUNS, WARMUP, () => assess(answer.facts, ruleGuides, new Date()));
  const evaluateRuns = Math.min(RUNS, 50);
  const evaluateMs = await timed(evaluateRuns, 5, () => evaluate(answer.facts, ruleGuides, new Date(), labelOf));
  const rulebookGuidesMs = await timed(RUNS, WARMUP, () => rulebook.guides(new Date()));
  // … and turning the answer into text: Fastify compiles the route's response schema with
  // fast-json-stringify (the same library and schema here).
  const envelope = first.json() as unknown;
  const schemaSerialise = fastJson(Envelope(EvaluateResponse) as Parameters<typeof fastJson>[0]);
  const schemaMs = await timed(RUNS, WARMUP, () => schemaSerialise(envelope));

  process.stdout.write(`\nPOST evaluate {enterpriseId, currentPage: 1, pageSize: 20}, one at a time (${RUNS} after ${WARMUP} warm-up), ms   median     p99\n`);
  line('app.inject, warm (auth, validation, service, serialisation)', injectMs);
  line('app.inject, cold (another enterprise each time)', coldInjectMs, `(${coldRuns} runs)`);
  line('real HTTP, fetch over loopback (client reads it all)', httpMs);
  line('service evaluateEnterprise, warm (db read, kept assessment, page)', serviceMs);
  line('service evaluateEnterprise, cold (db read, rules, assess, page)', coldServiceMs, `(${coldRuns} runs)`);
  line(`engine assess() alone: ${GUIDES.toLocaleString('en')} guides, no words`, assessMs);
  line(`engine evaluate() alone: ${GUIDES.toLocaleString('en')} guides, every word`, evaluateMs, `(${evaluateRuns} runs; ×${(median(evaluateMs) / median(assessMs)).toFixed(1)} assess)`);
  line('rulebook.guides() (cached rules, filtered by window)', rulebookGuidesMs);
  line("serialise: the route's schema (fast-json-stringify)", schemaMs);
  const share = (ms: number) => `${((ms / median(injectMs)) * 100).toFixed(0)}%`;
  process.stdout.write(
    `  of the warm inject median: the service (profile read, kept assessment, filter, page in words) ${share(median(serviceMs))}, schema serialisation ${share(median(schemaMs))}, the rest (auth, validation, inject, GC) ${share(median(injectMs) - median(serviceMs) - median(schemaMs))}; a cold assess alone is ×${(median(assessMs) / median(injectMs)).toFixed(1)} the warm inject\n`,
  );

  // ---- (b) GET rulebook ------------------------------------------------------------------------------
  const book = await app.inject({ method: 'GET', url: CALCULATOR_PATHS.rulebook, headers: auth });
  if (book.statusCode !== 200) throw new Error(`rulebook failed: ${book.statusCode} ${book.body.slice(0, 300)}`);
  const bookText = book.body;
  const bookData = (JSON.parse(bookText) as { data: RulebookResponse }).data;
  if (bookData.guides.length !== GUIDES) throw new Error(`expected ${GUIDES} guides in the rulebook, got ${bookData.guides.length}`);
  const bookBytes = Buffer.byteLength(bookText);
  // What the browser receives: the answer gzipped once per change of the rules, or 304 when it holds it.
  const zipped = await app.inject({ method: 'GET', url: CALCULATOR_PATHS.rulebook, headers: { ...auth, 'accept-encoding': 'gzip' } });
  const gzipBytes = zipped.rawPayload.length;
  if (zipped.headers['content-encoding'] !== 'gzip') throw new Error('the rulebook was not sent gzipped');
  const notModified = await app.inject({ method: 'GET', url: CALCULATOR_PATHS.rulebook, headers: { ...auth, 'if-none-match': String(zipped.headers.etag) } });
  if (notModified.statusCode !== 304) throw new Error(`a held rulebook should answer 304, got ${notModified.statusCode}`);
  const bookInjectMs = await timed(RUNS, WARMUP, async () => {
    const res = await app.inject({ method: 'GET', url: CALCULATOR_PATHS.rulebook, headers: auth });
    if (res.statusCode !== 200) throw new Error(`rulebook failed: ${res.statusCode}`);
  });
  const bookRuns = Math.min(RUNS, 50);
  const bookHttpMs = await timed(bookRuns, 5, async () => {
    const res = await fetch(`${address}${CALCULATOR_PATHS.rulebook}`, { headers: auth });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`rulebook failed: ${res.status}`);
  });
  // What the browser pays once the answer is in: parsing it, and the engine on fresh objects.
  const parseMs = await timed(bookRuns, 5, () => JSON.parse(bookText) as unknown);
  const at = new Date(answer.evaluatedAt);
  const browserCheck = assess(answer.facts, bookData.guides, at);
  if (JSON.stringify(browserCheck.totals) !== JSON.stringify(totals)) throw new Error("assess() on the rulebook's guides and the route disagree on the totals");
  const browserAssessMs = await timed(bookRuns, 0, () => assess(answer.facts, (JSON.parse(bookText) as { data: RulebookResponse }).data.guides, at));
  await rulebook.stop();

  process.stdout.write(
    `\nGET rulebook: ${bookData.guides.length.toLocaleString('en')} guides, ${mb(bookBytes)} of JSON, ${mb(gzipBytes)} as sent gzipped (made once per change of the rules; 304 when held), ms   median     p99\n`,
  );
  line('app.inject (auth, the cached answer)', bookInjectMs);
  line('real HTTP, fetch over loopback (client reads it all)', bookHttpMs, `(${bookRuns} runs)`);
  line('client (Node standing in): JSON.parse of the answer', parseMs, `(${bookRuns} runs)`);
  line('client (Node standing in): parse + assess() on its guides', browserAssessMs, `(${bookRuns} runs)`);

  // ---- (c) 50 connections over HTTP, the guide page first as the baseline ---------------------------
  const run = (name: string, method: 'GET' | 'POST', path: string, payload: string | (() => string) | undefined, extra: Record<string, string> = {}) =>
    autocannon({
      url: `${address}${path}`,
      method,
      ...(typeof payload === 'string' ? { body: payload } : {}),
      ...(typeof payload === 'function' ? { requests: [{ method, path, setupRequest: (req: autocannon.Request) => ({ ...req, body: payload() }) }] } : {}),
      headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      connections: CONNECTIONS,
      duration: SECONDS,
    }).then((r) => {
      process.stdout.write(
        `${name.padEnd(36)} ${r.requests.average.toFixed(1).padStart(7)} req/s   latency p50 ${String(r.latency.p50).padStart(5)} / mean ${r.latency.mean.toFixed(0).padStart(5)} / p99 ${String(r.latency.p99).padStart(5)} ms   ${(r.throughput.average / 1e6).toFixed(1).padStart(6)} MB/s   errors ${r.errors + r.non2xx} (timeouts ${r.timeouts})\n`,
      );
      return r;
    });
  process.stdout.write(`\n${CONNECTIONS} connections, ${SECONDS} s each, real HTTP\n`);
  const guidePage = await run('POST getpolicyguidepage (baseline)', 'POST', POLICY_PATHS.guidePage, JSON.stringify(PAGE_QUERY));
  const load = await run('POST evaluate, warm (page 1 of 20)', 'POST', CALCULATOR_PATHS.evaluate, body, headers);
  const coldLoad = await run('POST evaluate, cold (200 enterprises)', 'POST', CALCULATOR_PATHS.evaluate, coldBody, headers);
  const bookLoad = await run('GET rulebook (gzip)', 'GET', CALCULATOR_PATHS.rulebook, undefined, { ...auth, 'accept-encoding': 'gzip' });
  const ratio = (r: autocannon.Result) =>
    `${(r.requests.average / Math.max(0.001, guidePage.requests.average)).toFixed(3)} of the throughput, p99 ×${(r.latency.p99 / Math.max(1, guidePage.latency.p99)).toFixed(1)}`;
  process.stdout.write(`ratio evaluate warm / guide page: ${ratio(load)}\n`);
  process.stdout.write(`ratio evaluate cold / guide page: ${ratio(coldLoad)}\n`);
  process.stdout.write(`ratio rulebook / guide page: ${ratio(bookLoad)}\n`);

  const loadErrors = load.errors + load.non2xx + coldLoad.errors + coldLoad.non2xx;
  const warmRatio = load.requests.average / Math.max(0.001, guidePage.requests.average);
  const warmMet = warmRatio >= GOAL_WARM_RATIO && load.latency.p99 <= GOAL_WARM_P99_MS;
  process.stdout.write(
    `\ngoal: warm evaluate ≥ ${GOAL_WARM_RATIO} of the guide page and p99 ≤ ${GOAL_WARM_P99_MS} ms at ${CONNECTIONS} connections: ${warmMet ? 'met' : 'NOT met'} (${warmRatio.toFixed(3)}, p99 ${load.latency.p99} ms)\n`,
  );
  const medianMet = median(injectMs) <= GOAL_MEDIAN_MS;
  process.stdout.write(`goal: evaluate median server time ≤ ${GOAL_MEDIAN_MS} ms against ${GUIDES.toLocaleString('en')} guides: ${medianMet ? 'met' : 'NOT met'} (${median(injectMs).toFixed(1)} ms)\n`);
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
