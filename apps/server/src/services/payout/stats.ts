// 申兑统计 (apply-stats.ts): a year's measures in one aggregate over the year's applications (each
// keeps its form's 兑现时限 and whether it is 免申即享: the guides are joined only to group by their
// department or mode), the working days counted in SQL on the calendar's running index
// (calendar/day-index.ts), as 诉求统计 counts its own; the home page's public totals are its 合计 row.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { APPEAL_RATINGS } from '@hqt/contract/appeal';
import { APPLY_SUPPORTED_STATES } from '@hqt/contract/apply';
import { FAST_LIMIT_DAYS, type ApplyFigures, type ApplyFiguresQuery, type ApplyFiguresResult, type ApplyStatsDimension, type ApplyTotals } from '@hqt/contract/apply-stats';
import { chinaDate } from '@hqt/contract/working-days';
import type { DbOrTx } from '../../db/client';
import { guides } from '../../db/schema/index';
import { appeals } from '../appeal/public';
import { APPLY_KIND } from '@hqt/contract/apply';
import { applications } from '../apply/public';
import { workingDayAt, workingDayIndexes } from '../calendar/public';
import { dictLabel, type DictionaryStore } from '../dict/public';
import { autoOffers } from './schema';

const chinaDay = (ts: SQL | AnyPgColumn) => sql`((${ts} at time zone 'UTC') + interval '8 hours')::date`;
const list = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);
const GOOD = list(Object.keys(APPEAL_RATINGS).slice(0, 3));
const BAD = list(Object.keys(APPEAL_RATINGS).slice(3));
const PAID = list(['paid', 'rated']);

const groupKey: Record<ApplyStatsDimension, SQL> = {
  month: sql`to_char(${chinaDay(applications.submittedAt)}, 'YYYY-MM')`,
  guide: sql`${applications.guideId}`,
  department: sql`${guides.deptName}`,
  mode: sql`${guides.mode}`,
};

type Counts = {
  key: string | null;
  total: boolean;
  applications: string;
  supported: string;
  approved_amount: string | null;
  paid: string;
  paid_amount: string | null;
  median_days: string | null;
  p90_days: string | null;
  on_time: string;
  fast: string;
  timed: string;
  auto: string;
  rated: string;
  satisfied: string;
  first_satisfied: string;
  bad: string;
};

