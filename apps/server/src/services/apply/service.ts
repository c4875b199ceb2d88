// 政策申兑's rules (docs/apply.md): what applying for a guide starts from, the shared draft, the
// submission (numbered, with its materials, 信用承诺 and 对公账户, in one transaction), the detail and
// lists with their working-day clocks, every step of APPLY_FLOW through the workflow's step() with
// the application's own conditions, a guide's form (versioned) and yearly budget, and the 材料库.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { APPEAL_LENGTH, APPEAL_RATINGS, isBadRating, type AppealRating } from '@hqt/contract/appeal';
import {
  APPLY_FLOW,
  APPLY_KIND,
  APPLY_MESSAGE_KINDS,
  APPLY_MSG,
  APPLY_NUMBER_PREFIX,
  APPLY_PROMISE_WARN,
  APPLY_SUPPORTED_STATES,
  MATERIAL_KIND,
  MATERIAL_KINDS,
  advanceAmount,
  applyPortalLink,
  type ApplyDetail,
  type ApplyDraftBody,
  type ApplyForm,
  type ApplyFormBody,
  type ApplyItem,
  type ApplyListQuery,
  type ApplyMessageKind,
  type ApplyStart,
  type ApplyStatus,
  type ApplyStep,
  type ApplyStepBody,
  type ApplySubmitBody,
  type ChosenMaterials,
  type DifficultyBody,
  type Correction,
  type FormValues,
  type GuideEnterpriseQuery,
  type Material,
  type MaterialBody,
  type MaterialKind,
} from '@hqt/contract/apply';
import { applyConsoleLink, FORMLESS_DAYS, type ApplyConsoleDetail, type FormlessPolicy, type ApplyCounts, type ApplyCountsQuery, type ApplyFormState, type ApplyQueueQuery, type Budget, type BudgetBody } from '@hqt/contract/apply-console';
import { fieldError, formDefinitionError, formFields, formProblems, materialLabel, prefillOf } from '@hqt/contract/apply-form';
import type { PageOf } from '@hqt/contract/envelope';
import { FILE_MSG, fileUrl } from '@hqt/contract/files';
import { permittedSteps, roleKeyOf } from '@hqt/contract/workflow';
import { chinaDate } from '@hqt/contract/working-days';
import { AUTO_MODE } from '@hqt/contract/calculator-engine';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, files, guides, policies, workflowSteps } from '../../db/schema/index';
import { audit, auditRecord } from '../../lib/audit';
import { isSignedIn, type Ctx, type SignedInCtx } from '../../lib/ctx';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { stampNumber } from '../../lib/numbering';
import { opening, step, timeline, type FlowDeps, type Subject, type SubjectNotices } from '../../lib/workflow';
import { guideVerdict } from '../calculator/public';
import { dueAfter, dueAfterIfPublished, workingDaysLeft, type CalendarStore } from '../calendar/public';
import { dictLabel, type DictionaryStore } from '../dict/public';
import { attach } from '../files/public';
import { appealsFrom, fileSourcedAppeal } from '../appeal/public';
import { applicationCounts, applicationQueue, currentForm, findApplication, materialsOf, openApplication, ownApplications, policiesWithoutForms, type ItemRow } from './queries';
import { applicationDrafts, applicationMaterials, applications, applyBudgets, applyForms, enterpriseMaterials } from './schema';

/** The 诉求 category an application's 差评 and 申报遇到困难 are filed under (appealCategory's 惠企政策). */
const APPLY_APPEAL_CATEGORY = 'policy';

export const APPLY_AUDIT = {
  difficulty: 'apply.difficulty',
  submit: 'apply.submit',
  step: 'apply.step',
  form: 'apply.form',
  budget: 'apply.budget',
  material: 'apply.material',
  materialRemove: 'apply.materialRemove',
} as const;

export interface ApplyDeps extends FlowDeps {
  calendar: CalendarStore;
  dicts: DictionaryStore;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Application = typeof applications.$inferSelect;
type FormRow = typeof applyForms.$inferSelect;
type MaterialRow = typeof enterpriseMaterials.$inferSelect;

const isEnterprise = (ctx: SignedInCtx) => ctx.scope.roleId === ROLES.enterprise.id;
const ownEnterprise = (ctx: SignedInCtx, enterpriseId: number) => {
  if (!ctx.scope.enterpriseIds.includes(enterpriseId)) throw notFound(APPLY_MSG.enterpriseNotFound);
};
/** The year an approval counts in (the budget's, 不重复享受's): China time. */
const yearOf = (at: Date) => Number(chinaDate(at).slice(0, 4));
/** 万元 to the yuan. */
const amountOf = (n: number) => Math.round(n * 10_000) / 10_000;

const toForm = (row: FormRow): ApplyForm => ({ ...row.body, guideId: row.guideId, version: row.version, savedAt: row.savedAt.toISOString() });

// ---- the 材料库 --------------------------------------------------------------------------------------

const isRealDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
const isExpired = (validUntil: string | null, now: Date) => validUntil !== null && validUntil < chinaDate(now);

const toMaterial = (m: MaterialRow & { fileName: string }, now: Date): Material => ({
  id: m.id,
  enterpriseId: m.enterpriseId,
  kind: m.kind,
  kindLabel: MATERIAL_KINDS[m.kind as MaterialKind] ?? m.kind,
  name: m.name,
  issuer: m.issuer,
  validUntil: m.validUntil,
  expired: isExpired(m.validUntil, now),
  fileName: m.fileName,
  fileUrl: fileUrl(m.fileId),
  createdAt: m.createdAt.toISOString(),
});

async function libraryOf(db: Db | Tx, enterpriseId: number, now: Date): Promise<Material[]> {
  const rows = await materialsOf(db, enterpriseId);
  if (!rows.length) return [];
  const names = new Map((await db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, rows.map((r) => r.fileId)))).map((f) => [f.id, f.name]));
  return rows.map((r) => toMaterial({ ...r, fileName: names.get(r.fileId) ?? '' }, now));
}

