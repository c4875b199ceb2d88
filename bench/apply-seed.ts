// 政策申兑 at scale, for the benchmarks (apply-scale.ts): 1,000 published guides (over 20 policies),
// each with its application form (one version, five required materials), and 100,000 applications
// submitted over the year before `now` by the enterprises of the database (10,000 generated here, or
// those appeal-seed.ts made). Deterministic (hashint4 of the row's index, no random()): the same
// options give the same rows, so runs compare.
//
// The applications go in set-based (one insert … select over generate_series, through a plan
// table), in submission order, so ids grow with submitted_at as they do live. What the rows look like:
// - submitted evenly over 365 days; enterprises skewed as the appeals are (the busiest holds ~200,
//   most a handful); guides uniform (about 100 each);
// - statuses by age: the last two days mostly 待受理; the last month spread over the open states
//   (待受理, 待初审, 补正中, 待复审, 待审定) and the first decisions; older ones mostly 拟支持 or
//   不予支持, 不予受理 and 已撤回 throughout, a few still open (overdue);
// - one application in progress per enterprise and guide (applications_open_key): of two open ones
//   for the same pair the older is decided instead;
// - accepted_at, decided_at consistent with the status and before `now`; stage_due_at the end of the
//   China day the stage's limit ends on (≈ 2 working days to 受理, 10 to each review, × 7/5 in
//   calendar days) while its clock runs, so open ones older than their limit are overdue; at 补正
//   the days left kept instead (stage_days_left, one open correction); promise_due_at from 受理;
// - amounts proposed from 初审 on, approved (and approved_year) for 拟支持;
// - numbers SB yyyymmdd-nnnn per China day, and number_counters set as the submissions would have left them.
// No timelines (workflow_steps) nor frozen materials: the benchmarks read the lists, not the details.
import type pg from 'pg';
import { APPLY_CLOCK_STATES, APPLY_NUMBER_PREFIX, APPLY_OPEN_STATES, MATERIAL_KIND, type ApplyFormBody, type MaterialKind } from '@hqt/contract/apply';
import type { DbOrTx } from '../apps/server/src/db/client';
import { generateEnterprises } from '../apps/server/src/services/calculator/synthetic';

export interface ApplySeedOptions {
  /** Enterprises generated first; 0: apply over the enterprises already in the database (appeal-seed's). */
  enterprises?: number;
  guides?: number;
  applications?: number;
  /** The end of the year the applications are submitted over. */
  now?: Date;
}

export interface ApplySeed {
  guideIds: number[];
  applications: number;
  /** The enterprise with the most applications, and how many. */
  busiest: { enterpriseId: number; applications: number };
  ms: number;
}

/** The materials every seeded form asks for (all required): the submission bench chooses five. */
export const FORM_MATERIALS: readonly MaterialKind[] = ['license', 'audit', 'social', 'tax', 'patent'];

/** The form of every seeded guide: four fields and five materials. */
export const SEED_FORM: ApplyFormBody = {
  sections: [
    {
      title: '申报事项',
      fields: [
        { key: 'contact', label: '经办人', type: 'text', required: true, max: 20 },
        { key: 'phone', label: '联系电话', type: 'phone', required: true },
        { key: 'amount', label: '申请金额', type: 'money', required: true },
        { key: 'summary', label: '项目情况说明', type: 'textarea', required: false, max: 1000 },
      ],
    },
  ],
  materials: FORM_MATERIALS.map((kind) => ({ kind, required: true })),
  commitment: '本企业郑重承诺：所填报的信息和提交的材料真实、准确、完整；如有弄虚作假，自愿退回已获得的扶持资金，并承担相应法律责任。',
  acceptDays: 2,
  reviewDays: 10,
  maxCorrections: 2,
  promiseDays: 60,
  departments: [],
  exclusiveGroup: null,
};

const PLACES = ['云溪县', '城关镇', '经济开发区', '清河镇', '石桥镇', '全县'];
const SUBJECTS = ['研发投入', '技术改造', '专精特新', '高新技术企业', '人才引进', '贷款贴息', '稳岗就业', '绿色低碳', '数字化转型', '首台套', '知识产权', '外贸出口', '品牌建设', '标准制定', '智能制造'];
const ACTIONS = ['补助', '奖励', '贴息', '扶持', '补贴', '专项资金'];
const DEPTS = ['gxj', 'kjj', 'czj', 'rsj', 'swj', 'fgj', 'scj', 'tax'];

