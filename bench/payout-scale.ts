// 公示与拨付 at scale (issue 39): over apply-seed's 100,000 applications (1,000 guides, 10,000
// enterprises), in one run, on one connection:
// - a 资金下达 issuing 10,000 instructions (recordRelease: one transaction) and their 授权 in one
//   call (authorisePayments through stepMany: the rows locked, the approver and the 资金额度 checked
//   per guide, their timeline and audit rows), each once as a staff member would, against the bare
//   statements that write the same rows (an insert of 10,000 payments; an update of 10,000 statuses)
//   on another 10,000 — the issue's aim is the 授权 in ≤ 10 s;
// - the public page of a 公示 of 1,000 entries (publicPublicity: its head with count and sum, the
//   entries) against the bare select of the entries, RUNS times after a warm-up.
// - 申兑统计 for the year by guide and by month (applyFigures: one aggregate with the working days
//   counted on the calendar's running index) against a bare `count(*), sum(amount) … group by`.
// npx tsx bench/payout-scale.ts; BENCH_RUNS, BENCH_APPLICATIONS, BENCH_PAYMENTS, BENCH_ENTRIES.
import { ROLES } from '@hqt/contract/auth';
import { chinaDate } from '@hqt/contract/working-days';
import { createDb, createPool } from '../apps/server/src/db/client';
import { Events } from '../apps/server/src/lib/events';
import type { SignedInCtx } from '../apps/server/src/lib/ctx';
import { calendarYears } from '../apps/server/src/services/calendar/schema';
import { CalendarStore } from '../apps/server/src/services/calendar/store';
import { authorisePayments, recordRelease } from '../apps/server/src/services/payout/ledger';
import { publicPublicity, publishPublicity } from '../apps/server/src/services/payout/publicity';
import { applyFigures } from '../apps/server/src/services/payout/stats';
import { DictionaryStore } from '../apps/server/src/services/dict/store';
import { seedApplications } from './apply-seed';
import { startBenchDatabase } from './support';
import { line, RUNS, time, type Timing } from './timing';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 10_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000);

const once = async <T>(fn: () => Promise<T>): Promise<Timing & { result: T }> => {
  const t = performance.now();
  const result = await fn();
  const ms = performance.now() - t;
  return { median: ms, p95: ms, result };
};
const header = (what: string) => process.stdout.write(`\n${what.padEnd(44)} ${'bare'.padStart(7)} ${'b p95'.padStart(7)} ${'real'.padStart(7)} ${'r p95'.padStart(7)}  real/bare  (ms)\n`);

