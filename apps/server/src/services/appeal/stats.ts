// 企业诉求's figures (docs/appeal.md «Figures»): one SQL pass per call, conditional aggregates over
// the year's appeals. Working days are counted in SQL: each appeal reads, by China day, the
// calendar's running index of working days over the two years an appeal of year Y is handled in
// (one array, services/calendar/day-index.ts); the difference of two days' indexes is the working
// days between them, null in a year not published (left out, never guessed).
import { inArray, sql, type SQL } from 'drizzle-orm';
import { APPEAL_KIND, APPEAL_RATING_LIST, isBadRating, type AppealRating } from '@hqt/contract/appeal';
import {
  APPEAL_NO_DEPARTMENT,
  APPEAL_RESPONSE_DAYS,
  type AppealFigures,
  type AppealFiguresQuery,
  type AppealFiguresResult,
  type AppealFiguresRow,
  type AppealMyCounts,
  type AppealTotals,
} from '@hqt/contract/appeal-stats';
import { chinaDate } from '@hqt/contract/working-days';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { workflowSteps } from '../../db/schema/index';
import type { Scope } from '../../lib/ctx';
import { workingDayAt, workingDayIndexes } from '../calendar/public';
import { dictLabel, type DictionaryStore } from '../dict/public';
import { appeals } from './schema';

const list = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);
const GOOD = list(APPEAL_RATING_LIST.filter((r) => !isBadRating(r)));
const BAD = list(APPEAL_RATING_LIST.filter((r: AppealRating) => isBadRating(r)));
/** Not open any more for the enterprise: 已办结, 不予受理, 已撤回. */
const FINISHED = list(['closed', 'rejected', 'withdrawn']);

/** The China day (UTC+8, no daylight saving) an instant falls on. */
const chinaDay = (ts: SQL | AnyPgColumn) => sql`((${ts} at time zone 'UTC') + interval '8 hours')::date`;
/** The instant a China day 'YYYY-MM-DD' starts. */
const dayStart = (day: string) => sql`(${day}::timestamp - interval '8 hours') at time zone 'UTC'`;
const filedIn = (year: number) => sql`${appeals.createdAt} >= ${dayStart(`${year}-01-01`)} and ${appeals.createdAt} < ${dayStart(`${year + 1}-01-01`)}`;

// 按时办结 and 满意率 as the home page and the console count them alike.
/** Answered: its latest reply stands (已答复, or 已办结 after one); a reopened appeal is answered again. */
const answered = sql`${appeals.repliedAt} is not null and ${appeals.status} in ('replied', 'closed')`;
const answeredOnTime = sql`${answered} and ${appeals.repliedAt} <= ${appeals.dueAt}`;

// The first rating needs no history: while an appeal was never reopened (reopen_count 0) every
// 差评 reopens it (APPEAL_MAX_REOPENINGS ≥ 1), so a first rating is a 差评 exactly when it reopened
// the appeal, and a good one is the rating kept on a row never reopened.
/** Rated at least once: a rating kept, or a 差评 that reopened it (the reply after it cleared the rating). */
const everRated = sql`(${appeals.rating} is not null or ${appeals.reopenCount} > 0)`;
/** Its first rating was 非常满意, 满意 or 基本满意. */
const firstSatisfied = sql`(${appeals.reopenCount} = 0 and ${appeals.rating} in ${GOOD})`;
/** 差评 given: one per reopening, and the 差评 that closed it after the last allowed 整改. */
const badRatings = sql`coalesce(sum(${appeals.reopenCount}), 0) + count(*) filter (where ${appeals.status} = 'closed' and ${appeals.rating} in ${BAD})`;
/** 整改 answered again: every reopening but the one an appeal still 整改中 waits on (only a reply leaves 整改中). */
const reworksAnswered = sql`coalesce(sum(${appeals.reopenCount}), 0) - count(*) filter (where ${appeals.status} = 'reopened')`;