const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;
const inList = (values: readonly string[]) => `(${values.map((v) => `'${v}'`).join(', ')})`;
/** A uniform number in [0, 1) from the row's index and a salt (0–15): independent per salt. */
const u = (salt: number) => `((hashint4(i * 16 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;
/** The end of the China day on which `t` falls (a due date's instant). */
const dayEnd = (t: string) => `((date_trunc('day', (${t}) at time zone 'Asia/Shanghai') + interval '1 day') at time zone 'Asia/Shanghai')`;

/** Seeds the guides (with policies and forms) and the applications on a migrated database. */
export async function seedApplications(db: DbOrTx, pool: pg.Pool, options: ApplySeedOptions = {}): Promise<ApplySeed> {
  const { enterprises = 10_000, guides = 1_000, applications = 100_000, now = new Date() } = options;
  const started = Date.now();
  if (enterprises > 0) await generateEnterprises(db, enterprises, { perAccount: 1, usernamePrefix: 'apply_ent_' });
  const client = await pool.connect();
  try {
    await client.query('begin');
    const policies = await client.query<{ id: number }>(
      `insert into policies (title, doc_no, department, level, publish_date, content_html, status, published_at)
       select '云溪县关于支持' || (${sqlArray(SUBJECTS)})[1 + (p - 1) % ${SUBJECTS.length}] || '的若干措施（申兑第' || p || '号）', '云申〔2026〕' || p || '号',
         (${sqlArray(DEPTS)})[1 + (p - 1) % ${DEPTS.length}], 'county', ($1::timestamptz - interval '400 days')::date, '<p>合成政策正文。</p>', 'published', $1::timestamptz - interval '400 days'
       from generate_series(1, 20) p order by p returning id`,
      [now],
    );
    const guideRows = await client.query<{ id: number }>(
      `insert into guides (policy_id, title, summary, support_type, mode, window_start, window_end, dept_name, dept_address, dept_phone, amount_rule, status, published_at)
       select ($2::int[])[1 + (g - 1) % cardinality($2::int[])],
         (${sqlArray(PLACES)})[1 + g % ${PLACES.length}] || (${sqlArray(SUBJECTS)})[1 + g % ${SUBJECTS.length}] || (${sqlArray(ACTIONS)})[1 + (g * 7) % ${ACTIONS.length}] || '（申兑' || g || '）',
         '对符合条件的企业给予支持，推动企业高质量发展。', 'subsidy', case when g % 3 = 0 then 'fast' else 'normal' end,
         $3::timestamptz - interval '400 days', $3::timestamptz + interval '90 days', '云溪县工业和信息化局', '云溪县城关镇人民路88号', '0839-7202345',
         jsonb_build_object('kind', 'fixed', 'amount', 5 + (g % 20) * 5), 'published', $3::timestamptz - interval '400 days' + interval '1 hour' * g
       from generate_series(1, $1::int) g order by g returning id`,
      [guides, policies.rows.map((r) => r.id), now],
    );
    const guideIds = guideRows.rows.map((r) => r.id).sort((a, b) => a - b);
    await client.query(
      `insert into apply_forms (guide_id, version, body, saved_at) select g, 1, $2::jsonb, $3::timestamptz - interval '380 days' from unnest($1::int[]) g order by g`,
      [guideIds, JSON.stringify(SEED_FORM), now],
    );
    await client.query('analyze enterprises');
    await client.query('analyze apply_forms');
    await client.query(planSql, [applications, now, guideIds]);
    await client.query('analyze apply_seed_plan');
    await client.query(insertApplicationsSql, [SEED_FORM.commitment, now]);
    await client.query(`insert into number_counters (series, period, last)
      select '${APPLY_NUMBER_PREFIX}', period, max(seq) from apply_seed_plan group by period
      on conflict (series, period) do update set last = greatest(number_counters.last, excluded.last)`);
    await client.query('commit');
    await client.query('vacuum (analyze) applications, apply_forms, guides, policies, enterprises, accounts, number_counters');
    const busiest = await client.query<{ enterprise_id: number; n: number }>('select enterprise_id, count(*)::int as n from applications group by enterprise_id order by n desc, enterprise_id limit 1');
    return { guideIds, applications, busiest: { enterpriseId: busiest.rows[0]!.enterprise_id, applications: busiest.rows[0]!.n }, ms: Date.now() - started };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

const OPEN = inList(APPLY_OPEN_STATES);

// $1 applications, $2 now, $3 the guide ids. A temporary plan: one row per application with its
// enterprise, guide, status and times, which the insert reads.
const planSql = `
create temporary table apply_seed_plan on commit drop as
with ent as (
  select id, account_id, name, row_number() over (order by id) - 1 as k from enterprises where deleted_at is null
), gd as (
  select f.guide_id, f.id as form_id, row_number() over (order by f.guide_id) - 1 as k from apply_forms f where f.guide_id = any($3::int[])
), base as (
  select i,
    $2::timestamptz - interval '365 days' * (($1::int - i + ${u(0)}) / $1::int) as submitted_at,
    ${u(1)} as s, ${u(2)} as u2, ${u(3)} as u3, ${u(4)} as u4, ${u(7)} as u7,
    -- The enterprise's rank: skewed towards the first ones, as appeal-seed's; the guide uniform.
    floor((select count(*) from ent) * power(${u(5)}, 1.5))::bigint as ek,
    floor((select count(*) from gd) * ${u(6)})::bigint as gk
  from generate_series(1, $1::int) i
), st as (
  select b.*, extract(epoch from $2::timestamptz - b.submitted_at) / 86400 as age,
    case
      when extract(epoch from $2::timestamptz - b.submitted_at) / 86400 < 2 then
        case when s < 0.04 then 'withdrawn' when s < 0.07 then 'refused' when s < 0.75 then 'submitted' else 'accepted' end
      when extract(epoch from $2::timestamptz - b.submitted_at) / 86400 < 30 then
        case when s < 0.04 then 'withdrawn' when s < 0.08 then 'refused' when s < 0.16 then 'submitted' when s < 0.46 then 'accepted' when s < 0.56 then 'correcting'
             when s < 0.71 then 'reviewed' when s < 0.81 then 'rechecked' when s < 0.93 then 'approved' else 'rejected' end
      when extract(epoch from $2::timestamptz - b.submitted_at) / 86400 < 120 then
        case when s < 0.06 then 'withdrawn' when s < 0.12 then 'refused' when s < 0.14 then 'submitted' when s < 0.20 then 'accepted' when s < 0.23 then 'correcting'
             when s < 0.27 then 'reviewed' when s < 0.30 then 'rechecked' when s < 0.82 then 'approved' else 'rejected' end
      else
        case when s < 0.07 then 'withdrawn' when s < 0.14 then 'refused' when s < 0.15 then 'accepted' when s < 0.16 then 'reviewed' when s < 0.80 then 'approved' else 'rejected' end
    end as drawn
  from base b
), paired as (
  select t.*, e.id as enterprise_id, e.account_id, e.name as enterprise_name, g.guide_id, g.form_id,
    -- One in progress per enterprise and guide: the newest open one stays, the older are decided.
    t.drawn in ${OPEN} and row_number() over (partition by e.id, g.guide_id, t.drawn in ${OPEN} order by t.i desc) > 1 as superseded
  from st t join ent e on e.k = t.ek join gd g on g.k = t.gk
), settled as (
  select p.*,
    case when not superseded then drawn when u4 < 0.6 then 'approved' when u4 < 0.85 then 'rejected' else 'withdrawn' end as status
  from paired p
), timed as (
  select x.*,
    -- 受理 within a day or two of submission (fitted into a fifth of the age).
    x.submitted_at + interval '1 day' * least(x.age * 0.2, 0.1 + x.u2 * 1.9) as accept_at
  from settled x
)
select t.i, t.submitted_at, t.enterprise_id, t.account_id, t.enterprise_name, t.guide_id, t.form_id, t.status, t.u3, t.u4, t.u7,
  case when t.status not in ('submitted', 'refused', 'withdrawn') then t.accept_at end as accepted_at,
  -- The current stage's start: submission for 待受理, 受理 for 待初审, later for the reviews.
  case t.status
    when 'submitted' then t.submitted_at
    when 'accepted' then t.accept_at
    when 'reviewed' then t.accept_at + ($2::timestamptz - t.accept_at) * (0.2 + 0.5 * t.u3)
    when 'rechecked' then t.accept_at + ($2::timestamptz - t.accept_at) * (0.5 + 0.4 * t.u3)
  end as stage_at,
  case when t.status in ('refused', 'withdrawn') then t.submitted_at + ($2::timestamptz - t.submitted_at) * least(0.9, 0.05 + 0.3 * t.u3)
       when t.status in ('approved', 'rejected') then t.accept_at + ($2::timestamptz - t.accept_at) * (0.3 + 0.6 * t.u3) end as decided_at,
  case when t.status in ('reviewed', 'rechecked', 'approved') then 5 + floor(t.u4 * 50)::int end as amount,
  to_char(t.submitted_at at time zone 'Asia/Shanghai', 'YYYYMMDD') as period,
  row_number() over (partition by to_char(t.submitted_at at time zone 'Asia/Shanghai', 'YYYYMMDD') order by t.i) as seq
