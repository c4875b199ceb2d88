// 政策申兑's reads: an enterprise's list, the staff queue and its tabs, one application, each in one
// statement; the enterprise's 材料库. Every read of an enterprise's rows is scoped here.
import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AUTO_MODE } from '@hqt/contract/calculator-engine';
import { ROLES } from '@hqt/contract/auth';
import { APPLY_CLOCK_STATES, APPLY_OPEN_STATES, APPLY_STATUS_LIST, type ApplyListQuery, type Correction } from '@hqt/contract/apply';
import type { ApplyCounts, ApplyCountsQuery, ApplyQueueQuery } from '@hqt/contract/apply-console';
import type { Db, DbOrTx } from '../../db/client';
import { enterprises, guides, policies } from '../../db/schema/index';
import type { Scope } from '../../lib/ctx';
import { likePattern } from '../../lib/like';
import { COUNT_CAP, paginate, totalOver, type PageWindow } from '../../lib/paginate';
import { preparedPer } from '../../lib/prepared';
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

/** A statement's bound value (the reads below are prepared once per shape of their filters). */
const bound = (name: string) => sql.placeholder(name);
/** The letters of the filters set, for a prepared statement's name (within PostgreSQL's 63 characters). */
const shapeName = (prefix: string, shape: Record<string, boolean>) => `${prefix}_${Object.keys(shape).filter((k) => shape[k]).map((k) => k[0]).join('')}`;

/** Whose applications 我的申报 reads (one enterprise, the scope's several, or every one for staff) and whether a status is chosen. */
type OwnShape = { whose: 'one' | 'several' | 'all'; status: boolean };

const ownStatement = preparedPer((db, shape) => {
  const s = JSON.parse(shape) as OwnShape;
  const page = db
    .select({ id: applications.id, total: totalOver().as('total') })
    .from(applications)
    .where(
      and(
        s.whose === 'one' ? eq(applications.enterpriseId, bound('enterpriseId')) : undefined,
        s.whose === 'several' ? sql`${applications.enterpriseId} = any(${bound('enterpriseIds')}::int[])` : undefined,
        s.status ? eq(applications.status, bound('status')) : undefined,
      ),
    )
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .limit(bound('limit'))
    .offset(bound('offset'))
    .as('page');
  return listFrom(db, { total: page.total })
    .innerJoin(page, eq(page.id, applications.id))
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .prepare(`apply_own_${s.whose}${s.status ? '_status' : ''}`);
});

/**
 * The applications of the scope's enterprises (or the one named, if its own: another's reads as
 * none), newest first: the window's rows and the count of all matches from applications alone (its
 * enterprise index), the names joined for those rows only. One enterprise is one equality, so its
 * statement's plan is kept, not made again for each call.
 */
export function ownApplications(db: Db, scope: Scope, query: ApplyListQuery) {
  const scoped = scope.roleId === ROLES.enterprise.id;
  const named = query.enterpriseId;
  const enterpriseIds = named ? (scoped && !scope.enterpriseIds.includes(named) ? [] : [named]) : scoped ? [...scope.enterpriseIds] : null;
  const whose = enterpriseIds === null ? 'all' : enterpriseIds.length === 1 ? 'one' : 'several';
  const statement = ownStatement(db, JSON.stringify({ whose, status: Boolean(query.status) } satisfies OwnShape));
  const values = { enterpriseId: enterpriseIds?.[0], enterpriseIds, status: query.status };
  return paginate(query, {
    rows: async ({ limit, offset }: PageWindow) => (await statement.execute({ ...values, limit, offset })) as unknown as (ItemRow & { total: number })[],
    map: ({ total: _total, ...r }) => r as ItemRow,
  });
}

/** 已超期 at the bound `now`: a running stage clock past its due date. */
const overdueSql = sql`(${applications.status} in ${inList(APPLY_CLOCK_STATES)} and ${applications.stageDueAt} < ${bound('now')}::timestamptz)`;

/** Which of the queue's filters are set (its tabs take all but the status). */
type QueueShape = { status: boolean; guide: boolean; enterprise: boolean; overdue: boolean; joint: boolean; keyword: boolean };

/** The queue's filters, the status among them for its page. */
type QueueFilters = ApplyCountsQuery & Pick<ApplyQueueQuery, 'status'>;

const queueShape = (f: QueueFilters): QueueShape => ({
  status: Boolean(f.status),
  guide: Boolean(f.guideId),
  enterprise: Boolean(f.enterpriseId),
  overdue: Boolean(f.overdue),
  joint: Boolean(f.department),
  keyword: Boolean(f.keyword?.trim()),
});

