// 政策申兑's reads: an enterprise's list, the staff queue and its tabs, one application, each in one
// statement; the enterprise's 材料库. Every read of an enterprise's rows is scoped here.
import { and, asc, count, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AUTO_MODE } from '@hqt/contract/calculator-engine';
import { ROLES } from '@hqt/contract/auth';
import { APPLY_CLOCK_STATES, APPLY_OPEN_STATES, APPLY_STATUS_LIST, type ApplyListQuery, type Correction } from '@hqt/contract/apply';
import type { ApplyCounts, ApplyCountsQuery, ApplyQueueQuery } from '@hqt/contract/apply-console';
import type { DbOrTx } from '../../db/client';
import { enterprises, guides, policies } from '../../db/schema/index';
import type { Scope } from '../../lib/ctx';
import { keywordMatch } from '../../lib/like';
import { COUNT_CAP, paginate, totalOver, type PageWindow } from '../../lib/paginate';
import { applications, applyForms, enterpriseMaterials } from './schema';

/** The applications a scope may see: its enterprises' for an enterprise account, all for staff. */
export const inScope = (scope: Scope): SQL | undefined =>
  scope.roleId === ROLES.enterprise.id ? inArray(applications.enterpriseId, scope.enterpriseIds.length ? [...scope.enterpriseIds] : [0]) : undefined;

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/** What a row of a list shows (ApplyItem before its clock is read). */
export const itemColumns = {
  id: applications.id,
  number: applications.number,
  guideId: applications.guideId,
  guideTitle: guides.title,
  enterpriseId: applications.enterpriseId,
  enterpriseName: enterprises.name,
  status: applications.status,
  submittedAt: applications.submittedAt,
  stageDueAt: applications.stageDueAt,
  promiseDueAt: applications.promiseDueAt,
  corrections: applications.corrections,
  approvedAmount: applications.approvedAmount,
  promiseDays: sql<number>`(${applyForms.body}->>'promiseDays')::int`.mapWith(Number),
};
export interface ItemRow {
  id: number;
  number: string | null;
  guideId: number;
  guideTitle: string;
  enterpriseId: number;
  enterpriseName: string;
  status: string;
  submittedAt: Date;
  stageDueAt: Date | null;
  promiseDueAt: Date | null;
  corrections: Correction[];
  approvedAmount: number | null;
  promiseDays: number;
}

const listFrom = (db: DbOrTx, extra: Record<string, SQL.Aliased | SQL> = {}) =>
  db
    .select({ ...itemColumns, ...extra })
    .from(applications)
    .innerJoin(guides, eq(guides.id, applications.guideId))
    .innerJoin(enterprises, eq(enterprises.id, applications.enterpriseId))
    .innerJoin(applyForms, eq(applyForms.id, applications.formId));

/**
 * The applications of the scope's enterprises (or the one named, if its own), newest first: the
 * window's rows and the count of all matches from applications alone (its enterprise index), the
 * names joined for those rows only.
 */
export function ownApplications(db: DbOrTx, scope: Scope, query: ApplyListQuery) {
  const where = and(inScope(scope), query.enterpriseId ? eq(applications.enterpriseId, query.enterpriseId) : undefined, query.status ? eq(applications.status, query.status) : undefined);
  return paginate(query, {
    rows: async ({ limit, offset }: PageWindow) => {
      const page = db
        .select({ id: applications.id, total: totalOver().as('total') })
        .from(applications)
        .where(where)
        .orderBy(desc(applications.submittedAt), desc(applications.id))
        .limit(limit)
        .offset(offset)
        .as('page');
      return (await listFrom(db, { total: page.total })
        .innerJoin(page, eq(page.id, applications.id))
        .orderBy(desc(applications.submittedAt), desc(applications.id))) as unknown as (ItemRow & { total: number })[];
    },
    map: ({ total: _total, ...r }) => r as ItemRow,
  });
}

/** 已超期 at `now`: a running stage clock past its due date. */
const overdueSql = (now: Date) => sql`(${applications.status} in ${inList(APPLY_CLOCK_STATES)} and ${applications.stageDueAt} < ${now.toISOString()}::timestamptz)`;

/** The keyword in the number, the guide's title or the enterprise's name (the names by subqueries: the filters read applications alone). */
function keywordWhere(keyword: string | undefined): SQL | undefined {
  const byName = keywordMatch(keyword, enterprises.name);
  const byTitle = keywordMatch(keyword, guides.title);
  return (
    byName &&
    or(
      keywordMatch(keyword, applications.number),
      sql`${applications.enterpriseId} in (select ${enterprises.id} from ${enterprises} where ${byName})`,
      sql`${applications.guideId} in (select ${guides.id} from ${guides} where ${byTitle})`,
    )
  );
}

/** Frozen on a form that names the department for 联审 (the form versions are few: a subquery, not a join). */
const jointWhere = (department: string | undefined) =>
  department ? sql`${applications.formId} in (select ${applyForms.id} from ${applyForms} where jsonb_exists(${applyForms.body}->'departments', ${department}))` : undefined;

