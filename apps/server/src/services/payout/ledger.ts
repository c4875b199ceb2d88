// The payment ledger (docs/payout.md): 资金下达 issues one instruction per 待拨付 application (its
// key survives a retry: a replay answers what was issued), 授权 by a person other than the
// application's approver within the year's 资金额度 (the budget's row locked: two at once never
// exceed it), the batch sent to the treasury and its return file read back (到账 moves the
// application to 已到账), the enterprise's confirmation, its report of a missing arrival, and its
// corrected account after a return, which issues the next instruction. A guide's form may pay in
// parts: 预拨 (its advancePercent) first, the 结算 of the rest once the project passed its 验收.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { advanceAmount, APPLY_FLOW, APPLY_KIND } from '@hqt/contract/apply';
import type { PageOf } from '@hqt/contract/envelope';
import {
  keyApplication,
  PAYMENT_COMMITTED,
  PAYMENT_FLOW,
  PAYMENT_IN_FLIGHT,
  PAYMENT_KIND,
  PAYMENT_LIVE,
  PAYMENT_PARTS,
  paymentKey,
  type PaymentPart,
  BATCH_KIND,
  BATCH_NUMBER_PREFIX,
  PAYOUT_MESSAGE_KINDS,
  PAYOUT_MSG,
  PAYOUTS_CONSOLE_LINK,
  RECOVERY_FLOW,
  RECOVERY_KIND,
  type Recovery,
  type RecoveryBody,
  type RecoveryStatus,
  type Batch,
  type Candidate,
  type Payment,
  type PaymentQuery,
  type PaymentStatus,
  type PaymentStepBody,
  type ReleaseBody,
} from '@hqt/contract/payout';
import { applyPortalLink } from '@hqt/contract/apply';
import { permittedSteps, roleKeyOf } from '@hqt/contract/workflow';
import type { Db, DbOrTx } from '../../db/client';
import { enterprises, guides, workflowSteps } from '../../db/schema/index';
import { audit, auditRecord } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { chinaDate } from '@hqt/contract/working-days';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { chunks } from '../../lib/chunks';
import { stampNumber } from '../../lib/numbering';
import { inWindow, paginate, totalOver } from '../../lib/paginate';
import { announceOpening, opening, ownedBy, start, step, stepMany, type Subject, type SubjectNotices } from '../../lib/workflow';
import { applications, applyBudgets, applyForms } from '../apply/public';
import { candidates, manyApplications, PAYOUT_AUDIT, type PayoutDeps } from './publicity';
import { fundReleases, objections, paymentBatches, payments, publicityEntries, recoveries } from './schema';
import { batchJson, batchXlsx, parseReturn, XLSX, type Instruction } from './treasury';
import { attach, ownUpload } from '../files/public';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type PaymentRow = typeof payments.$inferSelect;

/** 万元 to the yuan. */
const wan = (n: number) => Math.round(n * 10_000) / 10_000;

const NOTICES: SubjectNotices<PaymentRow> = {
  source: 'apply',
  render: (kind, to, { row, note }) => ({
    title: `${PAYOUT_MESSAGE_KINDS[kind as keyof typeof PAYOUT_MESSAGE_KINDS]}：${row.key}`,
    body: [`支付指令 ${row.key}（${PAYMENT_PARTS[row.part as PaymentPart]}），金额 ${row.amount} 万元`, note].filter(Boolean).join('\n'),
    link: to === 'owner' ? applyPortalLink(row.applicationId) : PAYOUTS_CONSOLE_LINK,
  }),
};
const paymentSubject = (id: number): Subject<typeof payments> => ({ kind: PAYMENT_KIND, table: payments, id, notFound: PAYOUT_MSG.paymentNotFound, owner: { key: 'enterpriseId', by: 'enterprise' }, notices: NOTICES });
const manyPayments = { ...paymentSubject(0), label: (row: PaymentRow) => row.key };

// ---- reading -------------------------------------------------------------------------------------

function paymentRows(db: DbOrTx, where: ReturnType<typeof and>, page?: { limit: number; offset: number }) {
  const q = db
    .select({
      p: payments,
      applicationNumber: applications.number,
      enterpriseName: enterprises.name,
      guideTitle: guides.title,
      docNumber: fundReleases.docNumber,
      batchNumber: paymentBatches.number,
      total: totalOver(),
    })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(enterprises, eq(enterprises.id, payments.enterpriseId))
    .innerJoin(guides, eq(guides.id, payments.guideId))
    .innerJoin(fundReleases, eq(fundReleases.id, payments.releaseId))
    .leftJoin(paymentBatches, eq(paymentBatches.id, payments.batchId))
    .where(where)
    .orderBy(desc(payments.id));
  return inWindow(q.$dynamic(), page);
}
type PaymentJoined = Awaited<ReturnType<typeof paymentRows>>[number];

