// An account's inbox (any role): its own messages only, unread first, newest first.
import { and, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PageOf } from '@hqt/contract/envelope';
import { INBOX_MSG, kindLabel, MESSAGE_SOURCES, type InboxMessage, type InboxPageQuery, type MessageSource } from '@hqt/contract/inbox';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/index';
import type { Scope, SignedInCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { likePattern } from '../../lib/like';
import { paginate, totalOver } from '../../lib/paginate';
import { preparedPer } from '../../lib/prepared';

const ownMessages = (scope: Scope) => eq(messages.accountId, scope.accountId);

const toMessage = (row: typeof messages.$inferSelect): InboxMessage => ({
  id: row.id,
  source: row.source,
  sourceLabel: MESSAGE_SOURCES[row.source as MessageSource] ?? row.source,
  kind: row.kind,
  kindLabel: kindLabel(row.kind),
  title: row.title,
  body: row.body,
  link: row.link,
  reasons: row.reasons,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

type Read = NonNullable<InboxPageQuery['read']>;
type PageFilters = { read: Read; source: boolean; kind: boolean; keyword: boolean };
type FilterValues = { source?: string; kind?: string; pattern?: string };

/** The filters of a page, as placeholders: the statement is built once per shape. */
function pageWhere(f: PageFilters): SQL {
  const v = (name: keyof FilterValues) => sql.placeholder(name);
  return and(
    eq(messages.accountId, sql.placeholder('accountId')),
    f.read === 'unread' ? isNull(messages.readAt) : f.read === 'read' ? isNotNull(messages.readAt) : undefined,
    f.source ? eq(messages.source, v('source')) : undefined,
    f.kind ? eq(messages.kind, v('kind')) : undefined,
    f.keyword ? or(ilike(messages.title, v('pattern')), ilike(messages.body, v('pattern'))) : undefined,
  )!;
}

/**
 * A page of the inbox, opened on every visit, prepared per shape of filters (named: every plan
 * starts from the account's part of messages_inbox_idx).
 */
const pageStatement = preparedPer((db, shape) => {
  const f = JSON.parse(shape) as PageFilters;
  return db
    .select({ row: messages, total: totalOver() })
    .from(messages)
    .where(pageWhere(f))
    // The order of messages_inbox_idx (drizzle writes its DESC as DESC NULLS LAST).
    .orderBy(sql`${messages.accountId}, (${messages.readAt} is null) desc, ${messages.createdAt} desc nulls last, ${messages.id} desc nulls last`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`inbox_${f.read || 'all'}${f.source ? '_source' : ''}${f.kind ? '_kind' : ''}${f.keyword ? '_keyword' : ''}`);
});

export function messagePage(db: Db, ctx: SignedInCtx, query: InboxPageQuery): Promise<PageOf<InboxMessage>> {
  const keyword = query.keyword?.trim();
  const filters: PageFilters = { read: query.read ?? '', source: Boolean(query.source), kind: Boolean(query.kind), keyword: Boolean(keyword) };
  const values = { accountId: ctx.scope.accountId, source: query.source, kind: query.kind, pattern: keyword ? likePattern(keyword) : undefined };
  const page = pageStatement(db, JSON.stringify(filters));
  return paginate(query, {
    rows: ({ limit, offset }) => page.execute({ ...values, limit, offset }),
    map: ({ row }) => toMessage(row),
  });
}

/** The badge's count, asked on every page. */
const unreadStatement = preparedPer((db) =>
  db
    .select({ count: count() })
    .from(messages)
    .where(and(eq(messages.accountId, sql.placeholder('accountId')), isNull(messages.readAt)))
    .prepare('inbox_unread_count'),
);

export const unreadCount = async (db: Db, ctx: SignedInCtx) => (await unreadStatement(db).execute({ accountId: ctx.scope.accountId }))[0]!.count;

/** Marks one of the caller's messages read (reading it twice is no error) and answers it. */
export async function readMessage(db: Db, ctx: SignedInCtx, id: number): Promise<InboxMessage> {
  const [updated] = await db
    .update(messages)
    .set({ readAt: sql`coalesce(${messages.readAt}, now())` })
    .where(and(ownMessages(ctx.scope), eq(messages.id, id)))
    .returning();
  if (!updated) throw notFound(INBOX_MSG.notFound);
  return toMessage(updated);
}

export async function readAllMessages(db: Db, ctx: SignedInCtx): Promise<number> {
  const updated = await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(ownMessages(ctx.scope), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return updated.length;
}
