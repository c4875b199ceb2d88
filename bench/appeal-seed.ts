// 企业诉求 at scale, for the benchmarks (appeal-scale.ts now, the statistics' bench later): 10,000
// enterprises with their accounts, a few dozen staff handlers and 100,000 appeals filed over the year
// before `now`, with the workflow_steps of their timelines. Deterministic (hashint4 of the row's
// index, no random()): the same options give the same rows, so runs compare.
//
// The appeals go in set-based (one insert … select over generate_series, through a plan table), in
// filing order, so ids grow with created_at as they do live. What the rows look like:
// - filed evenly over 365 days; enterprises skewed (the busiest holds ~200, most a handful);
// - statuses by age: most older than 25 days closed (rated or 未评价), 5 % withdrawn or rejected,
//   a few older ones still open (overdue); the last weeks accepted, 待补充, replied, 整改中; the
//   last day and a half mostly 已提交;
// - accepted_at, due_at, replied_at, closed_at consistent with the status and in that order, all
//   before `now`; due_at the end of a China day ≈ the category's limit in working days (× 7/5 in
//   calendar days, not the published calendar), 15 working days after a 差评 for 整改;
// - replies after 0.3–1.3 of the limit (some late); 0–2 reopenings (a 差评 kept only on the
//   second reopening's close, as APPEAL_FLOW does); ratings mostly 满意 and better, 12 % 未评价;
// - department by category (70 %) or any of the dictionary's eight, its handler one of five staff;
// - numbers SQyyyymmdd-nnnn per China day, and number_counters set as the filings would have left them;
// - steps: accept, assign, askSupplement, reply (each round), complain, callBack, rate/expire,
//   reject, withdraw — with their states, actors' roles and times.
import type pg from 'pg';
import { APPEAL_KIND, APPEAL_NUMBER_PREFIX, APPEAL_RATINGS } from '@hqt/contract/appeal';
import { ROLES } from '@hqt/contract/auth';
import type { DbOrTx } from '../apps/server/src/db/client';
import { generateEnterprises } from '../apps/server/src/services/calculator/synthetic';

export interface AppealSeedOptions {
  enterprises?: number;
  appeals?: number;
  /** Staff handlers: an equal share per department (DEPARTMENTS). */
  staff?: number;
  /** The end of the year the appeals are filed over. */
  now?: Date;
}

export interface AppealSeed {
  enterprises: number;
  appeals: number;
  staffIds: number[];
  /** workflow_steps rows written (the appeals' timelines). */
  steps: number;
  /** The enterprise with the most appeals, and how many. */
  busiest: { enterpriseId: number; appeals: number };
  ms: number;
}

/** The dictionary `department`'s codes, and the department a category usually goes to. */
export const DEPARTMENTS = ['gxj', 'kjj', 'czj', 'rsj', 'swj', 'fgj', 'scj', 'tax'] as const;
/** The dictionary `appealCategory`'s codes with their limits (working days) and usual department. */
export const CATEGORIES = [
  ['policy', 5, 'gxj'],
  ['finance', 10, 'czj'],
  ['talent', 10, 'rsj'],
  ['social', 10, 'rsj'],
  ['infrastructure', 15, 'fgj'],
  ['license', 5, 'scj'],
  ['market', 10, 'scj'],
  ['other', 15, 'gxj'],
] as const;
const SUBJECTS = ['研发费用加计扣除', '技术改造补助', '专精特新认定', '高新技术企业申报', '人才公寓申请', '贷款贴息', '稳岗补贴', '厂区道路维修', '用电增容', '营业执照变更', '食品经营许可', '出口退税', '社保缴费基数', '招工用工', '知识产权质押', '首台套保险补偿', '数字化转型', '绿色工厂创建', '物流通道拥堵', '供水管网改造'];
const ASKS = ['咨询', '申请协调', '反映问题', '求助', '建议', '催办'];

const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;
/** A rating's label (非常满意 …), as the step's note says it. */
const ratingLabel = (column: string) => `case ${column} ${Object.entries(APPEAL_RATINGS).map(([code, label]) => `when '${code}' then '${label}'`).join(' ')} end`;

