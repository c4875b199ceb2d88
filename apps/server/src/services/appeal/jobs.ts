// 企业诉求's scheduled work on the shared job queue (docs/jobs.md), each safe to run twice:
//
// - `appeal-ratings`, hourly: three days after a reply without a rating the enterprise is invited to
//   rate it (once per reply: `rate_invited_at`, and the message's dedupe key). Fifteen days after it
//   the appeal closes as 未评价: APPEAL_FLOW's timer, taken by the flows' one job (lib/flow-timers.ts).
// - `appeal-due`, each working morning (09:00 China time): the handlers of open appeals due within
//   APPEAL_DUE_SOON_DAYS working days, or overdue, are told (once per appeal and day).
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  APPEAL_DUE_SOON_DAYS,
  APPEAL_KIND,
  APPEAL_MESSAGE_KINDS,
  APPEAL_OPEN_STATES,
  APPEAL_RATE_INVITE_DAYS,
  appealPortalLink,
} from '@hqt/contract/appeal';
import { appealConsoleLink } from '@hqt/contract/appeal-console';
import { chinaDate } from '@hqt/contract/working-days';
import type { Jobs } from '../../lib/jobs';
import { CalendarYearMissingError, chinaDayEnd } from '../calendar/public';
import { enterpriseAccounts, notify } from '../message/public';
import { appeals } from './schema';
import type { AppealDeps } from './service';

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Invites the enterprise to rate each reply left unrated for three days; answers how many were invited. */
export async function inviteRatings({ db }: AppealDeps, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: appeals.id })
    .from(appeals)
    .where(and(eq(appeals.status, 'replied'), isNull(appeals.rateInvitedAt), lte(appeals.repliedAt, daysBefore(now, APPEAL_RATE_INVITE_DAYS))));
  let invited = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      // Claims the invitation: a second run (or node) finds it taken.
      const [row] = await tx
        .update(appeals)
        .set({ rateInvitedAt: now })
        .where(and(eq(appeals.id, id), eq(appeals.status, 'replied'), isNull(appeals.rateInvitedAt)))
        .returning({ enterpriseId: appeals.enterpriseId, number: appeals.number, title: appeals.title, repliedAt: appeals.repliedAt });
      if (!row) return;
      await notify(tx, await enterpriseAccounts(tx, row.enterpriseId), {
        source: 'appeal',
        kind: 'appeal.rate-invite',
        title: `${APPEAL_MESSAGE_KINDS['appeal.rate-invite']}：${row.title}`,
        body: `诉求编号 ${row.number} 已答复，请对办理结果进行评价`,
        link: appealPortalLink(id),
        dedupeKey: `appeal:${id}:rate-invite:${row.repliedAt!.getTime()}`,
      });
      invited += 1;
    });
  }
  return invited;
}

/** Tells handlers of their open appeals due within two working days or overdue; answers how many notices went out. */
export async function flagDue(deps: AppealDeps, now = new Date()): Promise<number> {
  let horizon: Date;
  try {
    if (!(await deps.calendar.isWorkingDay(now))) return 0;
    horizon = chinaDayEnd(await deps.calendar.addWorkingDays(now, APPEAL_DUE_SOON_DAYS));
  } catch (err) {
    if (err instanceof CalendarYearMissingError) return 0;
    throw err;
  }
  const rows = await deps.db
    .select({ id: appeals.id, number: appeals.number, title: appeals.title, dueAt: appeals.dueAt, handlerId: appeals.handlerId })
    .from(appeals)
    .where(and(sql`${appeals.status} in ${sql.raw(`(${APPEAL_OPEN_STATES.map((s) => `'${s}'`).join(', ')})`)}`, isNotNull(appeals.handlerId), lte(appeals.dueAt, horizon)))
    // The most pressing first, so a handler's messages read in that order.
    .orderBy(asc(appeals.dueAt), asc(appeals.id));
  const today = chinaDate(now);
  let told = 0;
  for (const row of rows) {
    const overdue = row.dueAt!.getTime() < now.getTime();
    const added = await deps.db.transaction((tx) =>
      notify(tx, [row.handlerId!], {
        source: 'appeal',
        kind: 'appeal.due',
        title: `${overdue ? '诉求已超期' : '诉求即将到期'}：${row.title}`,
        body: `诉求编号 ${row.number}，办理期限 ${chinaDate(row.dueAt!)}`,
        link: appealConsoleLink(row.id),
        dedupeKey: `${APPEAL_KIND}:${row.id}:due:${today}`,
      }),
    );
    told += added.length;
  }
  return told;
}

export function declareAppealJobs(jobs: Jobs, deps: AppealDeps): void {
  jobs.queue({
    name: 'appeal-ratings',
    settings: { retryLimit: 3, retryDelay: 60, expireInSeconds: 900, deleteAfterSeconds: 7 * 24 * 3600 },
    run: async () => ({ invited: await inviteRatings(deps) }),
    schedule: '0 * * * *',
    atStart: true,
  });
  jobs.queue({
    name: 'appeal-due',
    settings: { retryLimit: 3, retryDelay: 60, expireInSeconds: 900, deleteAfterSeconds: 7 * 24 * 3600 },
    // 01:00 UTC is 09:00 in China; flagDue itself skips days that are not working days.
    run: () => flagDue(deps),
    schedule: '0 1 * * *',
  });
}