from timed t`;

// $1 the form's commitment text, $2 now.
const insertApplicationsSql = `
insert into applications (number, enterprise_id, account_id, guide_id, form_id, values, commitment, bank_account, verdict_at_submit, status,
  stage_due_at, promise_due_at, stage_days_left, promise_days_left, corrections, proposed_amount, approved_amount, approved_year,
  submitted_at, accepted_at, decided_at, updated_at, promise_days)
select '${APPLY_NUMBER_PREFIX}' || p.period || '-' || lpad(p.seq::text, 4, '0'), p.enterprise_id, p.account_id, p.guide_id, p.form_id,
  jsonb_build_object('contact', '联系人' || (p.i % 997), 'phone', '138' || lpad((p.i * 7919 % 100000000)::text, 8, '0'),
    'amount', (5 + floor(p.u4 * 50)::int)::text, 'summary', p.enterprise_name || '申报项目已按计划实施，相关投入已入账。'),
  jsonb_build_object('text', $1::text, 'signer', '法人' || p.enterprise_id, 'at', p.submitted_at),
  jsonb_build_object('name', p.enterprise_name, 'bank', '中国农业银行云溪县支行', 'number', '2288' || lpad(p.enterprise_id::text, 13, '0')),
  jsonb_build_object('verdict', 'eligible', 'verdictLabel', '符合', 'reasons', '[]'::jsonb, 'amount', null, 'amountText', ''),
  p.status,
  case when p.status in ${inList(APPLY_CLOCK_STATES)} then ${dayEnd(`p.stage_at + interval '1 day' * case when p.status = 'submitted' then 3 else 14 end`)} end,
  case when p.accepted_at is not null and p.status <> 'correcting' then ${dayEnd(`p.accepted_at + interval '84 days'`)} end,
  case when p.status = 'correcting' then 1 + floor(p.u3 * 9)::int end,
  case when p.status = 'correcting' then 20 + floor(p.u7 * 40)::int end,
  case when p.status = 'correcting' then jsonb_build_array(jsonb_build_object('askedAt', p.accepted_at + ($2::timestamptz - p.accepted_at) * 0.5, 'note', '请补充项目投入的金额明细。',
    'fields', jsonb_build_array(jsonb_build_object('key', 'summary', 'label', '项目情况说明')), 'materials', '[]'::jsonb, 'answeredAt', null)) else '[]'::jsonb end,
  p.amount, case when p.status = 'approved' then p.amount end,
  case when p.status = 'approved' then extract(year from p.decided_at at time zone 'Asia/Shanghai')::int end,
  p.submitted_at, p.accepted_at, p.decided_at, greatest(p.submitted_at, p.accepted_at, p.stage_at, p.decided_at), ${SEED_FORM.promiseDays}