const queueWhere = (f: ApplyCountsQuery, now: Date) =>
  and(
    f.guideId ? eq(applications.guideId, f.guideId) : undefined,
    f.enterpriseId ? eq(applications.enterpriseId, f.enterpriseId) : undefined,
    f.overdue ? overdueSql(now) : undefined,
    jointWhere(f.department),
    keywordWhere(f.keyword),
  );

/**
 * The queue's page as one statement: the window's rows newest first (a walk of an index, names
 * joined for those rows only), each with the count of at most COUNT_CAP + 1 matches.
 */
export function applicationQueue(db: DbOrTx, query: ApplyQueueQuery, now: Date) {
  const where = and(query.status ? eq(applications.status, query.status) : undefined, queueWhere(query, now));
  const total = sql<number>`(select count(*) from (select 1 from ${applications} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) matches)`.mapWith(Number);
  return paginate(query, {
    cap: COUNT_CAP,
    rows: ({ limit, offset }: PageWindow) =>
      listFrom(db, { total })
        .where(where)
        .orderBy(desc(applications.submittedAt), desc(applications.id))
        .limit(limit)
        .offset(offset) as unknown as Promise<(ItemRow & { total: number })[]>,
    map: ({ total: _total, ...r }) => r as ItemRow,
  });
}

/**
 * How many applications each status holds under the queue's other filters, and how many are overdue:
 * the overdue count a statement of its own beside the grouping (at once), read from the stage clock's
 * index, not a filter evaluated on every row of the grouping.
 */
export async function applicationCounts(db: DbOrTx, filters: ApplyCountsQuery, now: Date): Promise<ApplyCounts> {
  const [rows, overdue] = await Promise.all([
    db.select({ status: applications.status, n: count() }).from(applications).where(queueWhere(filters, now)).groupBy(applications.status),
    filters.overdue ? null : db.$count(applications, queueWhere({ ...filters, overdue: true }, now)),
  ]);
  const byStatus: Record<string, number> = Object.fromEntries(APPLY_STATUS_LIST.map((s) => [s, 0]));
  for (const r of rows) byStatus[r.status] = r.n;
  const all = rows.reduce((sum, r) => sum + r.n, 0);
  return { all, overdue: overdue ?? all, byStatus };
}

/** One application with its names and frozen form, if the scope may see it. */
export async function findApplication(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({ application: applications, guideTitle: guides.title, enterpriseName: enterprises.name, form: applyForms })
    .from(applications)
    .innerJoin(guides, eq(guides.id, applications.guideId))
    .innerJoin(enterprises, eq(enterprises.id, applications.enterpriseId))
    .innerJoin(applyForms, eq(applyForms.id, applications.formId))
    .where(and(eq(applications.id, id), inScope(scope)));
  return row ?? null;
}

/** A guide's current form (its newest version), or null. */
export async function currentForm(db: DbOrTx, guideId: number) {
  const [row] = await db.select().from(applyForms).where(eq(applyForms.guideId, guideId)).orderBy(desc(applyForms.version)).limit(1);
  return row ?? null;
}

/** An enterprise's library documents, by kind and newest first. */
export function materialsOf(db: DbOrTx, enterpriseId: number) {
  return db.select().from(enterpriseMaterials).where(eq(enterpriseMaterials.enterpriseId, enterpriseId)).orderBy(asc(enterpriseMaterials.kind), desc(enterpriseMaterials.createdAt), desc(enterpriseMaterials.id));
}

/** The enterprise's application in progress for the guide, if any. */
export async function openApplication(db: DbOrTx, enterpriseId: number, guideId: number) {
  const [row] = await db
    .select({ id: applications.id, number: applications.number })
    .from(applications)
    .where(and(eq(applications.enterpriseId, enterpriseId), eq(applications.guideId, guideId), sql`${applications.status} in ${inList(APPLY_OPEN_STATES)}`));
  return row ?? null;
}


/** Published policies since `since` with guides one applies for that have no way to apply (no form, no outside address), and those guides. */
export async function policiesWithoutForms(db: DbOrTx, since: Date) {
  const formless = sql`${guides.mode} <> ${AUTO_MODE} and ${guides.onlineUrl} is null and not exists (select 1 from ${applyForms} where ${applyForms.guideId} = ${guides.id})`;
  const rows = await db
    .select({
      policyId: policies.id,
      policyTitle: policies.title,
      publishedAt: policies.publishedAt,
      formless: sql<{ id: number; title: string }[]>`coalesce(json_agg(json_build_object('id', ${guides.id}, 'title', ${guides.title}) order by ${guides.id}) filter (where ${formless}), '[]'::json)`,
    })
    .from(policies)
    .leftJoin(guides, eq(guides.policyId, policies.id))
    .where(and(eq(policies.status, 'published'), gte(policies.publishedAt, since)))
    .groupBy(policies.id)
    .orderBy(asc(policies.publishedAt));
  return rows.filter((r) => r.formless.length > 0);
}