const { url, stop } = await startBenchDatabase();
try {
  const pool = createPool(url, () => {}, 1);
  const db = createDb(pool);
  const now = new Date();
  const seed = await seedApplications(db, pool, { guides: 1_000, applications: APPLICATIONS, now });
  process.stdout.write(`${APPLICATIONS.toLocaleString('en')} applications seeded in ${seed.ms} ms\n`);
  const year = Number(chinaDate(now).slice(0, 4));
  await db.insert(calendarYears).values([{ year }, { year: year + 1 }]).onConflictDoNothing();
  const calendar = new CalendarStore(db, url, (err) => process.stderr.write(`${err.message}\n`));
  await calendar.start();
  const deps = { db, events: new Events(), calendar, bureau: '云溪县工业和信息化局' };

  // Two staff: the approver of every application, and the one who authorises.
  const staff = async (username: string): Promise<SignedInCtx> => {
    const [a] = (await pool.query<{ id: number }>(`insert into accounts (username, password_hash, name, role_id) values ($1, 'x', $1, $2) returning id`, [username, ROLES.staff.id])).rows;
    return { ip: null, actor: { accountId: a!.id, username, name: username, roleId: ROLES.staff.id, sessionId: 'bench' }, scope: { accountId: a!.id, roleId: ROLES.staff.id, enterpriseIds: [] } };
  };
  const approver = await staff('bench_approver');
  const payer = await staff('bench_payer');

  // 3 × PAYMENTS applications made 待拨付 (real and bare ledgers) and ENTRIES 拟支持, as their steps would
  // leave them: the amount and year, the 拟支持 in the timeline by the approver; budgets that hold them all.
  const pick = async (status: string, n: number, offset: number) =>
    (await pool.query<{ id: number }>(
      `with picked as (select id from applications order by id offset $3 limit $2)
       update applications a set status = $1, approved_amount = 10, approved_year = $4, decided_at = $5 from picked where a.id = picked.id returning a.id`,
      [status, n, offset, year, now],
    )).rows.map((r) => r.id);
  const payable = await pick('payable', PAYMENTS * 2, 0);
  const approved = await pick('approved', ENTRIES, PAYMENTS * 2);
  await pool.query(
    `insert into workflow_steps (subject_kind, subject_id, step, from_state, to_state, actor_id, actor_role, at)
     select 'application', id, 'approve', 'rechecked', 'approved', $2, 'staff', $3 from unnest($1::int[]) id`,
    [[...payable, ...approved], approver.actor.accountId, now],
  );
  await pool.query(`insert into apply_budgets (guide_id, year, amount) select id, $1, 1e7 from guides on conflict do nothing`, [year]);
  await pool.query('vacuum (analyze) applications, workflow_steps');

  const [real, bare] = [payable.slice(0, PAYMENTS), payable.slice(PAYMENTS)];
  header(`the ledger, ${PAYMENTS.toLocaleString('en')} instructions (once)`);
  const bareIssue = await once(() =>
    pool.query(
      `insert into fund_releases (doc_number, doc_date, fund) values ('bare', current_date, 'bare');
       insert into payments (key, application_id, attempt, enterprise_id, guide_id, year, amount, bank_account, release_id, approver_id)
       select a.number || '-1', a.id, 1, a.enterprise_id, a.guide_id, a.approved_year, a.approved_amount, a.bank_account, currval('fund_releases_id_seq'), ${approver.actor.accountId}
       from applications a where a.id = any('{${bare.join(',')}}'::int[])`,
    ),
  );
  const issued = await once(() => recordRelease(deps, payer, { docNumber: '云工信〔2026〕99号', docDate: chinaDate(now), fund: '工业发展专项资金', applicationIds: real }, now));
  line('资金下达 (recordRelease)', bareIssue, issued, `issued ${issued.result.issued}`);
  const ids = async (of: number[]) => (await pool.query<{ id: number }>('select id from payments where application_id = any($1::int[]) order by id', [of])).rows.map((r) => r.id);
  const [realIds, bareIds] = [await ids(real), await ids(bare)];
  const bareAuthorise = await once(() => pool.query(`update payments set status = 'authorised', authorised_by = $2 where id = any($1::int[])`, [bareIds, payer.actor.accountId]));
  const authorised = await once(() => authorisePayments(deps, payer, realIds, now));
  line('授权, one call (authorisePayments)', bareAuthorise, authorised, `authorised ${authorised.result}: ${(authorised.median / 1000).toFixed(1)} s (aim ≤ 10 s)`);
  if (authorised.result !== PAYMENTS || authorised.median > 10_000) process.exitCode = 1;

  header(`the public page of a 公示 of ${ENTRIES.toLocaleString('en')} entries (${RUNS} runs)`);
  const published = await once(() => publishPublicity(deps, payer, { title: '规模测试公示', applicationIds: approved, startsOn: chinaDate(now), days: 7 }, now));
  process.stdout.write(`published in ${published.median.toFixed(0)} ms (${published.result.count} entries)\n`);
  const startsAt = new Date(`${published.result.startsOn}T10:00:00+08:00`);
  const at = startsAt > now ? startsAt : now;
  const barePage = await time(() => pool.query('select id, enterprise_name, guide_title, amount from publicity_entries where publicity_id = $1 order by id', [published.result.id]));
  const realPage = await time(() => publicPublicity(deps, published.result.id, at));
  const same = realPage.result.entries.length === barePage.result.rows.length;
  if (!same) process.exitCode = 1;
  line('publicPublicity', barePage, realPage, `${realPage.result.entries.length} entries${same ? '' : '  MISMATCH'}`);
  header(`申兑统计 over ${APPLICATIONS.toLocaleString('en')} applications (${RUNS} runs)`);
  const dicts = new DictionaryStore(db, url, (err) => process.stderr.write(`${err.message}\n`));
  await dicts.start();
  for (const [by, key] of [['guide', 'guide_id'], ['month', "to_char(submitted_at at time zone 'Asia/Shanghai', 'YYYY-MM')"]] as const) {
    const bareFigures = await time(() =>
      pool.query(`select ${key} as key, count(*), sum(approved_amount) from applications where submitted_at >= $1 and submitted_at < $2 group by ${key}`, [`${year}-01-01T00:00:00+08:00`, `${year + 1}-01-01T00:00:00+08:00`]),
    );
    const realFigures = await time(() => applyFigures(db, dicts, { year, by }));
    line(`applyFigures by ${by}`, bareFigures, realFigures, `${realFigures.result.totals.applications} applications, ${realFigures.result.rows.length} rows`);
  }
  await dicts.stop();
  await calendar.stop();
  await pool.end();
} finally {
  await stop();
}