const queueValues = (f: QueueFilters, now: Date) => {
  const keyword = f.keyword?.trim();
  return { status: f.status, guideId: f.guideId, enterpriseId: f.enterpriseId, now: now.toISOString(), department: f.department, pattern: keyword ? likePattern(keyword) : undefined };
};

/**
 * The queue's filters but the status. The keyword is found in the number, the guide's title or the
 * enterprise's name (the names by subqueries: the filters read applications alone); 联审 by the
 * frozen form naming the department (the form versions are few: a subquery, not a join).
 */
const filtersWhere = (s: QueueShape) =>
  and(
    s.guide ? eq(applications.guideId, bound('guideId')) : undefined,
    s.enterprise ? eq(applications.enterpriseId, bound('enterpriseId')) : undefined,
    s.overdue ? overdueSql : undefined,
    s.joint ? sql`${applications.formId} in (select ${applyForms.id} from ${applyForms} where jsonb_exists(${applyForms.body}->'departments', ${bound('department')}::text))` : undefined,
    s.keyword
      ? or(
          ilike(applications.number, bound('pattern')),
          sql`${applications.enterpriseId} in (select ${enterprises.id} from ${enterprises} where ${ilike(enterprises.name, bound('pattern'))})`,
          sql`${applications.guideId} in (select ${guides.id} from ${guides} where ${ilike(guides.title, bound('pattern'))})`,
        )
      : undefined,
  );

const queueStatement = preparedPer((db, shape) => {
  const s = JSON.parse(shape) as QueueShape;
  const where = and(s.status ? eq(applications.status, bound('status')) : undefined, filtersWhere(s));
  const total = sql<number>`(select count(*) from (select 1 from ${applications} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) matches)`.mapWith(Number);
  return listFrom(db, { total })
    .where(where)
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .limit(bound('limit'))
    .offset(bound('offset'))
    .prepare(shapeName('apply_queue', s));
});

/**
 * The queue's page as one statement: the window's rows newest first (a walk of an index, names
 * joined for those rows only), each with the count of at most COUNT_CAP + 1 matches.
 */
export function applicationQueue(db: Db, query: ApplyQueueQuery, now: Date) {
  const statement = queueStatement(db, JSON.stringify(queueShape(query)));
  const values = queueValues(query, now);
  return paginate(query, {
    cap: COUNT_CAP,
    rows: async ({ limit, offset }: PageWindow) => (await statement.execute({ ...values, limit, offset })) as unknown as (ItemRow & { total: number })[],
    map: ({ total: _total, ...r }) => r as ItemRow,
  });
}

/** Narrowed to one guide's or enterprise's rows by an index, the overdue are counted in the grouping; over the whole queue by the stage clock's index, beside it. */
const narrowed = (s: QueueShape) => s.guide || s.enterprise;

const countsStatement = preparedPer((db, shape) => {
  const s = JSON.parse(shape) as QueueShape;
  const late = narrowed(s) ? sql<number>`count(*) filter (where ${overdueSql})` : sql<number>`0`;
  return db
    .select({ status: applications.status, n: count(), late: late.mapWith(Number) })
    .from(applications)
    .where(filtersWhere(s))
    .groupBy(applications.status)
    .prepare(shapeName('apply_counts', s));
});

const overdueStatement = preparedPer((db, shape) => {
  const s = JSON.parse(shape) as QueueShape;
  return db
    .select({ n: count() })
    .from(applications)
    .where(filtersWhere({ ...s, overdue: true }))
    .prepare(shapeName('apply_overdue', s));
});

/**
 * How many applications each status holds under the queue's other filters, and how many of them are
 * overdue: one grouping where the filters narrow the rows to an index's few; otherwise the overdue
 * counted from the stage clock's index at once beside it (a filter on every row of 100,000 cost
 * the grouping three times over).
 */
export async function applicationCounts(db: Db, filters: ApplyCountsQuery, now: Date): Promise<ApplyCounts> {
  const shape = queueShape(filters);
  const values = queueValues(filters, now);
  const [rows, overdue] = await Promise.all([
    countsStatement(db, JSON.stringify(shape)).execute(values),
    narrowed(shape) || shape.overdue ? null : overdueStatement(db, JSON.stringify(shape)).execute(values),
  ]);
  const byStatus: Record<string, number> = Object.fromEntries(APPLY_STATUS_LIST.map((s) => [s, 0]));
  for (const r of rows) byStatus[r.status] = r.n;
  const all = rows.reduce((sum, r) => sum + r.n, 0);
  return { all, overdue: shape.overdue ? all : (overdue?.[0]?.n ?? rows.reduce((sum, r) => sum + r.late, 0)), byStatus };
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
