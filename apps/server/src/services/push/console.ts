// 政策推送's results in the staff console: for one guide, each event (published, window opened,
// closing soon), how many accounts it reached, the enterprises they hold and how many read it, and
// whether its fan-out has finished; and the accounts it reached, with their read state.
import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { POLICY_CONSOLE_MSG } from '@hqt/contract/policy-console';
import type { GuidePush, PushRecipientPageQuery, PushRecipientRow } from '@hqt/contract/push-console';
import type { PageOf } from '@hqt/contract/envelope';
import { PUSH_EVENTS, type PushEvent } from '@hqt/contract/push';
import type { Db } from '../../db/client';
import { accounts, enterprises, guides, pushEvents, pushMessages } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { likePattern } from '../../lib/like';

const eventLabel = (event: string) => PUSH_EVENTS[event as PushEvent] ?? event;

async function guideTitle(db: Db, guideId: number): Promise<string> {
  const [guide] = await db.select({ title: guides.title }).from(guides).where(eq(guides.id, guideId));
  if (!guide) throw notFound(POLICY_CONSOLE_MSG.guideNotFound);
  return guide.title;
}

/**
 * Each event of the guide, in the order they happened. `finished` is the event's finished_at, set by
 * the fan-out once every message of the audience is written; `accounts` is the event's message_count,
 * which moves with each batch (so while the job runs it says how far it has got).
 */
export async function guidePush(db: Db, guideId: number): Promise<GuidePush> {
  const title = await guideTitle(db, guideId);
  const { rows } = await db.execute<{ event: string; created_at: string; finished_at: string | null; accounts: number; read: number; enterprises: number }>(sql`
    select e.event, e.created_at, e.finished_at, e.message_count as accounts,
      (select count(*) from ${pushMessages} m
        where m.guide_id = e.guide_id and m.event = e.event and m.read_at is not null)::int as read,
      (select count(*) from ${pushMessages} m join ${enterprises} x on x.account_id = m.account_id and x.deleted_at is null
        where m.guide_id = e.guide_id and m.event = e.event)::int as enterprises
    from ${pushEvents} e where e.guide_id = ${guideId}
    order by e.created_at, e.id`);
  return {
    guideId,
    title,
    events: rows.map((r) => ({
      event: r.event,
      eventLabel: eventLabel(r.event),
      createdAt: new Date(r.created_at).toISOString(),
      finished: r.finished_at !== null,
      finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
      accounts: Number(r.accounts),
      enterprises: Number(r.enterprises),
      read: Number(r.read),
    })),
  };
}

/** The accounts the guide's messages went to: by event, then in the order they were written. */
export async function guidePushRecipients(db: Db, guideId: number, query: PushRecipientPageQuery): Promise<PageOf<PushRecipientRow>> {
  await guideTitle(db, guideId);
  const keyword = query.keyword?.trim();
  const pattern = keyword ? likePattern(keyword) : '';
  const filters: (SQL | undefined)[] = [
    eq(pushMessages.guideId, guideId),
    query.event ? eq(pushMessages.event, query.event) : undefined,
    query.read === 'read' ? isNotNull(pushMessages.readAt) : query.read === 'unread' ? isNull(pushMessages.readAt) : undefined,
    keyword
      ? or(
          ilike(accounts.username, pattern),
          ilike(accounts.name, pattern),
          sql`exists (select 1 from ${enterprises} x where x.account_id = ${pushMessages.accountId} and x.deleted_at is null and x.name ilike ${pattern})`,
        )
      : undefined,
  ];
  const where = and(...filters);
  const held = sql<string[]>`coalesce((select array_agg(x.name order by x.id) from ${enterprises} x where x.account_id = ${pushMessages.accountId} and x.deleted_at is null), '{}')`;
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ message: pushMessages, username: accounts.username, accountName: accounts.name, enterprises: held, total: totalOver() })
        .from(pushMessages)
        .innerJoin(accounts, eq(accounts.id, pushMessages.accountId))
        .where(where)
        .orderBy(asc(pushMessages.event), asc(pushMessages.id))
        .limit(limit)
        .offset(offset),
    map: ({ message: m, username, accountName, enterprises: names }) => ({
      id: m.id,
      event: m.event,
      eventLabel: eventLabel(m.event),
      accountId: m.accountId,
      username,
      accountName,
      enterprises: names,
      reasons: m.reasons,
      read: m.readAt !== null,
      readAt: m.readAt?.toISOString() ?? null,
      sentAt: m.createdAt.toISOString(),
    }),
  });
}
