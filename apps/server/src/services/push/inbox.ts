// An enterprise account's inbox: its own messages only, unread first, newest first.
import { and, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PageOf } from '@hqt/contract/envelope';
import { PUSH_EVENTS, PUSH_MSG, type MessagePageQuery, type PushEvent, type PushMessage } from '@hqt/contract/push';
import type { Db } from '../../db/client';
import { pushMessages } from '../../db/schema/index';
import type { Scope, SignedInCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';

const ownMessages = (scope: Scope) => eq(pushMessages.accountId, scope.accountId);
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const toMessage = (row: typeof pushMessages.$inferSelect): PushMessage => ({
  id: row.id,
  event: row.event,
  eventLabel: PUSH_EVENTS[row.event as PushEvent] ?? row.event,
  guideId: row.guideId,
  title: row.title,
  body: row.body,
  reasons: row.reasons,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export function messagePage(db: Db, ctx: SignedInCtx, query: MessagePageQuery): Promise<PageOf<PushMessage>> {
  const keyword = query.keyword?.trim();
  const filters: (SQL | undefined)[] = [
    ownMessages(ctx.scope),
    query.read === 'unread' ? isNull(pushMessages.readAt) : query.read === 'read' ? isNotNull(pushMessages.readAt) : undefined,
    query.event ? eq(pushMessages.event, query.event) : undefined,
    keyword ? or(ilike(pushMessages.title, `%${escapeLike(keyword)}%`), ilike(pushMessages.body, `%${escapeLike(keyword)}%`)) : undefined,
  ];
  const where = and(...filters);
  return paginate(query, {
    // The order of push_messages_inbox_idx (drizzle writes its DESC as DESC NULLS LAST).
    rows: ({ limit, offset }) =>
      db
        .select({ row: pushMessages, total: totalOver() })
        .from(pushMessages)
        .where(where)
        .orderBy(sql`${pushMessages.accountId}, (${pushMessages.readAt} is null) desc, ${pushMessages.createdAt} desc nulls last, ${pushMessages.id} desc nulls last`)
        .limit(limit)
        .offset(offset),
    count: () => db.$count(pushMessages, where),
    map: ({ row }) => toMessage(row),
  });
}

export const unreadCount = (db: Db, ctx: SignedInCtx) => db.$count(pushMessages, and(ownMessages(ctx.scope), isNull(pushMessages.readAt)));

/** Marks one of the caller's messages read (reading it twice is no error) and answers it. */
export async function readMessage(db: Db, ctx: SignedInCtx, id: number): Promise<PushMessage> {
  const where = and(ownMessages(ctx.scope), eq(pushMessages.id, id));
  const [updated] = await db
    .update(pushMessages)
    .set({ readAt: sql`coalesce(${pushMessages.readAt}, now())` })
    .where(where)
    .returning();
  if (!updated) throw notFound(PUSH_MSG.messageNotFound);
  return toMessage(updated);
}

export async function readAllMessages(db: Db, ctx: SignedInCtx): Promise<number> {
  const updated = await db
    .update(pushMessages)
    .set({ readAt: sql`now()` })
    .where(and(ownMessages(ctx.scope), isNull(pushMessages.readAt)))
    .returning({ id: pushMessages.id });
  return updated.length;
}
