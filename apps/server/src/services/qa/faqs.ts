// 问答知识库's 常见问题 (docs/qa.md): written by staff, each resting on a published policy's clause,
// kept by an owner and reviewed by a date (the list puts those due first); ranked with the clauses.
import { asc, desc, eq, sql } from 'drizzle-orm';
import { QA_FAQ_MSG, type Faq, type FaqInput } from '@hqt/contract/qa';
import { chinaDate } from '@hqt/contract/working-days';
import type { Db } from '../../db/client';
import { accounts, policies } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { qaFaqs } from './schema';

export const QA_AUDIT = { faqSaved: 'qa.faq.saved', faqDeleted: 'qa.faq.deleted' } as const;

const isDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

export async function listFaqs(db: Db, at = new Date()): Promise<Faq[]> {
  const today = chinaDate(at);
  const rows = await db
    .select({ faq: qaFaqs, policyTitle: policies.title, docNo: policies.docNo, owner: accounts.name })
    .from(qaFaqs)
    .innerJoin(policies, eq(policies.id, qaFaqs.policyId))
    .innerJoin(accounts, eq(accounts.id, qaFaqs.ownerId))
    .orderBy(sql`${qaFaqs.reviewOn} <= ${today} desc`, asc(qaFaqs.reviewOn), desc(qaFaqs.updatedAt));
  return rows.map(({ faq: f, policyTitle, docNo, owner }) => ({
    id: f.id,
    question: f.question,
    variants: f.variants,
    answer: f.answer,
    policyId: f.policyId,
    clause: f.clause,
    reviewOn: f.reviewOn,
    policyTitle,
    docNo,
    owner,
    updatedAt: f.updatedAt.toISOString(),
    reviewDue: f.reviewOn <= today,
  }));
}

/** A new 常见问题 (id null) or a rewrite; the one who saves it keeps it. */
export async function saveFaq(db: Db, ctx: SignedInCtx, id: number | null, input: FaqInput): Promise<{ id: number }> {
  if (!isDay(input.reviewOn)) throw badRequest(QA_FAQ_MSG.badDay);
  const values = {
    question: input.question.trim(),
    variants: [...new Set(input.variants.map((v) => v.trim()).filter(Boolean))],
    answer: input.answer.trim(),
    policyId: input.policyId,
    clause: input.clause.trim(),
    reviewOn: input.reviewOn,
    ownerId: ctx.actor.accountId,
  };
  return db.transaction(async (tx) => {
    const [policy] = await tx.select({ status: policies.status }).from(policies).where(eq(policies.id, input.policyId)).for('share');
    if (policy?.status !== 'published') throw badRequest(QA_FAQ_MSG.policyNotPublished);
    let saved: { id: number } | undefined;
    if (id === null) [saved] = await tx.insert(qaFaqs).values(values).returning({ id: qaFaqs.id });
    else [saved] = await tx.update(qaFaqs).set({ ...values, updatedAt: new Date() }).where(eq(qaFaqs.id, id)).returning({ id: qaFaqs.id });
    if (!saved) throw notFound(QA_FAQ_MSG.notFound);
    await audit(tx, ctx, QA_AUDIT.faqSaved, { id: saved.id, question: values.question, variants: values.variants, reviewOn: values.reviewOn });
    return saved;
  });
}

export async function deleteFaq(db: Db, ctx: SignedInCtx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(qaFaqs).where(eq(qaFaqs.id, id)).returning({ question: qaFaqs.question });
    if (!gone) throw notFound(QA_FAQ_MSG.notFound);
    await audit(tx, ctx, QA_AUDIT.faqDeleted, { id, question: gone.question });
  });
}