type RecoveryLine = Payment['recoveries'][number];

/** Each instruction's 追回, by its id. */
async function recoveriesOf(db: DbOrTx, paymentIds: readonly number[]): Promise<Map<number, RecoveryLine[]>> {
  const byPayment = new Map<number, RecoveryLine[]>();
  if (!paymentIds.length) return byPayment;
  const rows = await db.select().from(recoveries).where(inArray(recoveries.paymentId, [...paymentIds])).orderBy(asc(recoveries.id));
  for (const r of rows) byPayment.set(r.paymentId, [...(byPayment.get(r.paymentId) ?? []), { id: r.id, amount: r.amount, reason: r.reason, statusLabel: RECOVERY_FLOW.states[r.status as RecoveryStatus] }]);
  return byPayment;
}

function toPayment({ p, applicationNumber, enterpriseName, guideTitle, docNumber, batchNumber }: PaymentJoined, ctx: SignedInCtx, recovered: Map<number, RecoveryLine[]>): Payment {
  const role = roleKeyOf(ctx.actor.roleId);
  return {
    id: p.id,
    key: p.key,
    part: p.part,
    partLabel: PAYMENT_PARTS[p.part as PaymentPart],
    applicationId: p.applicationId,
    applicationNumber: applicationNumber ?? '',
    enterpriseName,
    guideTitle,
    amount: p.amount,
    bankAccount: p.bankAccount,
    status: p.status,
    statusLabel: PAYMENT_FLOW.states[p.status as PaymentStatus],
    docNumber,
    batchNumber,
    returnReason: p.returnReason,
    paidOn: p.paidOn,
    confirmedAmount: p.confirmedAmount,
    missingNote: p.missingNote,
    recoveries: recovered.get(p.id) ?? [],
    createdAt: p.createdAt.toISOString(),
    steps: permittedSteps(PAYMENT_FLOW, p.status as PaymentStatus, role, ownedBy(ctx, 'enterprise', p.enterpriseId)),
  };
}

export async function paymentsPage(db: Db, ctx: SignedInCtx, query: PaymentQuery): Promise<PageOf<Payment>> {
  const where = and(query.status ? eq(payments.status, query.status) : undefined, query.batchId ? eq(payments.batchId, query.batchId) : undefined);
  const page = await paginate(query, { rows: (w) => paymentRows(db, where, w), map: (r) => r });
  const recovered = await recoveriesOf(db, page.list.map((r) => r.p.id));
  return { ...page, list: page.list.map((r) => toPayment(r, ctx, recovered)) };
}

/** An application's instructions, for its enterprise's accounts and staff (another enterprise: 404). */
export async function applicationPayments(db: Db, ctx: SignedInCtx, applicationId: number): Promise<Payment[]> {
  const [app] = await db.select({ enterpriseId: applications.enterpriseId }).from(applications).where(eq(applications.id, applicationId));
  if (!app || (roleKeyOf(ctx.actor.roleId) === 'enterprise' && !ownedBy(ctx, 'enterprise', app.enterpriseId))) throw notFound(PAYOUT_MSG.paymentNotFound);
  const rows = await paymentRows(db, eq(payments.applicationId, applicationId));
  const recovered = await recoveriesOf(db, rows.map((r) => r.p.id));
  return rows.map((r) => toPayment(r, ctx, recovered));
}

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/** The 待拨付 applications with no instruction on its way: what a 资金下达 covers, each with what its next instruction pays. */
export async function payableCandidates(db: Db): Promise<Candidate[]> {
  const rows = await candidates(db, 'payable', sql`not exists (select 1 from ${payments} p where p.application_id = "applications"."id" and p.status in ${inList(PAYMENT_IN_FLIGHT)})`);
  const plans = await plansOf(db, rows.map((r) => r.applicationId));
  return rows.map((r) => ({ ...r, amount: plans.get(r.applicationId)!.amount, partLabel: plans.get(r.applicationId)!.label }));
}

type Plan = { part: PaymentPart; amount: number; label: string };

/**
 * What each application's next instruction pays: the whole; or, where its form declares an
 * advancePercent, the 预拨 share first and, once that has arrived (the project then passed 验收),
 * the 结算 of the rest.
 */
