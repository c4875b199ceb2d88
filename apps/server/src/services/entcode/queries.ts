// Reading codes: by the code a person typed or scanned, an account's enterprises' codes, the
// console's list with its scan counts, and the scans per day.
import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Assessments } from '@hqt/contract/calculator-engine';
import { ENTCODE_VIEWER_LIST, formatCode, normalizeCode, type EntcodeViewer } from '@hqt/contract/entcode';
import { entcodeStatusLabel, type EntcodePageQuery, type EntcodeRow, type EntcodeScans } from '@hqt/contract/entcode-console';
import type { PageOf } from '@hqt/contract/envelope';
import { chinaDate } from '@hqt/contract/working-days';
import type { DbOrTx } from '../../db/client';
import { enterprises, evaluations } from '../../db/schema/index';
import { likePattern } from '../../lib/like';
import { paginate, totalOver } from '../../lib/paginate';
import { enterpriseCodeScans, enterpriseCodes } from './schema';

const DAY_MS = 86_400_000;

/** The live enterprise a code belongs to: its row, while it is not deleted and still holds the credit code. */
const holderJoin = and(eq(enterprises.id, enterpriseCodes.enterpriseId), eq(enterprises.creditCode, enterpriseCodes.creditCode), isNull(enterprises.deletedAt));

/** A code by its symbols, with its live enterprise (null when the enterprise is gone). */
export async function findByCode(db: DbOrTx, code: string) {
  const [row] = await db.select({ code: enterpriseCodes, enterprise: enterprises }).from(enterpriseCodes).leftJoin(enterprises, holderJoin).where(eq(enterpriseCodes.code, code));
  return row ?? null;
}

/**
 * The current code of each credit code named: its live one, else the newest that was not replaced
 * (a revoked code). Keyed by credit code.
 */
export async function currentCodes(db: DbOrTx, creditCodes: string[]) {
  if (!creditCodes.length) return new Map<string, typeof enterpriseCodes.$inferSelect>();
  const rows = await db
    .selectDistinctOn([enterpriseCodes.creditCode])
    .from(enterpriseCodes)
    .where(and(inArray(enterpriseCodes.creditCode, creditCodes), sql`${enterpriseCodes.status} <> 'replaced'`))
    .orderBy(enterpriseCodes.creditCode, sql`${enterpriseCodes.status} in ('active', 'frozen') desc`, desc(enterpriseCodes.id));
  return new Map(rows.map((r) => [r.creditCode, r]));
}

/** Counts one scan: which code, by whom, now. Nothing of the client (its address) is kept. */
export async function recordScan(db: DbOrTx, codeId: number, viewer: EntcodeViewer, at = new Date()): Promise<void> {
  await db.insert(enterpriseCodeScans).values({ codeId, viewer, at });
}

const scansSince = (days: number) =>
  sql<number>`(select count(*) from ${enterpriseCodeScans} s where s.code_id = ${enterpriseCodes.id} and s.at >= now() - make_interval(days => ${days}))`.mapWith(Number);
const lastScan = sql<Date | null>`(select max(s.at) from ${enterpriseCodeScans} s where s.code_id = ${enterpriseCodes.id})`.mapWith((v: string | Date | null) =>
  v === null ? null : new Date(v),
);

const rowColumns = {
  id: enterpriseCodes.id,
  code: enterpriseCodes.code,
  creditCode: enterpriseCodes.creditCode,
  enterpriseId: enterpriseCodes.enterpriseId,
  enterpriseName: enterprises.name,
  enterpriseDeletedAt: enterprises.deletedAt,
  status: enterpriseCodes.status,
  reason: enterpriseCodes.reason,
  replacedBy: enterpriseCodes.replacedBy,
  createdAt: enterpriseCodes.createdAt,
  scans7: scansSince(7),
  scans30: scansSince(30),
  lastScanAt: lastScan,
};
interface RowData {
  id: number;
  code: string;
  creditCode: string;
  enterpriseId: number;
  enterpriseName: string;
  enterpriseDeletedAt: Date | null;
  status: string;
  createdAt: Date;
  scans7: number;
  scans30: number;
  lastScanAt: Date | null;
}

