// Reading appeals through the caller's scope (docs/scope-and-ctx.md): an enterprise account sees
// the appeals of its own enterprises, staff see every one; an id outside the scope matches nothing.
import { and, asc, count, desc, eq, gte, inArray, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROLES } from '@hqt/contract/auth';
import { APPEAL_FLOW, APPEAL_OPEN_STATES, APPEAL_STATUS_LIST, type AppealItem, type AppealListQuery, type AppealStatus } from '@hqt/contract/appeal';
import type { AppealCounts, AppealCountsQuery, AppealHandler, AppealQueueQuery, AppealQueueRow } from '@hqt/contract/appeal-console';
import type { PageOf } from '@hqt/contract/envelope';
import { VISIT_KIND } from '@hqt/contract/visit';
import { chinaDayEnd } from '@hqt/contract/working-days';
import type { DbOrTx } from '../../db/client';
import { accounts, enterprises } from '../../db/schema/index';
import type { Scope } from '../../lib/ctx';
import { keywordMatch } from '../../lib/like';
import { COUNT_CAP, paginate, totalOver, type PageWindow } from '../../lib/paginate';
import { dictLabel, type Dictionaries } from '../dict/public';
import { visits } from '../visit/public';
import { appeals } from './schema';

const handlers = alias(accounts, 'handlers');

/** The appeals a scope may see: its enterprises' for an enterprise account, all for staff. */
export const inScope = (scope: Scope): SQL | undefined =>
  scope.roleId === ROLES.enterprise.id ? inArray(appeals.enterpriseId, scope.enterpriseIds.length ? [...scope.enterpriseIds] : [0]) : undefined;

const itemColumns = {
  id: appeals.id,
  number: appeals.number,
  enterpriseId: appeals.enterpriseId,
  enterpriseName: enterprises.name,
  category: appeals.category,
  title: appeals.title,
  status: appeals.status,
  createdAt: appeals.createdAt,
  dueAt: appeals.dueAt,
  acceptDueAt: appeals.acceptDueAt,
  rating: appeals.rating,
  // The visit it came from (its source, when a visit), the number by a subquery on the visit's face.
  visitId: sql<number | null>`case when ${appeals.sourceKind} = ${VISIT_KIND} then ${appeals.sourceId} end`,
  visitNumber: sql<string | null>`(select ${visits.number} from ${visits} where ${appeals.sourceKind} = ${VISIT_KIND} and ${visits.id} = ${appeals.sourceId})`,
};

interface ItemRow {
  id: number;
  number: string | null;
  enterpriseId: number;
  enterpriseName: string;
  category: string;
  title: string;
  status: string;
  createdAt: Date;
  dueAt: Date | null;
  acceptDueAt: Date | null;
  rating: string | null;
  visitId: number | null;
  visitNumber: string | null;
}

/** What the clocks say of an item, added by the service with the calendar and the moment asked (service.ts dueState). */
export type DueKeys = 'dueText' | 'remainingDays' | 'overdue' | 'acceptOverdue';
/** A list's item as read, before its clocks are told. */
export type AppealItemRow = Omit<AppealItem, DueKeys>;

/** The row as a list shows it; the category's label is the dictionary's (a removed code shows itself). */
export const toItem = (dicts: Dictionaries, r: ItemRow): AppealItemRow => ({
  id: r.id,
  number: r.number ?? '',
  enterpriseId: r.enterpriseId,
  enterpriseName: r.enterpriseName,
  category: r.category,
  categoryName: dictLabel(dicts, 'appealCategory', r.category),
  title: r.title,
  status: r.status,
  statusLabel: APPEAL_FLOW.states[r.status as AppealStatus] ?? r.status,
  createdAt: r.createdAt.toISOString(),
  dueAt: r.dueAt?.toISOString() ?? null,
  acceptDueAt: r.acceptDueAt?.toISOString() ?? null,
  rating: r.rating,
  visitId: r.visitId,
  visitNumber: r.visitNumber,
});

/** The handling department's label (a removed code shows itself). */
export const departmentLabel = (dicts: Dictionaries, code: string | null) => (code === null ? null : dictLabel(dicts, 'department', code));