async function plansOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Plan>> {
  const plans = new Map<number, Plan>();
  if (!ids.length) return plans;
  const [rows, advances] = await Promise.all([
    db.select({ id: applications.id, approved: applications.approvedAmount, form: applyForms.body }).from(applications).innerJoin(applyForms, eq(applyForms.id, applications.formId)).where(inArray(applications.id, [...ids])),
    db.select({ id: payments.applicationId, amount: payments.amount }).from(payments).where(and(inArray(payments.applicationId, [...ids]), eq(payments.part, 'advance'), inArray(payments.status, ['paid', 'confirmed']))),
  ]);
  const advanced = new Map(advances.map((a) => [a.id, a.amount]));
  for (const r of rows) {
    const approved = r.approved ?? 0;
    const percent = r.form.advancePercent ?? null;
    const paid = advanced.get(r.id);
    const advance = percent === null ? 0 : advanceAmount(approved, percent);
    // An amount too small to split (a few yuan) is paid whole.
    if (paid === undefined && (advance <= 0 || advance >= approved)) plans.set(r.id, { part: 'whole', amount: approved, label: PAYMENT_PARTS.whole });
    else if (paid === undefined) plans.set(r.id, { part: 'advance', amount: advance, label: `${PAYMENT_PARTS.advance} ${percent}%` });
    else plans.set(r.id, { part: 'settle', amount: wan(approved - paid), label: PAYMENT_PARTS.settle });
  }
  return plans;
}

// ---- 资金下达 ------------------------------------------------------------------------------------

/**
 * Records the 下达 document and issues one instruction per application, in one transaction. Each
 * must be 待拨付 with no objection left open; a replay of the same document for the same
 * applications (a retry after a lost answer, a crash) answers the instructions it issued.
 */
export async function recordRelease(deps: PayoutDeps, ctx: SignedInCtx, body: ReleaseBody, now = new Date()): Promise<{ releaseId: number; issued: number }> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(body.docDate) || !new Date(`${body.docDate}T00:00:00Z`).toISOString().startsWith(body.docDate)) throw badRequest(PAYOUT_MSG.docDate);
  const ids = [...body.applicationIds].sort((a, b) => a - b);
  return deps.db.transaction(async (tx) => {
    const apps = await tx.select().from(applications).where(inArray(applications.id, ids)).orderBy(asc(applications.id)).for('update');
    if (apps.length !== ids.length) throw notFound(PAYOUT_MSG.paymentNotFound);
    const plans = await plansOf(tx, ids);
    const live = await tx
      .select({ applicationId: payments.applicationId, part: payments.part, status: payments.status, releaseId: payments.releaseId, docNumber: fundReleases.docNumber })
      .from(payments)
      .innerJoin(fundReleases, eq(fundReleases.id, payments.releaseId))
      .where(and(inArray(payments.applicationId, ids), inArray(payments.status, PAYMENT_LIVE)));
    // What this release would issue, already there: a replay when it is all of it, from this document.
    const issuing = live.filter((l) => l.part === plans.get(l.applicationId)?.part);
    const replay = issuing.length === ids.length && issuing.every((l) => l.docNumber === body.docNumber.trim() && l.releaseId === issuing[0]!.releaseId);
    if (replay) return { releaseId: issuing[0]!.releaseId, issued: issuing.length };
    const open = await tx
      .selectDistinct({ applicationId: publicityEntries.applicationId })
      .from(objections)
      .innerJoin(publicityEntries, eq(publicityEntries.id, objections.entryId))
      .where(and(inArray(publicityEntries.applicationId, ids), eq(objections.status, 'submitted')));
    const hasLive = new Set([...issuing, ...live.filter((l) => PAYMENT_IN_FLIGHT.includes(l.status as PaymentStatus))].map((l) => l.applicationId));
    const blocked = new Set(open.map((o) => o.applicationId));
    for (const a of apps) {
      if (blocked.has(a.id)) throw conflict(PAYOUT_MSG.openObjection(a.number ?? ''));
      if (a.status !== 'payable' || hasLive.has(a.id)) throw conflict(PAYOUT_MSG.notPayable(a.number ?? ''));
    }
    const [release] = await tx
      .insert(fundReleases)
      .values({ docNumber: body.docNumber.trim(), docDate: body.docDate, fund: body.fund.trim(), createdBy: ctx.actor.accountId, createdAt: now })
      .returning({ id: fundReleases.id });
    const approvers = await approversOf(tx, ids);
    const attempts = await attemptsOf(tx, ids);
    const issued: { id: number }[] = [];
    for (const part of chunks(apps)) {
      issued.push(
        ...(await tx
          .insert(payments)
          .values(
            part.map((a) => {
              const plan = plans.get(a.id)!;
              const attempt = (attempts.get(`${a.id}:${plan.part}`) ?? 0) + 1;
              return { key: paymentKey(a.number ?? '', plan.part, attempt), applicationId: a.id, attempt, part: plan.part, enterpriseId: a.enterpriseId, guideId: a.guideId, year: a.approvedYear!, amount: plan.amount, bankAccount: a.bankAccount, releaseId: release!.id, approverId: approvers.get(a.id) ?? null, createdAt: now, updatedAt: now };
            }),
          )
          .onConflictDoNothing({ target: payments.key })
          .returning({ id: payments.id })),
      );
    }
    await openTimelines(tx, ctx, issued.map((p) => p.id), now);
    await audit(tx, ctx, PAYOUT_AUDIT.release, { id: release!.id, docNumber: body.docNumber.trim(), count: issued.length });
    return { releaseId: release!.id, issued: issued.length };
  });
}