/** An enterprise's 材料库 (the caller's own enterprise): valid documents first, then the expired ones. */
export async function materialLibrary(deps: ApplyDeps, ctx: SignedInCtx, enterpriseId: number, now = new Date()): Promise<Material[]> {
  ownEnterprise(ctx, enterpriseId);
  const all = await libraryOf(deps.db, enterpriseId, now);
  return [...all.filter((m) => !m.expired), ...all.filter((m) => m.expired)];
}

/** Keeps an uploaded file in the enterprise's 材料库 with its kind, issuer and valid-until date. */
export async function saveMaterial(deps: ApplyDeps, ctx: SignedInCtx, body: MaterialBody, now = new Date()): Promise<Material> {
  ownEnterprise(ctx, body.enterpriseId);
  if (body.validUntil !== null && !isRealDay(body.validUntil)) throw badRequest(APPLY_MSG.validUntilWrong);
  // The caller's own upload, not yet attached (attach checks it again under its lock).
  if ((await deps.db.$count(files, and(eq(files.id, body.fileId), eq(files.uploaderId, ctx.actor.accountId)))) === 0) throw badRequest(FILE_MSG.unavailable);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enterpriseMaterials)
      .values({ enterpriseId: body.enterpriseId, kind: body.kind, name: body.name.trim(), issuer: body.issuer.trim(), validUntil: body.validUntil, fileId: body.fileId, createdBy: ctx.actor.accountId, createdAt: now })
      .returning({ id: enterpriseMaterials.id });
    // The file becomes the document's: its reader is then the enterprise's accounts and staff.
    await attach(tx, ctx, MATERIAL_KIND, row!.id, [body.fileId], { role: body.kind });
    await audit(tx, ctx, APPLY_AUDIT.material, { id: row!.id, enterpriseId: body.enterpriseId, materialKind: body.kind });
    return row!.id;
  });
  const saved = (await libraryOf(deps.db, body.enterpriseId, now)).find((m) => m.id === id);
  return saved!;
}

/** Removes a library document the enterprise has not submitted with any application. */
export async function removeMaterial(deps: ApplyDeps, ctx: SignedInCtx, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(enterpriseMaterials).where(eq(enterpriseMaterials.id, id)).for('update');
    if (!row || !ctx.scope.enterpriseIds.includes(row.enterpriseId)) throw notFound(APPLY_MSG.materialNotFound);
    if ((await tx.$count(applicationMaterials, eq(applicationMaterials.materialId, id))) > 0) throw conflict(APPLY_MSG.materialInUse);
    await tx.delete(enterpriseMaterials).where(eq(enterpriseMaterials.id, id));
    await audit(tx, ctx, APPLY_AUDIT.materialRemove, { id, enterpriseId: row.enterpriseId, materialKind: row.kind });
  });
}

/** Whether the scope may read a library document's file: its enterprise's accounts, and staff. */
export async function canReadMaterial(db: Db, ctx: SignedInCtx, id: number): Promise<boolean> {
  if (!isEnterprise(ctx)) return true;
  const [row] = await db.select({ enterpriseId: enterpriseMaterials.enterpriseId }).from(enterpriseMaterials).where(eq(enterpriseMaterials.id, id));
  return Boolean(row && ctx.scope.enterpriseIds.includes(row.enterpriseId));
}

/**
 * The chosen documents for the form's requirements, checked: each one the enterprise's own, of the
 * requirement's kind, valid at `now`. Kinds the form does not ask for are refused.
 */
async function checkedMaterials(db: Db | Tx, form: Pick<ApplyFormBody, 'materials'>, enterpriseId: number, chosen: ChosenMaterials, now: Date, onlyKinds?: readonly string[]): Promise<MaterialRow[]> {
  const ids = Object.values(chosen);
  const rows = ids.length ? await db.select().from(enterpriseMaterials).where(and(inArray(enterpriseMaterials.id, ids), eq(enterpriseMaterials.enterpriseId, enterpriseId))) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: MaterialRow[] = [];
  for (const [kind, id] of Object.entries(chosen)) {
    const requirement = form.materials.find((m) => m.kind === kind);
    if (!requirement || (onlyKinds && !onlyKinds.includes(kind))) throw badRequest(APPLY_MSG.correctionUnknown);
    const row = byId.get(id);
    if (!row) throw badRequest(APPLY_MSG.materialNotFound);
    if (row.kind !== kind) throw badRequest(APPLY_MSG.materialWrongKind(materialLabel(requirement)));
    if (isExpired(row.validUntil, now)) throw badRequest(APPLY_MSG.materialExpired(materialLabel(requirement)));
    out.push(row);
  }
  return out;
}

const frozenMaterial = (applicationId: number, m: MaterialRow) => ({ applicationId, kind: m.kind, materialId: m.id, name: m.name, issuer: m.issuer, validUntil: m.validUntil });

// ---- what applying starts from ----------------------------------------------------------------------

/** A published guide open for application now, with its current form; refused otherwise, with why. */
async function applicableGuide(db: Db | Tx, guideId: number, now: Date) {
  const [guide] = await db
    .select({ id: guides.id, title: guides.title, mode: guides.mode, windowStart: guides.windowStart, windowEnd: guides.windowEnd })
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(and(eq(guides.id, guideId), eq(guides.status, 'published'), eq(policies.status, 'published')));
  if (!guide) throw notFound(APPLY_MSG.guideNotFound);
  if (guide.mode === AUTO_MODE) throw conflict(APPLY_MSG.guideAuto);
  if (now < guide.windowStart || now >= guide.windowEnd) throw conflict(APPLY_MSG.windowClosed);
  const form = await currentForm(db, guideId);
  if (!form) throw conflict(APPLY_MSG.noForm);
  return { guide, form };
}

/** The enterprise's approved application this year in the guide's 不重复享受 group, if any (not `except`). */
async function exclusiveHolder(db: Db | Tx, enterpriseId: number, group: string | null, year: number, except?: number) {
  if (!group) return null;
  const [row] = await db
    .select({ id: applications.id, number: applications.number, amount: applications.approvedAmount })
    .from(applications)
    .where(
      and(
        eq(applications.enterpriseId, enterpriseId),
        eq(applications.exclusiveGroup, group),
        eq(applications.approvedYear, year),
        inArray(applications.status, APPLY_SUPPORTED_STATES),
        except ? ne(applications.id, except) : undefined,
      ),
    )
    .orderBy(desc(applications.approvedAmount))
    .limit(1);
  return row ? { number: row.number ?? '', amount: row.amount ?? 0 } : null;
}

