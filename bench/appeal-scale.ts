// 企业诉求 at 100,000 appeals over 10,000 enterprises (appeal-seed.ts): the staff queue's first page
// with two filters (queuePage, the service's own function) and its tab counts (queueCounts), and an
// enterprise's list (enterpriseAppeals), each timed against a bare query of the same rows in the
// same run (the rows the page shows with their names and the count, one statement: below), as
// the median and p95 of N runs on a warm cache over one connection. The page's rows must be the
// bare query's (MISMATCH otherwise, and the run fails). Then EXPLAIN (ANALYZE, BUFFERS) of the
// queue's page statement (queueStatement) for each case and of the busiest enterprise's list
// (enterpriseStatement): how many rows they read.
// Then the statistics for this year and the home page's totals against bare aggregates of the same rows.
// Usage: npm run bench (or tsx bench/appeal-scale.ts); BENCH_RUNS, BENCH_APPEALS, BENCH_ENTERPRISES.
import { APPEAL_DUE_SOON_DAYS, APPEAL_OPEN_STATES } from '@hqt/contract/appeal';
import type { AppealQueueQuery } from '@hqt/contract/appeal-console';
import { Events } from '../apps/server/src/lib/events';
import { COUNT_CAP, pageWindow } from '../apps/server/src/lib/paginate';
import { likePattern } from '../apps/server/src/lib/like';
import { createDb, createPool } from '../apps/server/src/db/client';
import { calendarYears } from '../apps/server/src/services/calendar/schema';
import { CalendarStore } from '../apps/server/src/services/calendar/store';
import { DictionaryStore } from '../apps/server/src/services/dict/store';
import { enterpriseAppeals, enterpriseStatement, queueStatement } from '../apps/server/src/services/appeal/queries';
import { appealFigures, appealTotals } from '../apps/server/src/services/appeal/stats';
import { queueCounts, queuePage } from '../apps/server/src/services/appeal/service';
import { dueAfter } from '../apps/server/src/services/calendar/public';
import { seedAppeals } from './appeal-seed';
import { startBenchDatabase } from './support';
import { line, RUNS, time } from './timing';

const APPEALS = Number(process.env.BENCH_APPEALS ?? 100_000);
const ENTERPRISES = Number(process.env.BENCH_ENTERPRISES ?? 10_000);

const header = (what: string) =>
  process.stdout.write(`\n${what.padEnd(44)} ${'bare'.padStart(7)} ${'b p95'.padStart(7)} ${'real'.padStart(7)} ${'r p95'.padStart(7)}  real/bare  (ms, ${RUNS} runs)\n`);

