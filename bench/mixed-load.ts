// The portal under a realistic mix (issue 25): 100 connections for 60 s, each signed in as an
// enterprise of its own, against the server as deployed (server.ts in a process of its own,
// NODE_ENV=production, its log at info into bench/.out/mixed-load-server.log) on a database at a
// county's scale: 2,000 guides (the market and the calculator), 10,000 enterprises with 100,000
// appeals over a year (appeal-seed.ts), 40 messages in each user's inbox. The load generator runs
// in this process, on the same machine. Each request picks by weight: the market's list and its
// search, a guide's page, the calculator's results, the inbox and its unread count, the
// enterprise's appeal list, and a few writes (filing an appeal, reading a message). Figures:
// requests per second, p50/p95/p99 per kind and overall, errors; and in the same run a bare route
// (GET /healthz: one `select 1`) at the same 100 connections, half before and half after the mix,
// as the baseline the mix is divided by. Goal (the issue): no errors, p99 ≤ 200 ms. Timings never
// fail the run; an error or a wrong answer does.
// Usage: npm run bench, or npx tsx bench/mixed-load.ts; SECONDS (or BENCH_SECONDS: the mix, default 60) shortens a trial;
// BENCH_PROFILE=<dir> profiles the server.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APPEAL_PATHS } from '@hqt/contract/appeal';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { CALCULATOR_PATHS } from '@hqt/contract/calculator';
import { INBOX_PATHS } from '@hqt/contract/inbox';
import { guideInfoPath, POLICY_PATHS } from '@hqt/contract/policy';
import { createDb, createPool } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/services/auth/password';
import { generateGuides } from '../apps/server/src/services/policy/synthetic';
import { seedAppeals } from './appeal-seed';
import { startBenchDatabase } from './support';

const CONNECTIONS = 100;
const SECONDS = Number(process.env.SECONDS ?? process.env.BENCH_SECONDS ?? 60);
/** The baseline's share of the run: half of it before the mix, half after. */
const BASELINE_SECONDS = Math.max(4, Math.round(SECONDS / 6));
const WARMUP_SECONDS = Math.max(3, Math.round(SECONDS / 12));
const GUIDES = 2_000;
const ENTERPRISES = 10_000;
const APPEALS = 100_000;
const MESSAGES_PER_USER = 40;
const PASSWORD = 'Bench1234';
const GOAL_P99_MS = 200;
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../apps/server/src/server.ts');
const SERVER_LOG = path.resolve(import.meta.dirname, '.out/mixed-load-server.log');
const KEYWORDS = ['研发', '技术改造', '专精特新', '人才', '贷款贴息', '数字化', '绿色', '高新技术'];

interface User {
  username: string;
  accountId: number;
  enterpriseId: number;
  token: string;
  messageIds: number[];
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** The mix: a kind, its weight (per 100 requests) and the request it makes for a user. */
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
let filed = 0;
function mixOf(guideIds: number[]) {
  const kinds: { name: string; weight: number; request: (u: User) => Request }[] = [
    { name: 'market list (page 1–5)', weight: 23, request: () => ({ method: 'POST', path: POLICY_PATHS.guidePage, body: { currentPage: 1 + Math.floor(Math.random() * 5), pageSize: 10 } }) },
    { name: 'market search (keyword)', weight: 15, request: () => ({ method: 'POST', path: POLICY_PATHS.guidePage, body: { currentPage: 1, pageSize: 10, keyword: pick(KEYWORDS) } }) },
    { name: 'guide page', weight: 10, request: () => ({ method: 'GET', path: guideInfoPath(pick(guideIds)) }) },
    { name: 'calculator results', weight: 15, request: (u) => ({ method: 'POST', path: CALCULATOR_PATHS.evaluate, body: { enterpriseId: u.enterpriseId, currentPage: 1, pageSize: 20 } }) },
    { name: 'inbox page', weight: 12, request: () => ({ method: 'POST', path: INBOX_PATHS.page, body: { currentPage: 1, pageSize: 10 } }) },
    { name: 'unread count', weight: 8, request: () => ({ method: 'GET', path: INBOX_PATHS.unreadCount }) },
    { name: 'appeal list', weight: 12, request: (u) => ({ method: 'GET', path: `${APPEAL_PATHS.list.replace(':id', String(u.enterpriseId))}?currentPage=1&pageSize=10` }) },
    {
      name: 'write: file an appeal',
      weight: 3,
      request: (u) => ({
        method: 'POST',
        path: APPEAL_PATHS.save,
        body: { enterpriseId: u.enterpriseId, category: 'policy', title: `压测诉求${++filed}`, content: '负载测试提交的诉求内容。', contact: '王经理', phone: '13800138000' },
      }),
    },
    { name: 'write: read a message', weight: 2, request: (u) => ({ method: 'POST', path: INBOX_PATHS.read.replace(':id', String(pick(u.messageIds))) }) },
  ];
  const total = kinds.reduce((n, k) => n + k.weight, 0);
  return {
    kinds,
    next: () => {
      let r = Math.random() * total;
      for (const k of kinds) if ((r -= k.weight) < 0) return k;
      return kinds.at(-1)!;
    },
  };
}

// ---- figures ----------------------------------------------------------------------------------------

class Figures {
  ms: number[] = [];
  errors = 0;
  firstError = '';
  add(ms: number, error: string | null) {
    this.ms.push(ms);
    if (error) {
      this.errors++;
      this.firstError ||= error;
    }
  }
  merge(other: Figures) {
    this.ms.push(...other.ms);
    this.errors += other.errors;
    this.firstError ||= other.firstError;
  }
  pct(q: number) {
    const s = [...this.ms].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * q) - 1))]! : NaN;
  }
}