async function verdictOf(deps: ApplyDeps, enterpriseId: number, guideId: number, now: Date) {
  const found = await guideVerdict(deps, enterpriseId, guideId, now);
  if (!found) throw notFound(APPLY_MSG.enterpriseNotFound);
  return found;
}

/** What the portal's 我要申报 shows for one of the caller's enterprises and a guide: form, prefill, verdict, warnings, library, draft. */
export async function applyStart(deps: ApplyDeps, ctx: SignedInCtx, query: GuideEnterpriseQuery, now = new Date()): Promise<ApplyStart> {
  ownEnterprise(ctx, query.enterpriseId);
  const { guide, form } = await applicableGuide(deps.db, query.guideId, now);
  const [{ enterprise, verdict }, library, [draft], inProgress, holder] = await Promise.all([
    verdictOf(deps, query.enterpriseId, query.guideId, now),
    libraryOf(deps.db, query.enterpriseId, now),
    deps.db
      .select({ values: applicationDrafts.values, materials: applicationDrafts.materials, updatedAt: applicationDrafts.updatedAt, updatedBy: accounts.name })
      .from(applicationDrafts)
      .leftJoin(accounts, eq(accounts.id, applicationDrafts.updatedBy))
      .where(and(eq(applicationDrafts.enterpriseId, query.enterpriseId), eq(applicationDrafts.guideId, query.guideId))),
    openApplication(deps.db, query.enterpriseId, query.guideId),
    exclusiveHolder(deps.db, query.enterpriseId, form.body.exclusiveGroup, yearOf(now)),
  ]);
  const kinds = new Set(form.body.materials.map((m) => m.kind));
  const warnings = [
    ...(verdict.verdict === 'missing' ? [APPLY_MSG.unchecked] : []),
    ...(verdict.verdict === 'ineligible' ? [APPLY_MSG.ineligible(verdict.reasons.join('；'))] : []),
    ...(holder ? [APPLY_MSG.exclusiveHint(holder.number, holder.amount)] : []),
  ];
  return {
    guideId: guide.id,
    guideTitle: guide.title,
    enterpriseId: enterprise.id,
    enterpriseName: enterprise.name,
    form: toForm(form),
    prefill: prefillOf(form.body.sections, enterprise, chinaDate(now), verdict.amount),
    verdict,
    allowed: verdict.verdict !== 'ineligible',
    warnings,
    library: library.filter((m) => kinds.has(m.kind as MaterialKind)).sort((a, b) => Number(a.expired) - Number(b.expired)),
    draft: draft ? { values: draft.values, materials: draft.materials, updatedAt: draft.updatedAt.toISOString(), updatedBy: draft.updatedBy ?? '' } : null,
    inProgress: inProgress ? { id: inProgress.id, number: inProgress.number ?? '' } : null,
  };
}

/** Keys of `values` the form has no field for: refused, so a draft holds nothing the form cannot show. */
function checkKnownKeys(form: Pick<ApplyFormBody, 'sections'>, values: FormValues, allowed?: readonly string[]): void {
  const known = new Set(allowed ?? formFields(form.sections).map((f) => f.key));
  const unknown = Object.keys(values).find((k) => !known.has(k));
  if (unknown) throw badRequest(allowed ? APPLY_MSG.correctionUnknown : APPLY_MSG.unknownField(unknown));
}

/** Saves the enterprise's draft for the guide (shared by its accounts): who saved it last, and when. */
export async function saveDraft(deps: ApplyDeps, ctx: SignedInCtx, body: ApplyDraftBody, now = new Date()): Promise<{ updatedAt: string; updatedBy: string }> {
  ownEnterprise(ctx, body.enterpriseId);
  const { form } = await applicableGuide(deps.db, body.guideId, now);
  checkKnownKeys(form.body, body.values);
  for (const [kind, id] of Object.entries(body.materials)) {
    if (!form.body.materials.some((m) => m.kind === kind)) throw badRequest(APPLY_MSG.unknownField(kind));
    if ((await deps.db.$count(enterpriseMaterials, and(eq(enterpriseMaterials.id, id), eq(enterpriseMaterials.enterpriseId, body.enterpriseId)))) === 0) throw badRequest(APPLY_MSG.materialNotFound);
  }
  const row = { values: body.values, materials: body.materials, updatedBy: ctx.actor.accountId, updatedAt: now };
  await deps.db
    .insert(applicationDrafts)
    .values({ enterpriseId: body.enterpriseId, guideId: body.guideId, ...row })
    .onConflictDoUpdate({ target: [applicationDrafts.enterpriseId, applicationDrafts.guideId], set: row });
  return { updatedAt: now.toISOString(), updatedBy: ctx.actor.name };
}

// ---- submitting --------------------------------------------------------------------------------------

/**
 * Submits an application for one of the caller's enterprises; answers its detail. Everything the
 * form asks is checked first (the completion checklist's first item is the refusal); the row, its
 * materials as they stand, the opening of its timeline, the number and the audit record are one
 * transaction, the number last; the draft goes with it.
 */