/** Each application's approver: who took its 拟支持 last. */
async function approversOf(tx: Tx, ids: readonly number[]): Promise<Map<number, number | null>> {
  const rows = await tx
    .selectDistinctOn([workflowSteps.subjectId], { id: workflowSteps.subjectId, actorId: workflowSteps.actorId })
    .from(workflowSteps)
    .where(and(eq(workflowSteps.subjectKind, APPLY_KIND), eq(workflowSteps.step, 'approve'), inArray(workflowSteps.subjectId, [...ids])))
    .orderBy(workflowSteps.subjectId, desc(workflowSteps.at));
  return new Map(rows.map((r) => [r.id, r.actorId]));
}

/** Each application's attempts so far, by part (`id:part`). */
async function attemptsOf(tx: Tx, ids: readonly number[]): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: payments.applicationId, part: payments.part, n: sql<number>`max(${payments.attempt})`.mapWith(Number) })
    .from(payments)
    .where(inArray(payments.applicationId, [...ids]))
    .groupBy(payments.applicationId, payments.part);
  return new Map(rows.map((r) => [`${r.id}:${r.part}`, r.n]));
}

async function openTimelines(tx: Tx, ctx: SignedInCtx, ids: readonly number[], now: Date): Promise<void> {
  if (!ids.length) return;
  const row = opening(ctx, PAYMENT_FLOW, PAYMENT_KIND, 'issue', now);
  for (const part of chunks(ids)) await tx.insert(workflowSteps).values(part.map((subjectId) => ({ ...row, subjectId })));
}

// ---- 授权 ---------------------------------------------------------------------------------------

/**
 * Authorises instructions at once (one or a batch of up to 10,000): each 待授权 and not approved by
 * the caller; per guide and year, what is committed plus these never exceeds the 资金额度, read
 * under the budget row's lock. All or none.
 */
export async function authorisePayments(deps: PayoutDeps, ctx: SignedInCtx, ids: readonly number[], now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const moved = await stepMany(tx, deps, ctx, PAYMENT_FLOW, manyPayments, ids, 'authorise', {
      audit: PAYOUT_AUDIT.payment,
      at: now,
      set: { authorisedBy: ctx.actor.accountId, updatedAt: now },
      guard: async (rows) => {
        const own = rows.find((r) => r.approverId === ctx.actor.accountId);
        if (own) throw conflict(PAYOUT_MSG.sameApprover(keyApplication(own.key)));
        await checkBudgets(tx, rows);
      },
    });
    return moved.length;
  });
}

