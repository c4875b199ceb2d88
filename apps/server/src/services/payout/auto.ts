// 免申即享 (docs/payout.md): for a published guide of that mode within its window, the calculator's
// reverse list names the enterprises the data prove eligible; each gets an offer (OFFER_FLOW) and
// the message 「您符合《…》，预计可享 X 万元，请确认」, is reminded after OFFER_REMIND_DAYS working
// days, and answers: 确认享受 (its 对公账户 and, where the guide's form declares one, the 承诺书) files
// the application at 拟支持 — no form, no material — or 放弃享受; unanswered, the offer expires at the
// window's end (its timer). Staff move confirmed ones on to 公示, or straight to 待拨付.
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { APPLY_FLOW, APPLY_KIND, APPLY_NUMBER_PREFIX, type ApplyFormBody } from '@hqt/contract/apply';
import { AUTO_MODE } from '@hqt/contract/calculator-engine';
import type { PageOf } from '@hqt/contract/envelope';
import {
  OFFER_FLOW,
  OFFER_KIND,
  OFFER_REMIND_DAYS,
  PAYOUT_MSG,
  offerPortalLink,
  type Offer,
  type OfferQuery,
  type OfferStatus,
  type OfferStepBody,
} from '@hqt/contract/payout';
import { permittedSteps, roleKeyOf } from '@hqt/contract/workflow';
import { chinaDate } from '@hqt/contract/working-days';
import type { Db, DbOrTx } from '../../db/client';
import { enterprises, guides, workflowSteps } from '../../db/schema/index';
import { audit, auditRecord } from '../../lib/audit';
import { systemCtx, type Ctx, type SignedInCtx } from '../../lib/ctx';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { chunks } from '../../lib/chunks';
import { stampNumber } from '../../lib/numbering';
import { inWindow, paginate, totalOver } from '../../lib/paginate';
import { opening, ownedBy, step, stepMany, type Subject } from '../../lib/workflow';
import { applications, applyForms, holdApproval } from '../apply/public';
import { qualifiedEnterprises, type EnterpriseFactsStore } from '../calculator/public';
import { enterpriseAccounts, notify } from '../message/public';
import { manyApplications, PAYOUT_AUDIT, type PayoutDeps } from './publicity';
import { autoOffers } from './schema';

