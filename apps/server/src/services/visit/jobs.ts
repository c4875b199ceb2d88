// 企业走访's scheduled work on the shared job queue (docs/jobs.md), safe to run twice:
//
// - `visit-reminders`, each working morning (09:00 China time): the confirmed visits before the end
//   of the next working day (a visit on a Saturday is told on Friday) — both sides are told, the
//   enterprise's accounts and the visit's staff, once per visit (`reminded_at`, claimed by an
//   update … returning, and the message's dedupe key).
import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import { VISIT_MESSAGE_KINDS, visitConsoleLink, visitPortalLink } from '@hqt/contract/visit';
import { chinaDate, chinaMinute } from '@hqt/contract/working-days';
import type { Jobs } from '../../lib/jobs';
import { CalendarYearMissingError, chinaDayEnd } from '../calendar/public';
import { enterpriseAccounts, notify } from '../message/public';
import { visits, visitStaff } from './schema';
import type { VisitDeps } from './service';


/** Reminds both sides of each confirmed visit due by the end of the next working day; answers how many visits were reminded. */
export async function remindVisits(deps: VisitDeps, now = new Date()): Promise<number> {
  let until: Date;
  try {
    if (!(await deps.calendar.isWorkingDay(now))) return 0;
    until = chinaDayEnd(await deps.calendar.addWorkingDays(now, 1));
  } catch (err) {
    if (err instanceof CalendarYearMissingError) return 0;
    throw err;
  }
  const from = chinaDayEnd(chinaDate(now));
  const due = await deps.db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.status, 'confirmed'), isNull(visits.remindedAt), gte(visits.startsAt, from), lt(visits.startsAt, until)));
  let reminded = 0;
  for (const { id } of due) {
    await deps.db.transaction(async (tx) => {
      // Claims the reminder: a second run (or node) finds it taken.
      const [row] = await tx
        .update(visits)
        .set({ remindedAt: now })
        .where(and(eq(visits.id, id), eq(visits.status, 'confirmed'), isNull(visits.remindedAt)))
        .returning({ enterpriseId: visits.enterpriseId, number: visits.number, subject: visits.subject, startsAt: visits.startsAt, place: visits.place });
      if (!row) return;
      const staff = (await tx.select({ id: visitStaff.accountId }).from(visitStaff).where(eq(visitStaff.visitId, id))).map((r) => r.id);
      const notice = {
        source: 'visit' as const,
        kind: 'visit.reminder',
        title: `${VISIT_MESSAGE_KINDS['visit.reminder']}：${row.subject}`,
        body: `走访编号 ${row.number}\n走访时间：${chinaMinute(row.startsAt!)}\n走访地点：${row.place ?? ''}`,
        dedupeKey: `visit:${id}:reminder`,
      };
      await notify(tx, await enterpriseAccounts(tx, row.enterpriseId), { ...notice, link: visitPortalLink(id) });
      await notify(tx, staff, { ...notice, link: visitConsoleLink(id) });
      reminded += 1;
    });
  }
  return reminded;
}

export function declareVisitJobs(jobs: Jobs, deps: VisitDeps): void {
  jobs.queue({
    name: 'visit-reminders',
    settings: { retryLimit: 3, retryDelay: 60, expireInSeconds: 900, deleteAfterSeconds: 7 * 24 * 3600 },
    // 01:00 UTC is 09:00 in China; remindVisits itself skips days that are not working days.
    run: () => remindVisits(deps),
    schedule: '0 1 * * *',
  });
}