export async function submitApplication(deps: ApplyDeps, ctx: SignedInCtx, body: ApplySubmitBody, now = new Date()): Promise<ApplyDetail> {
  ownEnterprise(ctx, body.enterpriseId);
  const { form } = await applicableGuide(deps.db, body.guideId, now);
  if (body.formVersion !== form.version) throw conflict(APPLY_MSG.formChanged);
  const { enterprise, verdict } = await verdictOf(deps, body.enterpriseId, body.guideId, now);
  if (verdict.verdict === 'ineligible') throw badRequest(APPLY_MSG.ineligible(verdict.reasons.join('；')));
  const [problem] = formProblems(form.body, body.values, body.materials);
  if (problem) throw badRequest(problem.message);
  const chosen = await checkedMaterials(deps.db, form.body, body.enterpriseId, body.materials, now);
  if (body.bankAccount.name.trim() !== enterprise.name) throw badRequest(APPLY_MSG.accountNameMismatch);
  const inProgress = await openApplication(deps.db, body.enterpriseId, body.guideId);
  if (inProgress) throw conflict(APPLY_MSG.alreadyApplied(inProgress.number ?? ''));
  const stageDueAt = await dueAfter(deps.calendar, now, form.body.acceptDays);
  const values = Object.fromEntries(Object.entries(body.values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(applications)
        .values({
          enterpriseId: body.enterpriseId,
          accountId: ctx.actor.accountId,
          guideId: body.guideId,
          formId: form.id,
          promiseDays: form.body.promiseDays,
          values,
          commitment: { text: form.body.commitment, signer: body.signer.trim(), at: now.toISOString() },
          bankAccount: { name: body.bankAccount.name.trim(), bank: body.bankAccount.bank.trim(), number: body.bankAccount.number },
          verdictAtSubmit: verdict,
          exclusiveGroup: form.body.exclusiveGroup,
          stageDueAt,
          submittedAt: now,
          updatedAt: now,
        })
        .returning({ id: applications.id });
      if (chosen.length) await tx.insert(applicationMaterials).values(chosen.map((m) => frozenMaterial(row!.id, m)));
      await tx.delete(applicationDrafts).where(and(eq(applicationDrafts.enterpriseId, body.enterpriseId), eq(applicationDrafts.guideId, body.guideId)));
      await stampNumber(tx, applications, row!.id, APPLY_NUMBER_PREFIX, now, {
        record: auditRecord(ctx, APPLY_AUDIT.submit, { enterpriseId: body.enterpriseId, guideId: body.guideId, formVersion: form.version }),
        numberKey: 'applyNumber',
        opening: opening(ctx, APPLY_FLOW, APPLY_KIND, 'submit', now),
      });
      return row!.id;
    });
    return applyDetail(deps, ctx, id, now);
  } catch (err) {
    // Two submissions at once: the one-in-progress index lets one through.
    if (!isUniqueViolation(err)) throw err;
    const other = await openApplication(deps.db, body.enterpriseId, body.guideId);
    throw conflict(APPLY_MSG.alreadyApplied(other?.number ?? ''));
  }
}

// ---- clocks, lists and the detail -------------------------------------------------------------------

type Clock = Pick<ApplyItem, 'stageDueAt' | 'dueText' | 'overdue' | 'promiseDueAt' | 'promiseWarn'>;

/**
 * What an application's clocks say at `now`: the stage's (剩余 N 个工作日 / 已超期) while it runs,
 * 补正中，计时暂停 while paused; the 快申快享 one from 受理 on, warned once APPLY_PROMISE_WARN of it is spent.
 */
export async function clockOf(calendar: CalendarStore, row: Pick<ItemRow, 'status' | 'stageDueAt' | 'promiseDueAt' | 'promiseDays'>, now: Date): Promise<Clock> {
  const promise = row.promiseDueAt && row.status !== 'rejected' ? row.promiseDueAt : null;
  // A clock already past needs no count: it warns.
  const promiseLeft = promise && now <= promise ? await workingDaysLeft(calendar, promise, now) : null;
  const promiseWarn = promise !== null && (now > promise || (promiseLeft !== null && promiseLeft <= row.promiseDays * (1 - APPLY_PROMISE_WARN)));
  const base = { promiseDueAt: promise?.toISOString() ?? null, promiseWarn };
  if (row.status === 'correcting') return { ...base, stageDueAt: null, dueText: APPLY_MSG.paused, overdue: false };
  const due = row.stageDueAt;
  if (!due) return { ...base, stageDueAt: null, dueText: null, overdue: false };
  const late = now > due;
  const left = late ? null : await workingDaysLeft(calendar, due, now);
  return { ...base, stageDueAt: due.toISOString(), dueText: late ? APPLY_MSG.overdue : left === null ? null : APPLY_MSG.remaining(left), overdue: late };
}

const openCorrection = (corrections: readonly Correction[]) => corrections.findLast((c) => c.answeredAt === null) ?? null;

async function toItem(calendar: CalendarStore, row: ItemRow, now: Date): Promise<ApplyItem> {
  return {
    id: row.id,
    number: row.number ?? '',
    guideId: row.guideId,
    guideTitle: row.guideTitle,
    enterpriseId: row.enterpriseId,
    enterpriseName: row.enterpriseName,
    status: row.status,
    statusLabel: APPLY_FLOW.states[row.status as ApplyStatus] ?? row.status,
    submittedAt: row.submittedAt.toISOString(),
    ...(await clockOf(calendar, row, now)),
    asked: row.status === 'correcting' ? (openCorrection(row.corrections)?.note ?? null) : null,
    approvedAmount: row.approvedAmount,
  };
}

const withItems = async (calendar: CalendarStore, page: PageOf<ItemRow>, now: Date): Promise<PageOf<ApplyItem>> => ({ ...page, list: await Promise.all(page.list.map((r) => toItem(calendar, r, now))) });

/** 我的申报: the applications of the caller's enterprises (or the one named), newest first. */
export async function myApplications(deps: ApplyDeps, ctx: SignedInCtx, query: ApplyListQuery, now = new Date()): Promise<PageOf<ApplyItem>> {
  if (query.enterpriseId) ownEnterprise(ctx, query.enterpriseId);
  return withItems(deps.calendar, await ownApplications(deps.db, ctx.scope, query), now);
}

export async function queuePage(deps: ApplyDeps, query: ApplyQueueQuery, now = new Date()): Promise<PageOf<ApplyItem>> {
  return withItems(deps.calendar, await applicationQueue(deps.db, query, now), now);
}

export const queueCounts = (deps: ApplyDeps, query: ApplyCountsQuery, now = new Date()): Promise<ApplyCounts> => applicationCounts(deps.db, query, now);