/** One appeal with what its detail shows, if the scope may see it. */
export async function findAppeal(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({
      ...itemColumns,
      accountId: appeals.accountId,
      content: appeals.content,
      contact: appeals.contact,
      phone: appeals.phone,
      guideId: appeals.guideId,
      reopenCount: appeals.reopenCount,
      extensionDays: appeals.extensionDays,
      comment: appeals.comment,
      department: appeals.department,
      handlerId: appeals.handlerId,
      handlerName: handlers.name,
      repliedAt: appeals.repliedAt,
      closedAt: appeals.closedAt,
    })
    .from(appeals)
    .innerJoin(enterprises, eq(enterprises.id, appeals.enterpriseId))
    .leftJoin(handlers, eq(handlers.id, appeals.handlerId))
    .where(and(eq(appeals.id, id), inScope(scope)));
  return row ?? null;
}

/** Whether the scope may see the appeal (its attachments' reader). */
export async function canSeeAppeal(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  return (await db.$count(appeals, and(eq(appeals.id, id), inScope(scope)))) > 0;
}

/** Filed on or after the China day `from`, on or before the day `to`. */
const filedBetween = (from?: string, to?: string) =>
  and(from ? gte(appeals.createdAt, new Date(chinaDayEnd(from).getTime() - 86_400_000)) : undefined, to ? lt(appeals.createdAt, chinaDayEnd(to)) : undefined);

/** An enterprise's page as one statement (the bench explains it): newest first, each row with the count of all matches. */
export function enterpriseStatement(db: DbOrTx, enterpriseId: number, query: AppealListQuery, { limit, offset }: Pick<PageWindow, 'limit' | 'offset'>) {
  const where = and(eq(appeals.enterpriseId, enterpriseId), query.status ? eq(appeals.status, query.status) : undefined, filedBetween(query.from, query.to));
  return db
    .select({ ...itemColumns, total: totalOver() })
    .from(appeals)
    .innerJoin(enterprises, eq(enterprises.id, appeals.enterpriseId))
    .where(where)
    .orderBy(desc(appeals.createdAt), desc(appeals.id))
    .limit(limit)
    .offset(offset);
}

/** An enterprise's appeals, newest first (the caller checked the enterprise is its own). */
export function enterpriseAppeals(db: DbOrTx, dicts: Dictionaries, enterpriseId: number, query: AppealListQuery): Promise<PageOf<AppealItemRow>> {
  return paginate(query, { rows: (window) => enterpriseStatement(db, enterpriseId, query, window), map: (r) => toItem(dicts, r) });
}

const openStates = sql.raw(`(${APPEAL_OPEN_STATES.map((s) => `'${s}'`).join(', ')})`);
/** 已超期 at `now`: the handling clock runs past its due date. */
const overdueSql = (now: Date) => sql<boolean>`(${appeals.status} in ${openStates} and ${appeals.dueAt} < ${now.toISOString()}::timestamptz)`;
/** 待受理超时 at `now`: still 已提交 past its 受理 deadline (appeals_accept_due_idx). */
const acceptOverdueSql = (now: Date) => sql<boolean>`(${appeals.status} = 'submitted' and ${appeals.acceptDueAt} < ${now.toISOString()}::timestamptz)`;

const isOpen = sql`${appeals.status} in ${openStates}`;

/** The queue's filters but the status; `dueBy`: the end of the day APPEAL_DUE_SOON_DAYS working days on (asked for due soon). */
const queueWhere = (f: AppealCountsQuery, dueBy: Date | null, now: Date) =>
  and(
    f.category ? eq(appeals.category, f.category) : undefined,
    f.overdue ? overdueSql(now) : undefined,
    f.acceptOverdue ? acceptOverdueSql(now) : undefined,
    dueBy ? and(isOpen, lte(appeals.dueAt, dueBy)) : undefined,
    f.department ? eq(appeals.department, f.department) : undefined,
    f.handlerId ? eq(appeals.handlerId, f.handlerId) : undefined,
    filedBetween(f.from, f.to),
    keywordWhere(f.keyword),
  );

/** The keyword in the number, the title or the enterprise's name: the name by a subquery, so the filters read appeals alone. */
function keywordWhere(keyword: string | undefined): SQL | undefined {
  const byName = keywordMatch(keyword, enterprises.name);
  return byName && or(keywordMatch(keyword, appeals.number, appeals.title), sql`${appeals.enterpriseId} in (select ${enterprises.id} from ${enterprises} where ${byName})`);
}