export interface AutoDeps extends PayoutDeps {
  facts: EnterpriseFactsStore;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OfferRow = typeof autoOffers.$inferSelect;

/**
 * The form a 免申即享 guide's applications are filed on when staff have designed none: nothing to
 * fill, nothing to attach, a 承诺书 about the account; staff may change it in the guide's designer.
 */
const AUTO_FORM: ApplyFormBody = {
  sections: [{ title: '免申即享', fields: [{ key: 'remark', label: '备注', type: 'textarea', required: false, help: '免申即享无需填写' }] }],
  materials: [],
  commitment: '本企业确认享受该项政策，承诺所提供的对公账户真实有效、企业信息与实际一致；如有不实，自愿退回已获资金并承担相应责任。',
  acceptDays: 2,
  reviewDays: 10,
  maxCorrections: 0,
  promiseDays: 20,
  departments: [],
  exclusiveGroup: null,
};

const yearOf = (at: Date) => Number(chinaDate(at).slice(0, 4));
const amountText = (amount: number | null) => (amount === null || amount === 0 ? '政策规定的支持' : `${amount} 万元`);

async function formFor(tx: DbOrTx, guideId: number, now: Date) {
  const [current] = await tx.select().from(applyForms).where(eq(applyForms.guideId, guideId)).orderBy(desc(applyForms.version)).limit(1);
  if (current) return current;
  const [saved] = await tx.insert(applyForms).values({ guideId, version: 1, body: AUTO_FORM, savedAt: now }).onConflictDoNothing().returning();
  return saved ?? (await tx.select().from(applyForms).where(eq(applyForms.guideId, guideId)).orderBy(desc(applyForms.version)).limit(1))[0]!;
}

// ---- matching -------------------------------------------------------------------------------------

/**
 * Offers the guide's support to every eligible enterprise not yet offered it this year, and tells
 * each; answers how many were offered. A guide not published, not 免申即享 or outside its window offers nothing.
 */
export async function matchAutoGuide(deps: AutoDeps, ctx: Ctx, guideId: number, now = new Date()): Promise<number> {
  const [guide] = await deps.db.select().from(guides).where(eq(guides.id, guideId));
  if (!guide) throw notFound(PAYOUT_MSG.offerNotFound);
  if (guide.mode !== AUTO_MODE) throw conflict(PAYOUT_MSG.notAuto);
  if (guide.status !== 'published' || guide.windowStart > now || guide.windowEnd <= now) return 0;
  const { list } = await qualifiedEnterprises(deps.db, deps.facts, guideId, now);
  if (!list.length) return 0;
  const year = yearOf(now);
  return deps.db.transaction(async (tx) => {
    await formFor(tx, guideId, now);
    const offered: OfferRow[] = [];
    for (const part of chunks(list)) {
      offered.push(
        ...(await tx
          .insert(autoOffers)
          .values(part.map(({ enterprise, amount }) => ({ guideId, enterpriseId: enterprise.id, year, amount, expiresAt: guide.windowEnd, createdAt: now })))
          .onConflictDoNothing({ target: [autoOffers.guideId, autoOffers.enterpriseId, autoOffers.year] })
          .returning()),
      );
    }
    if (!offered.length) return 0;
    const open = opening(ctx, OFFER_FLOW, OFFER_KIND, 'match', now);
    const steps: { id: number; subjectId: number }[] = [];
    for (const part of chunks(offered)) {
      steps.push(...(await tx.insert(workflowSteps).values(part.map((o) => ({ ...open, subjectId: o.id }))).returning({ id: workflowSteps.id, subjectId: workflowSteps.subjectId })));
    }
    const stepOf = new Map(steps.map((s) => [s.subjectId, s.id]));
    for (const o of offered) {
      await notify(tx, await enterpriseAccounts(tx, o.enterpriseId), {
        source: 'apply',
        kind: 'payout.offer',
        title: `免申即享：${guide.title}`,
        body: PAYOUT_MSG.offerText(guide.title, amountText(o.amount)),
        link: offerPortalLink(o.id),
        dedupeKey: `payout.offer:${stepOf.get(o.id)}`,
      });
    }
    await audit(tx, ctx, PAYOUT_AUDIT.match, { id: guideId, count: offered.length });
    return offered.length;
  });
}

/** The nightly run (and each start's): every open 免申即享 guide matched again, the unanswered reminded once. */
export async function matchAndRemind(deps: AutoDeps, now = new Date()): Promise<{ offered: number; reminded: number }> {
  const open = await deps.db
    .select({ id: guides.id })
    .from(guides)
    .where(and(eq(guides.mode, AUTO_MODE), eq(guides.status, 'published'), lte(guides.windowStart, now), gt(guides.windowEnd, now)));
  let offered = 0;
  for (const g of open) offered += await matchAutoGuide(deps, systemCtx(), g.id, now);
  return { offered, reminded: await remind(deps, now) };
}

async function remind(deps: AutoDeps, now: Date): Promise<number> {
  const waiting = await deps.db
    .select({ offer: autoOffers, guideTitle: guides.title })
    .from(autoOffers)
    .innerJoin(guides, eq(guides.id, autoOffers.guideId))
    .where(and(eq(autoOffers.status, 'told'), isNull(autoOffers.remindedAt)));
  let reminded = 0;
  for (const { offer, guideTitle } of waiting) {
    const due = new Date(`${await deps.calendar.addWorkingDays(offer.createdAt, OFFER_REMIND_DAYS)}T00:00:00+08:00`);
    if (due > now) continue;
    await deps.db.transaction(async (tx) => {
      const [held] = await tx.update(autoOffers).set({ remindedAt: now }).where(and(eq(autoOffers.id, offer.id), isNull(autoOffers.remindedAt), eq(autoOffers.status, 'told'))).returning({ id: autoOffers.id });
      if (!held) return;
      await notify(tx, await enterpriseAccounts(tx, offer.enterpriseId), {
        source: 'apply',
        kind: 'payout.offerReminder',
        title: `免申即享确认提醒：${guideTitle}`,
        body: PAYOUT_MSG.offerReminder(guideTitle, chinaDate(new Date(offer.expiresAt.getTime() - 1))),
        link: offerPortalLink(offer.id),
        dedupeKey: `payout.offerReminder:${offer.id}`,
      });
      reminded += 1;
    });
  }
  return reminded;
}

// ---- reading ---------------------------------------------------------------------------------------

function offerRows(db: DbOrTx, where: ReturnType<typeof and>, page?: { limit: number; offset: number }) {
  const q = db
    .select({
      o: autoOffers,
      guideTitle: guides.title,
      enterpriseName: enterprises.name,
      applicationNumber: applications.number,
      applicationStatus: applications.status,
      commitment: sql<string>`coalesce((select f.body->>'commitment' from ${applyForms} f where f.guide_id = "auto_offers"."guide_id" order by f.version desc limit 1), '')`,
      total: totalOver(),
    })
    .from(autoOffers)
    .innerJoin(guides, eq(guides.id, autoOffers.guideId))
    .innerJoin(enterprises, eq(enterprises.id, autoOffers.enterpriseId))
    .leftJoin(applications, eq(applications.id, autoOffers.applicationId))
    .where(where)
    .orderBy(desc(autoOffers.createdAt), desc(autoOffers.id));
  return inWindow(q.$dynamic(), page);
}
type OfferJoined = Awaited<ReturnType<typeof offerRows>>[number];

function toOffer(r: OfferJoined, ctx: SignedInCtx): Offer {
  const { o } = r;
  return {
    id: o.id,
    guideId: o.guideId,
    guideTitle: r.guideTitle,
    enterpriseId: o.enterpriseId,
    enterpriseName: r.enterpriseName,
    year: o.year,
    amount: o.amount,
    amountText: amountText(o.amount),
    status: o.status,
    statusLabel: OFFER_FLOW.states[o.status as OfferStatus],
    expiresAt: o.expiresAt.toISOString(),
    remindedAt: o.remindedAt?.toISOString() ?? null,
    applicationId: o.applicationId,
    applicationNumber: r.applicationNumber,
    applicationStatus: r.applicationStatus,
    commitment: r.commitment,
    createdAt: o.createdAt.toISOString(),
    steps: permittedSteps(OFFER_FLOW, o.status as OfferStatus, roleKeyOf(ctx.actor.roleId), ownedBy(ctx, 'enterprise', o.enterpriseId)),
  };
}

/** The offers to the account's enterprises, newest first. */
export async function myOffers(db: Db, ctx: SignedInCtx): Promise<Offer[]> {
  if (!ctx.scope.enterpriseIds.length) return [];
  return (await offerRows(db, inArray(autoOffers.enterpriseId, ctx.scope.enterpriseIds))).map((r) => toOffer(r, ctx));
}

/** One offer: its enterprise's accounts and staff (another enterprise: 404). */
export async function offerDetail(db: Db, ctx: SignedInCtx, id: number): Promise<Offer> {
  const [row] = await offerRows(db, eq(autoOffers.id, id));
  if (!row || (roleKeyOf(ctx.actor.roleId) === 'enterprise' && !ownedBy(ctx, 'enterprise', row.o.enterpriseId))) throw notFound(PAYOUT_MSG.offerNotFound);
  return toOffer(row, ctx);
}

/** Staff's list of one guide's (or every) offers by state, and the counts per state. */
export async function offersPage(db: Db, ctx: SignedInCtx, query: OfferQuery): Promise<PageOf<Offer> & { counts: Record<string, number> }> {
  const byGuide = query.guideId ? eq(autoOffers.guideId, query.guideId) : undefined;
  const page = await paginate(query, { rows: (w) => offerRows(db, and(byGuide, query.status ? eq(autoOffers.status, query.status) : undefined), w), map: (r) => toOffer(r, ctx) });
  const counts = await db.select({ status: autoOffers.status, n: count() }).from(autoOffers).where(byGuide).groupBy(autoOffers.status);
  return { ...page, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
}

// ---- the enterprise's answer ----------------------------------------------------------------------

const offerSubject = (id: number): Subject<typeof autoOffers> => ({ kind: OFFER_KIND, table: autoOffers, id, notFound: PAYOUT_MSG.offerNotFound, owner: { key: 'enterpriseId', by: 'enterprise' } });

/**
 * 确认享受 files the application at 拟支持 in the same transaction (numbered SB…, the amount the
 * estimate, the account and the 承诺 as confirmed); 放弃享受 ends the offer. Answers the offer.
 */
export async function answerOffer(deps: AutoDeps, ctx: SignedInCtx, id: number, body: OfferStepBody, now = new Date()): Promise<Offer> {
  const name = body.step;
  let form: Awaited<ReturnType<typeof formFor>> | null = null;
  await step(deps, ctx, OFFER_FLOW, offerSubject(id), name, {
    audit: PAYOUT_AUDIT.offer,
    note: body.note,
    at: now,
    guard: async (tx, row) => {
      if (name !== 'confirm') return;
      const account = body.bankAccount;
      if (!account) throw badRequest(PAYOUT_MSG.offerAccount);
      const [ent] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, row.enterpriseId));
      if (account.name.trim() !== ent?.name) throw badRequest(PAYOUT_MSG.accountNameMismatch);
      form = await formFor(tx, row.guideId, now);
      if (form.body.commitment.trim()) {
        if (!body.signer?.trim()) throw badRequest(PAYOUT_MSG.offerSigner);
        if (body.agreed !== true) throw badRequest(PAYOUT_MSG.offerCommitment);
      }
      // The confirmation is an approval: 不重复享受 and the year's 资金额度 hold it as they hold staff's 拟支持.
      await holdApproval(tx, { guideId: row.guideId, enterpriseId: row.enterpriseId, exclusiveGroup: form.body.exclusiveGroup }, row.amount ?? 0, row.year, { budgetRequired: false });
    },
    set: () => ({ decidedAt: now }),
    effects: async (tx, { row }) => {
      if (name !== 'confirm') return;
      const applicationId = await fileAutoApplication(tx, ctx, row, form!, body, now);
      await tx.update(autoOffers).set({ applicationId }).where(eq(autoOffers.id, row.id));
    },
  });
  return offerDetail(deps.db, ctx, id);
}

