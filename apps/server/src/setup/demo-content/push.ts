// The demo account's 政策推送: what it follows, and the messages its follows brought so far (the
// newest published guides paying 资金补助), the oldest already read.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { guides, messages, policies, pushEvents, pushSubscriptions } from '../../db/schema/index';
import { guideNotice } from '../../services/push/fan-out';

export async function seedPushDemo(tx: DbOrTx, accountId: number): Promise<void> {
  await tx.insert(pushSubscriptions).values([
    { accountId, kind: 'qualified', value: '', label: '符合我企业条件的政策' },
    { accountId, kind: 'supportType', value: 'subsidy', label: '资金补助' },
    { accountId, kind: 'keyword', value: '研发', label: '研发' },
  ]);
  const recent = await tx
    .select({ id: guides.id, title: guides.title, windowStart: guides.windowStart, windowEnd: guides.windowEnd })
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(and(eq(guides.status, 'published'), eq(policies.status, 'published'), eq(guides.supportType, 'subsidy'), sql`${guides.windowEnd} > now()`))
    .orderBy(desc(guides.publishedAt), desc(guides.id))
    .limit(3);
  for (const [i, g] of recent.entries()) {
    await tx.insert(pushEvents).values({ guideId: g.id, event: 'published', finishedAt: new Date(), messageCount: 1 });
    await tx.insert(messages).values({
      accountId,
      ...guideNotice('published', { ...g, guideId: g.id }),
      reasons: ['订阅扶持方式「资金补助」'],
      readAt: i === recent.length - 1 ? new Date() : null,
      createdAt: new Date(Date.now() - (i + 1) * 3600_000),
    });
  }
}