/** One application as the caller may see it: the owner without 联审 and internal steps, staff with the calculator's answer now and the budget. */
export async function applyDetail(deps: ApplyDeps, ctx: SignedInCtx, id: number, now = new Date()): Promise<ApplyConsoleDetail> {
  const forOwner = isEnterprise(ctx);
  const [found, history, frozen, linked] = await Promise.all([
    findApplication(deps.db, ctx.scope, id),
    timeline(deps.db, APPLY_KIND, id, { flow: APPLY_FLOW, forOwner }),
    deps.db
      .select({ m: applicationMaterials, fileId: enterpriseMaterials.fileId, fileName: files.name })
      .from(applicationMaterials)
      .innerJoin(enterpriseMaterials, eq(enterpriseMaterials.id, applicationMaterials.materialId))
      .innerJoin(files, eq(files.id, enterpriseMaterials.fileId))
      .where(eq(applicationMaterials.applicationId, id)),
    appealsFrom(deps.db, APPLY_KIND, id),
  ]);
  if (!found) throw notFound(APPLY_MSG.notFound);
  const { application: a, form } = found;
  const status = a.status as ApplyStatus;
  const isOwner = ctx.scope.enterpriseIds.includes(a.enterpriseId);
  const dicts = await deps.dicts.all();
  const byKind = new Map(frozen.map((f) => [f.m.kind, f]));
  const item = await toItem(deps.calendar, { ...a, guideTitle: found.guideTitle, enterpriseName: found.enterpriseName, promiseDays: form.body.promiseDays }, now);
  const staffView = forOwner
    ? null
    : await Promise.all([
        guideVerdict(deps, a.enterpriseId, a.guideId, now),
        a.firstReviewerId ? deps.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, a.firstReviewerId)) : [],
        budgetOf(deps.db, a.guideId, yearOf(a.decidedAt ?? now)),
      ]);
  return {
    ...item,
    formVersion: form.version,
    sections: form.body.sections,
    values: a.values,
    materials: form.body.materials.map((m) => {
      const f = byKind.get(m.kind);
      return {
        kind: m.kind,
        label: materialLabel(m),
        required: m.required,
        material: f ? { id: f.m.materialId, name: f.m.name, issuer: f.m.issuer, validUntil: f.m.validUntil, fileName: f.fileName, fileUrl: fileUrl(f.fileId) } : null,
      };
    }),
    commitment: a.commitment,
    bankAccount: a.bankAccount,
    verdictAtSubmit: a.verdictAtSubmit,
    proposedAmount: a.proposedAmount,
    corrections: a.corrections,
    maxCorrections: form.body.maxCorrections,
    joint: forOwner
      ? []
      : form.body.departments.map((code) => {
          const given = a.joint[code];
          return { department: code, departmentName: dictLabel(dicts, 'department', code), opinion: given?.opinion ?? null, by: given?.by ?? null, at: given?.at ?? null };
        }),
    timeline: history,
    steps: permittedSteps(APPLY_FLOW, status, roleKeyOf(ctx.actor.roleId), isOwner),
    rating: a.rating && a.ratedAt ? { level: a.rating, label: APPEAL_RATINGS[a.rating as AppealRating] ?? a.rating, comment: a.ratingComment, at: a.ratedAt.toISOString() } : null,
    appeals: linked,
    verdictNow: staffView?.[0]?.verdict ?? a.verdictAtSubmit,
    firstReviewer: staffView?.[1][0]?.name ?? null,
    budget: staffView?.[2]?.amount != null ? { year: staffView[2].year, amount: staffView[2].amount, approved: staffView[2].approved } : null,
  };
}

// ---- the steps ---------------------------------------------------------------------------------------

/** Who asked for the open 补正: told when the enterprise answers it. */
async function askerOf(tx: Tx, row: Application): Promise<number | null> {
  const [asked] = await tx
    .select({ actorId: workflowSteps.actorId })
    .from(workflowSteps)
    .where(and(eq(workflowSteps.subjectKind, APPLY_KIND), eq(workflowSteps.subjectId, row.id), eq(workflowSteps.step, 'askCorrection')))
    .orderBy(desc(workflowSteps.id))
    .limit(1);
  return asked?.actorId ?? null;
}

const NOTICES: SubjectNotices<Application> = {
  source: 'apply',
  handler: askerOf,
  render: (kind, to, { row, note }) => {
    const amountLabel: Partial<Record<string, string>> = { 'apply.approved': '核定金额', 'apply.paid': '到账金额', 'apply.uninspected': '核定金额（按已预拨金额）' };
    const amount = amountLabel[kind] && row.approvedAmount !== null ? `${amountLabel[kind]}：${row.approvedAmount} 万元` : null;
    const asked = kind === 'apply.correction' ? openCorrection(row.corrections) : null;
    const what = asked ? `需补正：${[...asked.fields.map((f) => f.label), ...asked.materials.map((m) => m.label)].join('、')}` : null;
    return {
      title: `${APPLY_MESSAGE_KINDS[kind as ApplyMessageKind]}：${row.number}`,
      body: [`申报编号 ${row.number}`, amount, what, note].filter(Boolean).join('\n'),
      link: to === 'owner' ? applyPortalLink(row.id) : applyConsoleLink(row.id),
    };
  },
};

/** An application as the workflow moves it (its own steps here; 公示's and 拨付's in services/payout). */
export const applicationSubject = (id: number): Subject<typeof applications> => ({ kind: APPLY_KIND, table: applications, id, notFound: APPLY_MSG.notFound, owner: { key: 'enterpriseId', by: 'enterprise' }, notices: NOTICES });

async function formOf(tx: Tx, row: Application): Promise<ApplyFormBody> {
  const [form] = await tx.select({ body: applyForms.body }).from(applyForms).where(eq(applyForms.id, row.formId));
  return form!.body;
}

/** An amount within the guide's amount rule for the enterprise now (a rule that cannot be computed sets no limit). */
async function checkRule(deps: ApplyDeps, row: Application, amount: number, now: Date): Promise<void> {
  const estimate = (await guideVerdict(deps, row.enterpriseId, row.guideId, now))?.verdict.amount ?? null;
  if (estimate !== null && amount > estimate) throw conflict(APPLY_MSG.amountOverRule(estimate));
}

