// Reading visits through the caller's scope (docs/scope-and-ctx.md): an enterprise account sees the
// visits of its own enterprises, staff see every one; an id outside the scope matches nothing (404).
import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { APPEAL_RATING_LIST, APPEAL_RATINGS, isBadRating } from '@hqt/contract/appeal';
import { ROLES } from '@hqt/contract/auth';
import type { PageOf } from '@hqt/contract/envelope';
import { VISIT_FLOW, VISIT_HELD_STATES, VISIT_MAX_HOURS, VISIT_METHODS, type VisitClash, type VisitItem, type VisitMethod, type VisitPortalQuery, type VisitStaffMember, type VisitStatus } from '@hqt/contract/visit';
import type { VisitCalendarQuery, VisitConsoleRow, VisitFigures, VisitPageQuery } from '@hqt/contract/visit-console';
import { chinaDayEnd } from '@hqt/contract/working-days';
import type { DbOrTx } from '../../db/client';
import { accounts, enterprises } from '../../db/schema/index';
import type { Scope } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { keywordMatch } from '../../lib/like';
import { COUNT_CAP, paginate, totalOver } from '../../lib/paginate';
import { dictLabel, type Dictionaries } from '../dict/public';
import type { ProblemFollowUps } from './follow-ups';
import { VISIT_BAD_RATINGS, visits, visitStaff } from './schema';

/** The visits a scope may see: its enterprises' for an enterprise account, all for staff. */
export const inScope = (scope: Scope): SQL | undefined =>
  scope.roleId === ROLES.enterprise.id ? inArray(visits.enterpriseId, scope.enterpriseIds.length ? [...scope.enterpriseIds] : [0]) : undefined;

const itemColumns = {
  id: visits.id,
  number: visits.number,
  enterpriseId: visits.enterpriseId,
  enterpriseName: enterprises.name,
  town: enterprises.region,
  origin: visits.origin,
  subject: visits.subject,
  type: visits.type,
  method: visits.method,
  startsAt: visits.startsAt,
  endsAt: visits.endsAt,
  place: visits.place,
  status: visits.status,
  rating: visits.rating,
  createdAt: visits.createdAt,
  leadName: sql<string | null>`(select a.name from ${visitStaff} vs join ${accounts} a on a.id = vs.account_id where vs.visit_id = ${visits.id} and vs.lead)`,
};

interface ItemRow {
  id: number;
  number: string | null;
  enterpriseId: number;
  enterpriseName: string;
  town: string | null;
  origin: string;
  subject: string;
  type: string | null;
  method: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  place: string | null;
  status: string;
  rating: string | null;
  createdAt: Date;
  leadName: string | null;
}

export const toItem = (dicts: Dictionaries, r: ItemRow): VisitItem => ({
  id: r.id,
  number: r.number ?? '',
  enterpriseId: r.enterpriseId,
  enterpriseName: r.enterpriseName,
  origin: r.origin,
  subject: r.subject,
  type: r.type,
  typeName: r.type === null ? null : dictLabel(dicts, 'visitType', r.type),
  method: r.method,
  methodName: r.method === null ? null : (VISIT_METHODS[r.method as VisitMethod] ?? r.method),
  startsAt: r.startsAt?.toISOString() ?? null,
  endsAt: r.endsAt?.toISOString() ?? null,
  place: r.place,
  status: r.status,
  statusLabel: VISIT_FLOW.states[r.status as VisitStatus] ?? r.status,
  leadName: r.leadName,
  rating: r.rating,
  createdAt: r.createdAt.toISOString(),
});

const toConsoleRow = (dicts: Dictionaries, r: ItemRow): VisitConsoleRow => ({ ...toItem(dicts, r), town: r.town, townName: r.town === null ? null : dictLabel(dicts, 'region', r.town) });

/** One visit with what its detail shows, if the scope may see it. */
export async function findVisit(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({
      ...itemColumns,
      preferredTimes: visits.preferredTimes,
      topics: visits.topics,
      proposedStartsAt: visits.proposedStartsAt,
      proposedEndsAt: visits.proposedEndsAt,
      note: visits.note,
      summary: visits.summary,
      guideIds: visits.guideIds,
      writtenAt: visits.writtenAt,
      comment: visits.comment,
      appraisedAt: visits.appraisedAt,
    })
    .from(visits)
    .innerJoin(enterprises, eq(enterprises.id, visits.enterpriseId))
    .where(and(eq(visits.id, id), inScope(scope)));
  return row ?? null;
}