/** Seeds the enterprises (with their accounts), the staff and the appeals on a migrated database. */
export async function seedAppeals(db: DbOrTx, pool: pg.Pool, options: AppealSeedOptions = {}): Promise<AppealSeed> {
  const { enterprises = 10_000, appeals = 100_000, staff = 40, now = new Date() } = options;
  const started = Date.now();
  await generateEnterprises(db, enterprises, { perAccount: 1, usernamePrefix: 'appeal_ent_' });
  const client = await pool.connect();
  try {
    const staffRows = await client.query<{ id: number }>(
      `insert into accounts (username, password_hash, name, role_id)
         select 'appeal_staff_' || g, 'synthetic-no-login', '承办人' || g, $1 from generate_series(1, $2::int) g order by g returning id`,
      [ROLES.staff.id, staff],
    );
    const staffIds = staffRows.rows.map((r) => r.id).sort((a, b) => a - b);
    await client.query('begin');
    await client.query(planSql, [appeals, now]);
    await client.query('analyze appeal_seed_plan');
    await client.query(insertAppealsSql, [staffIds, Math.max(1, Math.floor(staffIds.length / DEPARTMENTS.length))]);
    // Fresh statistics, or the steps' join by number is planned for an empty table.
    await client.query('analyze appeals');
    const steps = await client.query(insertStepsSql, [staffIds[0]]);
    await client.query(`insert into number_counters (series, period, last)
      select '${APPEAL_NUMBER_PREFIX}', period, max(seq) from appeal_seed_plan group by period
      on conflict (series, period) do update set last = greatest(number_counters.last, excluded.last)`);
    await client.query('commit');
    await client.query('vacuum (analyze) appeals, workflow_steps, enterprises, accounts');
    const busiest = await client.query<{ enterprise_id: number; n: number }>('select enterprise_id, count(*)::int as n from appeals group by enterprise_id order by n desc, enterprise_id limit 1');
    return { enterprises, appeals, staffIds, steps: steps.rowCount ?? 0, busiest: { enterpriseId: busiest.rows[0]!.enterprise_id, appeals: busiest.rows[0]!.n }, ms: Date.now() - started };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** A uniform number in [0, 1) from the row's index and a salt (0–15): independent per salt. */
const u = (salt: number) => `((hashint4(i * 16 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;
/** The end of the China day on which `t` falls (a due date's instant). */
const dayEnd = (t: string) => `((date_trunc('day', (${t}) at time zone 'Asia/Shanghai') + interval '1 day') at time zone 'Asia/Shanghai')`;

// $1 appeals, $2 now. A temporary plan: one row per appeal with the times
// of every round, which both inserts read.
const planSql = `
create temporary table appeal_seed_plan on commit drop as
with ent as (
  select id, account_id, name, row_number() over (order by id) - 1 as k from enterprises where deleted_at is null
), base as (
  select i,
    $2::timestamptz - interval '365 days' * (($1::int - i + ${u(0)}) / $1::int) as created_at,
    ${u(1)} as s, ${u(2)} as u2, ${u(3)} as u3, ${u(4)} as u4, ${u(5)} as u5, ${u(6)} as u6, ${u(7)} as u7,
    ${u(8)} as u8, ${u(9)} as u9, ${u(10)} as u10, ${u(11)} as u11, ${u(12)} as u12,
    1 + floor(${u(13)} * ${CATEGORIES.length})::int as c,
    -- The enterprise's rank: skewed towards the first ones (the busiest files ~0.2 % of all).
    floor((select count(*) from ent) * power(${u(14)}, 1.5))::bigint as k
  from generate_series(1, $1::int) i
), aged as (
  select b.*, extract(epoch from $2::timestamptz - b.created_at) / 86400 as age,
    (${sqlArray(CATEGORIES.map((c) => c[0]))})[c] as category,
    (array[${CATEGORIES.map((c) => c[1]).join(', ')}])[c] as limit_days,
    (${sqlArray(CATEGORIES.map((c) => c[2]))})[c] as usual_department
  from base b
), st as (
  select a.*,
    case
      when s < 0.02 then 'withdrawn'
      when s < 0.05 then 'rejected'
      when age < 1.5 then case when s < 0.6 then 'submitted' else 'accepted' end
      when age < 25 then case when s < 0.40 then 'accepted' when s < 0.45 then 'supplementing' when s < 0.75 then 'replied' when s < 0.80 then 'reopened' else 'closed' end
      else case when s < 0.065 then 'accepted' when s < 0.07 then 'supplementing' when s < 0.075 then 'reopened' else 'closed' end
    end as status
  from aged a
), rounds as (
  select t.*,
    case when status = 'reopened' then case when u5 < 0.75 then 1 else 2 end
         when status in ('replied', 'closed') then case when u5 < 0.9 then 0 when u5 < 0.97 then 1 else 2 end
         else 0 end as reopen_count,
    status = 'closed' and u6 < 0.12 as unrated
  from st t
), durations as (
  -- Durations in days before fitting them into the time since filing.
  select r.*,
    case when status in ('withdrawn', 'rejected', 'submitted') then 0.05 + u2 * 1.5 else 1 / 24.0 + u2 * 1.5 end as d_accept,
    limit_days * 1.4 * (0.3 + u3) as d_reply,
    3 + u4 * 4 as d_round,
    case when unrated then 18 else u6 * 5 end as d_close
  from rounds r
), fitted as (
  select n.*,
    -- What the status has lived through, fitted into 95 % of its age (recent ones go faster).
    least(1.0, age * 0.95 / greatest(0.001,
      case status
        when 'submitted' then age
        when 'withdrawn' then d_accept
        when 'rejected' then d_accept
        when 'accepted' then d_accept + u7 * d_reply
        when 'supplementing' then d_accept + u7 * d_reply
        when 'replied' then d_accept + d_reply + reopen_count * d_round
        when 'reopened' then d_accept + d_reply + (reopen_count - 1) * d_round + d_round * 0.6
        else d_accept + d_reply + reopen_count * d_round + d_close
      end)) as f
  from durations n
), timed as (
  select x.*,
    created_at + interval '1 day' * d_accept * f as step_at,
    created_at + interval '1 day' * (d_accept + d_reply) * f as first_reply_at,
    interval '1 day' * d_round * f as round_len
  from fitted x
)
select t.i, t.created_at, e.id as enterprise_id, e.account_id, e.name as enterprise_name, t.category, t.status, t.reopen_count, t.unrated,
  t.round_len, t.first_reply_at, t.u7, t.u11,
  '关于' || (${sqlArray(SUBJECTS)})[1 + floor(t.u8 * ${SUBJECTS.length})::int] || '的' || (${sqlArray(ASKS)})[1 + floor(t.u9 * ${ASKS.length})::int] as title,
  '联系人' || (t.i % 997) as contact,
  '138' || lpad((t.i * 7919 % 100000000)::text, 8, '0') as phone,
  case when t.status in ('submitted', 'withdrawn', 'rejected') then null
       when t.status in ('accepted', 'supplementing') and t.u10 >= 0.9 then null
       else case when t.u10 < 0.7 then t.usual_department else (${sqlArray(DEPARTMENTS)})[1 + floor(t.u12 * ${DEPARTMENTS.length})::int] end end as department,
  case when t.status in ('withdrawn', 'rejected') then t.step_at end as ended_at,
  case when t.status not in ('submitted', 'withdrawn', 'rejected') then t.step_at end as accepted_at,
  case when t.status in ('replied', 'closed') then t.first_reply_at + t.round_len * t.reopen_count
       when t.status = 'reopened' then t.first_reply_at + t.round_len * (t.reopen_count - 1) end as replied_at,
  case when t.status = 'closed' then t.first_reply_at + t.round_len * t.reopen_count + interval '1 day' * t.d_close * t.f end as closed_at,
  case when t.status = 'reopened' then t.first_reply_at + t.round_len * (t.reopen_count - 1) + t.round_len * 0.2 end as complained_at,
  t.limit_days,
  case when t.status <> 'closed' or t.unrated then null
       when t.reopen_count = 2 then case when t.u11 < 0.35 then 'verySatisfied' when t.u11 < 0.6 then 'satisfied' when t.u11 < 0.75 then 'basic' when t.u11 < 0.9 then 'dissatisfied' else 'veryDissatisfied' end
       else case when t.u11 < 0.58 then 'verySatisfied' when t.u11 < 0.85 then 'satisfied' else 'basic' end end as rating,
  to_char(t.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') as period,
  row_number() over (partition by to_char(t.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') order by t.i) as seq
from timed t
join ent e on e.k = t.k`;

// $1 the staff ids, $2 how many per department: the handler is one of its department's share.
const insertAppealsSql = `
with dept as (
  select code, ord - 1 as d from unnest(${sqlArray(DEPARTMENTS)}) with ordinality as x(code, ord)
)
insert into appeals (number, enterprise_id, account_id, category, title, content, contact, phone, status, due_at, department, handler_id,
  reopen_count, rating, comment, created_at, accepted_at, replied_at, closed_at, updated_at)
select '${APPEAL_NUMBER_PREFIX}' || p.period || '-' || lpad(p.seq::text, 4, '0'), p.enterprise_id, p.account_id, p.category, p.title,
  p.enterprise_name || p.title || '，请相关部门协调解决。', p.contact, p.phone, p.status,
  case when p.status = 'reopened' then ${dayEnd("p.complained_at + interval '21 days'")}
       when p.reopen_count > 0 then ${dayEnd("p.first_reply_at + p.round_len * (p.reopen_count - 1) + p.round_len * 0.2 + interval '21 days'")}
       when p.accepted_at is not null then ${dayEnd("p.accepted_at + interval '1 day' * ceil(p.limit_days * 1.4)")} end,
  p.department,
  case when d.d is not null then ($1::int[])[1 + (d.d * $2::int + floor(p.u7 * $2::int)::int) % cardinality($1::int[])] end,
  p.reopen_count, case when p.status = 'reopened' then case when p.u11 < 0.6 then 'dissatisfied' else 'veryDissatisfied' end else p.rating end,
  case when p.status = 'reopened' or p.rating in ('dissatisfied', 'veryDissatisfied') then '问题没有实际解决，答复内容与诉求不符'
       when p.rating is not null and p.u11 < 0.3 then '办理及时，答复清楚' end,
  p.created_at, p.accepted_at, p.replied_at, coalesce(p.closed_at, p.ended_at),
  greatest(p.created_at, p.accepted_at, p.replied_at, p.closed_at, p.ended_at, p.complained_at)
from appeal_seed_plan p left join dept d on d.code = p.department
order by p.i`;

// The timeline: each appeal's steps in time order. Staff steps by its handler (or the first staff
// account, $1, before one is assigned); the enterprise's by the filing account; expire by the system.
const insertStepsSql = `
insert into workflow_steps (subject_kind, subject_id, step, from_state, to_state, actor_id, actor_role, note, at)
select '${APPEAL_KIND}', a.id, s.step, s.from_state, s.to_state, s.actor_id, s.actor_role, s.note, s.at
from appeal_seed_plan p
join appeals a on a.number = '${APPEAL_NUMBER_PREFIX}' || p.period || '-' || lpad(p.seq::text, 4, '0')
cross join lateral (
  select 'withdraw' as step, 'submitted' as from_state, 'withdrawn' as to_state, p.account_id as actor_id, 'enterprise' as actor_role, null::text as note, p.ended_at as at where p.status = 'withdrawn'
  union all select 'reject', 'submitted', 'rejected', $1::int, 'staff', '不属于诉求受理范围，请通过12345热线反映', p.ended_at where p.status = 'rejected'
  union all select 'accept', 'submitted', 'accepted', coalesce(a.handler_id, $1::int), 'staff', null, p.accepted_at where p.accepted_at is not null
  union all select 'assign', 'accepted', 'accepted', coalesce(a.handler_id, $1::int), 'staff', null, p.accepted_at + least(interval '10 minutes', (now() - p.accepted_at) / 4) where a.handler_id is not null
  union all select 'askSupplement', 'accepted', 'supplementing', a.handler_id, 'staff', '请补充相关证明材料', p.accepted_at + least(interval '1 hour', (now() - p.accepted_at) / 2) where p.status = 'supplementing'
  union all select r.step, r.from_state, r.to_state, r.actor_id, r.actor_role, r.note, r.at
  from generate_series(0, p.reopen_count) k
  cross join lateral (
    select 'reply' as step, case when k = 0 then 'accepted' else 'reopened' end as from_state, 'replied' as to_state, a.handler_id as actor_id, 'staff' as actor_role, '已答复，详见附件' as note,
      p.first_reply_at + p.round_len * k as at
    where p.status in ('replied', 'closed') or (p.status = 'reopened' and k < p.reopen_count)
    union all select 'complain', 'replied', 'reopened', p.account_id, 'enterprise', '不满意：问题没有实际解决', p.first_reply_at + p.round_len * k + p.round_len * 0.2
    where k < p.reopen_count
    union all select 'callBack', 'reopened', 'reopened', a.handler_id, 'staff', '已电话回访企业', p.first_reply_at + p.round_len * k + p.round_len * 0.5
    where k < p.reopen_count and (p.status <> 'reopened' or k < p.reopen_count - 1 or p.u11 < 0.5)
  ) r
  union all select case when p.unrated then 'expire' else 'rate' end, 'replied', 'closed', case when p.unrated then null else p.account_id end,
    case when p.unrated then 'system' else 'enterprise' end, nullif(concat_ws('：', ${ratingLabel('a.rating')}, a.comment), ''), p.closed_at where p.status = 'closed'
) s
order by s.at, a.id`;
