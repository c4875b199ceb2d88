// One event (a guide published, its window open, its window closing soon) becomes one message per
// account in its audience: the accounts whose subscriptions cover the guide, and the accounts that
// follow "符合我企业条件的政策" with an enterprise the guide admits (the calculator's reverse list).
//
// Run as a job (jobs.ts), possibly twice (a retry after a node died, two nodes racing): messages are
// written through the message centre in batches, one transaction each, deduplicated per account,
// guide and event, so a rerun adds exactly the missing ones; the hub tells only of committed ones.
import { eq, sql } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { dateOf } from '@hqt/contract/calculator-engine';
import { pushMessageKey, pushMessageKind, SUBSCRIPTION_KINDS, type PushEvent } from '@hqt/contract/push';
import { guidePortalLink } from '@hqt/contract/policy-links';
import type { Db } from '../../db/client';
import { guides, policies, pushEvents } from '../../db/schema/index';
import { qualifiedEnterprises, type EnterpriseFactsStore } from '../calculator/public';
import { notify, type Notice, type Recipient } from '../message/public';

export interface FanOutDeps {
  db: Db;
  facts: EnterpriseFactsStore;
  /** Messages per transaction. */
  batchSize: number;
}

async function loadEvent(db: Db, eventId: number) {
  const [row] = await db
    .select({
      event: pushEvents.event,
      finishedAt: pushEvents.finishedAt,
      guideId: guides.id,
      title: guides.title,
      summary: guides.summary,
      supportType: guides.supportType,
      industries: guides.industries,
      windowStart: guides.windowStart,
      windowEnd: guides.windowEnd,
      visible: sql<boolean>`${guides.status} = 'published' and ${policies.status} = 'published'`,
      department: policies.department,
      policyTitle: policies.title,
    })
    .from(pushEvents)
    .innerJoin(guides, eq(guides.id, pushEvents.guideId))
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(eq(pushEvents.id, eventId));
  return row;
}
type EventRow = NonNullable<Awaited<ReturnType<typeof loadEvent>>>;

/** The message's words, fixed when it is made (a later edit of the guide does not rewrite the inbox). */
export function messageBody(event: PushEvent, g: Pick<EventRow, 'title' | 'windowStart' | 'windowEnd'>): string {
  const start = dateOf(g.windowStart);
  const end = dateOf(g.windowEnd);
  switch (event) {
    case 'published':
      return `「${g.title}」已发布，申报时间 ${start} 至 ${end}。`;
    case 'opened':
      return `「${g.title}」已开始申报，截止日期 ${end}。`;
    case 'closing':
      return `「${g.title}」将于 ${end} 截止申报，请抓紧办理。`;
  }
}

/** The notice of one guide's event, the same for every account of its audience. */
export function guideNotice(event: PushEvent, g: { guideId: number; title: string; windowStart: Date; windowEnd: Date }): Notice {
  return {
    source: 'policy',
    kind: pushMessageKind(event),
    title: g.title,
    body: messageBody(event, g),
    link: guidePortalLink(g.guideId),
    dedupeKey: pushMessageKey(g.guideId, event),
  };
}

const LIVE_ENTERPRISE = sql`a.role_id = ${ROLES.enterprise.id} and not a.disabled`;
/** The live enterprise accounts that follow 'qualified'. */
const QUALIFIED_FOLLOWERS = sql`select s.account_id from push_subscriptions s join accounts a on a.id = s.account_id where s.kind = 'qualified' and ${LIVE_ENTERPRISE}`;

/**
 * Each account of the audience with why it gets the message (its subscriptions in the order made,
 * then 符合条件), in account order. PostgreSQL matches the subscriptions and words their reasons,
 * one row per account; the 'qualified' followers are the calculator's reverse list (the facts in
 * memory) that PostgreSQL finds following it.
 */