/** Whether the scope may see the visit (its attachments' reader). */
export async function canSeeVisit(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  return (await db.$count(visits, and(eq(visits.id, id), inScope(scope)))) > 0;
}

/** Who goes, the lead first. */
export async function staffOf(db: DbOrTx, id: number): Promise<VisitStaffMember[]> {
  return db
    .select({ id: visitStaff.accountId, name: accounts.name, lead: visitStaff.lead })
    .from(visitStaff)
    .innerJoin(accounts, eq(accounts.id, visitStaff.accountId))
    .where(eq(visitStaff.visitId, id))
    .orderBy(desc(visitStaff.lead), asc(accounts.name), asc(accounts.id));
}

const portalFilter = (filter: VisitPortalQuery['filter'], now: Date): SQL | undefined => {
  switch (filter) {
    case 'upcoming':
      return and(eq(visits.status, 'confirmed'), gte(visits.endsAt, now));
    case 'toConfirm':
      return eq(visits.status, 'pending');
    case 'toAppraise':
      return eq(visits.status, 'visited');
    case 'history':
      return or(inArray(visits.status, ['declined', 'cancelled', 'visited', 'appraised']), and(eq(visits.status, 'confirmed'), lt(visits.endsAt, now)));
    default:
      return undefined;
  }
};

/** An enterprise's visits (its own, or one of them named), newest first; `held` only those with a summary. */
export async function portalVisits(db: DbOrTx, dicts: Dictionaries, scope: Scope, query: VisitPortalQuery, now: Date, held = false): Promise<PageOf<VisitItem>> {
  if (query.enterpriseId && !scope.enterpriseIds.includes(query.enterpriseId)) throw notFound();
  const where = and(
    inScope(scope),
    query.enterpriseId ? eq(visits.enterpriseId, query.enterpriseId) : undefined,
    held ? inArray(visits.status, ['visited', 'appraised']) : portalFilter(query.filter, now),
  );
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ ...itemColumns, total: totalOver() })
        .from(visits)
        .innerJoin(enterprises, eq(enterprises.id, visits.enterpriseId))
        .where(where)
        .orderBy(desc(visits.createdAt), desc(visits.id))
        .limit(limit)
        .offset(offset),
    map: (r) => toItem(dicts, r),
  });
}

/**
 * Those of the visit's staff: `staffId` among the visit's staff. With the range of starts the
 * caller reads (a month, a week), only that staff member's rows starting then are read (their copy
 * of the visit's time, one range of visit_staff_account_time_idx), not the whole history.
 */
const withStaff = (staffId: number | undefined, range?: { start: Date; end: Date } | null) => {
  if (!staffId) return undefined;
  const starts = range ? sql` and vs.starts_at >= ${range.start} and vs.starts_at < ${range.end}` : sql``;
  return sql`${visits.id} in (select vs.visit_id from ${visitStaff} vs where vs.account_id = ${staffId}${starts})`;
};
const inTown = (town: string | undefined) => (town ? sql`${visits.enterpriseId} in (select ${enterprises.id} from ${enterprises} where ${enterprises.region} = ${town})` : undefined);

/** [first instant of the China day `from`, end of the China day `to`). */
const chinaDays = (from: string, to: string) => ({ start: new Date(chinaDayEnd(from).getTime() - 86_400_000), end: chinaDayEnd(to) });
const monthRange = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return chinaDays(`${month}-01`, `${month}-${String(last).padStart(2, '0')}`);
};