async function checkBudgets(tx: Tx, rows: readonly PaymentRow[]): Promise<void> {
  const groups = new Map<string, { guideId: number; year: number; sum: number }>();
  for (const r of rows) {
    const k = `${r.guideId}:${r.year}`;
    const g = groups.get(k) ?? { guideId: r.guideId, year: r.year, sum: 0 };
    g.sum += Math.round(r.amount * 10_000);
    groups.set(k, g);
  }
  const pairs = sql.join([...groups.values()].map((g) => sql`(${g.guideId}::int, ${g.year}::int)`), sql`, `);
  // Every budget row at once, in one order, so two batches over the same guides cannot wait for each other.
  const budgets = await tx.execute<{ guide_id: number; year: number; amount: string }>(
    sql`select guide_id, year, amount from ${applyBudgets} where (guide_id, year) in (${pairs}) order by guide_id, year for update`,
  );
  // A new statement after the lock: it sees what an authorisation that held them committed.
  const committed = await tx.execute<{ guide_id: number; year: number; sum: string }>(
    sql`select guide_id, year, sum(amount) as sum from ${payments} where (guide_id, year) in (${pairs}) and status in ${inList(PAYMENT_COMMITTED)} group by guide_id, year`,
  );
  const budgetOf = new Map(budgets.rows.map((b) => [`${b.guide_id}:${b.year}`, Math.round(Number(b.amount) * 10_000)]));
  const committedOf = new Map(committed.rows.map((c) => [`${c.guide_id}:${c.year}`, Math.round(Number(c.sum) * 10_000)]));
  const titleOf = async (guideId: number) => (await tx.select({ title: guides.title }).from(guides).where(eq(guides.id, guideId)))[0]?.title ?? '';
  for (const [k, g] of [...groups].sort(([, a], [, b]) => a.guideId - b.guideId || a.year - b.year)) {
    const budget = budgetOf.get(k);
    if (budget === undefined) throw conflict(PAYOUT_MSG.budgetMissing(await titleOf(g.guideId), g.year));
    const left = budget - (committedOf.get(k) ?? 0);
    if (g.sum > left) throw conflict(PAYOUT_MSG.budgetExceeded(await titleOf(g.guideId), Math.max(0, left) / 10_000));
  }
}

// ---- the treasury ---------------------------------------------------------------------------------

/** Sends authorised instructions as one batch (提交财政): they move to 已提交财政 and carry its number. */
export async function sendBatch(deps: PayoutDeps, ctx: SignedInCtx, ids: readonly number[], now = new Date()): Promise<Batch> {
  if (!ids.length) throw badRequest(PAYOUT_MSG.nothingToSend);
  const id = await deps.db.transaction(async (tx) => {
    const [batch] = await tx.insert(paymentBatches).values({ count: 0, total: 0, createdBy: ctx.actor.accountId, createdAt: now }).returning({ id: paymentBatches.id });
    const moved = await stepMany(tx, deps, ctx, PAYMENT_FLOW, manyPayments, ids, 'send', { audit: PAYOUT_AUDIT.payment, at: now, set: { batchId: batch!.id, updatedAt: now } });
    const total = moved.reduce((s, m) => s + Math.round(m.row.amount * 10_000), 0) / 10_000;
    await tx.update(paymentBatches).set({ count: moved.length, total }).where(eq(paymentBatches.id, batch!.id));
    await stampNumber(tx, paymentBatches, batch!.id, BATCH_NUMBER_PREFIX, now, { record: auditRecord(ctx, PAYOUT_AUDIT.batch, { id: batch!.id, count: moved.length }), numberKey: 'batchNumber' });
    return batch!.id;
  });
  return batchOf(deps.db, id);
}

const batchColumns = {
  id: paymentBatches.id,
  number: paymentBatches.number,
  count: paymentBatches.count,
  sum: paymentBatches.total,
  createdAt: paymentBatches.createdAt,
  paid: sql<number>`(select count(*) from ${payments} p where p.batch_id = "payment_batches"."id" and p.status in ('paid', 'confirmed'))`.mapWith(Number),
  returned: sql<number>`(select count(*) from ${payments} p where p.batch_id = "payment_batches"."id" and p.status in ('returned', 'reissued'))`.mapWith(Number),
};
const toBatch = ({ sum, ...r }: { id: number; number: string | null; count: number; sum: number; createdAt: Date; paid: number; returned: number }): Batch => ({ ...r, total: sum, number: r.number ?? '', createdAt: r.createdAt.toISOString() });

async function batchOf(db: DbOrTx, id: number): Promise<Batch> {
  const [row] = await db.select(batchColumns).from(paymentBatches).where(eq(paymentBatches.id, id));
  if (!row) throw notFound(PAYOUT_MSG.batchNotFound);
  return toBatch(row);
}

export async function batchesPage(db: Db, query: { currentPage: number; pageSize: number }): Promise<PageOf<Batch>> {
  return paginate(query, {
    rows: ({ limit, offset }) => db.select({ ...batchColumns, total: totalOver() }).from(paymentBatches).orderBy(desc(paymentBatches.id)).limit(limit).offset(offset),
    map: (r) => toBatch(r),
  });
}