const n = (v: string | null | undefined) => Number(v ?? 0);
const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const days = (v: string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

function figuresOf(c: Counts | undefined): ApplyFigures {
  const paid = n(c?.paid);
  const timed = n(c?.timed);
  return {
    applications: n(c?.applications),
    supported: n(c?.supported),
    approvedAmount: Math.round(n(c?.approved_amount) * 10_000) / 10_000,
    paid,
    paidAmount: Math.round(n(c?.paid_amount) * 10_000) / 10_000,
    medianDays: days(c?.median_days ?? null),
    p90Days: days(c?.p90_days ?? null),
    onTimeRate: rate(n(c?.on_time), timed),
    fastRate: rate(n(c?.fast), timed),
    autoShare: rate(n(c?.auto), n(c?.applications)),
    rated: n(c?.rated),
    satisfactionRate: rate(n(c?.satisfied), n(c?.rated)),
    firstSatisfactionRate: rate(n(c?.first_satisfied), n(c?.rated)),
    badRatings: n(c?.bad),
  };
}

export async function applyFigures(db: DbOrTx, dicts: DictionaryStore, query: ApplyFiguresQuery): Promise<ApplyFiguresResult> {
  const { year, by } = query;
  // The working-day indexes over the two years a year's applications are paid in.
  const [from, to] = [`${year}-01-01`, `${year + 1}-12-31`];
  const at = (ts: SQL | AnyPgColumn) => workingDayAt(sql`cal.idx`, from, chinaDay(ts));
  // 免申即享 counts from its match: the offer joined (a hash join; a subquery per row was a lookup each).
  const started = sql`coalesce(o.created_at, ${applications.submittedAt})`;
  const rowsOf = sql`
    with cal as (select ${workingDayIndexes(from, to)} as idx),
    a as (
      -- Narrow rows (the guide's id, never its title): the grouping's sort stays in memory.
      select ${groupKey[by]} as key,
        ${applications.status} as status, ${applications.approvedAmount} as amount, ${applications.rating} as rating,
        -- A 差评's 整改 诉求, once the enterprise rated it, stands for the rating (as 诉求's 满意率 counts the last).
        coalesce(r.rating, ${applications.rating}) as final_rating,
        ${applications.auto} as auto,
        -- Working days only for the arrived (the others have none to count: three array reads a row saved).
        case when ${applications.status} in ${PAID} then ${at(applications.paidAt)} - ${at(started)} end as days,
        case when ${applications.status} in ${PAID} then ${at(applications.paidAt)} - ${at(applications.acceptedAt)} end as from_accept,
        ${applications.promiseDays} as promise_days
      from ${applications}
      ${by === 'department' || by === 'mode' ? sql`join ${guides} on ${guides.id} = ${applications.guideId}` : sql``}
      left join ${autoOffers} o on o.application_id = ${applications.id}
      left join ${appeals} r on r.source_kind = ${APPLY_KIND} and r.source_id = ${applications.id} and r.source_key = 'rating'
      cross join cal
      where ${applications.submittedAt} >= ${`${year}-01-01T00:00:00+08:00`}::timestamptz and ${applications.submittedAt} < ${`${year + 1}-01-01T00:00:00+08:00`}::timestamptz
    )`;
  // The counts in two steps: every row hashed once by the few things a measure asks of it (a
  // per-row filter on each of thirteen measures cost 3× a bare count), then those groups summed
  // per key and overall; the percentiles (an ordered-set aggregate sorts its input) over the arrived only.
  const [result, spread] = await Promise.all([
    db.execute<Counts>(sql`${rowsOf},
    g as (
      select key, status, rating, final_rating, auto, count(*) as n, sum(amount) as amount,
        count(from_accept) as timed,
        count(*) filter (where from_accept <= promise_days) as on_time,
        count(*) filter (where from_accept <= ${FAST_LIMIT_DAYS}) as fast
      from a group by key, status, rating, final_rating, auto
    )
    select key::text as key, grouping(key) = 1 as total,
      sum(n) as applications,
      sum(n) filter (where status in ${list(APPLY_SUPPORTED_STATES)}) as supported,
      sum(amount) filter (where status in ${list(APPLY_SUPPORTED_STATES)}) as approved_amount,
      sum(n) filter (where status in ${PAID}) as paid,
      sum(amount) filter (where status in ${PAID}) as paid_amount,
      sum(timed) as timed,
      sum(on_time) as on_time,
      sum(fast) as fast,
      sum(n) filter (where auto) as auto,
      sum(n) filter (where rating is not null) as rated,
      sum(n) filter (where rating is not null and final_rating in ${GOOD}) as satisfied,
      sum(n) filter (where rating in ${GOOD}) as first_satisfied,
      sum(n) filter (where rating in ${BAD}) as bad
    from g
    group by grouping sets ((key), ())`),
    db.execute<{ key: string | null; total: boolean; median_days: string | null; p90_days: string | null }>(sql`${rowsOf}
    select key::text as key, grouping(key) = 1 as total,
      percentile_cont(0.5) within group (order by days) as median_days,
      percentile_cont(0.9) within group (order by days) as p90_days
    from a where status in ${PAID}
    group by grouping sets ((key), ())`),
  ]);
  const spreadOf = new Map(spread.rows.map((r) => [r.total ? '∑' : r.key, r]));
  for (const r of result.rows) Object.assign(r, { median_days: spreadOf.get(r.total ? '∑' : r.key)?.median_days ?? null, p90_days: spreadOf.get(r.total ? '∑' : r.key)?.p90_days ?? null });
  const totals = result.rows.find((r) => r.total);
  const found = result.rows.filter((r) => !r.total);
  const all = await dicts.all();
  const titles = by === 'guide' && found.length ? new Map((await db.select({ id: guides.id, title: guides.title }).from(guides).where(inArray(guides.id, found.map((r) => Number(r.key))))).map((g) => [String(g.id), g.title])) : new Map<string, string>();
  const labelOf = (r: Counts): string => {
    if (by === 'mode') return dictLabel(all, 'guideMode', r.key ?? '');
    if (by === 'guide') return titles.get(r.key ?? '') ?? r.key ?? '—';
    return r.key ?? '—';
  };
  const rows =
    by === 'month'
      ? Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`).map((k) => ({ key: k, label: `${Number(k.slice(5))}月`, ...figuresOf(found.find((r) => r.key === k)) }))
      : found.sort((x, y) => n(y.applications) - n(x.applications)).map((r) => ({ key: r.key, label: labelOf(r), ...figuresOf(r) }));
  return { year, by, rows, totals: figuresOf(totals) };
}

/** This year's totals (China's year), as the home page shows them. */
export async function applyTotals(db: DbOrTx, dicts: DictionaryStore, now = new Date()): Promise<ApplyTotals> {
  const year = Number(chinaDate(now).slice(0, 4));
  const { totals } = await applyFigures(db, dicts, { year, by: 'mode' });
  return { year, applications: totals.applications, supported: totals.supported, paidAmount: totals.paidAmount, medianDays: totals.medianDays, autoShare: totals.autoShare, satisfactionRate: totals.satisfactionRate, firstSatisfactionRate: totals.firstSatisfactionRate };
}
