// 企业走访 at 50,000 visits over 10,000 enterprises and 60 staff (visit-seed.ts): the console
// calendar's month (calendarVisits: all the month's visits, one staff member's, one town's), the
// console list's first page with two filters (consoleVisits), and the clash check for a new visit
// of 3 staff (visitClashes) — the service's own functions, each timed against a bare query of the
// same rows in the same run (the rows the screen shows with their names, the lead and the list's
// capped count, one statement), as the median and p95 of N runs on a warm cache over one connection. The rows' ids must be
// the bare query's (MISMATCH otherwise, and the run fails). Then EXPLAIN (ANALYZE, BUFFERS) of the
// statements the service sent for each case (recorded by a logging drizzle on the same pool), first
// timed alone (pg, no drizzle: the database's share of the case) against the service's call.
// Usage: npm run bench (or tsx bench/visit-scale.ts); BENCH_RUNS, BENCH_VISITS, BENCH_ENTERPRISES.
import { drizzle } from 'drizzle-orm/node-postgres';
import { VISIT_HELD_STATES, VISIT_MAX_HOURS } from '@hqt/contract/visit';
import type { VisitCalendarQuery, VisitPageQuery } from '@hqt/contract/visit-console';
import { chinaDayEnd } from '@hqt/contract/working-days';
import { createDb, createPool, type Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema/index';
import { likePattern } from '../apps/server/src/lib/like';
import { COUNT_CAP } from '../apps/server/src/lib/paginate';
import { DictionaryStore } from '../apps/server/src/services/dict/store';
import { calendarVisits, consoleVisits, visitClashes } from '../apps/server/src/services/visit/queries';
import { seedVisits } from './visit-seed';
import { startBenchDatabase } from './support';
import { line, RUNS, time } from './timing';

const VISITS = Number(process.env.BENCH_VISITS ?? 50_000);
const ENTERPRISES = Number(process.env.BENCH_ENTERPRISES ?? 10_000);

const header = (what: string, base = 'bare') =>
  process.stdout.write(`\n${what.padEnd(44)} ${base.padStart(7)} ${`${base[0]} p95`.padStart(7)} ${'real'.padStart(7)} ${'r p95'.padStart(7)}  real/${base}  (ms, ${RUNS} runs)\n`);
const sameIds = (a: number[], b: number[]) => JSON.stringify(a) === JSON.stringify(b);
const inList = (values: readonly string[]) => `(${values.map((v) => `'${v}'`).join(', ')})`;

const { url, stop } = await startBenchDatabase();
try {
  // One connection: the service's queries and the bare ones take turns on it.
  const pool = createPool(url, () => {}, 1);
  const db = createDb(pool);
  // The same, recording what it sends: each case's statements, for EXPLAIN.
  const sent: { text: string; params: unknown[] }[] = [];
  const recorder = drizzle(pool, { schema, casing: 'snake_case', logger: { logQuery: (text, params) => sent.push({ text, params }) } });
  const now = new Date();
  const seed = await seedVisits(db, pool, { enterprises: ENTERPRISES, visits: VISITS, now });
  process.stdout.write(
    `${VISITS.toLocaleString('en')} visits over ${ENTERPRISES.toLocaleString('en')} enterprises and ${seed.staffIds.length} staff (${seed.staffRows.toLocaleString('en')} visit_staff rows) seeded in ${seed.ms} ms\n`,
  );
  const dicts = new DictionaryStore(db, url, (err) => process.stderr.write(`${err.message}\n`));
  await dicts.start();
  const list = await dicts.all();
  const explained: { name: string; run: (on: Db) => Promise<unknown> }[] = [];

  // The month before this one (China time): every visit of it is in, most held.
  const china = new Date(now.getTime() + 8 * 3_600_000);
  const first = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const month = { from: day(first), to: day(last) };
  const start = new Date(chinaDayEnd(month.from).getTime() - 86_400_000);
  const end = chinaDayEnd(month.to);
  // The staff member with the most visits in that month, and the busiest town.
  const staffId = (await pool.query<{ account_id: number }>(
    `select account_id from visit_staff where starts_at >= $1 and starts_at < $2 group by account_id order by count(*) desc, account_id limit 1`,
    [start, end],
  )).rows[0]!.account_id;
  const town = 'chengguan';

  // What a row of the calendar and the list shows beside the visit's own columns: its enterprise's
  // name and town, its lead's name (the bare queries below read them too: the same rows).
  const names = `e.name as enterprise_name, e.region as town, (select a.name from visit_staff l join accounts a on a.id = l.account_id where l.visit_id = v.id and l.lead) as lead_name`;
  // The calendar: the month's visits by time, not declined, cancelled or unscheduled, at most 2,000.
  const calendarColumns = 'v.id, v.number, v.enterprise_id, v.origin, v.subject, v.type, v.method, v.starts_at, v.ends_at, v.place, v.status, v.rating, v.created_at';
  const shown = `v.status not in ('declined', 'cancelled', 'requested')`;
  const CALENDAR: { name: string; query: VisitCalendarQuery; bare: () => Promise<{ rows: { id: number }[] }> }[] = [
    {
      name: `month ${month.from.slice(0, 7)}`,
      query: month,
      bare: () =>
        pool.query(
          `select ${calendarColumns}, ${names} from visits v join enterprises e on e.id = v.enterprise_id
           where v.starts_at >= $1 and v.starts_at < $2 and ${shown} order by v.starts_at, v.id limit 2000`,
          [start, end],
        ),
    },
    {
      name: `month ${month.from.slice(0, 7)}, staff #${staffId}`,
      query: { ...month, staffId },
      bare: () =>
        pool.query(
          `select ${calendarColumns}, ${names} from visit_staff vs join visits v on v.id = vs.visit_id join enterprises e on e.id = v.enterprise_id
           where vs.account_id = $3 and vs.starts_at >= $1 and vs.starts_at < $2 and ${shown} order by v.starts_at, v.id limit 2000`,
          [start, end, staffId],
        ),
    },
    {
      name: `month ${month.from.slice(0, 7)}, town 城关镇`,
      query: { ...month, town },
      bare: () =>
        pool.query(
          `select ${calendarColumns}, ${names} from visits v join enterprises e on e.id = v.enterprise_id
           where v.starts_at >= $1 and v.starts_at < $2 and ${shown} and e.region = $3 order by v.starts_at, v.id limit 2000`,
          [start, end, town],
        ),
    },
  ];
  header('calendar (calendarVisits)');
  for (const c of CALENDAR) {
    const bare = await time(c.bare);
    const real = await time(() => calendarVisits(db, list, c.query));
    const same = sameIds(bare.result.rows.map((r) => r.id), real.result.map((r) => r.id));
    if (!same) process.exitCode = 1;
    line(c.name, bare, real, `${real.result.length} visits${same ? '' : '  MISMATCH'}`);
    explained.push({ name: `calendar: ${c.name}`, run: (on) => calendarVisits(on, list, c.query) });
  }

  // The list's first page: the rows the page shows, newest first, limit 20 — the visits' columns
  // and, for the page's 20, the names above — with the count of the matches capped at 10,000+, in
  // one statement.
  const barePage = (join: string, match: string, values: unknown[]) => () =>
    pool.query<{ id: number }>(
      `with page as (select ${calendarColumns} from visits v ${join} where ${match} order by v.created_at desc, v.id desc limit 20)
       select v.*, ${names}, (select count(*) from (select 1 from visits v ${join} where ${match} limit ${COUNT_CAP + 1}) m) as total
       from page v join enterprises e on e.id = v.enterprise_id order by v.created_at desc, v.id desc`,
      values,
    );
  const keyword = '融资';
  const LIST: { name: string; query: VisitPageQuery; join: string; match: string; values: unknown[] }[] = [
    {
      name: 'status 已评价 + town 城关镇',
      query: { currentPage: 1, pageSize: 20, status: 'appraised', town },
      join: 'join enterprises e on e.id = v.enterprise_id',
      match: `v.status = 'appraised' and e.region = $1`,
      values: [town],
    },
    {
      name: `staff #${staffId} + status 已确认`,
      query: { currentPage: 1, pageSize: 20, staffId, status: 'confirmed' },
      join: 'join visit_staff vs on vs.visit_id = v.id',
      match: `vs.account_id = $1 and v.status = 'confirmed'`,
      values: [staffId],
    },
    {
      name: `type 政策宣讲 + month ${month.from.slice(0, 7)}`,
      query: { currentPage: 1, pageSize: 20, type: 'policy', month: month.from.slice(0, 7) },
      join: '',
      match: `v.type = 'policy' and v.starts_at >= $1 and v.starts_at < $2`,
      values: [start, end],
    },
    {
      name: `差评 + keyword ${keyword}`,
      query: { currentPage: 1, pageSize: 20, badAppraisal: true, keyword },
      join: '',
      match: `v.rating in ('dissatisfied', 'veryDissatisfied') and (v.number ilike $1 or v.subject ilike $1 or v.enterprise_id in (select id from enterprises where name ilike $1))`,
      values: [likePattern(keyword)],
    },
  ];
  header('list page 1 (consoleVisits)');
  for (const c of LIST) {
    const bare = await time(barePage(c.join, c.match, c.values));
    const real = await time(() => consoleVisits(db, list, c.query));
    const same = sameIds(bare.result.rows.map((r) => r.id), real.result.list.map((r) => r.id));
    if (!same) process.exitCode = 1;
    line(c.name, bare, real, `total ${real.result.total}${real.result.totalCapped ? '+' : ''}${same ? '' : '  MISMATCH'}`);
    explained.push({ name: `list: ${c.name}`, run: (on) => consoleVisits(on, list, c.query) });
  }

  // The clash check: three staff, a new visit's time. The bare query reads visit_staff's rows of
  // those staff that can overlap: a visit lasts at most VISIT_MAX_HOURS, so one overlapping
  // [from, to) starts after from − VISIT_MAX_HOURS.
  const busy = (await pool.query<{ id: number; starts_at: Date; ends_at: Date; staff: number[] }>(
    `select v.id, v.starts_at, v.ends_at, array_agg(vs.account_id order by vs.account_id) as staff from visits v join visit_staff vs on vs.visit_id = v.id
     where v.status = 'confirmed' and v.starts_at > $1 group by v.id order by v.starts_at, v.id limit 1 offset 200`,
    [now],
  )).rows[0]!;
  const others = seed.staffIds.filter((id) => !busy.staff.includes(id));
  const farDay = new Date(busy.starts_at.getTime() + 30 * 86_400_000);
  const CLASH: { name: string; staffIds: number[]; from: Date; to: Date }[] = [
    { name: `3 staff, a busy slot (#${busy.id}'s time)`, staffIds: [busy.staff[0]!, ...others.slice(0, 2)], from: busy.starts_at, to: busy.ends_at },
    { name: '3 staff, 08:00–09:00 (before any visit)', staffIds: others.slice(2, 5), from: new Date(busy.starts_at.getTime() - busy.starts_at.getTime() % 86_400_000), to: new Date(busy.starts_at.getTime() - busy.starts_at.getTime() % 86_400_000 + 3_600_000) },
    { name: '3 staff, a day 30 days later, 10:00–12:00', staffIds: others.slice(5, 8), from: new Date(farDay.getTime() - (farDay.getTime() % 86_400_000) + 2 * 3_600_000), to: new Date(farDay.getTime() - (farDay.getTime() % 86_400_000) + 4 * 3_600_000) },
  ];
  header('clash check (visitClashes)');
  for (const c of CLASH) {
    const bare = await time(() =>
      pool.query<{ visit_id: number }>(
        `select v.id as visit_id, v.number, e.name as enterprise_name, v.subject, v.starts_at, v.ends_at, v.status, vs.account_id, a.name as staff_name
         from visit_staff vs join visits v on v.id = vs.visit_id join enterprises e on e.id = v.enterprise_id join accounts a on a.id = vs.account_id
         where vs.account_id = any($1) and vs.starts_at < $3 and vs.starts_at > $2::timestamptz - interval '${VISIT_MAX_HOURS} hours' and vs.ends_at > $2
           and v.status in ${inList(VISIT_HELD_STATES)} order by v.starts_at, v.id`,
        [c.staffIds, c.from, c.to],
      ),
    );
    const real = await time(() => visitClashes(db, c.staffIds, c.from, c.to));
    // A row per clashing member, as the service reads them; the service answers one per visit.
    const same = sameIds([...new Set(bare.result.rows.map((r) => r.visit_id))], real.result.map((r) => r.id));
    if (!same) process.exitCode = 1;
    line(c.name, bare, real, `${real.result.length} clashes${same ? '' : '  MISMATCH'}`);
    explained.push({ name: `clashes: ${c.name}`, run: (on) => visitClashes(on, c.staffIds, c.from, c.to) });
  }

  // The service's statements sent as they are, without building them or mapping their rows: what
  // of a case's time is the database's (the rest of "real" is the call's own work in Node).
  header('the service\'s statements alone (pg)', 'alone');
  const recorded: { name: string; statements: { text: string; params: unknown[] }[] }[] = [];
  for (const e of explained) {
    sent.length = 0;
    await e.run(recorder);
    const statements = [...sent];
    recorded.push({ name: e.name, statements });
    const alone = await time(async () => {
      for (const s of statements) await pool.query({ text: s.text, values: s.params });
    });
    const real = await time(() => e.run(db));
    line(e.name.slice(0, 44), alone, real, '');
  }

  process.stdout.write(`\nEXPLAIN (ANALYZE, BUFFERS) of the statements the service sent\n`);
  for (const { name, statements } of recorded) {
    for (const s of statements) {
      const plan = await pool.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers, costs off) ${s.text}`, values: s.params });
      process.stdout.write(`\n-- ${name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    }
  }
  await dicts.stop();
  await pool.end();
} finally {
  await stop();
}