const { url, stop } = await startBenchDatabase();
try {
  // One connection: the service's queries and the bare ones take turns on it.
  const pool = createPool(url, () => {}, 1);
  const db = createDb(pool);
  const seed = await seedAppeals(db, pool, { enterprises: ENTERPRISES, appeals: APPEALS });
  process.stdout.write(
    `${APPEALS.toLocaleString('en')} appeals over ${ENTERPRISES.toLocaleString('en')} enterprises and ${seed.staffIds.length} handlers (${seed.steps.toLocaleString('en')} timeline steps) seeded in ${seed.ms} ms; the busiest enterprise #${seed.busiest.enterpriseId} has ${seed.busiest.appeals}\n`,
  );
  // Due soon counts working days: this year and the next published (unmarked days follow the week).
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  await db.insert(calendarYears).values([{ year }, { year: year + 1 }]).onConflictDoNothing();
  const onError = (err: Error) => process.stderr.write(`${err.message}\n`);
  const calendar = new CalendarStore(db, url, onError);
  const dicts = new DictionaryStore(db, url, onError);
  await calendar.start();
  await dicts.start();
  const deps = { db, events: new Events(), calendar, dicts };
  const now = new Date();
  const dueBy = await dueAfter(calendar, now, APPEAL_DUE_SOON_DAYS);

  // The bare page: the rows the page shows — the appeals' columns and, for the page's 20, their
  // enterprise's name, handler's name and source visit's number — with the count of all matches
  // (the queue's capped at 10,000+, an enterprise's exact), in one statement with nothing around it.
  // `match` is the filters' SQL over `a`, `values` its parameters.
  const columns = 'a.id, a.number, a.enterprise_id, a.category, a.title, a.status, a.created_at, a.due_at, a.accept_due_at, a.rating, a.department, a.handler_id, a.source_kind, a.source_id';
  const barePage = (match: string, values: unknown[], capped = true) => () =>
    pool.query<{ id: number }>(
      `with page as (select ${columns} from appeals a where ${match} order by a.created_at desc, a.id desc limit 20)
       select page.*, e.name as enterprise_name, h.name as handler_name,
         (select v.number from visits v where page.source_kind = 'visit' and v.id = page.source_id) as visit_number,
         (select count(*) from (select 1 from appeals a where ${match}${capped ? ` limit ${COUNT_CAP + 1}` : ''}) m) as total
       from page join enterprises e on e.id = page.enterprise_id left join accounts h on h.id = page.handler_id
       order by page.created_at desc, page.id desc`,
      values,
    );
  const bareCounts = (match: string, values: unknown[]) => () => pool.query(`select a.status, count(*) from appeals a where ${match} group by a.status`, values);
  const open = `a.status in (${APPEAL_OPEN_STATES.map((s) => `'${s}'`).join(', ')})`;
  const keyword = '贴息';
  const nameMatch = (p: string) => `(a.number ilike ${p} or a.title ilike ${p} or a.enterprise_id in (select id from enterprises where name ilike ${p}))`;

  const QUEUE: { name: string; query: AppealQueueQuery; match: string; values: unknown[]; counts: { match: string; values: unknown[] } }[] = [
    {
      name: 'status 办理中 + category 融资贷款',
      query: { currentPage: 1, pageSize: 20, status: 'accepted', category: 'finance' },
      match: `a.status = 'accepted' and a.category = $1`,
      values: ['finance'],
      counts: { match: 'a.category = $1', values: ['finance'] },
    },
    {
      name: 'status 已办结 + category 惠企政策',
      query: { currentPage: 1, pageSize: 20, status: 'closed', category: 'policy' },
      match: `a.status = 'closed' and a.category = $1`,
      values: ['policy'],
      counts: { match: 'a.category = $1', values: ['policy'] },
    },
    {
      name: `category 融资贷款 + keyword ${keyword}`,
      query: { currentPage: 1, pageSize: 20, category: 'finance', keyword },
      match: `a.category = $1 and ${nameMatch('$2')}`,
      values: ['finance', likePattern(keyword)],
      counts: { match: `a.category = $1 and ${nameMatch('$2')}`, values: ['finance', likePattern(keyword)] },
    },
    {
      name: 'dueSoon + department 人社局',
      query: { currentPage: 1, pageSize: 20, dueSoon: true, department: 'rsj' },
      match: `${open} and a.due_at <= $1 and a.department = $2`,
      values: [dueBy, 'rsj'],
      counts: { match: `${open} and a.due_at <= $1 and a.department = $2`, values: [dueBy, 'rsj'] },
    },
  ];

  header('queue page 1 (queuePage)');
  const explained: string[] = [];
  for (const c of QUEUE) {
    const bare = await time(barePage(c.match, c.values));
    const real = await time(() => queuePage(deps, c.query, now));
    const same = JSON.stringify(bare.result.rows.map((r) => r.id)) === JSON.stringify(real.result.list.map((r) => r.id));
    if (!same) process.exitCode = 1;
    line(c.name, bare, real, `total ${real.result.total}${real.result.totalCapped ? '+' : ''}${same ? '' : '  MISMATCH'}`);
    explained.push(c.name);
  }
  header('tabs (queueCounts: filters but the status)');
  for (const c of QUEUE) {
    const { status: _status, currentPage: _page, pageSize: _size, ...filters } = c.query;
    const bare = await time(bareCounts(c.counts.match, c.counts.values));
    const real = await time(() => queueCounts(deps, filters, now));
    const bareAll = bare.result.rows.reduce((sum, r: { count: string }) => sum + Number(r.count), 0);
    if (bareAll !== real.result.all) process.exitCode = 1;
    line(c.name, bare, real, `all ${real.result.all}${bareAll === real.result.all ? '' : `  MISMATCH (bare ${bareAll})`}`);
  }

  header('enterprise list page 1 (enterpriseAppeals)');
  const typical = (await pool.query<{ enterprise_id: number; n: number }>(
    `select enterprise_id, count(*)::int as n from appeals group by enterprise_id order by n, enterprise_id offset (select count(distinct enterprise_id) / 2 from appeals) limit 1`,
  )).rows[0]!;
  for (const [name, id, status] of [
    [`the busiest (#${seed.busiest.enterpriseId}, ${seed.busiest.appeals} appeals)`, seed.busiest.enterpriseId, undefined],
    [`the busiest, status 已办结`, seed.busiest.enterpriseId, 'closed'],
    [`a typical one (#${typical.enterprise_id}, ${typical.n} appeals)`, typical.enterprise_id, undefined],
  ] as const) {
    const bare = await time(barePage(`a.enterprise_id = $1${status ? ' and a.status = $2' : ''}`, status ? [id, status] : [id], false));
    const list = await dicts.all();
    const real = await time(() => enterpriseAppeals(db, list, id, { currentPage: 1, pageSize: 20, ...(status ? { status } : {}) }));
    const same = JSON.stringify(bare.result.rows.map((r) => r.id)) === JSON.stringify(real.result.list.map((r) => r.id));
    if (!same) process.exitCode = 1;
    line(name, bare, real, `total ${real.result.total}${same ? '' : '  MISMATCH'}`);
  }

  // The figures for this year, per category, department and month (one statement with grouping
  // sets, working days from the calendar's index array) against a bare aggregate of the same rows:
  // a count and the satisfied over rated, grouped by the same key, without working days.
  header(`statistics for ${year} (appealFigures) and the home page's totals (appealTotals)`);
  const yearRows = `a.created_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'Asia/Shanghai') and a.created_at < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'Asia/Shanghai')`;
  const bareKey = { category: 'a.category', department: 'a.department', month: `to_char(a.created_at at time zone 'Asia/Shanghai', 'YYYY-MM')` } as const;
  for (const by of ['category', 'department', 'month'] as const) {
    const bare = await time(() =>
      pool.query<{ n: string; total: boolean }>(
        `select ${bareKey[by]} as key, grouping(${bareKey[by]}) = 1 as total, count(*) as n, count(*) filter (where a.rating in ('verySatisfied', 'satisfied', 'basic')) as satisfied, count(*) filter (where a.rating is not null) as rated
         from appeals a where ${yearRows} group by rollup (${bareKey[by]})`,
      ),
    );
    const real = await time(() => appealFigures(db, dicts, { year, by }));
    const bareAll = Number(bare.result.rows.find((r) => r.total)!.n);
    if (bareAll !== real.result.totals.received) process.exitCode = 1;
    line(`by ${by}`, bare, real, `received ${real.result.totals.received}${bareAll === real.result.totals.received ? '' : `  MISMATCH (bare ${bareAll})`}`);
  }
  const bareTotals = await time(() => pool.query(`select count(*), count(*) filter (where a.status = 'closed') from appeals a where ${yearRows}`));
  const totals = await time(() => appealTotals(db, now));
  line('the public totals', bareTotals, totals, `received ${totals.result.received}`);

  process.stdout.write(`\nEXPLAIN (ANALYZE, BUFFERS) of the queue's page statement (queueStatement), first page\n`);
  for (const c of QUEUE) {
    const { sql: text, params } = queueStatement(db, c.query, c.query.dueSoon ? dueBy : null, pageWindow(c.query)).toSQL();
    const plan = await pool.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers, costs off) ${text}`, values: params });
    process.stdout.write(`\n-- ${c.name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  }
  const busiest = { currentPage: 1, pageSize: 20 };
  const { sql: text, params } = enterpriseStatement(db, seed.busiest.enterpriseId, busiest, pageWindow(busiest)).toSQL();
  const plan = await pool.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers, costs off) ${text}`, values: params });
  process.stdout.write(`\n-- the busiest enterprise's list (enterpriseStatement)\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  await calendar.stop();
  await dicts.stop();
  await pool.end();
} finally {
  await stop();
}