/**
 * The queue's page as one statement (the bench explains it): the window's rows, newest first (a
 * walk of an index, names joined for those rows only), each with the count of at most COUNT_CAP + 1
 * matches (an uncorrelated subquery, run once): at 100,000 appeals a page never reads them all.
 */
export function queueStatement(db: DbOrTx, query: AppealQueueQuery, dueBy: Date | null, { limit, offset }: Pick<PageWindow, 'limit' | 'offset'>, now = new Date()) {
  const where = and(query.status ? eq(appeals.status, query.status) : undefined, queueWhere(query, dueBy, now));
  const total = sql<number>`(select count(*) from (select 1 from ${appeals} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) matches)`.mapWith(Number);
  return db
    .select({ ...itemColumns, department: appeals.department, handlerName: handlers.name, total })
    .from(appeals)
    .innerJoin(enterprises, eq(enterprises.id, appeals.enterpriseId))
    .leftJoin(handlers, eq(handlers.id, appeals.handlerId))
    .where(where)
    .orderBy(desc(appeals.createdAt), desc(appeals.id))
    .limit(limit)
    .offset(offset);
}

/** The staff queue: newest first, under its filters at `now`; above COUNT_CAP matches the total says 10000+ (`totalCapped`). */
export function appealQueue(db: DbOrTx, dicts: Dictionaries, query: AppealQueueQuery, dueBy: Date | null, now: Date): Promise<PageOf<Omit<AppealQueueRow, DueKeys>>> {
  return paginate(query, {
    cap: COUNT_CAP,
    rows: (window) => queueStatement(db, query, dueBy, window, now),
    map: ({ department, handlerName, ...r }) => ({ ...toItem(dicts, r), department, departmentName: departmentLabel(dicts, department), handlerName }),
  });
}

/** How many appeals each status holds under the queue's other filters (every status, 0 when none). */
export async function appealCounts(db: DbOrTx, filters: AppealCountsQuery, dueBy: Date | null, now: Date): Promise<AppealCounts> {
  const rows = await db
    .select({ status: appeals.status, n: count() })
    .from(appeals)
    .where(queueWhere(filters, dueBy, now))
    .groupBy(appeals.status);
  const byStatus: Record<string, number> = Object.fromEntries(APPEAL_STATUS_LIST.map((s) => [s, 0]));
  for (const r of rows) byStatus[r.status] = r.n;
  return { all: rows.reduce((sum, r) => sum + r.n, 0), byStatus };
}

/** Who may handle an appeal: the active 工作人员 and 管理员 accounts, by name, with their role. */
export async function handlerAccounts(db: DbOrTx): Promise<AppealHandler[]> {
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, roleId: accounts.roleId })
    .from(accounts)
    .where(and(inArray(accounts.roleId, [ROLES.staff.id, ROLES.admin.id]), eq(accounts.disabled, false)))
    .orderBy(asc(accounts.name), asc(accounts.id));
  return rows.map((r) => ({ id: r.id, name: r.name, roleName: r.roleId === ROLES.admin.id ? ROLES.admin.name : ROLES.staff.name }));
}

/** An enterprise's open appeals (not closed, rejected or withdrawn), newest first, at most `limit`, and how many there are. */
export async function openAppealsOf(db: DbOrTx, enterpriseId: number, limit: number) {
  const where = and(eq(appeals.enterpriseId, enterpriseId), notInArray(appeals.status, ['closed', 'rejected', 'withdrawn']));
  const rows = await db
    .select({ id: appeals.id, number: appeals.number, title: appeals.title, status: appeals.status, createdAt: appeals.createdAt, dueAt: appeals.dueAt, total: totalOver() })
    .from(appeals)
    .where(where)
    .orderBy(desc(appeals.createdAt), desc(appeals.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      number: r.number ?? '',
      title: r.title,
      status: r.status,
      statusLabel: APPEAL_FLOW.states[r.status as AppealStatus] ?? r.status,
      createdAt: r.createdAt.toISOString(),
      dueAt: r.dueAt?.toISOString() ?? null,
    })),
  };
}