async function audienceOf(deps: FanOutDeps, g: EventRow): Promise<Recipient[]> {
  const { db } = deps;
  const text = `${g.title} ${g.summary} ${g.policyTitle}`.toLowerCase();
  const kinds = sql.join(
    Object.entries(SUBSCRIPTION_KINDS).map(([kind, label]) => sql`(${kind}, ${label})`),
    sql`, `,
  );
  const { rows: subscribed } = await db.execute<{ account_id: number; reasons: string[] }>(sql`
    select s.account_id, array_agg('订阅' || k.label || '「' || s.label || '」' order by s.id) as reasons
    from push_subscriptions s join accounts a on a.id = s.account_id join (values ${kinds}) as k(kind, label) on k.kind = s.kind
    where ${LIVE_ENTERPRISE} and (
         (s.kind = 'supportType' and s.value = ${g.supportType})
      -- A guide that lists no industry is open to every industry: every industry's followers hear of it.
      or (s.kind = 'industry' and (cardinality(${sql.param(g.industries)}::text[]) = 0 or s.value = any(${sql.param(g.industries)}::text[])))
      or (s.kind = 'department' and s.value = ${g.department})
      or (s.kind = 'keyword' and strpos(${text}, s.value) > 0)
      or (s.kind = 'topic' and s.value in (
            select tg.topic_id::text from topic_guides tg join topics t on t.id = tg.topic_id
            where tg.guide_id = ${g.guideId} and t.status = 'published')))
    group by s.account_id
    order by s.account_id`);

  // The calculator's reverse list, only when some account follows it.
  const qualified: { accountId: number; reason: string }[] = [];
  const { rows: followed } = await db.execute<{ any: boolean }>(sql`select exists (${QUALIFIED_FOLLOWERS}) as any`);
  if (followed[0]?.any) {
    const names = new Map<number, string[]>();
    for (const { enterprise } of (await qualifiedEnterprises(db, deps.facts, g.guideId)).list) {
      const list = names.get(enterprise.accountId);
      if (list) list.push(enterprise.name);
      else names.set(enterprise.accountId, [enterprise.name]);
    }
    const { rows } = await db.execute<{ ids: number[] | null }>(sql`
      select array_agg(x.account_id order by x.account_id) as ids
      from unnest(${sql.param([...names.keys()])}::int[]) as x(account_id) where x.account_id in (${QUALIFIED_FOLLOWERS})`);
    for (const accountId of rows[0]?.ids ?? []) {
      const list = names.get(accountId)!;
      qualified.push({ accountId, reason: `符合条件：${list.slice(0, 3).join('、')}${list.length > 3 ? ` 等 ${list.length} 家企业` : ''}` });
    }
  }

  // Both lists ascend by account: merged, an account in both has both reasons.
  const audience: Recipient[] = [];
  let q = 0;
  for (const { account_id: accountId, reasons } of subscribed) {
    for (; q < qualified.length && qualified[q]!.accountId < accountId; q++) audience.push({ accountId: qualified[q]!.accountId, reasons: [qualified[q]!.reason] });
    if (qualified[q]?.accountId === accountId) reasons.push(qualified[q++]!.reason);
    audience.push({ accountId, reasons });
  }
  for (; q < qualified.length; q++) audience.push({ accountId: qualified[q]!.accountId, reasons: [qualified[q]!.reason] });
  return audience;
}

/** Persists the event's messages (the missing ones) and announces them; answers how many it added. */
export async function fanOut(deps: FanOutDeps, eventId: number): Promise<number> {
  const { db } = deps;
  const g = await loadEvent(db, eventId);
  if (!g || g.finishedAt) return 0; // the guide was deleted, or a rerun after the work was done
  const event = g.event as PushEvent;
  let added = 0;
  // A guide withdrawn before its job ran tells no one.
  if (g.visible) {
    const audience = await audienceOf(deps, g);
    const notice = guideNotice(event, g);
    for (let i = 0; i < audience.length; i += deps.batchSize) {
      const batch = audience.slice(i, i + deps.batchSize);
      // The event's count moves in the same transaction as its rows, so reruns keep it exact.
      added += await db.transaction(async (tx) => {
        const { length } = await notify(tx, batch, notice);
        await tx.update(pushEvents).set({ messageCount: sql`${pushEvents.messageCount} + ${length}` }).where(eq(pushEvents.id, eventId));
        return length;
      });
    }
  }
  await db.update(pushEvents).set({ finishedAt: sql`now()` }).where(eq(pushEvents.id, eventId));
  return added;
}
