// 企业赋码's rules (docs/entcode.md): the card a scanned code opens (a visitor's whitelist, the
// owner's and staff's more), the account's codes, the console's list and detail, and the steps of
// ENTCODE_FLOW through the workflow's step(), a reissue making the successor in the same transaction.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import {
  ENTCODE_FLOW,
  ENTCODE_KIND,
  ENTCODE_MESSAGE_KINDS,
  ENTCODE_MSG,
  ENTCODE_PAGE,
  entcodeUrl,
  formatCode,
  isValidCode,
  newCode,
  normalizeCode,
  type EntcodeCard,
  type EntcodeMessageKind,
  type EntcodeStatus,
  type EntcodeViewer,
  type MyEntcode,
  type StaffCard,
  type VisitorCard,
} from '@hqt/contract/entcode';
import { entcodeStatusLabel, type EntcodeDetail, type EntcodeStepBody, type EntcodeStepResult } from '@hqt/contract/entcode-console';
import type { Condition, EligibilityRules } from '@hqt/contract/policy';
import { permittedSteps, roleKeyOf } from '@hqt/contract/workflow';
import { chinaDate } from '@hqt/contract/working-days';
import type { Db, DbOrTx } from '../../db/client';
import { enterprises, guides } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { isSignedIn, type Ctx, type SignedInCtx } from '../../lib/ctx';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { start as startFlow, step, timeline, type FlowDeps, type Subject, type SubjectNotices } from '../../lib/workflow';
import { dictLabel, type DictionaryStore } from '../dict/public';
import { guidePage } from '../policy/public';
import { assignCode } from './assign';
import { codeRow, currentCodes, findByCode, latestEvaluation, recordScan, scansByViewer, toRow } from './queries';
import { enterpriseCodes } from './schema';

export const ENTCODE_AUDIT = { step: 'entcode.step', issue: 'entcode.issue' } as const;

export interface EntcodeDeps extends FlowDeps {
  dicts: DictionaryStore;
  /** The site's public address (PUBLIC_URL): what the QR codes encode. */
  publicUrl: string;
  /** The bureau's phone when the dictionary `department` item `gxj` names none. */
  bureauPhone: string;
  /** What staff's record shows of the enterprise from other services, composed above them. */
  record: EnterpriseRecord;
}

/** Staff's record of an enterprise, from other services: its open appeals and its visits, the latest of each with their counts. */
export type EnterpriseRecord = (db: DbOrTx, enterpriseId: number) => Promise<Pick<StaffCard, 'openAppealCount' | 'openAppeals' | 'visitCount' | 'visits'>>;

/** Guides on the card: open now, for the enterprise's industry and scale, newest first. */
const CARD_GUIDES = 5;

/** The bureau's phone, as the dictionary `department` says it for 工信局 (gxj). */
export async function bureauPhone(deps: Pick<EntcodeDeps, 'dicts' | 'bureauPhone'>): Promise<string> {
  const phone = (await deps.dicts.all()).get('department')?.get('gxj')?.extra?.phone;
  return typeof phone === 'string' && phone ? phone : deps.bureauPhone;
}

/** Whether a guide's rules leave room for an enterprise of this scale: some group without a scale condition that excludes it. */
export function openToScale(rules: EligibilityRules, scale: string | null): boolean {
  if (rules.openToAll || !rules.groups.length || !scale) return true;
  const admits = (c: Condition) => (c.op === 'in' && Array.isArray(c.value) ? c.value.includes(scale) : c.op === 'eq' ? c.value === scale : true);
  return rules.groups.some((group) => group.filter((c) => c.field === 'scale').every(admits));
}

/** The guides open now to the enterprise's industry (the market's filter) and scale (their rules), newest first. */
async function openGuides(deps: EntcodeDeps, industry: string | null, scale: string | null) {
  if (!industry) return [];
  const page = await guidePage(deps, { industry, openNow: true, currentPage: 1, pageSize: CARD_GUIDES * 4 });
  if (!page.list.length) return [];
  const rules = new Map(
    (await deps.db.select({ id: guides.id, eligibility: guides.eligibility }).from(guides).where(inArray(guides.id, page.list.map((g) => g.id)))).map((r) => [r.id, r.eligibility]),
  );
  return page.list.filter((g) => openToScale(rules.get(g.id) ?? { groups: [] }, scale)).slice(0, CARD_GUIDES);
}

/** Who the caller is to this enterprise. */
function viewerOf(ctx: Ctx, enterpriseId: number): EntcodeViewer {
  if (!isSignedIn(ctx)) return 'visitor';
  if (ctx.actor.roleId !== ROLES.enterprise.id) return 'staff';
  return ctx.scope.enterpriseIds.includes(enterpriseId) ? 'owner' : 'visitor';
}