/** The approved amount's limits: the amount rule, 不重复享受, and the year's budget left (its row locked). */
async function checkApproval(deps: ApplyDeps, tx: Tx, row: Application, amount: number, now: Date): Promise<void> {
  await checkRule(deps, row, amount, now);
  await holdApproval(tx, { ...row, approvedId: row.id }, amount, yearOf(now));
}

/**
 * An approval of `amount` in `year` held against 不重复享受 and the guide's 资金额度, under the locks
 * every approval takes (one at a time per enterprise and group; the budget's row): staff's 拟支持
 * and an enterprise's 免申即享 confirmation alike. Without a budget row staff are refused; a
 * confirmation is not (授权 requires the budget, and a budget is never set below what is approved).
 */
export async function holdApproval(
  tx: Tx,
  subject: { guideId: number; enterpriseId: number; exclusiveGroup: string | null; approvedId?: number },
  amount: number,
  year: number,
  { budgetRequired = true } = {},
): Promise<void> {
  if (subject.exclusiveGroup) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`apply-exclusive:${subject.exclusiveGroup}`}), ${subject.enterpriseId})`);
  const holder = await exclusiveHolder(tx, subject.enterpriseId, subject.exclusiveGroup, year, subject.approvedId);
  // 从高从优: a higher amount may take the group's place once the enterprise gives up the earlier one (relinquish).
  if (holder) throw conflict((holder.amount !== null && amount > holder.amount ? APPLY_MSG.exclusiveHigher : APPLY_MSG.exclusive)(holder.number ?? '', holder.amount ?? 0));
  const [budget] = await tx.select().from(applyBudgets).where(and(eq(applyBudgets.guideId, subject.guideId), eq(applyBudgets.year, year))).for('update');
  if (!budget) {
    if (budgetRequired) throw conflict(APPLY_MSG.budgetMissing(year));
    return;
  }
  const approved = await approvedSum(tx, subject.guideId, year);
  const left = amountOf(budget.amount - approved);
  if (amount > left) throw conflict(APPLY_MSG.budgetExceeded(left));
}

async function approvedSum(db: Db | Tx, guideId: number, year: number): Promise<number> {
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${applications.approvedAmount}), 0)`.mapWith(Number) })
    .from(applications)
    .where(and(eq(applications.guideId, guideId), eq(applications.approvedYear, year), inArray(applications.status, APPLY_SUPPORTED_STATES)));
  return sum?.total ?? 0;
}

/** The 补正 asked: the fields and materials of the frozen form, all at once. */
function correctionOf(form: ApplyFormBody, body: ApplyStepBody, note: string, now: Date): Correction {
  const fields = body.fields ?? [];
  const kinds = body.materialKinds ?? [];
  if (!fields.length && !kinds.length) throw badRequest(APPLY_MSG.correctionNothing);
  const byKey = new Map(formFields(form.sections).map((f) => [f.key, f]));
  const byKind = new Map(form.materials.map((m) => [m.kind as string, m]));
  if (fields.some((k) => !byKey.has(k)) || kinds.some((k) => !byKind.has(k))) throw badRequest(APPLY_MSG.correctionUnknown);
  return {
    askedAt: now.toISOString(),
    note,
    fields: fields.map((key) => ({ key, label: byKey.get(key)!.label })),
    materials: kinds.map((kind) => ({ kind, label: materialLabel(byKind.get(kind)!) })),
    answeredAt: null,
  };
}

/** The enterprise's answer to the open 补正: every item asked for, each right; nothing else. */
async function checkAnswer(tx: Tx, form: ApplyFormBody, row: Application, body: ApplyStepBody, now: Date) {
  const asked = openCorrection(row.corrections)!;
  const values = body.values ?? {};
  const chosen = body.materials ?? {};
  checkKnownKeys(form, values, asked.fields.map((f) => f.key));
  const missing = [...asked.fields.filter((f) => !values[f.key]?.trim()).map((f) => f.label), ...asked.materials.filter((m) => !chosen[m.kind]).map((m) => m.label)];
  if (missing.length) throw badRequest(APPLY_MSG.correctionIncomplete(missing.join('、')));
  const byKey = new Map(formFields(form.sections).map((f) => [f.key, f]));
  for (const f of asked.fields) {
    const error = fieldError(byKey.get(f.key)!, values[f.key]);
    if (error) throw badRequest(error);
  }
  return checkedMaterials(tx, form, row.enterpriseId, chosen, now, asked.materials.map((m) => m.kind));
}

/**
 * Takes one step of APPLY_FLOW on an application, as the signed-in caller. The row is locked by
 * the step; the frozen form (time limits, 补正 limit, 联审 departments) is read under that lock.
 */
