// An enterprise account's subscriptions (spec §7: savesubscribe, getsubscribepage, cancelsubscribe).
// One row per thing followed; every read and write goes through the caller's account.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import type { DictType } from '@hqt/contract/policy';
import { KEYWORD_LENGTH, MAX_SUBSCRIPTIONS, PUSH_MSG, SUBSCRIPTION_KINDS, type Subscription, type SubscriptionBody, type SubscriptionKind } from '@hqt/contract/push';
import type { Db } from '../../db/client';
import { pushSubscriptions, topics } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { Scope, SignedInCtx } from '../../lib/ctx';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { dictCode, dictLabel, type DictionaryStore } from '../dict/public';

export interface SubscriptionDeps {
  db: Db;
  dicts: DictionaryStore;
}

/** Following something and no longer following it are in the audit log (docs/audit.md). */
export const PUSH_AUDIT = { subscribed: 'subscription.created', cancelled: 'subscription.cancelled' } as const;

/** The audit detail of a subscription: what is followed, in words. */
const detailOf = (row: typeof pushSubscriptions.$inferSelect) => ({ subscriptionId: row.id, kind: SUBSCRIPTION_KINDS[row.kind as SubscriptionKind] ?? row.kind, followed: row.label });

const ownSubscriptions = (scope: Scope) => eq(pushSubscriptions.accountId, scope.accountId);

/** Kinds whose value is a dictionary code, and the dictionary. */
const DICT_KINDS: Partial<Record<SubscriptionKind, DictType>> = { supportType: 'supportType', industry: 'industry', department: 'department' };

/** Checks the value for its kind and answers it as stored, with its label in words. */
async function resolveValue({ db, dicts: store }: SubscriptionDeps, { kind, value }: SubscriptionBody): Promise<{ value: string; label: string }> {
  const raw = value.trim();
  const dictType = DICT_KINDS[kind];
  if (dictType) {
    const dicts = await store.all();
    const code = dictCode(dicts, dictType, raw);
    if (!code) throw badRequest(`请选择${SUBSCRIPTION_KINDS[kind]}`);
    return { value: code, label: dictLabel(dicts, dictType, code) };
  }
  switch (kind) {
    case 'qualified':
      return { value: '', label: SUBSCRIPTION_KINDS.qualified };
    case 'keyword': {
      const keyword = raw.replace(/\s+/g, ' ');
      // Control characters would make a label no one can read (and separate reasons in fan-out.ts).
      // eslint-disable-next-line no-control-regex
      if ([...keyword].length < KEYWORD_LENGTH.min || [...keyword].length > KEYWORD_LENGTH.max || /[\u0000-\u001f\u007f]/.test(keyword)) {
        throw badRequest(PUSH_MSG.keywordLength);
      }
      return { value: keyword.toLowerCase(), label: keyword };
    }
    case 'topic': {
      const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
      const [topic] = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await db.select({ title: topics.title }).from(topics).where(and(eq(topics.id, id), eq(topics.status, 'published'))) : [];
      if (!topic) throw badRequest(PUSH_MSG.topicNotFound);
      return { value: String(id), label: topic.title };
    }
    default:
      throw badRequest('订阅类型不正确');
  }
}

const toSubscription = (row: typeof pushSubscriptions.$inferSelect): Subscription => ({
  id: row.id,
  kind: row.kind,
  kindLabel: SUBSCRIPTION_KINDS[row.kind as SubscriptionKind] ?? row.kind,
  value: row.value,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

export async function saveSubscription(deps: SubscriptionDeps, ctx: SignedInCtx, body: SubscriptionBody): Promise<Subscription> {
  const { value, label } = await resolveValue(deps, body);
  return deps.db.transaction(async (tx) => {
    // The account's row serialises its subscribers: two at once cannot both pass the limit.
    await tx.execute(sql`select 1 from accounts where id = ${ctx.scope.accountId} for update`);
    const [{ n }] = (await tx.select({ n: count() }).from(pushSubscriptions).where(ownSubscriptions(ctx.scope))) as [{ n: number }];
    if (n >= MAX_SUBSCRIPTIONS) throw badRequest(PUSH_MSG.tooMany);
    try {
      const [row] = await tx.insert(pushSubscriptions).values({ accountId: ctx.scope.accountId, kind: body.kind, value, label }).returning();
      await audit(tx, ctx, PUSH_AUDIT.subscribed, detailOf(row!));
      return toSubscription(row!);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(PUSH_MSG.alreadySubscribed);
      throw err;
    }
  });
}

export function subscriptionPage(db: Db, ctx: SignedInCtx, query: PageQuery): Promise<PageOf<Subscription>> {
  const where = ownSubscriptions(ctx.scope);
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db.select({ row: pushSubscriptions, total: totalOver() }).from(pushSubscriptions).where(where).orderBy(asc(pushSubscriptions.id)).limit(limit).offset(offset),
    map: ({ row }) => toSubscription(row),
  });
}

/** Another account's id, or one already cancelled, is not found: nothing tells them apart. */
export async function cancelSubscription(db: Db, ctx: SignedInCtx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(pushSubscriptions)
      .where(and(ownSubscriptions(ctx.scope), eq(pushSubscriptions.id, id)))
      .returning();
    if (!deleted) throw notFound(PUSH_MSG.subscriptionNotFound);
    await audit(tx, ctx, PUSH_AUDIT.cancelled, detailOf(deleted));
  });
}