/**
 * The card a code opens. Malformed (the check character fails) → 400; unknown → 404; not active, or
 * its enterprise gone → 410 with the bureau's phone (staff still get the record of a code not active,
 * to act on it). Every look-up of an existing code is counted by viewer.
 */
export async function lookupCard(deps: EntcodeDeps, ctx: Ctx, typed: string, now = new Date()): Promise<EntcodeCard> {
  if (!isValidCode(typed)) throw new AppError(400, ENTCODE_MSG.invalid);
  const found = await findByCode(deps.db, normalizeCode(typed));
  if (!found) throw new AppError(404, ENTCODE_MSG.notFound);
  const { code, enterprise } = found;
  const viewer = viewerOf(ctx, code.enterpriseId);
  await recordScan(deps.db, code.id, viewer, now);
  const phone = await bureauPhone(deps);
  if (!enterprise) throw new AppError(410, ENTCODE_MSG.enterpriseGone(phone));
  const status = code.status as EntcodeStatus;
  if (status !== 'active' && viewer !== 'staff') throw new AppError(410, ENTCODE_MSG[status as 'frozen' | 'revoked' | 'replaced'](phone));

  const dicts = await deps.dicts.all();
  const guides = await openGuides(deps, enterprise.industry, enterprise.scale);
  const card: VisitorCard = {
    viewer: 'visitor',
    code: code.code,
    status,
    statusLabel: entcodeStatusLabel(status),
    name: enterprise.name,
    creditCode: enterprise.creditCode,
    industry: enterprise.industry,
    industryLabel: enterprise.industry ? dictLabel(dicts, 'industry', enterprise.industry) : null,
    regionLabel: enterprise.region ? dictLabel(dicts, 'region', enterprise.region) : null,
    qualifications: enterprise.qualifications.map((q) => ({
      code: q.code,
      label: dictLabel(dicts, 'qualification', q.code),
      validUntil: q.validUntil ?? null,
      expired: Boolean(q.validUntil && q.validUntil < chinaDate(now)),
    })),
    guides: guides.map((g) => ({ id: g.id, title: g.title, supportTypeLabel: g.supportTypeLabel, windowEnd: g.windowEnd, amountText: g.amountText })),
  };
  if (viewer === 'visitor') return card;
  if (viewer === 'owner') return { ...card, viewer, enterpriseId: enterprise.id };
  return {
    ...card,
    viewer,
    codeId: code.id,
    enterpriseId: enterprise.id,
    legalPerson: enterprise.legalPerson,
    contactPhone: enterprise.contactPhone,
    ...(await deps.record(deps.db, enterprise.id)),
    lastEvaluation: await latestEvaluation(deps.db, enterprise.id),
  };
}

const toMine = (publicUrl: string, e: { id: number; name: string; creditCode: string }, c: typeof enterpriseCodes.$inferSelect): MyEntcode => ({
  enterpriseId: e.id,
  enterpriseName: e.name,
  creditCode: e.creditCode,
  codeId: c.id,
  code: c.code,
  display: formatCode(c.code),
  status: c.status,
  statusLabel: entcodeStatusLabel(c.status),
  url: entcodeUrl(publicUrl, c.code),
});

/** The caller's live enterprises, each with its code (given now if it has none yet). */
export async function myCodes(deps: EntcodeDeps, ctx: SignedInCtx): Promise<MyEntcode[]> {
  const ids = [...ctx.scope.enterpriseIds];
  if (!ids.length) return [];
  const mine = await deps.db
    .select({ id: enterprises.id, name: enterprises.name, creditCode: enterprises.creditCode })
    .from(enterprises)
    .where(and(inArray(enterprises.id, ids), isNull(enterprises.deletedAt)))
    .orderBy(enterprises.id);
  let codes = await currentCodes(deps.db, mine.map((e) => e.creditCode));
  const missing = mine.filter((e) => codes.get(e.creditCode)?.enterpriseId !== e.id);
  if (missing.length) {
    // One transaction each: holding one enterprise's new code while waiting on another's could deadlock with the job's batch.
    for (const e of missing) await deps.db.transaction((tx) => assignCode(tx, e));
    codes = await currentCodes(deps.db, mine.map((e) => e.creditCode));
  }
  return mine.flatMap((e) => {
    const c = codes.get(e.creditCode);
    return c ? [toMine(deps.publicUrl, e, c)] : [];
  });
}

/** The steps taken on every code the credit code has had (a reissued code's too), oldest first: the enterprise's timeline of its codes. */
async function enterpriseTimeline(db: Db, creditCode: string) {
  const ids = await db.select({ id: enterpriseCodes.id }).from(enterpriseCodes).where(eq(enterpriseCodes.creditCode, creditCode));
  const entries = (await Promise.all(ids.map(({ id }) => timeline(db, ENTCODE_KIND, id, { flow: ENTCODE_FLOW })))).flat();
  return entries.sort((a, b) => a.id - b.id);
}

