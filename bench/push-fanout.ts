// 政策推送's fan-out at 100,000 enterprise accounts, against the server as `npm start` runs it
// (server.ts in a process of its own, NODE_ENV=production, its log at info into
// bench/.out/push-fanout-server.log, the default PUSH_BATCH_SIZE unless BENCH_BATCH_SIZE says): a staff
// account signs in over HTTP and publishes one guide through the console's route (the guide's state,
// the audit row, the push_events row and the pg-boss job in one transaction); the server's worker
// runs the job (services/push/fan-out.ts): the audience (subscriptions matched in SQL, the
// 'qualified' followers through the calculator's reverse list over the node's in-memory facts), then
// the messages into the message centre's `messages` in batches, one transaction each (notify():
// INSERT … ON CONFLICT DO NOTHING on the dedupe key 'guide:<id>:published', the NOTIFYs heard at
// commit by the server's own listener, the event's message_count), until push_events.finished_at.
// The data, bulk-inserted with SQL: BENCH_ACCOUNTS accounts the guide must reach, one enterprise
// each — half through a keyword subscription found in the guide's title, half through a 'qualified'
// subscription with an enterprise in the one region the guide's rules admit (one in ten of those
// also has the keyword: one message with two reasons, not two) — and a tenth as many that it must
// not reach: another keyword; 'qualified' with an enterprise the rules refuse; admitted but
// following nothing; disabled accounts; staff accounts with subscriptions.
// Figures, BENCH_ROUNDS rounds (default 5) in the same run, each a new guide, the two sides
// interleaved (the fan-out first in odd rounds, the baseline first in even ones):
// - the fan-out: from the publish call until every message is written (finished_at seen, polled
//   every 20 ms), split by the database's clock into "pickup + audience" (event created → first
//   message) and "writing" (first message → finished_at);
// - the baseline: the same N rows (a warm-up fan-out's messages, kept aside in a table) written by
//   one bare INSERT … SELECT into an empty ordinary (WAL-logged) table LIKE messages INCLUDING ALL
//   (its indexes; no triggers), from this process.
// Then each round's messages are deleted and both tables vacuumed, so every round writes into the
// same empty tables. Printed: each round, the medians, the fan-out over the baseline, and the goal.
// Goal (the issue "What an outside look found"): publish → all 100,000 messages written in ≤ 3 s.
// Timings never fail the run; wrong answers do (not exactly N messages under the guide's dedupe key, a
// duplicate, an account outside the audience, not exactly the expected messages with two reasons,
// a message_count that is not N).
// Usage: npm run bench (or npx tsx bench/push-fanout.ts); BENCH_ACCOUNTS, BENCH_ROUNDS, BENCH_BATCH_SIZE.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { consolePath } from '@hqt/contract/console';
import { POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import { pushMessageKey, pushMessageKind, SUBSCRIPTION_KINDS } from '@hqt/contract/push';
import { hashPassword } from '../apps/server/src/services/auth/password';
import { startBenchDatabase } from './support';

const N = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BATCH_SIZE = process.env.BENCH_BATCH_SIZE;
const GOAL_MS = 3_000;
const KEYWORD = '推送基准';
const ADMITTED_REGION = 'yunxi';
const STAFF_PASSWORD = 'Bench1234';
const POLL_MS = 20;
const TIMEOUT_MS = 180_000;
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../apps/server/src/server.ts');
const SERVER_LOG = path.resolve(import.meta.dirname, '.out/push-fanout-server.log');

const f0 = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;
const thousands = (n: number) => n.toLocaleString('en');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function send(base: string, method: 'GET' | 'POST', route: string, body?: unknown, token?: string): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const out = http.request(
      `${base}${route}`,
      {
        method,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(payload);
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const { url, stop } = await startBenchDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-push-fanout-'));
const client = new pg.Client({ connectionString: url });
await client.connect();
let server: ReturnType<typeof spawn> | null = null;
try {
  // ---- the data -------------------------------------------------------------------------------------
  const started = performance.now();
  const kwCount = Math.floor(N / 2);
  const qCount = N - kwCount;
  const extra = Math.max(5, Math.floor(N / 50)); // per group of non-matching accounts: five groups, N/10 in all

  /** `n` accounts `${prefix}${k}`, each with one enterprise in `region` (unless none), and their subscriptions. */
  async function group(prefix: string, n: number, o: { role?: number; disabled?: boolean; region: string | null; subs: { kind: string; value: string; label: string; every?: number }[] }) {
    await client.query(
      `insert into accounts (username, password_hash, name, role_id, disabled)
       select $1 || k, 'synthetic-no-login', '推送合成企业' || $1 || k, $2, $3 from generate_series(1, $4::int) k`,
      [prefix, o.role ?? ROLES.enterprise.id, o.disabled ?? false, n],
    );
    if (o.region) {
      // A complete profile (three years of indicators), so the facts store holds what a real one does.
      await client.query(
        `insert into enterprises (account_id, name, credit_code, legal_person, nature, founded_on, registered_capital, patents, industry, scale, region, qualifications, indicators)
         select a.id, a.name || '有限公司', 'P' || lpad(a.id::text, 17, '0'), '法人' || a.id, 'private',
                date '2010-01-01' + (a.id % 4000), 50 * (1 + a.id % 100), a.id % 25,
                (array['A','C','E','F','G','I','M'])[1 + a.id % 7], (array['large','medium','small','micro'])[1 + a.id % 4], $2,
                jsonb_build_array(jsonb_build_object('code', 'hightech', 'validUntil', null)),
                (select jsonb_agg(jsonb_build_object('year', extract(year from now())::int - b, 'revenue', 500 + a.id % 9000, 'tax', 25 + a.id % 450,
                   'rdExpense', 10 + a.id % 300, 'staff', 5 + a.id % 300, 'socialInsurance', 3 + a.id % 200, 'investment', 50 + a.id % 900)) from generate_series(0, 2) b)
         from accounts a where starts_with(a.username, $1)`,
        [prefix, o.region],
      );
    }
    for (const s of o.subs) {
      await client.query(
        `insert into push_subscriptions (account_id, kind, value, label)
         select a.id, $2, $3, $4 from accounts a where starts_with(a.username, $1) and substr(a.username, length($1) + 1)::int % $5 = 0`,
        [prefix, s.kind, s.value, s.label, s.every ?? 1],
      );
    }
  }
  const keyword = { kind: 'keyword', value: KEYWORD.toLowerCase(), label: KEYWORD };
  const qualified = { kind: 'qualified', value: '', label: SUBSCRIPTION_KINDS.qualified };
  // Reached: N accounts.
  await group('kw_', kwCount, { region: 'chengguan', subs: [keyword] });
  await group('q_', qCount, { region: ADMITTED_REGION, subs: [qualified, { ...keyword, every: 10 }] });
  // Not reached: N/10 accounts.
  await group('nokw_', extra, { region: ADMITTED_REGION, subs: [{ kind: 'keyword', value: '无关词语', label: '无关词语' }] });
  await group('noq_', extra, { region: 'dongba', subs: [qualified] });
  await group('none_', extra, { region: ADMITTED_REGION, subs: [] });
  await group('off_', extra, { disabled: true, region: ADMITTED_REGION, subs: [qualified, keyword] });
  await group('staffsub_', extra, { role: ROLES.staff.id, region: null, subs: [qualified, keyword] });
  const overlap = Math.floor(qCount / 10);

  // The staff member who publishes (signs in through the server like anyone).
  await client.query(`insert into accounts (username, password_hash, name, role_id) values ('bench_staff', $1, '推送基准工作人员', ${ROLES.staff.id})`, [await hashPassword(STAFF_PASSWORD)]);
  const { rows: policyRows } = await client.query<{ id: number }>(`
    insert into policies (title, doc_no, department, level, publish_date, content_html)
    values ('云溪县关于推送基准测试的若干措施', '云推〔2026〕1号', 'gxj', 'county', current_date, '<p>合成政策正文。</p>') returning id`);
  const policyId = policyRows[0]!.id;
  /**
   * A draft guide complete enough to publish (guidePublishGaps: 申报对象, 申报条件, 支持标准, 申报材料
   * and conditions), the keyword subscribers' word in its title and its rules admitting the ADMITTED_REGION enterprises.
   */
  async function draftGuide(label: string): Promise<number> {
    const { rows } = await client.query<{ id: number }>(
      `insert into guides (policy_id, title, summary, support_type, mode, industries, beneficiaries, conditions_text, support_standard, materials, eligibility, amount_rule, status,
                           window_start, window_end, dept_name, dept_address, dept_phone)
       values ($1, $2, '对符合条件的企业给予资金补助。', 'subsidy', 'normal', '{C}', '县内规模以上工业企业', '依法经营、依法纳税', '按项目给予补助', '["申报书"]', $3, '{"kind":"fixed","amount":20}', 'draft',
               now() - interval '1 day', now() + interval '30 days', '云溪县工业和信息化局', '人民路88号', '0839-7202345') returning id`,
      [policyId, `${KEYWORD}申报指南（${label}）`, JSON.stringify({ groups: [[{ field: 'region', op: 'in', value: [ADMITTED_REGION] }, { field: 'registeredCapital', op: 'gte', value: 50 }]] })],
    );
    return rows[0]!.id;
  }
  await client.query('vacuum (analyze) accounts, enterprises, push_subscriptions');
  const { rows: totals } = await client.query<{ accounts: number; enterprises: number; subs: number }>(
    'select (select count(*)::int from accounts) as accounts, (select count(*)::int from enterprises) as enterprises, (select count(*)::int from push_subscriptions) as subs',
  );
  process.stdout.write(
    `${thousands(totals[0]!.accounts)} accounts, ${thousands(totals[0]!.enterprises)} enterprises, ${thousands(totals[0]!.subs)} subscriptions generated in ${(performance.now() - started).toFixed(0)} ms\n` +
      `  audience: ${thousands(kwCount)} by keyword「${KEYWORD}」 + ${thousands(qCount)} 'qualified' with an enterprise the rules admit (${thousands(overlap)} of them also by keyword) = ${thousands(N)}\n` +
      `  not reached: ${thousands(extra * 5)} (${thousands(extra)} each: another keyword; 'qualified' but refused; admitted but following nothing; disabled; staff)\n`,
  );

  // ---- the server, as `npm start` runs it ----------------------------------------------------------
  const port = await freePort();
  fs.mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const log = fs.openSync(SERVER_LOG, 'w');
  server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
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
      ...(BATCH_SIZE ? { PUSH_BATCH_SIZE: BATCH_SIZE } : {}),
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  const started2 = performance.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}): see ${SERVER_LOG}`);
    const up = await send(base, 'GET', '/healthz').then((r) => r.status === 200, () => false);
    if (up) break;
    if (performance.now() - started2 > 150_000) throw new Error(`the server did not come up in 150 s: see ${SERVER_LOG}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await send(base, 'POST', AUTH_PATHS.token, { username: 'bench_staff', password: STAFF_PASSWORD, grant_type: 'password' });
  if (login.status !== 200) throw new Error(`the staff login failed: ${login.body.slice(0, 300)}`);
  const token = (JSON.parse(login.body) as { access_token: string }).access_token;
  // A running node holds every enterprise's facts (loaded at start): one guide published and
  // announced before the clock starts, so the first round finds the store warm, as on a running node.
  process.stdout.write(`\nserver: server.ts in its own process, NODE_ENV=production, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'} (${SERVER_LOG}), PUSH_BATCH_SIZE ${BATCH_SIZE ?? 'default'}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}\n`);

  // ---- one round's two sides -------------------------------------------------------------------------
  type EventRow = { id: number; created_at: Date; finished_at: Date | null; message_count: number };
  /** Publishes a new guide and waits for its last message; checks every message. */
  async function fanOut(label: string): Promise<{ publish: number; total: number; pickup: number; writing: number; dedupeKey: string }> {
    const guideId = await draftGuide(label);
    const dedupeKey = pushMessageKey(guideId, 'published');
    const t0 = performance.now();
    const res = await send(base, 'POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), { action: 'publish' }, token);
    const publish = performance.now() - t0;
    if (res.status !== 200 || (JSON.parse(res.body) as { code: number }).code !== 200) throw new Error(`publish failed: ${res.status} ${res.body}`);
    let event: EventRow | undefined;
    for (;;) {
      ({
        rows: [event],
      } = await client.query<EventRow>(`select id, created_at, finished_at, message_count from push_events where guide_id = $1 and event = 'published'`, [guideId]));
      if (event?.finished_at) break;
      if (performance.now() - t0 > TIMEOUT_MS) throw new Error(`the fan-out of guide ${guideId} did not finish in ${TIMEOUT_MS / 1000} s (${event?.message_count ?? 0} messages so far)`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const total = performance.now() - t0;
    // Exactly the audience, once each, as the guide's published messages.
    const { rows: check } = await client.query<{ n: number; accounts: number; reached: number; two: number; wrong: number; first: Date }>(
      `select count(*)::int as n, count(distinct m.account_id)::int as accounts,
              count(*) filter (where starts_with(a.username, 'kw_') or starts_with(a.username, 'q_'))::int as reached,
              count(*) filter (where cardinality(m.reasons) = 2)::int as two,
              count(*) filter (where m.source <> 'policy' or m.kind <> $2)::int as wrong, min(m.created_at) as first
       from messages m join accounts a on a.id = m.account_id where m.dedupe_key = $1`,
      [dedupeKey, pushMessageKind('published')],
    );
    const c = check[0]!;
    if (c.n !== N) throw new Error(`${label}: ${c.n} messages under ${dedupeKey}, expected exactly ${N}`);
    if (c.accounts !== N) throw new Error(`${label}: ${c.n} messages but ${c.accounts} accounts: duplicates`);
    if (c.reached !== N) throw new Error(`${label}: ${N - c.reached} messages went to accounts outside the audience`);
    if (c.wrong !== 0) throw new Error(`${label}: ${c.wrong} messages under ${dedupeKey} not of source 'policy' and kind ${pushMessageKind('published')}`);
    if (c.two !== overlap) throw new Error(`${label}: ${c.two} messages with two reasons, expected ${overlap}`);
    if (event!.message_count !== N) throw new Error(`${label}: push_events.message_count is ${event!.message_count}, expected ${N}`);
    return { publish, total, pickup: c.first.getTime() - event!.created_at.getTime(), writing: event!.finished_at!.getTime() - c.first.getTime(), dedupeKey };
  }
  /** The same rows (the warm-up fan-out's, kept aside), written by one bare INSERT … SELECT into an empty table like messages. */
  async function bare(): Promise<number> {
    const t = performance.now();
    const { rowCount } = await client.query(
      `insert into bench_floor (account_id, source, kind, title, body, link, dedupe_key, reasons)
       select account_id, source, kind, title, body, link, dedupe_key, reasons from bench_rows`,
    );
    const ms = performance.now() - t;
    if (rowCount !== N) throw new Error(`the baseline wrote ${rowCount} rows, expected ${N}`);
    await client.query('truncate bench_floor');
    await client.query('vacuum (analyze) bench_floor');
    return ms;
  }
  const warm = await fanOut('预热');
  await client.query('create table bench_rows as select account_id, source, kind, title, body, link, dedupe_key, reasons from messages where dedupe_key = $1', [warm.dedupeKey]);
  await client.query('create table bench_floor (like messages including all)');
  await client.query('delete from messages where dedupe_key = $1', [warm.dedupeKey]);
  await client.query('vacuum (analyze) messages, bench_rows');

  process.stdout.write(
    `\npublish one guide to ${thousands(N)} accounts (console route over HTTP; the job on the server's worker) against a bare insert of the same rows, interleaved\n` +
      `  ${'round'.padStart(5)} ${'first'.padStart(9)} ${'publish call'.padStart(13)} ${'fan-out'.padStart(9)} ${'pickup+audience'.padStart(16)} ${'writing'.padStart(9)} ${'messages/s'.padStart(11)} ${'bare insert'.padStart(12)} ${'× bare'.padStart(7)}\n`,
  );
  const rounds: { total: number; pickup: number; writing: number; bare: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const fanFirst = round % 2 === 1;
    let b = fanFirst ? 0 : await bare();
    const f = await fanOut(`第 ${round} 轮`);
    // The next side writes into tables as empty as this one's were.
    await client.query('delete from messages where dedupe_key = $1', [f.dedupeKey]);
    await client.query('vacuum (analyze) messages');
    if (fanFirst) b = await bare();
    rounds.push({ total: f.total, pickup: f.pickup, writing: f.writing, bare: b });
    process.stdout.write(
      `  ${String(round).padStart(5)} ${(fanFirst ? 'fan-out' : 'bare').padStart(9)} ${f0(f.publish).padStart(13)} ${f0(f.total)} ${f0(f.pickup).padStart(16)} ${f0(f.writing)} ${thousands(Math.round(N / (f.total / 1000))).padStart(11)} ${f0(b).padStart(12)} ${`×${(f.total / b).toFixed(1)}`.padStart(7)}\n`,
    );
  }
  const m = { total: median(rounds.map((r) => r.total)), pickup: median(rounds.map((r) => r.pickup)), writing: median(rounds.map((r) => r.writing)), bare: median(rounds.map((r) => r.bare)) };
  const ratio = median(rounds.map((r) => r.total / r.bare));
  process.stdout.write(
    `  (fan-out: from the publish call until finished_at is seen; pickup+audience: event created → first message, writing: first message → finished_at, by the database's clock;\n` +
      `   messages/s: N over the fan-out; bare insert: INSERT … SELECT of the same N rows into an empty ordinary table LIKE messages INCLUDING ALL; × bare: fan-out over it)\n`,
  );
  process.stdout.write(
    `\nmedian of ${ROUNDS}: fan-out ${f0(m.total)} (pickup+audience ${f0(m.pickup)}, writing ${f0(m.writing)}; ${thousands(Math.round(N / (m.total / 1000)))} messages/s), bare insert ${f0(m.bare)}, fan-out × bare ${ratio.toFixed(1)} (median of the rounds' ratios)\n`,
  );
  process.stdout.write(`goal: publish → all ${thousands(N)} messages written in ≤ ${GOAL_MS / 1000} s: ${m.total <= GOAL_MS ? 'met' : 'NOT met'} (${(m.total / 1000).toFixed(1)} s, median of ${ROUNDS}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)\n`);
} finally {
  await client.end();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await stop();
}