export async function takeStep(deps: ApplyDeps, ctx: Ctx, id: number, body: ApplyStepBody, now = new Date()): Promise<void> {
  const name = body.step as ApplyStep;
  const actor = isSignedIn(ctx) ? ctx.actor : null;
  let form: ApplyFormBody | null = null;
  let answered: MaterialRow[] = [];
  await step(deps, ctx, APPLY_FLOW, applicationSubject(id), name, {
    audit: APPLY_AUDIT.step,
    note: body.note,
    at: now,
    guard: async (tx, row) => {
      const f = await formOf(tx, row);
      form = f;
      switch (name) {
        case 'askCorrection': {
          const done = row.corrections.length;
          if (done >= f.maxCorrections) throw conflict(APPLY_MSG.tooManyCorrections(done));
          correctionOf(f, body, body.note ?? '', now);
          return;
        }
        case 'correct':
          answered = await checkAnswer(tx, f, row, body, now);
          return;
        case 'firstReview':
          if (body.amount === undefined) throw badRequest(APPLY_MSG.amountRequired);
          await checkRule(deps, row, amountOf(body.amount), now);
          return;
        case 'secondReview':
          // 409, not 403: a rule of this application, said in its own words (the web shows a 403 as 无权限).
          if (actor && row.firstReviewerId === actor.accountId) throw conflict(APPLY_MSG.sameReviewer);
          return;
        case 'jointOpinion':
          if (!body.department) throw badRequest(APPLY_MSG.departmentRequired);
          if (!f.departments.includes(body.department)) throw badRequest(APPLY_MSG.departmentNotJoint);
          if (row.joint[body.department]) throw conflict(APPLY_MSG.departmentDone);
          return;
        case 'rate':
          if (!body.rating) throw badRequest(APPLY_MSG.ratingRequired);
          if (isBadRating(body.rating) && !body.comment?.trim()) throw badRequest(APPLY_MSG.commentRequired);
          return;
        case 'approve': {
          const pending = f.departments.filter((d) => !row.joint[d]);
          if (pending.length) {
            const dicts = await deps.dicts.all();
            throw conflict(APPLY_MSG.jointPending(pending.map((d) => dictLabel(dicts, 'department', d)).join('、')));
          }
          if (body.amount === undefined) throw badRequest(APPLY_MSG.amountRequired);
          // Nothing to pay is no support: its 资金下达 would issue an instruction of 0.
          if (amountOf(body.amount) <= 0) throw badRequest(APPLY_MSG.approvedPositive);
          await checkApproval(deps, tx, row, amountOf(body.amount), now);
          return;
        }
        default:
          return;
      }
    },
    set: async (row) => {
      const f = form!;
      const touched = { updatedAt: now };
      const stage = (days: number) => dueAfter(deps.calendar, now, days);
      // 快申快享's clock reaches months ahead: a year not yet published leaves it unknown, not the step refused.
      const promise = (days: number) => dueAfterIfPublished(deps.calendar, now, days);
      switch (name) {
        case 'accept':
          return { ...touched, acceptedAt: now, stageDueAt: await stage(f.reviewDays), promiseDueAt: await promise(f.promiseDays) };
        case 'refuse':
        case 'withdraw':
        case 'relinquish':
        case 'reject':
          return { ...touched, decidedAt: now, stageDueAt: null, ...(name === 'reject' ? {} : { promiseDueAt: null }) };
        case 'askCorrection': {
          // The clocks stop: what is left of each is counted again from the answer.
          const left = async (due: Date | null) => (due ? Math.max(0, (await workingDaysLeft(deps.calendar, due, now)) ?? 0) : null);
          return {
            ...touched,
            corrections: [...row.corrections, correctionOf(f, body, body.note?.trim() ?? '', now)],
            stageDaysLeft: await left(row.stageDueAt),
            promiseDaysLeft: await left(row.promiseDueAt),
            stageDueAt: null,
            promiseDueAt: null,
          };
        }
        case 'correct':
          return {
            ...touched,
            values: { ...row.values, ...Object.fromEntries(Object.entries(body.values ?? {}).map(([k, v]) => [k, v.trim()])) },
            corrections: row.corrections.map((c, i) => (i === row.corrections.length - 1 ? { ...c, answeredAt: now.toISOString() } : c)),
            stageDueAt: await stage(row.stageDaysLeft ?? f.reviewDays),
            promiseDueAt: row.promiseDaysLeft === null ? row.promiseDueAt : await promise(row.promiseDaysLeft),
            stageDaysLeft: null,
            promiseDaysLeft: null,
          };
        case 'firstReview':
          return { ...touched, firstReviewerId: actor?.accountId ?? null, proposedAmount: amountOf(body.amount!), stageDueAt: await stage(f.reviewDays) };
        case 'secondReview':
          return { ...touched, stageDueAt: await stage(f.reviewDays) };
        case 'jointOpinion':
          return { ...touched, joint: { ...row.joint, [body.department!]: { opinion: body.note!.trim(), byId: actor!.accountId, by: actor!.name, at: now.toISOString() } } };
        case 'approve':
          return { ...touched, decidedAt: now, stageDueAt: null, approvedAmount: amountOf(body.amount!), approvedYear: yearOf(now) };
        case 'rate':
          return { ...touched, rating: body.rating!, ratingComment: body.comment?.trim() || null, ratedAt: now };
        case 'failInspection':
          // No 结算: the support is what the 预拨 paid, and the year's 资金额度 holds only that.
          return { ...touched, decidedAt: now, approvedAmount: f.advancePercent ? advanceAmount(row.approvedAmount ?? 0, f.advancePercent) : row.approvedAmount };
        default:
          return touched;
      }
    },
    effects: async (tx, { row }) => {
      // A 差评 of the 兑现 is followed up as an 诉求 for 整改, with its own clock and 回访.
      if (name === 'rate' && isBadRating(body.rating!)) {
        const [guide] = await tx.select({ title: guides.title }).from(guides).where(eq(guides.id, row.guideId));
        await fileSourcedAppeal(
          tx,
          ctx,
          { enterpriseId: row.enterpriseId, category: APPLY_APPEAL_CATEGORY, title: `政策兑现差评整改：${guide!.title}`.slice(0, APPEAL_LENGTH.title), content: `申报编号 ${row.number}，评价：${APPEAL_RATINGS[body.rating!]}。\n${body.comment!.trim()}`, source: { kind: APPLY_KIND, id: row.id, key: 'rating' } },
          now,
        );
        return;
      }
      if (name !== 'correct' || !answered.length) return;
      await tx.delete(applicationMaterials).where(and(eq(applicationMaterials.applicationId, id), inArray(applicationMaterials.kind, answered.map((m) => m.kind))));
      await tx.insert(applicationMaterials).values(answered.map((m) => frozenMaterial(id, m)));
    },
  });
}

// ---- a guide's form and budget (console) ------------------------------------------------------------

/**
 * A guide one applies for (any mode but 免申即享) is published with a way to apply: its form here or an
 * outside 在线申报地址. Run inside the publish's transaction (events.onStep): a refusal undoes it.
 */
export async function checkPublishable(tx: DbOrTx, guideId: number): Promise<void> {
  const [guide] = await tx.select({ mode: guides.mode, onlineUrl: guides.onlineUrl }).from(guides).where(eq(guides.id, guideId));
  if (!guide || guide.mode === AUTO_MODE || guide.onlineUrl) return;
  if ((await tx.$count(applyForms, eq(applyForms.guideId, guideId))) === 0) throw conflict(APPLY_MSG.publishNoForm);
}

