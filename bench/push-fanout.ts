// 政策推送's fan-out at 100,000 enterprise accounts: one guide published through the real path (the
// console's publish route, app.inject as a staff account: the guide's state, the audit row, the
// push_events row and the pg-boss job in one transaction), then the job on the node's worker
// (services/push/fan-out.ts): the audience (keyword subscriptions in SQL, the 'qualified' followers
// through the calculator's reverse list over the in-memory facts of every enterprise), and the
// messages written into the message centre's `messages` in batches of PUSH_BATCH_SIZE, one
// transaction each: notify() (services/message/notify.ts: one INSERT … ON CONFLICT (account_id,
// dedupe_key) DO NOTHING, dedupe key 'guide:<id>:published', and a pg_notify per ≤ 400 accounts, heard
// at commit by the node's own listener) and the event's message_count moved by as many, until
// push_events.finished_at is set.
// The data, bulk-inserted with SQL: BENCH_ACCOUNTS accounts the guide must reach, one enterprise
// each — half through a keyword subscription found in the guide's title, half through a 'qualified'
// subscription with an enterprise in the one region the guide's rules admit (one in ten of those
// also has the keyword: one message with two reasons, not two) — and a tenth as many that it must
// not reach: another keyword; 'qualified' with an enterprise the rules refuse; admitted but
// following nothing; disabled accounts; staff accounts with subscriptions.
// Figures, per batch size (a node built with PUSH_BATCH_SIZE, its facts store warm as on a running
// node, a new guide for each of BENCH_RUNS runs, whose messages are deleted from `messages` after
// its checks and the table vacuumed, so each run writes into the same empty table): the publish call
// (must answer at once: the fan-out is a job), the total until finished_at is seen (polled every 20 ms), split by the database's own
// clock into "job picked up + audience" (event created → first batch) and "writing" (first batch →
// finished_at), and messages per second. Baseline in the same run: a bare INSERT … SELECT FROM
// generate_series of the same N rows into a table LIKE messages INCLUDING ALL (its unique
// (account_id, dedupe_key) and its other indexes; temporary: no WAL; and an ordinary one, WAL-logged
// as messages is).
// Goal (the push issue): all 100,000 messages persisted in ≤ 10 s. Timings never fail the run; wrong
// answers do (not exactly N messages under the guide's dedupe key, a duplicate, an account outside
// the audience, not exactly the expected messages with two reasons, a message_count that is not N).
// Usage: npm run bench (or tsx bench/push-fanout.ts); BENCH_ACCOUNTS, BENCH_RUNS (per size), BENCH_BATCH_SIZES (e.g. 2000,500,5000).
import pg from 'pg';
import { ROLES } from '@hqt/contract/auth';
import { consolePath } from '@hqt/contract/console';
import { POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import { pushMessageKey, pushMessageKind, SUBSCRIPTION_KINDS } from '@hqt/contract/push';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type {} from '../apps/server/src/plugins/auth'; // its app.tokens declaration
import type {} from '../apps/server/src/services/calculator/routes'; // its app.enterpriseFacts declaration
import { startBenchDatabase } from './support';

const N = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
/** The default (config.ts) first: the goal is judged on it. */
const SIZES = (process.env.BENCH_BATCH_SIZES ?? '2000,500,5000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_MS = 10_000;
const KEYWORD = '推送基准';
const ADMITTED_REGION = 'yunxi';
const JWT_SECRET = 'bench-push-fanout';
const POLL_MS = 20;
const TIMEOUT_MS = 180_000;

const f0 = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;
const thousands = (n: number) => n.toLocaleString('en');

const { url, stop } = await startBenchDatabase();
const client = new pg.Client({ connectionString: url });
await client.connect();
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

  // The staff member who publishes, with a live session.
  const { rows: staffRows } = await client.query<{ id: number; session: string }>(`
    with a as (insert into accounts (username, password_hash, name, role_id) values ('bench_staff', 'synthetic-no-login', '推送基准工作人员', ${ROLES.staff.id}) returning id)
    insert into auth_sessions (account_id, expires_at) select id, now() + interval '1 day' from a returning account_id as id, id as session`);
  const staff = staffRows[0]!;
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

  // ---- the baseline: the same rows, written bare ------------------------------------------------------
  const body = `「${KEYWORD}申报指南」已发布，申报时间 2026-01-01 至 2026-02-01。`;
  async function floor(kind: 'temporary' | 'ordinary'): Promise<number> {
    await client.query(`create ${kind === 'temporary' ? 'temporary' : ''} table bench_floor (like messages including all)`);
    const t = performance.now();
    const { rowCount } = await client.query(
      `insert into bench_floor (account_id, source, kind, title, body, link, dedupe_key, reasons)
       select k, 'policy', $1, $2, $3, '/policyMarket/policyMarket?guide=1', $4, array['订阅关键词「${KEYWORD}」'] from generate_series(1, $5::int) k`,
      [pushMessageKind('published'), `${KEYWORD}申报指南（基线）`, body, pushMessageKey(1, 'published'), N],
    );
    const ms = performance.now() - t;
    if (rowCount !== N) throw new Error(`the baseline wrote ${rowCount} rows, expected ${N}`);
    await client.query('drop table bench_floor');
    return ms;
  }
  const floorTemp = await floor('temporary');
  const floorLogged = await floor('ordinary');
  process.stdout.write(`\nbaseline: insert into <table like messages including all> select … from generate_series(1, ${thousands(N)})\n`);
  process.stdout.write(`  ${'temporary table (no WAL)'.padEnd(40)} ${f0(floorTemp)}   ${thousands(Math.round(N / (floorTemp / 1000)))} rows/s\n`);
  process.stdout.write(`  ${'ordinary table (WAL, as messages)'.padEnd(40)} ${f0(floorLogged)}   ${thousands(Math.round(N / (floorLogged / 1000)))} rows/s\n`);

  // ---- the fan-out, per batch size ----------------------------------------------------------------------
  process.stdout.write(
    `\npublish one guide to ${thousands(N)} accounts (console route via app.inject; the job on the node's worker), per PUSH_BATCH_SIZE\n` +
      `  ${'batch #run'.padStart(9)} ${'publish call'.padStart(13)} ${'total'.padStart(9)} ${'pickup+audience'.padStart(16)} ${'writing'.padStart(9)} ${'messages/s'.padStart(11)} ${'× temp floor'.padStart(13)} ${'× WAL floor'.padStart(12)}   facts store\n`,
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const medians: { size: number; total: number; writing: number; rate: number }[] = [];
  for (const size of SIZES) {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', PUSH_BATCH_SIZE: String(size) });
    const app: App = await buildApp({ config, databaseUrl: url, jwtSecret: JWT_SECRET });
    try {
      await app.ready();
      // A running node holds every enterprise's facts (the calculator plugin loads them at start).
      const warm = performance.now();
      const facts = await app.enterpriseFacts.all();
      const warmMs = performance.now() - warm;
      const token = await app.tokens.sign({ accountId: staff.id, sessionId: staff.session, roleId: ROLES.staff.id });
      const runs: { total: number; writing: number; rate: number }[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const guideId = await draftGuide(`批量 ${size} 第 ${run} 次`);
        const dedupeKey = pushMessageKey(guideId, 'published');

        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }),
          headers: { authorization: `Bearer ${token}` },
          payload: { action: 'publish' },
        });
        const publishMs = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
        type EventRow = { id: number; created_at: Date; finished_at: Date | null; message_count: number };
        let event: EventRow | undefined;
        for (;;) {
          ({
            rows: [event],
          } = await client.query<EventRow>(`select id, created_at, finished_at, message_count from push_events where guide_id = $1 and event = 'published'`, [guideId]));
          if (event?.finished_at) break;
          if (performance.now() - t0 > TIMEOUT_MS) throw new Error(`the fan-out of guide ${guideId} did not finish in ${TIMEOUT_MS / 1000} s (${event?.message_count ?? 0} messages so far)`);
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
        const totalMs = performance.now() - t0;

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
        if (c.n !== N) throw new Error(`batch ${size}: ${c.n} messages under ${dedupeKey}, expected exactly ${N}`);
        if (c.accounts !== N) throw new Error(`batch ${size}: ${c.n} messages but ${c.accounts} accounts: duplicates`);
        if (c.reached !== N) throw new Error(`batch ${size}: ${N - c.reached} messages went to accounts outside the audience`);
        if (c.wrong !== 0) throw new Error(`batch ${size}: ${c.wrong} messages under ${dedupeKey} not of source 'policy' and kind ${pushMessageKind('published')}`);
        if (c.two !== overlap) throw new Error(`batch ${size}: ${c.two} messages with two reasons, expected ${overlap}`);
        if (event!.message_count !== N) throw new Error(`batch ${size}: push_events.message_count is ${event!.message_count}, expected ${N}`);

        const pickupMs = c.first.getTime() - event!.created_at.getTime();
        const writingMs = event!.finished_at!.getTime() - c.first.getTime();
        const rate = N / ((event!.finished_at!.getTime() - event!.created_at.getTime()) / 1000);
        // The next run writes into a table as empty as this one's was.
        await client.query('delete from messages where dedupe_key = $1', [dedupeKey]);
        await client.query('vacuum (analyze) messages');
        runs.push({ total: totalMs, writing: writingMs, rate });
        process.stdout.write(
          `  ${`${size} #${run}`.padStart(9)} ${f0(publishMs).padStart(13)} ${f0(totalMs)} ${f0(pickupMs).padStart(16)} ${f0(writingMs)} ${thousands(Math.round(rate)).padStart(11)} ${`×${(writingMs / floorTemp).toFixed(1)}`.padStart(13)} ${`×${(writingMs / floorLogged).toFixed(1)}`.padStart(12)}${run === 1 ? `   ${thousands(facts.size)} enterprises (waited ${warmMs.toFixed(0)} ms for its load at start)` : ''}\n`,
        );
      }
      medians.push({ size, total: median(runs.map((r) => r.total)), writing: median(runs.map((r) => r.writing)), rate: median(runs.map((r) => r.rate)) });
    } finally {
      await app.close();
    }
  }
  process.stdout.write(
    `  (publish call: the console route's answer; total: from the call until finished_at is seen; pickup+audience: event created → first batch's row, by the database clock;\n` +
      `   writing: first batch → finished_at; messages/s: N over event created → finished_at; × floor: writing over the bare insert of the same N rows)\n`,
  );
  process.stdout.write(`\nmedian of ${RUNS} per batch size\n`);
  for (const m of medians) {
    process.stdout.write(
      `  PUSH_BATCH_SIZE ${String(m.size).padStart(5)}: total ${f0(m.total)}, writing ${f0(m.writing)} (×${(m.writing / floorTemp).toFixed(1)} the temporary floor, ×${(m.writing / floorLogged).toFixed(1)} the WAL floor), ${thousands(Math.round(m.rate))} messages/s\n`,
    );
  }
  const goal = medians[0]!;
  process.stdout.write(
    `\ngoal: all ${thousands(N)} messages persisted in ≤ ${GOAL_MS / 1000} s: ${goal.total <= GOAL_MS ? 'met' : 'NOT met'} (${(goal.total / 1000).toFixed(1)} s from the publish call, median of ${RUNS}, PUSH_BATCH_SIZE ${goal.size}, the default)\n`,
  );
} finally {
  await client.end();
  await stop();
}