async function fileAutoApplication(tx: Tx, ctx: SignedInCtx, offer: OfferRow, form: typeof applyForms.$inferSelect, body: OfferStepBody, now: Date): Promise<number> {
  const account = body.bankAccount!;
  const [row] = await tx
    .insert(applications)
    .values({
      enterpriseId: offer.enterpriseId,
      accountId: ctx.actor.accountId,
      guideId: offer.guideId,
      formId: form.id,
      promiseDays: form.body.promiseDays,
      auto: true,
      values: {},
      commitment: { text: form.body.commitment, signer: body.signer?.trim() ?? '', at: now.toISOString() },
      bankAccount: { name: account.name.trim(), bank: account.bank.trim(), number: account.number },
      verdictAtSubmit: { verdict: 'eligible', verdictLabel: '符合', reasons: [], amount: offer.amount, amountText: amountText(offer.amount) },
      status: 'approved',
      approvedAmount: offer.amount,
      approvedYear: offer.year,
      exclusiveGroup: form.body.exclusiveGroup,
      submittedAt: now,
      acceptedAt: now,
      decidedAt: now,
      updatedAt: now,
    })
    .returning({ id: applications.id });
  await stampNumber(tx, applications, row!.id, APPLY_NUMBER_PREFIX, now, {
    record: auditRecord(ctx, PAYOUT_AUDIT.offer, { id: offer.id, enterpriseId: offer.enterpriseId, guideId: offer.guideId }),
    numberKey: 'applyNumber',
    opening: opening(ctx, APPLY_FLOW, APPLY_KIND, 'confirmAuto', now),
  });
  return row!.id;
}

/** The offers' timer: an unanswered one expires at the window's end, as the system. */
export const expireOffer = (deps: AutoDeps, id: number, now: Date) => step(deps, systemCtx(), OFFER_FLOW, offerSubject(id), 'expire', { audit: PAYOUT_AUDIT.offer, at: now, set: () => ({ decidedAt: now }) });

/** 免申即享's confirmed applications straight to 待拨付 (where the guide needs no 公示). */
export async function payDirectly(deps: AutoDeps, ctx: SignedInCtx, applicationIds: readonly number[], now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx.select({ id: applications.id, number: applications.number, mode: guides.mode }).from(applications).innerJoin(guides, eq(guides.id, applications.guideId)).where(inArray(applications.id, [...applicationIds])).orderBy(asc(applications.id));
    const manual = rows.find((r) => r.mode !== AUTO_MODE);
    if (manual) throw conflict(PAYOUT_MSG.notAutoApplication(manual.number ?? ''));
    const moved = await stepMany(tx, deps, ctx, APPLY_FLOW, manyApplications, applicationIds, 'payDirectly', { audit: PAYOUT_AUDIT.direct, at: now, set: { updatedAt: now } });
    return moved.length;
  });
}