function consoleWhere(q: VisitPageQuery): SQL | undefined {
  const month = q.month ? monthRange(q.month) : null;
  const byName = keywordMatch(q.keyword, enterprises.name);
  return and(
    q.status ? eq(visits.status, q.status) : undefined,
    q.type ? eq(visits.type, q.type) : undefined,
    withStaff(q.staffId, month),
    inTown(q.town),
    month ? and(gte(visits.startsAt, month.start), lt(visits.startsAt, month.end)) : undefined,
    q.badAppraisal ? inArray(visits.rating, VISIT_BAD_RATINGS) : undefined,
    byName ? or(keywordMatch(q.keyword, visits.number, visits.subject), sql`${visits.enterpriseId} in (select ${enterprises.id} from ${enterprises} where ${byName})`) : undefined,
  );
}

/** The console's list, newest first; above COUNT_CAP matches the total says 10000+. */
export function consoleVisits(db: DbOrTx, dicts: Dictionaries, query: VisitPageQuery): Promise<PageOf<VisitConsoleRow>> {
  const where = consoleWhere(query);
  const total = sql<number>`(select count(*) from (select 1 from ${visits} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) matches)`.mapWith(Number);
  return paginate(query, {
    cap: COUNT_CAP,
    rows: ({ limit, offset }) =>
      db
        .select({ ...itemColumns, total })
        .from(visits)
        .innerJoin(enterprises, eq(enterprises.id, visits.enterpriseId))
        .where(where)
        .orderBy(desc(visits.createdAt), desc(visits.id))
        .limit(limit)
        .offset(offset),
    map: (r) => toConsoleRow(dicts, r),
  });
}

/** The calendar's visits starting within [from, to] (China days), by time; declined, cancelled and unscheduled requests left out. */
export async function calendarVisits(db: DbOrTx, dicts: Dictionaries, query: VisitCalendarQuery): Promise<VisitConsoleRow[]> {
  const { start, end } = chinaDays(query.from, query.to);
  const rows = await db
    .select(itemColumns)
    .from(visits)
    .innerJoin(enterprises, eq(enterprises.id, visits.enterpriseId))
    .where(and(gte(visits.startsAt, start), lt(visits.startsAt, end), notInArray(visits.status, ['declined', 'cancelled', 'requested']), withStaff(query.staffId, { start, end }), inTown(query.town)))
    .orderBy(asc(visits.startsAt), asc(visits.id))
    .limit(2000);
  return rows.map((r) => toConsoleRow(dicts, r));
}

/**
 * The other visits (待确认, 已确认, 改期协商) of any of `staffIds` overlapping [startsAt, endsAt):
 * one that ends as this one starts does not clash. One range scan of visit_staff per staff member,
 * from VISIT_MAX_HOURS before the start to the end.
 */
export async function visitClashes(db: DbOrTx, staffIds: readonly number[], startsAt: Date, endsAt: Date, exceptVisitId?: number): Promise<VisitClash[]> {
  if (!staffIds.length) return [];
  const rows = await db
    .select({
      id: visits.id,
      number: visits.number,
      enterpriseName: enterprises.name,
      subject: visits.subject,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      status: visits.status,
      staffId: visitStaff.accountId,
      staffName: accounts.name,
    })
    .from(visitStaff)
    .innerJoin(visits, eq(visits.id, visitStaff.visitId))
    .innerJoin(enterprises, eq(enterprises.id, visits.enterpriseId))
    .innerJoin(accounts, eq(accounts.id, visitStaff.accountId))
    .where(
      and(
        inArray(visitStaff.accountId, [...staffIds]),
        // A visit lasts at most VISIT_MAX_HOURS: one overlapping [startsAt, endsAt) starts after
        // startsAt − VISIT_MAX_HOURS, so the index range is those hours, not the staff's history.
        gt(visitStaff.startsAt, new Date(startsAt.getTime() - VISIT_MAX_HOURS * 3_600_000)),
        lt(visitStaff.startsAt, endsAt),
        gt(visitStaff.endsAt, startsAt),
        inArray(visits.status, [...VISIT_HELD_STATES]),
        exceptVisitId ? ne(visits.id, exceptVisitId) : undefined,
      ),
    )
    .orderBy(asc(visits.startsAt), asc(visits.id), asc(visitStaff.accountId));
  const byVisit = new Map<number, VisitClash>();
  for (const r of rows) {
    const clash = byVisit.get(r.id) ?? {
      id: r.id,
      number: r.number ?? '',
      enterpriseName: r.enterpriseName,
      subject: r.subject,
      startsAt: r.startsAt!.toISOString(),
      endsAt: r.endsAt!.toISOString(),
      status: r.status,
      staff: [],
    };
    clash.staff.push({ id: r.staffId, name: r.staffName });
    byVisit.set(r.id, clash);
  }
  return [...byVisit.values()];
}

