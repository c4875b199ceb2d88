// An enterprise account's inbox: its own messages only, unread first, newest first.
import { and, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PageOf } from '@hqt/contract/envelope';
import { PUSH_EVENTS, PUSH_MSG, type MessagePageQuery, type PushEvent, type PushMessage } from '@hqt/contract/push';
import type { Db } from '../../db/client';
import { pushMessages } from '../../db/schema/index';
import type { Scope, SignedInCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { likePattern } from '../../lib/like';

const ownMessages = (scope: Scope) => eq(pushMessages.accountId, scope.accountId);

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

type Read = NonNullable<MessagePageQuery['read']>;
type PageFilters = { read: Read; event: boolean; keyword: boolean };

/** The filters of a page, with each value in its place or as a placeholder for a statement built once. */
function pageWhere(scope: Scope | null, f: PageFilters, values?: { event?: string; pattern?: string }): SQL {
  const v = (name: 'event' | 'pattern') => (values ? values[name]! : sql.placeholder(name));
  return and(
    scope ? ownMessages(scope) : eq(pushMessages.accountId, sql.placeholder('accountId')),
    f.read === 'unread' ? isNull(pushMessages.readAt) : f.read === 'read' ? isNotNull(pushMessages.readAt) : undefined,
    f.event ? eq(pushMessages.event, v('event')) : undefined,
    f.keyword ? or(ilike(pushMessages.title, v('pattern')), ilike(pushMessages.body, v('pattern'))) : undefined,
  )!;
}

/**
 * A page of the inbox, opened on every visit: each shape of filters is built and prepared once per
 * database (named: every plan starts from the account's part of push_messages_inbox_idx).
 */
function preparePage(db: Db, f: PageFilters) {
  return db
    .select({ row: pushMessages, total: totalOver() })
    .from(pushMessages)
    .where(pageWhere(null, f))
    // The order of push_messages_inbox_idx (drizzle writes its DESC as DESC NULLS LAST).
    .orderBy(sql`${pushMessages.accountId}, (${pushMessages.readAt} is null) desc, ${pushMessages.createdAt} desc nulls last, ${pushMessages.id} desc nulls last`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`push_inbox_${f.read || 'all'}${f.event ? '_event' : ''}${f.keyword ? '_keyword' : ''}`);
}
const pageStatements = new WeakMap<Db, Map<string, ReturnType<typeof preparePage>>>();

export function messagePage(db: Db, ctx: SignedInCtx, query: MessagePageQuery): Promise<PageOf<PushMessage>> {
  const keyword = query.keyword?.trim();
  const filters: PageFilters = { read: query.read ?? '', event: Boolean(query.event), keyword: Boolean(keyword) };
  const values = { accountId: ctx.scope.accountId, event: query.event, pattern: keyword ? likePattern(keyword) : undefined };
  let byShape = pageStatements.get(db);
  if (!byShape) pageStatements.set(db, (byShape = new Map()));
  const shape = JSON.stringify(filters);
  const page = byShape.get(shape) ?? preparePage(db, filters);
  byShape.set(shape, page);
  return paginate(query, {
    rows: ({ limit, offset }) => page.execute({ ...values, limit, offset }),
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