type FigureCounts = {
  received: string;
  responded: string;
  replied: string;
  replied_on_time: string;
  rated: string;
  satisfied: string;
  first_rated: string;
  first_satisfied: string;
  bad_ratings: string;
  reworks: string;
  reworks_answered: string;
  avg_reply_days: string | null;
};

const rate = (n: number, of: number) => (of === 0 ? null : n / of);

function figuresOf(r: FigureCounts | undefined): AppealFigures {
  const n = (k: Exclude<keyof FigureCounts, 'avg_reply_days'>) => Number(r?.[k] ?? 0);
  return {
    received: n('received'),
    responded: n('responded'),
    responseRate: rate(n('responded'), n('received')),
    replied: n('replied'),
    repliedOnTime: n('replied_on_time'),
    onTimeRate: rate(n('replied_on_time'), n('replied')),
    rated: n('rated'),
    satisfied: n('satisfied'),
    satisfactionRate: rate(n('satisfied'), n('rated')),
    firstRated: n('first_rated'),
    firstSatisfied: n('first_satisfied'),
    firstSatisfactionRate: rate(n('first_satisfied'), n('first_rated')),
    badRatings: n('bad_ratings'),
    reworks: n('reworks'),
    reworksAnswered: n('reworks_answered'),
    reworkRate: rate(n('reworks_answered'), n('bad_ratings')),
    avgReplyDays: r?.avg_reply_days == null ? null : Number(r.avg_reply_days),
  };
}

const groupKey: Record<AppealFiguresQuery['by'], SQL> = {
  category: sql`${appeals.category}`,
  department: sql`${appeals.department}`,
  month: sql`to_char(${chinaDay(appeals.createdAt)}, 'YYYY-MM')`,
};

/** The measures of a year (filed in it, China time), per category, department or month, and in all. */
export async function appealFigures(db: DbOrTx, dicts: DictionaryStore, query: AppealFiguresQuery): Promise<AppealFiguresResult> {
  const { year, by } = query;
  const key = groupKey[by];
  // The working-day indexes of the two years a year's appeals are handled in, from 1 January.
  const [from, to] = [`${year}-01-01`, `${year + 1}-12-31`];
  const at = (ts: SQL | AnyPgColumn) => workingDayAt(sql`cal.idx`, from, chinaDay(ts));
  // The first reply: the only one while never reopened, else the earliest reply step.
  const firstReply = sql`case when ${appeals.reopenCount} = 0 then ${appeals.repliedAt}
    else (select min(ws.at) from ${workflowSteps} ws where ws.subject_kind = ${APPEAL_KIND} and ws.subject_id = ${appeals.id} and ws.step = 'reply') end`;
  const result = await db.execute<FigureCounts & { key: string | null; total: boolean }>(sql`
    with cal as (select ${workingDayIndexes(from, to)} as idx),
    a as (
      select ${key} as key, ${appeals.status} as status, ${appeals.rating} as rating, ${appeals.reopenCount} as reopen_count,
        ${answered} as answered, coalesce(${answeredOnTime}, false) as on_time,
        ${everRated} as ever_rated, coalesce(${firstSatisfied}, false) as first_satisfied,
        ${at(appeals.createdAt)} as filed_idx, ${at(appeals.acceptedAt)} as accepted_idx, ${at(firstReply)} as replied_idx
      from ${appeals} cross join cal
      where ${filedIn(year)}
        ${query.category ? sql`and ${appeals.category} = ${query.category}` : sql``}
        ${query.department ? sql`and ${appeals.department} = ${query.department}` : sql``}
    )
    select key, grouping(key) = 1 as total,
      count(*) as received,
      count(*) filter (where accepted_idx - filed_idx <= ${APPEAL_RESPONSE_DAYS}) as responded,
      count(*) filter (where answered) as replied,
      count(*) filter (where on_time) as replied_on_time,
      count(*) filter (where rating is not null) as rated,
      count(*) filter (where rating in ${GOOD}) as satisfied,
      count(*) filter (where ever_rated) as first_rated,
      count(*) filter (where first_satisfied) as first_satisfied,
      coalesce(sum(reopen_count), 0) + count(*) filter (where status = 'closed' and rating in ${BAD}) as bad_ratings,
      coalesce(sum(reopen_count), 0) as reworks,
      coalesce(sum(reopen_count), 0) - count(*) filter (where status = 'reopened') as reworks_answered,
      round(avg(replied_idx - accepted_idx), 2) as avg_reply_days
    from a
    group by grouping sets ((key), ())`);

  const totals = result.rows.find((r) => r.total);
  const found = new Map(result.rows.filter((r) => !r.total).map((r) => [r.key, r]));
  const all = await dicts.all();
  let keys: (string | null)[];
  if (by === 'month') keys = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
  else {
    // Every item of the dictionary, zero when none (unless filtered by it), then codes no longer offered.
    const filter = by === 'category' ? query.category : query.department;
    const offered = filter ? [] : (await dicts.items(by === 'category' ? 'appealCategory' : 'department')).map((i) => i.code);
    keys = [...new Set([...offered, ...found.keys()])];
  }
  const labelOf = (k: string | null) =>
    by === 'month' ? `${Number(k!.slice(5))}月` : k === null ? APPEAL_NO_DEPARTMENT : dictLabel(all, by === 'category' ? 'appealCategory' : 'department', k);
  const rows: AppealFiguresRow[] = keys.map((k) => ({ key: k, label: labelOf(k), ...figuresOf(found.get(k)) }));
  return { year, by, rows, totals: figuresOf(totals) };
}

