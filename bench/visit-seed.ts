// 企业走访 at scale, for the benchmarks (visit-scale.ts): 10,000 enterprises with their accounts,
// ~60 staff and 50,000 visits over the three years before `now` and the two months after it, each
// with its 2–3 staff (one the lead) in visit_staff. Deterministic (hashint4 of the row's index, no
// random()): the same options give the same rows, so runs compare.
//
// The visits go in set-based (one insert … select over generate_series, through a plan table), in
// creation order, so ids grow with created_at as they do live. What the rows look like:
// - starting evenly over the span, on a weekday (a Saturday's moved to Friday, a Sunday's to
//   Monday), at 09:00–16:30 China time, for 30 minutes (by phone) to 3 hours; planned 1–21 days
//   before (never after `now`);
// - enterprises skewed (the busiest holds ~0.2 % of all), type and method from their lists;
// - statuses by time: past ones mostly 已评价 (60 %) or 已走访, 6 % 已拒绝, 6 % 已取消, some of
//   the last two weeks still 已确认 (no summary yet); future ones 待确认, 已确认, 改期协商, 已取消,
//   已拒绝, and 5 % an enterprise's request (企业申请: no time, no staff yet, two preferred times);
// - the staff: the lead one of `staff`, the others at a fixed stride from it (distinct), the
//   visit's time copied onto each row as the service does; the summary written by the lead;
// - ratings mostly 满意 and better, 8 % 不满意 or worse (with a comment);
// - numbers ZFyyyymmdd-nnnn per China day of creation, and number_counters as they would be.
// The timelines (workflow_steps) are not written: no case here reads them.
import type pg from 'pg';
import { ROLES } from '@hqt/contract/auth';
import { VISIT_METHOD_LIST, VISIT_NUMBER_PREFIX } from '@hqt/contract/visit';
import type { DbOrTx } from '../apps/server/src/db/client';
import { generateEnterprises } from '../apps/server/src/services/calculator/synthetic';

export interface VisitSeedOptions {
  enterprises?: number;
  visits?: number;
  /** At least 40: a visit's staff are 1–19 apart (mod this), so two or three are always distinct. */
  staff?: number;
  /** Years of visits before `now` (and two months planned after it). */
  years?: number;
  now?: Date;
}

export interface VisitSeed {
  enterprises: number;
  visits: number;
  staffIds: number[];
  /** visit_staff rows written. */
  staffRows: number;
  ms: number;
}

/** The dictionary `visitType`'s codes. */
export const VISIT_TYPES = ['policy', 'problems', 'project', 'routine', 'other'] as const;
const SUBJECTS = ['惠企政策宣讲', '研发费用加计扣除辅导', '专精特新培育走访', '项目建设进度了解', '用工需求摸排', '融资需求对接', '安全生产检查回访', '技改项目服务', '数字化转型调研', '企业困难问题收集', '高企申报辅导', '外贸订单情况了解'];

const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