async function instructionsOf(db: DbOrTx, batchId: number): Promise<{ number: string; createdAt: Date; rows: Instruction[] }> {
  const [batch] = await db.select().from(paymentBatches).where(eq(paymentBatches.id, batchId));
  if (!batch) throw notFound(PAYOUT_MSG.batchNotFound);
  const rows = await db
    .select({ key: payments.key, bankAccount: payments.bankAccount, amount: payments.amount, guideTitle: guides.title, reference: applications.number, docNumber: fundReleases.docNumber })
    .from(payments)
    .innerJoin(guides, eq(guides.id, payments.guideId))
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(fundReleases, eq(fundReleases.id, payments.releaseId))
    .where(eq(payments.batchId, batchId))
    .orderBy(asc(payments.id));
  return { number: batch.number ?? '', createdAt: batch.createdAt, rows: rows.map((r) => ({ key: r.key, bankAccount: r.bankAccount, amount: r.amount, purpose: `《${r.guideTitle}》扶持资金`, reference: r.reference ?? '', docNumber: r.docNumber })) };
}

/** A batch's file for the treasury: its name and bytes. */
export async function exportBatch(db: Db, batchId: number, format: 'json' | 'xlsx'): Promise<{ name: string; type: string; content: Buffer }> {
  const { number, createdAt, rows } = await instructionsOf(db, batchId);
  if (format === 'json') return { name: `${number}.json`, type: 'application/json; charset=utf-8', content: Buffer.from(JSON.stringify(batchJson(number, createdAt, rows), null, 2)) };
  return { name: `${number}.xlsx`, type: XLSX, content: await batchXlsx(rows) };
}

/**
 * Reads the treasury's return file for a batch: every row checked first (its key in the batch, a
 * result, a reason for a return); rows already as the file says (a file read twice) are left; then
 * 已到账 ones settle (their applications move to 已到账) and returned ones bounce with their reason,
 * all in one transaction.
 */
export async function importReturn(deps: PayoutDeps & { uploadsDir: string }, ctx: SignedInCtx, batchId: number, fileId: number, now = new Date()): Promise<{ paid: number; returned: number }> {
  const file = await ownUpload(deps.db, deps.uploadsDir, ctx, fileId);
  if (!file) throw badRequest(PAYOUT_MSG.returnFile);
  const parsed = await parseReturn(file.type, file.content);
  return deps.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(paymentBatches).where(eq(paymentBatches.id, batchId)).for('update');
    if (!batch) throw notFound(PAYOUT_MSG.batchNotFound);
    if (parsed.batch !== null && parsed.batch !== batch.number) throw badRequest(PAYOUT_MSG.returnFormat);
    const held = new Map((await tx.select({ id: payments.id, key: payments.key, status: payments.status }).from(payments).where(eq(payments.batchId, batchId))).map((p) => [p.key, p]));
    const settle: { id: number; paidOn: string | null }[] = [];
    const bounce = new Map<string, number[]>();
    for (const r of parsed.rows) {
      const p = held.get(r.key);
      if (!p) throw badRequest(PAYOUT_MSG.returnRow(r.row, PAYOUT_MSG.returnKey(r.key)));
      const already = r.result === 'paid' ? ['paid', 'confirmed'] : ['returned', 'reissued'];
      if (already.includes(p.status)) continue;
      if (p.status !== 'sent') throw badRequest(PAYOUT_MSG.returnRow(r.row, `指令 ${r.key} 当前状态为「${PAYMENT_FLOW.states[p.status as PaymentStatus]}」`));
      if (r.result === 'paid') settle.push({ id: p.id, paidOn: r.paidOn });
      else bounce.set(r.reason!, [...(bounce.get(r.reason!) ?? []), p.id]);
    }
    // The day the treasury says, else the day the file is read (China).
    const paidOn = sql`coalesce(case ${sql.join(
      settle.map((s) => sql`when ${payments.id} = ${s.id} then ${s.paidOn}::date`),
      sql` `,
    )} end, ${chinaDate(now)}::date)`;
    const settled = settle.length ? await stepMany(tx, deps, ctx, PAYMENT_FLOW, manyPayments, settle.map((s) => s.id), 'settle', { audit: PAYOUT_AUDIT.payment, at: now, set: { paidOn, updatedAt: now } }) : [];
    let returned = 0;
    for (const [reason, ids] of bounce) {
      returned += (await stepMany(tx, deps, ctx, PAYMENT_FLOW, manyPayments, ids, 'bounce', { audit: PAYOUT_AUDIT.payment, note: reason, at: now, set: { returnReason: reason, updatedAt: now } })).length;
    }
    // The applications move on: a 预拨 arrived waits for the project's 验收; the whole or the 结算 is 已到账.
    const arrived = settled.map((s) => s.row.applicationId);
    const advances = new Set(settled.filter((s) => s.row.part === 'advance').map((s) => s.row.applicationId));
    if (arrived.length) {
      const payable = (await tx.select({ id: applications.id }).from(applications).where(and(inArray(applications.id, arrived), eq(applications.status, 'payable')))).map((a) => a.id);
      const [advanced, paid] = [payable.filter((id) => advances.has(id)), payable.filter((id) => !advances.has(id))];
      if (advanced.length) await stepMany(tx, deps, ctx, APPLY_FLOW, manyApplications, advanced, 'disburseAdvance', { audit: PAYOUT_AUDIT.return, at: now, set: { updatedAt: now } });
      if (paid.length) await stepMany(tx, deps, ctx, APPLY_FLOW, manyApplications, paid, 'disburse', { audit: PAYOUT_AUDIT.return, at: now, set: { updatedAt: now, paidAt: now } });
    }
    await tx.update(paymentBatches).set({ returnedAt: now }).where(eq(paymentBatches.id, batchId));
    // The file read is kept with its batch, as the record of what the treasury said.
    await attach(tx, ctx, BATCH_KIND, batchId, [file.id], { role: 'return' });
    await audit(tx, ctx, PAYOUT_AUDIT.return, { id: batchId, batchNumber: batch.number, paid: settled.length, returned });
    return { paid: settled.length, returned };
  });
}