type TotalCounts = 'received' | 'closed' | 'replied' | 'on_time' | 'rated' | 'satisfied' | 'first_rated' | 'first_satisfied' | 'bad_ratings' | 'reworks_answered';

/** The home page's totals for this year in China: counts and rates as the console's, no enterprise named. */
export async function appealTotals(db: DbOrTx, now = new Date()): Promise<AppealTotals> {
  const year = Number(chinaDate(now).slice(0, 4));
  const [r] = (
    await db.execute<Record<TotalCounts, string>>(sql`
      select count(*) as received,
        count(*) filter (where ${appeals.status} = 'closed') as closed,
        count(*) filter (where ${answered}) as replied,
        count(*) filter (where ${answeredOnTime}) as on_time,
        count(*) filter (where ${appeals.rating} is not null) as rated,
        count(*) filter (where ${appeals.rating} in ${GOOD}) as satisfied,
        count(*) filter (where ${everRated}) as first_rated,
        count(*) filter (where ${firstSatisfied}) as first_satisfied,
        ${badRatings} as bad_ratings,
        ${reworksAnswered} as reworks_answered
      from ${appeals} where ${filedIn(year)}`)
  ).rows;
  const n = (k: TotalCounts) => Number(r![k]);
  return {
    year,
    received: n('received'),
    closed: n('closed'),
    satisfactionRate: rate(n('satisfied'), n('rated')),
    firstSatisfactionRate: rate(n('first_satisfied'), n('first_rated')),
    onTimeRate: rate(n('on_time'), n('replied')),
    badRatings: n('bad_ratings'),
    reworkRate: rate(n('reworks_answered'), n('bad_ratings')),
  };
}

/** The caller's enterprises' open appeals, and those answered and waiting for its rating. */
export async function myAppealCounts(db: DbOrTx, scope: Scope): Promise<AppealMyCounts> {
  if (!scope.enterpriseIds.length) return { open: 0, toRate: 0 };
  const [r] = (
    await db.execute<{ open: string; to_rate: string }>(sql`
      select count(*) filter (where ${appeals.status} not in ${FINISHED}) as open,
        count(*) filter (where ${appeals.status} = 'replied') as to_rate
      from ${appeals} where ${inArray(appeals.enterpriseId, [...scope.enterpriseIds])}`)
  ).rows;
  return { open: Number(r!.open), toRate: Number(r!.to_rate) };
}
