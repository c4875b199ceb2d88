// An enterprise's visits as another service shows them (企业赋码's staff record). Apart from
// queries.ts, which reads appeals: what services/visit/public.ts exports must not import the appeal
// service, whose schema imports this service's table (a module cycle at load).
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