export const toRow = (r: RowData): EntcodeRow => ({
  id: r.id,
  code: r.code,
  display: formatCode(r.code),
  creditCode: r.creditCode,
  enterpriseId: r.enterpriseId,
  enterpriseName: r.enterpriseName,
  enterpriseDeleted: r.enterpriseDeletedAt !== null,
  status: r.status,
  statusLabel: entcodeStatusLabel(r.status),
  scans7: r.scans7,
  scans30: r.scans30,
  lastScanAt: r.lastScanAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Over the code (as typed: ABCDE-FGHJK finds it), the enterprise's name and credit code. */
function keywordWhere(keyword: string | undefined) {
  const k = keyword?.trim();
  if (!k) return undefined;
  const pattern = likePattern(k);
  return or(ilike(enterprises.name, pattern), ilike(enterpriseCodes.creditCode, pattern), ilike(enterpriseCodes.code, likePattern(normalizeCode(k))));
}

/** The console's list, newest first: every code with its enterprise (deleted ones too) and its scans. */
export function codePage(db: DbOrTx, query: EntcodePageQuery): Promise<PageOf<EntcodeRow>> {
  const where = and(query.status ? eq(enterpriseCodes.status, query.status) : undefined, keywordWhere(query.keyword));
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ ...rowColumns, total: totalOver() })
        .from(enterpriseCodes)
        .innerJoin(enterprises, eq(enterprises.id, enterpriseCodes.enterpriseId))
        .where(where)
        .orderBy(desc(enterpriseCodes.createdAt), desc(enterpriseCodes.id))
        .limit(limit)
        .offset(offset),
    map: (r) => toRow(r),
  });
}

/** One code as the console's list shows it, with its reason and successor. */
export async function codeRow(db: DbOrTx, id: number) {
  const [row] = await db.select(rowColumns).from(enterpriseCodes).innerJoin(enterprises, eq(enterprises.id, enterpriseCodes.enterpriseId)).where(eq(enterpriseCodes.id, id));
  return row ?? null;
}

/** How often a code was looked up, by whom. */
export async function scansByViewer(db: DbOrTx, codeId: number): Promise<Record<EntcodeViewer, number>> {
  const rows = await db
    .select({ viewer: enterpriseCodeScans.viewer, n: sql<number>`count(*)`.mapWith(Number) })
    .from(enterpriseCodeScans)
    .where(eq(enterpriseCodeScans.codeId, codeId))
    .groupBy(enterpriseCodeScans.viewer);
  const counts = Object.fromEntries(ENTCODE_VIEWER_LIST.map((v) => [v, 0])) as Record<EntcodeViewer, number>;
  for (const r of rows) counts[r.viewer as EntcodeViewer] = r.n;
  return counts;
}

/** Scans of every code per China day, the last `days` days up to today, oldest first, every day present. */
export async function scansPerDay(db: DbOrTx, days: number, now = new Date()): Promise<EntcodeScans> {
  const today = chinaDate(now);
  const first = chinaDate(new Date(now.getTime() - (days - 1) * DAY_MS));
  const rows = await db.execute<{ day: string; viewer: string; n: string }>(sql`
    select to_char(${enterpriseCodeScans.at} at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, ${enterpriseCodeScans.viewer} as viewer, count(*) as n
    from ${enterpriseCodeScans}
    where ${enterpriseCodeScans.at} >= (${first}::date)::timestamp at time zone 'Asia/Shanghai'
    group by 1, 2`);
  const byDay = new Map<string, Record<EntcodeViewer, number>>();
  for (let i = days - 1; i >= 0; i--) byDay.set(chinaDate(new Date(now.getTime() - i * DAY_MS)), { visitor: 0, owner: 0, staff: 0 });
  for (const r of rows.rows) {
    const day = byDay.get(r.day);
    if (day && r.day <= today) day[r.viewer as EntcodeViewer] = Number(r.n);
  }
  return [...byDay].map(([day, c]) => ({ day, ...c, total: c.visitor + c.owner + c.staff }));
}

/** Eligible guides listed from a saved 测算. */
const EVALUATION_GUIDES = 10;

/** The enterprise's latest saved 测算 (not a what-if), with the guides it 符合 (most valuable first). */
export async function latestEvaluation(db: DbOrTx, enterpriseId: number) {
  const [row] = await db
    .select({ id: evaluations.id, evaluatedAt: evaluations.evaluatedAt, eligible: evaluations.eligible, amount: evaluations.amount, guides: evaluations.guides, evaluation: evaluations.evaluation })
    .from(evaluations)
    .where(and(eq(evaluations.enterpriseId, enterpriseId), eq(evaluations.whatIf, false)))
    .orderBy(desc(evaluations.evaluatedAt), desc(evaluations.id))
    .limit(1);
  if (!row) return null;
  const results = (row.evaluation as Assessments).results;
  const titles = new Map(row.guides.map((g) => [g.id, g.title]));
  const guides = results
    .filter((r) => r.verdict === 'eligible')
    .map((r) => ({ id: r.guideId, title: titles.get(r.guideId) ?? '', amount: r.amount }))
    .sort((a, b) => (b.amount ?? -1) - (a.amount ?? -1))
    .slice(0, EVALUATION_GUIDES);
  return { id: row.id, evaluatedAt: row.evaluatedAt.toISOString(), eligible: row.eligible, amount: row.amount, guides };
}