/** Seeds the enterprises (with their accounts), the staff and the visits on a migrated database. */
export async function seedVisits(db: DbOrTx, pool: pg.Pool, options: VisitSeedOptions = {}): Promise<VisitSeed> {
  const { enterprises = 10_000, visits = 50_000, staff = 60, years = 3, now = new Date() } = options;
  if (staff < 40) throw new Error('seedVisits: staff must be at least 40');
  const started = Date.now();
  await generateEnterprises(db, enterprises, { perAccount: 1, usernamePrefix: 'visit_ent_' });
  const client = await pool.connect();
  try {
    const staffRows = await client.query<{ id: number }>(
      `insert into accounts (username, password_hash, name, role_id)
         select 'visit_staff_' || g, 'synthetic-no-login', '走访干部' || g, $1 from generate_series(1, $2::int) g order by g returning id`,
      [ROLES.staff.id, staff],
    );
    const staffIds = staffRows.rows.map((r) => r.id).sort((a, b) => a - b);
    await client.query('begin');
    await client.query(planSql, [visits, now, years]);
    await client.query('analyze visit_seed_plan');
    await client.query(insertVisitsSql, [staffIds, now]);
    await client.query('analyze visits');
    const written = await client.query(insertStaffSql, [staffIds]);
    await client.query(`insert into number_counters (series, period, last)
      select '${VISIT_NUMBER_PREFIX}', period, max(seq) from visit_seed_plan group by period
      on conflict (series, period) do update set last = greatest(number_counters.last, excluded.last)`);
    await client.query('commit');
    await client.query('vacuum (analyze) visits, visit_staff, enterprises, accounts');
    return { enterprises, visits, staffIds, staffRows: written.rowCount ?? 0, ms: Date.now() - started };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** A uniform number in [0, 1) from the row's index and a salt (0–15): independent per salt. */
const u = (salt: number) => `((hashint4(i * 16 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

// $1 visits, $2 now, $3 years. One row per visit: its time, status, enterprise and staff picks.
const planSql = `
create temporary table visit_seed_plan on commit drop as
with ent as (
  select id, name, row_number() over (order by id) - 1 as k from enterprises where deleted_at is null
), base as (
  select i, ${u(1)} as s, ${u(2)} as u2, ${u(3)} as u3, ${u(4)} as u4, ${u(5)} as u5, ${u(6)} as u6, ${u(7)} as u7, ${u(8)} as u8, ${u(9)} as u9,
    -- The China day of the start: evenly over [now - years, now + 60 days), moved off the weekend.
    (($2::timestamptz at time zone 'Asia/Shanghai')::date - 365 * $3::int
      + floor((i - 1 + ${u(0)}) / $1::int * (365 * $3::int + 60))::int) as d,
    floor((select count(*) from ent) * power(${u(14)}, 1.5))::bigint as k
  from generate_series(1, $1::int) i
), dated as (
  select b.*, d + case extract(dow from d) when 6 then -1 when 0 then 1 else 0 end as day from base b
), timed as (
  select t.*,
    (day + time '09:00' + interval '30 minutes' * floor(u2 * 16)) at time zone 'Asia/Shanghai' as starts_at,
    (${sqlArray(VISIT_METHOD_LIST)})[1 + floor(u3 * ${VISIT_METHOD_LIST.length})::int] as method
  from dated t
), st as (
  select t.*,
    t.starts_at + case when t.method = 'phone' then interval '30 minutes' else interval '1 hour' * (1 + floor(u4 * 3)) end as ends_at,
    least($2::timestamptz - interval '1 hour' * (1 + u5 * 48), t.starts_at - interval '1 day' * (1 + u5 * 20)) as created_at,
    case
      when t.starts_at > $2::timestamptz then
        case when s < 0.05 then 'requested' when s < 0.40 then 'pending' when s < 0.85 then 'confirmed' when s < 0.90 then 'rescheduling' when s < 0.95 then 'cancelled' else 'declined' end
      when s < 0.06 then 'declined'
      when s < 0.12 then 'cancelled'
      when t.starts_at > $2::timestamptz - interval '14 days' and s < 0.40 then 'confirmed'
      when s < 0.35 then 'visited'
      else 'appraised'
    end as status
  from timed t
)
select t.i, t.created_at, t.status, t.method, t.u6, t.u7, t.u8, t.u9,
  case when t.status = 'requested' then null else t.starts_at end as starts_at,
  case when t.status = 'requested' then null else t.ends_at end as ends_at,
  t.starts_at as wanted_at,
  e.id as enterprise_id, e.name as enterprise_name,
  -- The lead, and a stride to the others (1–19 of 60: two or three distinct staff).
  floor(t.u6 * 1000000)::int as s0, 1 + floor(t.u7 * 19)::int as stride, case when t.u8 < 0.5 then 2 else 3 end as crew,
  to_char(t.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') as period,
  row_number() over (partition by to_char(t.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') order by t.created_at, t.i) as seq
from st t
join ent e on e.k = t.k`;

// $1 the staff ids, $2 now.
const insertVisitsSql = `
insert into visits (number, enterprise_id, origin, subject, type, method, starts_at, ends_at, place, status, preferred_times, topics, note,
  summary, written_at, written_by, rating, comment, appraised_at, reminded_at, created_by, created_at, updated_at)
select '${VISIT_NUMBER_PREFIX}' || p.period || '-' || lpad(p.seq::text, 4, '0'), p.enterprise_id,
  case when p.status = 'requested' or p.u9 < 0.1 then 'enterprise' else 'staff' end,
  (${sqlArray(SUBJECTS)})[1 + floor(p.u9 * ${SUBJECTS.length})::int],
  case when p.status <> 'requested' then (${sqlArray(VISIT_TYPES)})[1 + floor(p.u8 * ${VISIT_TYPES.length})::int] end,
  case when p.status <> 'requested' then p.method end,
  p.starts_at, p.ends_at,
  case when p.status = 'requested' then null when p.method = 'onsite' then p.enterprise_name || '会议室' else '线上' end,
  p.status,
  case when p.status = 'requested' then jsonb_build_array(
    jsonb_build_object('start', p.wanted_at, 'end', p.wanted_at + interval '2 hours'),
    jsonb_build_object('start', p.wanted_at + interval '1 day', 'end', p.wanted_at + interval '1 day 2 hours')) end,
  case when p.status = 'requested' then '希望了解最新惠企政策，并反映用工方面的困难' end,
  case p.status when 'declined' then '时间冲突，暂不安排' when 'cancelled' then '工作调整，另行安排' end,
  case when p.status in ('visited', 'appraised') then '了解企业生产经营情况，宣讲惠企政策，收集企业反映的问题。' end,
  case when p.status in ('visited', 'appraised') then least($2::timestamptz, p.ends_at + interval '1 day') end,
  case when p.status in ('visited', 'appraised') then ($1::int[])[1 + p.s0 % cardinality($1::int[])] end,
  case when p.status = 'appraised' then case when p.u7 < 0.55 then 'verySatisfied' when p.u7 < 0.82 then 'satisfied' when p.u7 < 0.92 then 'basic' when p.u7 < 0.97 then 'dissatisfied' else 'veryDissatisfied' end end,
  case when p.status = 'appraised' and p.u7 >= 0.92 then '反映的问题还没有得到解决' end,
  case when p.status = 'appraised' then least($2::timestamptz, p.ends_at + interval '3 days') end,
  case when p.status in ('confirmed', 'visited', 'appraised') and p.starts_at < $2::timestamptz then p.starts_at - interval '1 day' end,
  ($1::int[])[1 + p.s0 % cardinality($1::int[])],
  p.created_at,
  greatest(p.created_at, least($2::timestamptz, coalesce(p.ends_at, p.created_at) + interval '3 days'))
from visit_seed_plan p
order by p.created_at, p.i`;

// $1 the staff ids: the lead at s0, the others at s0 + k × stride (mod the staff count).
const insertStaffSql = `
insert into visit_staff (visit_id, account_id, lead, starts_at, ends_at)
select v.id, ($1::int[])[1 + (p.s0 + k * p.stride) % cardinality($1::int[])], k = 0, v.starts_at, v.ends_at
from visit_seed_plan p
join visits v on v.number = '${VISIT_NUMBER_PREFIX}' || p.period || '-' || lpad(p.seq::text, 4, '0')
cross join generate_series(0, p.crew - 1) k
where v.starts_at is not null
order by v.id, k`;