// ---- the enterprise's steps ---------------------------------------------------------------------------

/** 确认到账 (the amount it saw), 报告未到账 (what it found), 更正对公账户 after a return (the next instruction is issued). */
export async function paymentStep(deps: PayoutDeps, ctx: SignedInCtx, id: number, body: PaymentStepBody, now = new Date()): Promise<Payment[]> {
  const name = body.step;
  if (name === 'authorise') {
    await authorisePayments(deps, ctx, [id], now);
  } else {
    await step(deps, ctx, PAYMENT_FLOW, paymentSubject(id), name, {
      audit: PAYOUT_AUDIT.payment,
      note: body.note,
      at: now,
      guard: async (tx, row) => {
        if (name === 'confirm') {
          if (body.amount === undefined) throw badRequest(PAYOUT_MSG.confirmAmount);
          if (Math.round(body.amount * 10_000) !== Math.round(row.amount * 10_000)) throw conflict(PAYOUT_MSG.amountMismatch(row.amount));
        }
        if (name === 'correctAccount') {
          const account = body.bankAccount;
          if (!account) throw badRequest(PAYOUT_MSG.accountRequired);
          const [ent] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, row.enterpriseId));
          if (account.name.trim() !== ent?.name) throw badRequest(PAYOUT_MSG.accountNameMismatch);
          if (account.number === row.bankAccount.number && account.bank.trim() === row.bankAccount.bank) throw badRequest(PAYOUT_MSG.sameAccount);
        }
      },
      set: () => ({
        updatedAt: now,
        ...(name === 'confirm' ? { confirmedAmount: wan(body.amount!) } : {}),
        ...(name === 'reportMissing' ? { missingNote: body.note?.trim() ?? null } : {}),
      }),
      effects: async (tx, { row }) => {
        if (name !== 'correctAccount') return;
        const account = { name: body.bankAccount!.name.trim(), bank: body.bankAccount!.bank.trim(), number: body.bankAccount!.number };
        const [next] = await tx
          .insert(payments)
          .values({ key: paymentKey(keyApplication(row.key), row.part as PaymentPart, row.attempt + 1), applicationId: row.applicationId, attempt: row.attempt + 1, part: row.part, enterpriseId: row.enterpriseId, guideId: row.guideId, year: row.year, amount: row.amount, bankAccount: account, releaseId: row.releaseId, approverId: row.approverId, createdAt: now, updatedAt: now })
          .returning({ id: payments.id });
        await openTimelines(tx, ctx, [next!.id], now);
      },
    });
  }
  const [row] = await deps.db.select({ applicationId: payments.applicationId }).from(payments).where(eq(payments.id, id));
  return applicationPayments(deps.db, ctx, row!.applicationId);
}

// ---- 追回 ------------------------------------------------------------------------------------------

