// What a logged-in request costs (the "every authenticated request pays for the login check"
// issue): 50 connections over real HTTP against the demo database (setup/demo.ts: its guides, the
// demo enterprise and its inbox), each call signed in as the demo enterprise as the browser sends it.
// Baseline in the same run: GET /healthz (one `select 1`). Measured: GET getinfo (the guard, then the
// account's own row), POST the policy market's guide page (public; the browser sends its token
// anyway) and POST the push inbox's getmessagepage (the guard, then one page of the account's
// messages). These machines are shared and noisy: each endpoint runs in BENCH_ROUNDS slices, the
// four taking turns, so a busy moment falls on all of them alike; req/s is over all its slices.
// Goals (the issue): getinfo ≥ 0.4 of /healthz; guide page and inbox ≥ 0.3. Timings never fail the
// run; a wrong answer or an error does.
// Usage: npm run bench (or tsx bench/auth-load.ts); BENCH_SECONDS (per endpoint, default 10), BENCH_ROUNDS (default 3).
import autocannon from 'autocannon';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { INBOX_PATHS } from '@hqt/contract/inbox';
import { POLICY_PATHS } from '@hqt/contract/policy';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, createPool } from '../apps/server/src/db/client';
import { DEMO_ACCOUNTS, seedDemo } from '../apps/server/src/setup/demo';
import { startBenchDatabase } from './support';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = 3;
const GOALS = { getinfo: 0.4, guidePage: 0.3, inbox: 0.3 } as const;
const PAGE = { currentPage: 1, pageSize: 10 };

const { url, stop } = await startBenchDatabase();
try {
  const pool = createPool(url, () => {}, 2);
  await seedDemo(createDb(pool));
  await pool.query('vacuum (analyze)');
  await pool.end();

  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), databaseUrl: url, jwtSecret: 'bench-auth-load' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const { username, password } = DEMO_ACCOUNTS.enterprise;
  const login = await app.inject({ method: 'POST', url: AUTH_PATHS.token, payload: { username, password, grant_type: 'password' } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const auth = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };

  interface Target {
    name: string;
    method: 'GET' | 'POST';
    path: string;
    body?: object;
    /** What a right answer holds: a wrong one (an empty inbox, a refused token) would measure nothing. */
    check: (data: unknown) => boolean;
  }
  const targets: Record<'healthz' | keyof typeof GOALS, Target> = {
    healthz: { name: 'GET /healthz (baseline)', method: 'GET', path: '/healthz', check: (d) => (d as { status?: string }).status === 'ok' },
    getinfo: { name: 'GET getinfo', method: 'GET', path: AUTH_PATHS.userInfo, check: (d) => (d as { username?: string }).username === username },
    guidePage: { name: 'POST getpolicyguidepage (page 1 of 10)', method: 'POST', path: POLICY_PATHS.guidePage, body: PAGE, check: (d) => (d as { list: unknown[] }).list.length > 0 },
    inbox: { name: 'POST message getmessagepage (page 1 of 10)', method: 'POST', path: INBOX_PATHS.page, body: PAGE, check: (d) => (d as { list: unknown[] }).list.length > 0 },
  };
  const headersOf = (t: Target) => ({ ...auth, ...(t.body ? { 'content-type': 'application/json' } : {}) });
  for (const t of Object.values(targets)) {
    const res = await app.inject({ method: t.method, url: t.path, headers: headersOf(t), ...(t.body ? { payload: JSON.stringify(t.body) } : {}) });
    if (res.statusCode !== 200 || !t.check((res.json() as { data: unknown }).data)) throw new Error(`${t.name}: unexpected answer ${res.statusCode} ${res.body.slice(0, 300)}`);
  }

  const load = (t: Target, duration: number) =>
    autocannon({
      url: `${address}${t.path}`,
      method: t.method,
      headers: headersOf(t),
      ...(t.body ? { body: JSON.stringify(t.body) } : {}),
      connections: CONNECTIONS,
      duration,
    });
  for (const t of Object.values(targets)) await load(t, WARMUP_S);
  const keys = Object.keys(targets) as (keyof typeof targets)[];
  const totals = Object.fromEntries(keys.map((k) => [k, { requests: 0, seconds: 0, errors: 0, timeouts: 0, p99: [] as number[] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const key of keys) {
      const r = await load(targets[key], SECONDS / ROUNDS);
      const total = totals[key]!;
      total.requests += r.requests.total;
      total.seconds += r.duration;
      total.errors += r.errors + r.non2xx;
      total.timeouts += r.timeouts;
      total.p99.push(r.latency.p99);
    }
  }
  const rate = (key: keyof typeof targets) => totals[key]!.requests / totals[key]!.seconds;
  process.stdout.write(`\n${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} slices taking turns, real HTTP, signed in as the demo enterprise\n`);
  for (const key of keys) {
    const t = totals[key]!;
    const p99 = [...t.p99].sort((a, b) => a - b)[Math.floor(t.p99.length / 2)]!;
    process.stdout.write(`${targets[key].name.padEnd(42)} ${rate(key).toFixed(0).padStart(6)} req/s   p99 ${String(p99).padStart(4)} ms (median of the slices)   errors ${t.errors} (timeouts ${t.timeouts})\n`);
  }
  process.stdout.write(`\nratio against /healthz (${rate('healthz').toFixed(0)} req/s in the same run)\n`);
  for (const key of Object.keys(GOALS) as (keyof typeof GOALS)[]) {
    const ratio = rate(key) / Math.max(1, rate('healthz'));
    process.stdout.write(`  ${targets[key].name.padEnd(42)} ${ratio.toFixed(3)}   goal ≥ ${GOALS[key]}: ${ratio >= GOALS[key] ? 'met' : 'NOT met'}\n`);
  }
  const failed = keys.reduce((n, k) => n + totals[k]!.errors, 0);
  await app.close();
  if (failed) throw new Error(`${failed} requests failed under load`);
} finally {
  await stop();
}