from apply_seed_plan p
order by p.i`;

/**
 * `n` attachment rows uploaded by the account and attached to nothing, as an upload leaves them
 * (no bytes on disk: the services read the rows only). Answers their ids in order.
 */
export async function uploadedFiles(pool: pg.Pool, uploaderId: number, n: number, label: string): Promise<number[]> {
  const rows = await pool.query<{ id: number }>(
    `insert into files (kind, sha256, type, name, size, uploader_id)
     select 'attachment', encode(sha256(convert_to($3 || '-' || g, 'UTF8')), 'hex'), 'application/pdf', $3 || g || '.pdf', 20000 + g, $1
     from generate_series(1, $2::int) g order by g returning id`,
    [uploaderId, n, label],
  );
  return rows.rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The enterprise's 材料库: one valid document per kind, each with its file attached as saveMaterial leaves it. Answers kind → document id. */
export async function seedLibrary(pool: pg.Pool, enterpriseId: number, accountId: number, kinds: readonly MaterialKind[]): Promise<Record<string, number>> {
  const fileIds = await uploadedFiles(pool, accountId, kinds.length, `library-${enterpriseId}`);
  const library: Record<string, number> = {};
  for (const [k, kind] of kinds.entries()) {
    const row = await pool.query<{ id: number }>(
      `insert into enterprise_materials (enterprise_id, kind, name, issuer, valid_until, file_id, created_by) values ($1, $2, $3, '云溪县市场监督管理局', null, $4, $5) returning id`,
      [enterpriseId, kind, `${kind} 材料`, fileIds[k], accountId],
    );
    library[kind] = row.rows[0]!.id;
    await pool.query(`insert into attachments (file_id, owner_kind, owner_id, role) values ($1, '${MATERIAL_KIND}', $2, $3)`, [fileIds[k], row.rows[0]!.id, kind]);
  }
  return library;
}