const RECOVERY_NOTICES: SubjectNotices<typeof recoveries.$inferSelect> = {
  source: 'apply',
  render: (kind, _to, { row }) => ({
    title: PAYOUT_MESSAGE_KINDS[kind as keyof typeof PAYOUT_MESSAGE_KINDS],
    body: `应追回扶持资金 ${row.amount} 万元。\n原因：${row.reason}\n请按通知将资金退回指定账户。`,
    link: applyPortalLink(row.applicationId),
  }),
};
const recoverySubject = (id: number): Subject<typeof recoveries> => ({ kind: RECOVERY_KIND, table: recoveries, id, notFound: PAYOUT_MSG.recoveryNotFound, owner: { key: 'enterpriseId', by: 'enterprise' }, notices: RECOVERY_NOTICES });

/** 追回 of an arrived instruction: a reason, an amount within what is not yet asked back; the enterprise is told. */
export async function raiseRecovery(deps: PayoutDeps, ctx: SignedInCtx, body: RecoveryBody, now = new Date()): Promise<Recovery> {
  const reason = body.reason.trim();
  if (!reason) throw badRequest(PAYOUT_MSG.recoveryReason);
  const id = await deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, body.paymentId)).for('update');
    if (!p) throw notFound(PAYOUT_MSG.paymentNotFound);
    if (p.status !== 'paid' && p.status !== 'confirmed') throw conflict(PAYOUT_MSG.notRecoverable);
    const [{ asked } = { asked: 0 }] = await tx.select({ asked: sql<number>`coalesce(sum(${recoveries.amount}), 0)`.mapWith(Number) }).from(recoveries).where(eq(recoveries.paymentId, p.id));
    const left = (Math.round(p.amount * 10_000) - Math.round(asked * 10_000)) / 10_000;
    if (Math.round(body.amount * 10_000) > Math.round(left * 10_000)) throw conflict(PAYOUT_MSG.recoveryOver(left));
    const [row] = await tx.insert(recoveries).values({ paymentId: p.id, applicationId: p.applicationId, enterpriseId: p.enterpriseId, amount: wan(body.amount), reason, createdBy: ctx.actor.accountId, createdAt: now }).returning();
    const stepId = await start(tx, ctx, RECOVERY_FLOW, { kind: RECOVERY_KIND, id: row!.id }, 'raise', now);
    await audit(tx, ctx, PAYOUT_AUDIT.recovery, { id: row!.id, paymentKey: p.key, recoveryAmount: row!.amount });
    await announceOpening(tx, ctx, RECOVERY_FLOW, recoverySubject(row!.id), 'raise', stepId);
    return row!.id;
  });
  return recoveryOf(deps.db, id);
}

export async function markRecovered(deps: PayoutDeps, ctx: SignedInCtx, id: number, note: string | undefined, now = new Date()): Promise<Recovery> {
  await step(deps, ctx, RECOVERY_FLOW, recoverySubject(id), 'recover', { audit: PAYOUT_AUDIT.recovery, note, at: now, set: () => ({ recoveredAt: now }) });
  return recoveryOf(deps.db, id);
}

function recoveryRows(db: DbOrTx, where?: ReturnType<typeof eq>, page?: { limit: number; offset: number }) {
  const q = db
    .select({ r: recoveries, paymentKey: payments.key, enterpriseName: enterprises.name, guideTitle: guides.title, total: totalOver() })
    .from(recoveries)
    .innerJoin(payments, eq(payments.id, recoveries.paymentId))
    .innerJoin(enterprises, eq(enterprises.id, recoveries.enterpriseId))
    .innerJoin(guides, eq(guides.id, payments.guideId))
    .where(where)
    .orderBy(desc(recoveries.id));
  return inWindow(q.$dynamic(), page);
}
const toRecovery = ({ r, paymentKey, enterpriseName, guideTitle }: Awaited<ReturnType<typeof recoveryRows>>[number]): Recovery => ({
  id: r.id,
  paymentId: r.paymentId,
  paymentKey,
  enterpriseName,
  guideTitle,
  amount: r.amount,
  reason: r.reason,
  status: r.status,
  statusLabel: RECOVERY_FLOW.states[r.status as RecoveryStatus],
  createdAt: r.createdAt.toISOString(),
  recoveredAt: r.recoveredAt?.toISOString() ?? null,
});

async function recoveryOf(db: DbOrTx, id: number): Promise<Recovery> {
  const [row] = await recoveryRows(db, eq(recoveries.id, id));
  if (!row) throw notFound(PAYOUT_MSG.recoveryNotFound);
  return toRecovery(row);
}

export const recoveriesPage = (db: Db, query: { currentPage: number; pageSize: number }): Promise<PageOf<Recovery>> => paginate(query, { rows: (w) => recoveryRows(db, undefined, w), map: toRecovery });