export async function formState(db: Db, guideId: number): Promise<ApplyFormState> {
  const [guide] = await db.select({ id: guides.id, title: guides.title }).from(guides).where(eq(guides.id, guideId));
  if (!guide) throw notFound(APPLY_MSG.guideNotFound);
  const form = await currentForm(db, guideId);
  return { guideId: guide.id, guideTitle: guide.title, form: form ? { ...form.body, version: form.version, savedAt: form.savedAt.toISOString() } : null };
}

/** Saves a guide's form as its next version; applications already submitted keep theirs. */
export async function saveForm(deps: ApplyDeps, ctx: SignedInCtx, guideId: number, body: ApplyFormBody, now = new Date()): Promise<ApplyFormState> {
  const problem = formDefinitionError(body);
  if (problem) throw badRequest(problem);
  const dicts = await deps.dicts.items('department');
  if (body.departments.some((d) => !dicts.some((i) => i.code === d))) throw badRequest(APPLY_MSG.departmentNotJoint);
  await deps.db.transaction(async (tx) => {
    const [guide] = await tx.select({ id: guides.id }).from(guides).where(eq(guides.id, guideId)).for('update');
    if (!guide) throw notFound(APPLY_MSG.guideNotFound);
    const [last] = await tx.select({ version: applyForms.version }).from(applyForms).where(eq(applyForms.guideId, guideId)).orderBy(desc(applyForms.version)).limit(1);
    const version = (last?.version ?? 0) + 1;
    const clean: ApplyFormBody = { ...body, commitment: body.commitment.trim(), exclusiveGroup: body.exclusiveGroup?.trim() || null };
    await tx.insert(applyForms).values({ guideId, version, body: clean, savedBy: ctx.actor.accountId, savedAt: now });
    await audit(tx, ctx, APPLY_AUDIT.form, { id: guideId, formVersion: version });
  });
  return formState(deps.db, guideId);
}

async function budgetOf(db: Db | Tx, guideId: number, year: number): Promise<Budget> {
  const [[row], approved] = await Promise.all([db.select().from(applyBudgets).where(and(eq(applyBudgets.guideId, guideId), eq(applyBudgets.year, year))), approvedSum(db, guideId, year)]);
  return { guideId, year, amount: row?.amount ?? null, approved };
}

export async function guideBudget(db: Db, guideId: number, year: number): Promise<Budget> {
  if ((await db.$count(guides, eq(guides.id, guideId))) === 0) throw notFound(APPLY_MSG.guideNotFound);
  return budgetOf(db, guideId, year);
}

/** Sets a guide's 资金额度 for a year; never below what is approved of it already. */
export async function saveBudget(db: Db, ctx: SignedInCtx, guideId: number, body: BudgetBody): Promise<Budget> {
  await db.transaction(async (tx) => {
    if ((await tx.$count(guides, eq(guides.id, guideId))) === 0) throw notFound(APPLY_MSG.guideNotFound);
    // A budget row is created once (the lock), then held against approvals (FOR UPDATE, as they hold it).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('apply-budget'), ${guideId})`);
    const [held] = await tx.select().from(applyBudgets).where(and(eq(applyBudgets.guideId, guideId), eq(applyBudgets.year, body.year))).for('update');
    const approved = await approvedSum(tx, guideId, body.year);
    if (body.amount < approved) throw conflict(APPLY_MSG.budgetBelowApproved(approved));
    const amount = amountOf(body.amount);
    if (held) await tx.update(applyBudgets).set({ amount, updatedAt: new Date() }).where(and(eq(applyBudgets.guideId, guideId), eq(applyBudgets.year, body.year)));
    else await tx.insert(applyBudgets).values({ guideId, year: body.year, amount });
    await audit(tx, ctx, APPLY_AUDIT.budget, { id: guideId, budgetYear: body.year, approvedAmount: amount });
  });
  return budgetOf(db, guideId, body.year);
}

/** How far back the 工作台 looks for a policy still without a way to apply for its guides. */
const FORMLESS_LOOKBACK_MS = 120 * 86_400_000;

/** The 工作台's mark: policies published FORMLESS_DAYS working days ago or more whose guides cannot be applied for yet. */
export async function formlessPolicies(deps: ApplyDeps, now = new Date()): Promise<FormlessPolicy[]> {
  const rows = await policiesWithoutForms(deps.db, new Date(now.getTime() - FORMLESS_LOOKBACK_MS));
  const out: FormlessPolicy[] = [];
  for (const r of rows) {
    if (!r.publishedAt) continue;
    // The working days from its publication to now (as days left before `now` seen from then); a
    // year not published cannot be counted: such a policy is left unmarked, not guessed.
    const days = await workingDaysLeft(deps.calendar, now, r.publishedAt);
    if (days === null || days < FORMLESS_DAYS) continue;
    out.push({ policyId: r.policyId, policyTitle: r.policyTitle, publishedAt: r.publishedAt.toISOString(), days, guides: r.formless });
  }
  return out;
}

/**
 * 申报遇到困难 (the 办不成事 channel): the enterprise's own words about one of its applications,
 * filed as an 诉求 linked to it (handled on the 诉求's clock); answers the 诉求's number.
 */
export async function fileDifficulty(deps: ApplyDeps, ctx: SignedInCtx, id: number, body: DifficultyBody, now = new Date()): Promise<string> {
  const found = await findApplication(deps.db, ctx.scope, id);
  if (!found || !ctx.scope.enterpriseIds.includes(found.application.enterpriseId)) throw notFound(APPLY_MSG.notFound);
  const content = body.content.trim();
  if (content.length < 10) throw badRequest(APPLY_MSG.difficultyRequired);
  const a = found.application;
  return deps.db.transaction(async (tx) => {
    const filed = await fileSourcedAppeal(
      tx,
      ctx,
      { enterpriseId: a.enterpriseId, category: APPLY_APPEAL_CATEGORY, title: `申报遇到困难：${found.guideTitle}`.slice(0, APPEAL_LENGTH.title), content: `${content}\n（申报编号 ${a.number}，当前状态：${APPLY_FLOW.states[a.status as ApplyStatus]}）`, source: { kind: APPLY_KIND, id: a.id, key: null } },
      now,
    );
    await audit(tx, ctx, APPLY_AUDIT.difficulty, { id: a.id, applyNumber: a.number });
    return filed.number;
  });
}
