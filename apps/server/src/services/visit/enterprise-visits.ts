// An enterprise's visits as staff's record of it shows them (composed in compose/enterprise-record.ts).
import { desc, eq } from 'drizzle-orm';
import { VISIT_FLOW, type VisitStatus } from '@hqt/contract/visit';
import type { DbOrTx } from '../../db/client';
import { totalOver } from '../../lib/paginate';
import { visits } from './schema';

/** An enterprise's latest visits (staff's record of it, 企业赋码), newest first, and how many it has had. */
export async function visitsOfEnterprise(db: DbOrTx, enterpriseId: number, limit: number) {
  const rows = await db
    .select({ id: visits.id, number: visits.number, subject: visits.subject, status: visits.status, startsAt: visits.startsAt, total: totalOver() })
    .from(visits)
    .where(eq(visits.enterpriseId, enterpriseId))
    .orderBy(desc(visits.createdAt), desc(visits.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map((r) => ({ id: r.id, number: r.number ?? '', subject: r.subject, status: r.status, statusLabel: VISIT_FLOW.states[r.status as VisitStatus] ?? r.status, startsAt: r.startsAt?.toISOString() ?? null })),
  };
}