/** The year's visits held (已走访, 已评价), by the China time of their start: [start of 1 Jan, start of the next 1 Jan). */
const heldInYear = (year: number) => {
  const { start, end } = chinaDays(`${year}-01-01`, `${year}-12-31`);
  return and(inArray(visits.status, ['visited', 'appraised']), gte(visits.startsAt, start), lt(visits.startsAt, end));
};

/** 走访统计: per month, staff member and town; the share of enterprises visited; problems raised and solved; appraisals. */
export async function visitFigures(db: DbOrTx, dicts: Dictionaries, followUps: ProblemFollowUps, year: number): Promise<VisitFigures> {
  const held = heldInYear(year);
  const month = sql<string>`to_char(${visits.startsAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const months = await db.select({ key: month, n: count() }).from(visits).where(held).groupBy(month);
  const staff = await db
    .select({ key: visitStaff.accountId, label: accounts.name, n: count() })
    .from(visitStaff)
    .innerJoin(visits, eq(visits.id, visitStaff.visitId))
    .innerJoin(accounts, eq(accounts.id, visitStaff.accountId))
    .where(held)
    .groupBy(visitStaff.accountId, accounts.name)
    .orderBy(desc(count()), asc(accounts.name));
  const towns = await db.select({ key: enterprises.region, n: count() }).from(visits).innerJoin(enterprises, eq(enterprises.id, visits.enterpriseId)).where(held).groupBy(enterprises.region);
  const [reach] = await db
    .select({
      visited: sql<number>`(select count(distinct ${visits.enterpriseId}) from ${visits} where ${held})`.mapWith(Number),
      total: sql<number>`(select count(*) from ${enterprises} where ${enterprises.deletedAt} is null)`.mapWith(Number),
    })
    .from(sql`(select 1) one`);
  const problems = await followUps.tally(db, sql`select ${visits.id} from ${visits} where ${held}`);
  const ratings = await db.select({ key: visits.rating, n: count() }).from(visits).where(and(held, eq(visits.status, 'appraised'))).groupBy(visits.rating);
  const countOf = (rows: { key: string | number | null; n: number }[], key: string | null) => rows.find((r) => (r.key === null ? null : String(r.key)) === key)?.n ?? 0;
  const rated = ratings.reduce((sum, r) => sum + r.n, 0);
  const satisfied = ratings.filter((r) => r.key && !isBadRating(r.key)).reduce((sum, r) => sum + r.n, 0);
  const regionItems = dicts.get('region') ? [...dicts.get('region')!.keys()] : [];
  return {
    year,
    byMonth: Array.from({ length: 12 }, (_, i) => {
      const key = `${year}-${String(i + 1).padStart(2, '0')}`;
      return { key, label: `${i + 1}月`, visits: countOf(months, key) };
    }),
    byStaff: staff.map((r) => ({ key: String(r.key), label: r.label, visits: r.n })),
    byTown: [
      ...regionItems.map((code) => ({ key: code, label: dictLabel(dicts, 'region', code), visits: countOf(towns, code) })),
      ...towns.filter((t) => t.key !== null && !regionItems.includes(t.key)).map((t) => ({ key: t.key!, label: dictLabel(dicts, 'region', t.key!), visits: t.n })),
      { key: '', label: '未填写', visits: countOf(towns, null) },
    ],
    enterprisesVisited: reach!.visited,
    enterprisesTotal: reach!.total,
    visitedShare: reach!.total ? reach!.visited / reach!.total : null,
    problemsRaised: problems.raised,
    problemsSolved: problems.solved,
    appraisals: APPEAL_RATING_LIST.map((r) => ({ key: r, label: APPEAL_RATINGS[r], visits: countOf(ratings, r) })),
    satisfiedShare: rated ? satisfied / rated : null,
  };
}