/** One code as the console shows it, with its enterprise's timeline of codes and the steps the caller may take on it. */
export async function codeDetail(deps: EntcodeDeps, ctx: SignedInCtx, id: number): Promise<EntcodeDetail> {
  const row = await codeRow(deps.db, id);
  if (!row) throw notFound(ENTCODE_MSG.notFound);
  const [successor] = row.replacedBy ? await deps.db.select({ id: enterpriseCodes.id, code: enterpriseCodes.code }).from(enterpriseCodes).where(eq(enterpriseCodes.id, row.replacedBy)) : [];
  const [predecessor] = await deps.db.select({ id: enterpriseCodes.id, code: enterpriseCodes.code }).from(enterpriseCodes).where(eq(enterpriseCodes.replacedBy, id));
  return {
    ...toRow(row),
    reason: row.reason,
    replacedBy: successor ?? null,
    replaces: predecessor ?? null,
    url: entcodeUrl(deps.publicUrl, row.code),
    scansByViewer: await scansByViewer(deps.db, id),
    timeline: await enterpriseTimeline(deps.db, row.creditCode),
    steps: permittedSteps(ENTCODE_FLOW, row.status as EntcodeStatus, roleKeyOf(ctx.actor.roleId), false),
  };
}

/** The current code of the enterprise `id` (deleted ones too), for 企业详情; 404 when it has none. */
export async function codeOfEnterprise(deps: EntcodeDeps, ctx: SignedInCtx, enterpriseId: number): Promise<EntcodeDetail> {
  const [e] = await deps.db.select({ creditCode: enterprises.creditCode }).from(enterprises).where(eq(enterprises.id, enterpriseId));
  const code = e && (await currentCodes(deps.db, [e.creditCode])).get(e.creditCode);
  if (!code) throw notFound(ENTCODE_MSG.notFound);
  return codeDetail(deps, ctx, code.id);
}

/** The words of ENTCODE_FLOW's notices: the enterprise is told of each step on its code, with the reason. */
const NOTICES: SubjectNotices<typeof enterpriseCodes.$inferSelect> = {
  source: 'system',
  render: (kind, _to, { row, note, told }) => ({
    title: ENTCODE_MESSAGE_KINDS[kind as EntcodeMessageKind],
    body: [`企业码 ${formatCode(row.code)}`, ...told, `原因：${note}`].join('\n'),
    link: ENTCODE_PAGE,
  }),
};

const subject = (id: number): Subject<typeof enterpriseCodes> => ({
  kind: ENTCODE_KIND,
  table: enterpriseCodes,
  id,
  notFound: ENTCODE_MSG.notFound,
  owner: { key: 'enterpriseId', by: 'enterprise' },
  notices: NOTICES,
});

/**
 * Takes one step of ENTCODE_FLOW (staff, with a reason): freeze, unfreeze, revoke, or reissue — the
 * code becomes `replaced` and a new active code for the same credit code is made, the old one
 * pointing to it. The enterprise's account is told. Answers the new code's id for a reissue.
 */
export async function takeStep(deps: EntcodeDeps, ctx: SignedInCtx, id: number, body: EntcodeStepBody, now = new Date()): Promise<number | null> {
  let newCodeId: number | null = null;
  const note = body.note.trim();
  try {
    await step(deps, ctx, ENTCODE_FLOW, subject(id), body.step, {
      audit: ENTCODE_AUDIT.step,
      note,
      set: () => ({ reason: note, updatedAt: now }),
      at: now,
      effects: async (tx, { row }) => {
        if (body.step === 'reissue') {
          // The old code left the live states above: the new one takes its place under the partial unique index.
          const [fresh] = await tx
            .insert(enterpriseCodes)
            .values({ code: newCode(), creditCode: row.creditCode, enterpriseId: row.enterpriseId, createdAt: now, updatedAt: now })
            .returning({ id: enterpriseCodes.id, code: enterpriseCodes.code });
          newCodeId = fresh!.id;
          await startFlow(tx, ctx, ENTCODE_FLOW, { kind: ENTCODE_KIND, id: fresh!.id }, 'issue', now);
          await tx.update(enterpriseCodes).set({ replacedBy: fresh!.id }).where(eq(enterpriseCodes.id, id));
          await audit(tx, ctx, ENTCODE_AUDIT.issue, { id: fresh!.id, code: fresh!.code, replaces: row.code, creditCode: row.creditCode });
          return [`新企业码：${formatCode(fresh!.code)}`];
        }
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ENTCODE_MSG.liveExists);
    throw err;
  }
  return newCodeId;
}

export async function stepResult(deps: EntcodeDeps, ctx: SignedInCtx, id: number, body: EntcodeStepBody): Promise<EntcodeStepResult> {
  const newCodeId = await takeStep(deps, ctx, id, body);
  return { detail: await codeDetail(deps, ctx, id), newCodeId };
}
