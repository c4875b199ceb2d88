// 政策推送's results in the staff console: for one guide, each event (published, window opened,
// closing soon), how many accounts it reached, the enterprises they hold and how many read it, and
// whether its fan-out has finished; and the accounts it reached, with their read state.
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { POLICY_CONSOLE_MSG } from '@hqt/contract/policy-console';
import type { GuidePush, PushRecipientPageQuery, PushRecipientRow } from '@hqt/contract/push-console';
import type { PageOf } from '@hqt/contract/envelope';
import { PUSH_EVENT_LIST, PUSH_EVENTS, pushMessageKey, type PushEvent } from '@hqt/contract/push';
import type { Db } from '../../db/client';
import { accounts, enterprises, guides, messages, pushEvents } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { likePattern } from '../../lib/like';

const eventLabel = (event: string) => PUSH_EVENTS[event as PushEvent] ?? event;
/** A guide's messages are the message centre's with its events' dedupe keys (messages_dedupe_account_key, key first). */
const ofEvent = sql`'guide:' || e.guide_id || ':' || e.event`;
/** The event a message announces, from its kind (`push.<event>`). */
const eventOf = (kind: string) => kind.slice('push.'.length);

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
      (select count(*) from ${messages} m where m.dedupe_key = ${ofEvent} and m.read_at is not null)::int as read,
      (select count(*) from ${messages} m join ${enterprises} x on x.account_id = m.account_id and x.deleted_at is null
        where m.dedupe_key = ${ofEvent})::int as enterprises
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
    inArray(messages.dedupeKey, (query.event ? [query.event] : PUSH_EVENT_LIST).map((event) => pushMessageKey(guideId, event))),
    query.read === 'read' ? isNotNull(messages.readAt) : query.read === 'unread' ? isNull(messages.readAt) : undefined,
    keyword
      ? or(
          ilike(accounts.username, pattern),
          ilike(accounts.name, pattern),
          sql`exists (select 1 from ${enterprises} x where x.account_id = ${messages.accountId} and x.deleted_at is null and x.name ilike ${pattern})`,
        )
      : undefined,
  ];
  const where = and(...filters);
  const held = sql<string[]>`coalesce((select array_agg(x.name order by x.id) from ${enterprises} x where x.account_id = ${messages.accountId} and x.deleted_at is null), '{}')`;
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ message: messages, username: accounts.username, accountName: accounts.name, enterprises: held, total: totalOver() })
        .from(messages)
        .innerJoin(accounts, eq(accounts.id, messages.accountId))
        .where(where)
        .orderBy(asc(messages.kind), asc(messages.id))
        .limit(limit)
        .offset(offset),
    map: ({ message: m, username, accountName, enterprises: names }) => ({
      id: m.id,
      event: eventOf(m.kind),
      eventLabel: eventLabel(eventOf(m.kind)),
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