// ---- HTTP: one keep-alive connection per virtual user ----------------------------------------------

function send(agent: http.Agent, base: string, req: Request, token?: string): Promise<{ status: number; body: string }> {
  const payload = req.body === undefined ? undefined : Buffer.from(JSON.stringify(req.body));
  return new Promise((resolve, reject) => {
    const out = http.request(
      `${base}${req.path}`,
      {
        method: req.method,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(payload);
  });
}

/** What a right answer is: 200 with the envelope's code 200. */
function wrong(res: { status: number; body: string }): string | null {
  if (res.status !== 200) return `HTTP ${res.status} ${res.body.slice(0, 200)}`;
  try {
    const code = (JSON.parse(res.body) as { code?: number }).code;
    return code === 200 ? null : `code ${code} ${res.body.slice(0, 200)}`;
  } catch {
    return `not JSON: ${res.body.slice(0, 200)}`;
  }
}

/** CONNECTIONS loops, each its own connection and user, for `seconds`; answers the figures per kind. */
async function drive(base: string, users: User[], seconds: number, choose: () => { name: string; request: (u: User) => Request }): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const user = users[i % users.length]!;
      while (performance.now() < deadline) {
        const kind = choose();
        const t0 = performance.now();
        let error: string | null;
        try {
          error = wrong(await send(agent, base, kind.request(user), user.token));
        } catch (err) {
          error = String(err);
        }
        const f = figures.get(kind.name) ?? figures.set(kind.name, new Figures()).get(kind.name)!;
        f.add(performance.now() - t0, error);
      }
      agent.destroy();
    }),
  );
  return figures;
}

// ---- the run ------------------------------------------------------------------------------------------

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const { url, stop } = await startBenchDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-mixed-load-'));
let server: ReturnType<typeof spawn> | null = null;
try {
  // ---- the data ----
  const started = Date.now();
  const pool = createPool(url, () => {}, 2);
  const db = createDb(pool);
  await generateGuides(db, GUIDES);
  const seed = await seedAppeals(db, pool, { enterprises: ENTERPRISES, appeals: APPEALS });
  // The users: the first CONNECTIONS enterprises' accounts (appeal-seed skews the filings towards them:
  // the busiest lists hundreds), with a password, and an inbox each (a third unread).
  const usernames = Array.from({ length: CONNECTIONS }, (_, i) => `appeal_ent_${i}`);
  await pool.query('update accounts set password_hash = $1 where username = any($2)', [await hashPassword(PASSWORD), usernames]);
  await pool.query(
    `insert into messages (account_id, source, kind, title, body, link, dedupe_key, read_at, created_at)
     select a.id, 'policy', 'push.published', '新政策发布：合成指南' || g, '您订阅的关键词有新的申报指南。', '/policyMarket/policyMarket?guide=' || g,
            'bench:' || g, case when g % 3 = 0 then null else now() - interval '1 hour' * g end, now() - interval '2 hours' * g
     from accounts a, generate_series(1, $2::int) g where a.username = any($1)`,
    [usernames, MESSAGES_PER_USER],
  );
  await pool.query('vacuum (analyze) messages, accounts, guides, policies');
  const { rows: userRows } = await pool.query<{ username: string; account_id: number; enterprise_id: number; message_ids: number[] }>(
    `select a.username, a.id as account_id, min(e.id) as enterprise_id, array(select m.id from messages m where m.account_id = a.id) as message_ids
     from accounts a join enterprises e on e.account_id = a.id where a.username = any($1) group by a.id, a.username`,
    [usernames],
  );
  const { rows: guideRows } = await pool.query<{ id: number }>(`select id from guides where status = 'published'`);
  const guideIds = guideRows.map((r) => r.id);
  await pool.end();
  process.stdout.write(
    `data: ${GUIDES.toLocaleString('en')} guides (${guideIds.length.toLocaleString('en')} published), ${ENTERPRISES.toLocaleString('en')} enterprises, ${APPEALS.toLocaleString('en')} appeals (the busiest user's enterprise has ${seed.busiest.appeals}), ${CONNECTIONS} users with ${MESSAGES_PER_USER} messages each; seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );

  // ---- the server, as deployed ----
  const port = await freePort();
  fs.mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const log = fs.openSync(SERVER_LOG, 'w');
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there on exit (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  server = spawn(process.execPath, [...profile, '--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(48).toString('hex'),
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // The hundred users sign in from this one address before the run.
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  const probe = new http.Agent({ keepAlive: false });
  for (const t0 = Date.now(); ; ) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}): see ${SERVER_LOG}`);
    const up = await send(probe, base, { method: 'GET', path: '/healthz' }).then((r) => r.status === 200, () => false);
    if (up) break;
    if (Date.now() - t0 > 150_000) throw new Error(`the server did not come up in 150 s: see ${SERVER_LOG}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  const users: User[] = [];
  for (const row of userRows) {
    const res = await send(probe, base, { method: 'POST', path: AUTH_PATHS.token, body: { username: row.username, password: PASSWORD, grant_type: 'password' } });
    if (res.status !== 200) throw new Error(`login of ${row.username} failed: ${res.body.slice(0, 300)}`);
    users.push({ username: row.username, accountId: row.account_id, enterpriseId: row.enterprise_id, token: (JSON.parse(res.body) as { access_token: string }).access_token, messageIds: row.message_ids });
  }
  // Every kind answers right once before the clock starts.
  const mix = mixOf(guideIds);
  for (const kind of mix.kinds) {
    const error = wrong(await send(probe, base, kind.request(users[0]!), users[0]!.token));
    if (error) throw new Error(`${kind.name}: ${error}`);
  }

  // ---- the load ----
  const healthz = { name: 'GET /healthz', request: (): Request => ({ method: 'GET', path: '/healthz' }) };
  await drive(base, users, WARMUP_SECONDS, mix.next);
  const baseline = new Figures();
  const before = await drive(base, users, BASELINE_SECONDS / 2, () => healthz);
  const mixed = await drive(base, users, SECONDS, mix.next);
  const after = await drive(base, users, BASELINE_SECONDS / 2, () => healthz);
  for (const f of [...before.values(), ...after.values()]) baseline.merge(f);

  const all = new Figures();
  for (const f of mixed.values()) all.merge(f);
  const row = (name: string, f: Figures, seconds: number) =>
    `${name.padEnd(28)} ${String(f.ms.length).padStart(7)} ${(f.ms.length / seconds).toFixed(0).padStart(6)} ${f.pct(0.5).toFixed(1).padStart(7)} ${f.pct(0.95).toFixed(1).padStart(7)} ${f.pct(0.99).toFixed(1).padStart(7)} ${String(f.errors).padStart(6)}\n`;
  process.stdout.write(`\n${CONNECTIONS} connections (keep-alive, one user each), the mix for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}\n`);
  process.stdout.write(`server: server.ts in its own process, NODE_ENV=production, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'} (${SERVER_LOG}); the load generator in this process\n\n`);
  process.stdout.write(`${'kind'.padEnd(28)} ${'requests'.padStart(7)} ${'req/s'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}\n`);
  for (const kind of mix.kinds) {
    const f = mixed.get(kind.name);
    if (f) process.stdout.write(row(kind.name, f, SECONDS));
  }
  process.stdout.write(row('the mix, all', all, SECONDS));
  process.stdout.write(row('baseline GET /healthz', baseline, BASELINE_SECONDS));

  const rpsRatio = all.ms.length / SECONDS / (baseline.ms.length / BASELINE_SECONDS);
  const p99Ratio = all.pct(0.99) / baseline.pct(0.99);
  process.stdout.write(`\nthe mix against the bare route in the same run: requests/s × ${rpsRatio.toFixed(3)}, p99 × ${p99Ratio.toFixed(2)}\n`);
  process.stdout.write(`goal p99 ≤ ${GOAL_P99_MS} ms: ${all.pct(0.99) <= GOAL_P99_MS ? 'met' : 'NOT met'} (${all.pct(0.99).toFixed(1)} ms); errors: ${all.errors}\n`);
  if (all.errors + baseline.errors) throw new Error(`${all.errors + baseline.errors} requests failed under load; the first: ${all.firstError || baseline.firstError}`);
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await stop();
}
