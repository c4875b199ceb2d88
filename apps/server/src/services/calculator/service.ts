// 政策计算器 (docs/calculator.md): an account's enterprise profiles, evaluating one against the open
// guides, snapshots of evaluations with what changed since the last one, and the bureau's reverse list.
import { and, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import {
  CALC_MSG,
  factsOf,
  type Enterprise,
  type EnterpriseBody,
  type EnterpriseSummary,
  type EvaluateBody,
  type EvaluatePageBody,
  type EvaluateResponse,
  type EvaluationChanges,
  type EvaluationSnapshot,
  type EvaluationSummary,
  type AccountCalculatorInfo,
  type CheckGuideBody,
  type CheckGuideResponse,
} from '@hqt/contract/calculator';
import {
  dateOf,
  evaluateGuide,
  type Assessments,
  type ConditionResult,
  type EnterpriseFacts,
  type GuideResult,
  type GuideVerdict,
  type LabelOf,
  VERDICT_LABELS,
} from '@hqt/contract/calculator-engine';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import { OWN_MSG } from '@hqt/contract/messages';
import type { DictType } from '@hqt/contract/policy';
import { isCreditCode } from '@hqt/contract/validation';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, enterprises, evaluations, guides, policies } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { pageOfArray, paginate, totalOver } from '../../lib/paginate';
import { dictCode, dictLabel, type Dictionaries, type DictionaryStore } from '../dict/public';
import { assignCode } from '../entcode/public';
import { lockOwnEnterprise, ownEvaluations, ownLiveEnterprises, readOwnEnterprise } from './queries';
import type { AssessmentCache } from './assessments';
import { ruleGuideColumns, toRuleGuide, type Rulebook } from './rulebook';
import { keywordMatch } from '../../lib/like';

export const CALCULATOR_AUDIT = {
  createEnterprise: 'enterprise.create',
  updateEnterprise: 'enterprise.update',
  deleteEnterprise: 'enterprise.delete',
  saveEvaluation: 'evaluation.save',
} as const;

export interface CalculatorDeps {
  db: Db;
  dicts: DictionaryStore;
  rulebook: Rulebook;
  assessments: AssessmentCache;
}

export const labelsOf = (dicts: Dictionaries): LabelOf => (dict, code) => dictLabel(dicts, dict as DictType, code);

type EnterpriseRow = typeof enterprises.$inferSelect;

const isComplete = (r: EnterpriseRow) => Boolean(r.legalPerson && r.foundedOn && r.industry && r.scale && r.region);

export const toEnterprise = (r: EnterpriseRow): Enterprise => ({
  id: r.id,
  name: r.name,
  creditCode: r.creditCode,
  legalPerson: r.legalPerson,
  nature: r.nature,
  contactPhone: r.contactPhone,
  foundedOn: r.foundedOn,
  registeredCapital: r.registeredCapital,
  patents: r.patents,
  industry: r.industry,
  scale: r.scale,
  region: r.region,
  qualifications: r.qualifications.map((q) => ({ code: q.code, validUntil: q.validUntil ?? null })),
  indicators: [...r.indicators].sort((a, b) => a.year - b.year),
  complete: isComplete(r),
  updatedAt: r.updatedAt.toISOString(),
});

const toSummary = (r: EnterpriseRow): EnterpriseSummary => ({
  id: r.id,
  name: r.name,
  creditCode: r.creditCode,
  industry: r.industry,
  scale: r.scale,
  complete: isComplete(r),
  updatedAt: r.updatedAt.toISOString(),
});

// ---- checking a profile ----------------------------------------------------------------------------

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** What the schema cannot say of facts: real dates, years in range, no repeats, known codes. */
export function checkFacts(dicts: Dictionaries, facts: EnterpriseFacts, today: string): void {
  if (facts.foundedOn) {
    if (!isRealDate(facts.foundedOn)) throw badRequest('成立日期不是有效日期');
    if (facts.foundedOn > today) throw badRequest(CALC_MSG.foundedInFuture);
  }
  dictCode(dicts, 'industry', facts.industry ?? undefined);
  dictCode(dicts, 'scale', facts.scale ?? undefined);
  dictCode(dicts, 'region', facts.region ?? undefined);
  const codes = new Set<string>();
  for (const q of facts.qualifications) {
    dictCode(dicts, 'qualification', q.code);
    if (codes.has(q.code)) throw badRequest(CALC_MSG.qualificationRepeated);
    codes.add(q.code);
    if (q.validUntil && !isRealDate(q.validUntil)) throw badRequest('资质有效期不是有效日期');
  }
  const thisYear = Number(today.slice(0, 4));
  const years = new Set<number>();
  for (const row of facts.indicators) {
    if (row.year > thisYear || row.year < thisYear - 3) throw badRequest(CALC_MSG.yearOutOfRange);
    if (years.has(row.year)) throw badRequest(CALC_MSG.yearRepeated);
    years.add(row.year);
    if (row.staff != null && row.socialInsurance != null && row.socialInsurance > row.staff) throw badRequest(`${row.year}年度：${CALC_MSG.socialInsuranceOverStaff}`);
  }
}

// ---- profiles --------------------------------------------------------------------------------------

export async function saveEnterprise({ db, dicts }: Pick<CalculatorDeps, 'db' | 'dicts'>, ctx: SignedInCtx, body: EnterpriseBody): Promise<Enterprise> {
  if (!isCreditCode(body.creditCode)) throw badRequest(OWN_MSG.creditCodeInvalid);
  const all = await dicts.all();
  checkFacts(all, body, dateOf(new Date()));
  dictCode(all, 'nature', body.nature ?? undefined);
  const values = {
    name: body.name.trim(),
    creditCode: body.creditCode,
    legalPerson: body.legalPerson.trim(),
    nature: body.nature ?? null,
    contactPhone: body.contactPhone ?? null,
    foundedOn: body.foundedOn,
    registeredCapital: body.registeredCapital ?? null,
    patents: body.patents ?? null,
    industry: body.industry,
    scale: body.scale,
    region: body.region,
    qualifications: body.qualifications.map((q) => ({ code: q.code, validUntil: q.validUntil ?? null })),
    indicators: [...body.indicators].sort((a, b) => a.year - b.year),
    updatedAt: new Date(),
  };
  try {
    return await db.transaction(async (tx) => {
      if (body.id !== undefined && !(await lockOwnEnterprise(tx, ctx.scope, body.id))) throw notFound(CALC_MSG.enterpriseNotFound);
      const [holder] = await tx
        .select({ id: enterprises.id, accountId: enterprises.accountId })
        .from(enterprises)
        .where(and(eq(enterprises.creditCode, body.creditCode), isNull(enterprises.deletedAt)));
      if (holder && holder.id !== body.id) throw conflict(holder.accountId === ctx.scope.accountId ? CALC_MSG.creditCodeYours : CALC_MSG.creditCodeClaimed);
      const [row] =
        body.id === undefined
          ? await tx.insert(enterprises).values({ ...values, accountId: ctx.scope.accountId }).returning()
          : await tx.update(enterprises).set(values).where(eq(enterprises.id, body.id)).returning();
      await assignCode(tx, row!); // 企业赋码: a confirmed profile holds its credit code's lifelong code
      await audit(tx, ctx, body.id === undefined ? CALCULATOR_AUDIT.createEnterprise : CALCULATOR_AUDIT.updateEnterprise, {
        enterpriseId: row!.id,
        name: row!.name,
        creditCode: row!.creditCode,
      });
      return toEnterprise(row!);
    });
  } catch (err) {
    // Two accounts claiming one code at once: the partial unique index decides.
    if (isUniqueViolation(err)) throw conflict(CALC_MSG.creditCodeClaimed);
    throw err;
  }
}

export async function deleteEnterprise(db: Db, ctx: SignedInCtx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOwnEnterprise(tx, ctx.scope, id);
    if (!row) throw notFound(CALC_MSG.enterpriseNotFound);
    await tx.update(enterprises).set({ deletedAt: new Date(), deletedBy: ctx.actor.accountId }).where(eq(enterprises.id, id));
    await audit(tx, ctx, CALCULATOR_AUDIT.deleteEnterprise, { enterpriseId: id, name: row.name, creditCode: row.creditCode });
  });
}

export async function enterpriseInfo(db: Db, ctx: SignedInCtx, id: number): Promise<Enterprise> {
  const row = await readOwnEnterprise(db, ctx.scope, id);
  if (!row) throw notFound(CALC_MSG.enterpriseNotFound);
  return toEnterprise(row);
}

export async function allEnterprises(db: Db, ctx: SignedInCtx): Promise<EnterpriseSummary[]> {
  const rows = await db.select().from(enterprises).where(ownLiveEnterprises(ctx.scope)).orderBy(enterprises.id);
  return rows.map(toSummary);
}

export async function enterprisePage(db: Db, ctx: SignedInCtx, query: PageQuery & { keyword?: string }): Promise<PageOf<EnterpriseSummary>> {
  const where = and(ownLiveEnterprises(ctx.scope), keywordMatch(query.keyword, enterprises.name, enterprises.creditCode));
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db.select({ row: enterprises, total: totalOver() }).from(enterprises).where(where).orderBy(enterprises.id).limit(limit).offset(offset),
    map: ({ row }) => toSummary(row),
  });
}

export async function accountInfo(db: Db, ctx: SignedInCtx): Promise<AccountCalculatorInfo> {
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, ctx.scope.accountId));
  const rows = await db.select().from(enterprises).where(ownLiveEnterprises(ctx.scope)).orderBy(enterprises.id);
  const latest = await db
    .selectDistinctOn([evaluations.enterpriseId], { id: evaluations.id, enterpriseId: evaluations.enterpriseId, at: evaluations.evaluatedAt, eligible: evaluations.eligible, amount: evaluations.amount })
    .from(evaluations)
    .where(ownEvaluations(ctx.scope))
    .orderBy(evaluations.enterpriseId, desc(evaluations.evaluatedAt), desc(evaluations.id));
  const [{ n: evaluationCount }] = (await db.select({ n: count() }).from(evaluations).where(ownEvaluations(ctx.scope))) as [{ n: number }];
  const lastAt = latest.reduce<Date | null>((max, e) => (!max || e.at > max ? e.at : max), null);
  const [{ n: newGuides }] = (await db
    .select({ n: count() })
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(
      and(
        eq(guides.status, 'published'),
        eq(policies.status, 'published'),
        lte(guides.windowStart, sql`now()`),
        gt(guides.windowEnd, sql`now()`),
        lastAt ? gt(guides.publishedAt, lastAt) : undefined,
      ),
    )) as [{ n: number }];
  const byEnterprise = new Map(latest.map((e) => [e.enterpriseId, e]));
  return {
    name: account?.name ?? ctx.actor.name,
    enterprises: rows.map((r) => {
      const e = byEnterprise.get(r.id);
      return { ...toSummary(r), lastEvaluation: e ? { id: e.id, at: e.at.toISOString(), eligible: e.eligible, amount: e.amount } : null };
    }),
    newGuides,
    evaluations: evaluationCount,
  };
}

// ---- evaluating ------------------------------------------------------------------------------------

/** Every guide open now (and upcoming, on request) against the enterprise's facts, or what-if facts. */
async function assessEnterprise(deps: CalculatorDeps, ctx: SignedInCtx, body: EvaluateBody) {
  const row = await readOwnEnterprise(deps.db, ctx.scope, body.enterpriseId);
  if (!row) throw notFound(CALC_MSG.enterpriseNotFound);
  const dicts = await deps.dicts.all();
  const at = new Date();
  const facts: EnterpriseFacts = body.facts ?? factsOf(toEnterprise(row));
  if (body.facts) checkFacts(dicts, body.facts, dateOf(at));
  const open = await deps.rulebook.open(at, body.includeUpcoming);
  const { assessed, ranked } = deps.assessments.get(open, facts, at);
  return { row, dicts, at, facts, ruleGuides: open.guides, assessed, ranked };
}

/** The totals over every guide and one page of results in words, most valuable first. */
export async function evaluateEnterprise(deps: CalculatorDeps, ctx: SignedInCtx, body: EvaluatePageBody): Promise<EvaluateResponse> {
  const { row, dicts, at, facts, ruleGuides, assessed, ranked } = await assessEnterprise(deps, ctx, body);
  const keyword = body.keyword?.trim();
  // Unfiltered, the page is a slice of the kept order.
  const chosen = !body.verdict && !body.supportType && !body.mode && !keyword
    ? ranked
    : ranked.filter((i) => {
        const r = assessed.results[i]!;
        const guide = ruleGuides[i]!;
        if (body.verdict && (body.verdict === 'nearMiss' ? !r.nearMiss : r.verdict !== body.verdict)) return false;
        if (body.supportType && guide.supportType !== body.supportType) return false;
        if (body.mode && guide.mode !== body.mode) return false;
        return !keyword || guide.title.includes(keyword);
      });
  const { list, ...page } = pageOfArray(body, chosen);
  const labelOf = labelsOf(dicts);
  return {
    enterprise: { id: row.id, name: row.name, creditCode: row.creditCode },
    evaluatedAt: at.toISOString(),
    asOf: assessed.asOf,
    facts,
    totals: assessed.totals,
    page: {
      ...page,
      list: list.map((i) => {
        const guide = ruleGuides[i]!;
        return { ...evaluateGuide(guide, facts, at, labelOf), title: guide.title, supportType: guide.supportType, mode: guide.mode };
      }),
    },
  };
}

// ---- one guide, the account's enterprises ----------------------------------------------------------

/** The conditions of the group closest to being met that are not met, in words. */
const reasonsOf = (r: GuideResult): string[] => {
  const open = r.groups.map((g) => g.filter((c) => c.status !== 'met'));
  const closest = open.reduce<ConditionResult[] | null>((best, g) => (best === null || g.length < best.length ? g : best), null);
  return (closest ?? []).map((c) => c.text);
};

/** One guide (as published now) against each live enterprise of the account, or the one named. */
export async function checkGuide(deps: Pick<CalculatorDeps, 'db' | 'dicts'>, ctx: SignedInCtx, body: CheckGuideBody): Promise<CheckGuideResponse> {
  const [row] = await deps.db
    .select(ruleGuideColumns)
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(and(eq(guides.id, body.guideId), eq(guides.status, 'published'), eq(policies.status, 'published')));
  if (!row) throw notFound(CALC_MSG.guideNotFound);
  const rows = await deps.db
    .select()
    .from(enterprises)
    .where(and(ownLiveEnterprises(ctx.scope), body.enterpriseId ? eq(enterprises.id, body.enterpriseId) : undefined))
    .orderBy(enterprises.id);
  if (body.enterpriseId && !rows.length) throw notFound(CALC_MSG.enterpriseNotFound);
  const guide = toRuleGuide(row);
  const labelOf = labelsOf(await deps.dicts.all());
  const at = new Date();
  return {
    guideId: guide.id,
    asOf: dateOf(at),
    list: rows.map((e) => {
      const r = evaluateGuide(guide, factsOf(toEnterprise(e)), at, labelOf);
      return {
        enterpriseId: e.id,
        enterpriseName: e.name,
        complete: isComplete(e),
        verdict: r.verdict,
        nearMiss: r.nearMiss,
        reasons: r.verdict === 'eligible' ? [] : reasonsOf(r),
        amount: r.amount,
        amountText: r.amountText,
        noApplication: r.noApplication,
      };
    }),
  };
}

/**
 * An enterprise's profile and one guide's verdict on it at `at`, whatever the guide's state (政策申兑's
 * and 政策问答's; the caller checks who asks), with the one condition it misses by (差一项), if so.
 */
export async function guideVerdict(
  deps: Pick<CalculatorDeps, 'db' | 'dicts'>,
  enterpriseId: number,
  guideId: number,
  at: Date,
): Promise<{ enterprise: Enterprise; verdict: GuideVerdictText; nearMiss: string | null } | null> {
  const [[row], [e]] = await Promise.all([
    deps.db.select(ruleGuideColumns).from(guides).where(eq(guides.id, guideId)),
    deps.db.select().from(enterprises).where(and(eq(enterprises.id, enterpriseId), isNull(enterprises.deletedAt))),
  ]);
  if (!row || !e) return null;
  const enterprise = toEnterprise(e);
  const r = evaluateGuide(toRuleGuide(row), factsOf(enterprise), at, labelsOf(await deps.dicts.all()));
  return {
    enterprise,
    verdict: { verdict: r.verdict, verdictLabel: VERDICT_LABELS[r.verdict], reasons: r.verdict === 'eligible' ? [] : reasonsOf(r), amount: r.amount, amountText: r.amountText },
    nearMiss: r.nearMiss?.text ?? null,
  };
}

/** A verdict in words, as an application keeps it. */
export interface GuideVerdictText {
  verdict: GuideVerdict;
  verdictLabel: string;
  reasons: string[];
  amount: number | null;
  amountText: string;
}

type SnapshotGuides = (typeof evaluations.$inferSelect)['guides'];

/** What changed from the previous snapshot: guides gained, guides lost, amounts that moved. */
export function changesSince(
  before: { id: number; guides: SnapshotGuides; evaluation: Assessments } | undefined,
  after: { guides: SnapshotGuides; evaluation: Assessments },
): EvaluationChanges {
  if (!before) return { gained: [], lost: [], amounts: [], previousId: null };
  const eligibleIn = (s: { guides: SnapshotGuides; evaluation: Assessments }) =>
    new Map(
      s.evaluation.results
        .map((r, i) => ({ r, title: s.guides[i]?.title ?? '' }))
        .filter(({ r }) => r.verdict === 'eligible')
        .map(({ r, title }) => [r.guideId, { title, amount: r.amount }]),
    );
  const was = eligibleIn(before);
  const now = eligibleIn(after);
  const changes: EvaluationChanges = { gained: [], lost: [], amounts: [], previousId: before.id };
  for (const [guideId, g] of now) {
    const old = was.get(guideId);
    if (!old) changes.gained.push({ guideId, title: g.title });
    else if (old.amount !== g.amount) changes.amounts.push({ guideId, title: g.title, before: old.amount, after: g.amount });
  }
  for (const [guideId, g] of was) if (!now.has(guideId)) changes.lost.push({ guideId, title: g.title });
  return changes;
}

const toSummaryOfSnapshot = (r: typeof evaluations.$inferSelect): EvaluationSummary => ({
  id: r.id,
  enterpriseId: r.enterpriseId,
  enterpriseName: r.enterpriseName,
  evaluatedAt: r.evaluatedAt.toISOString(),
  whatIf: r.whatIf,
  guides: r.guides.length,
  eligible: r.eligible,
  amount: r.amount,
  changes: r.changes,
});

export async function saveEvaluation(deps: CalculatorDeps, ctx: SignedInCtx, body: EvaluateBody): Promise<EvaluationSummary> {
  // Evaluated again here: the client's results are not trusted.
  const { row: enterprise, at, facts, ruleGuides, assessed } = await assessEnterprise(deps, ctx, body);
  const snapshotGuides = ruleGuides.map(({ id, title, supportType, mode, version }) => ({ id, title, supportType, mode, version }));
  return deps.db.transaction(async (tx) => {
    // One snapshot at a time per enterprise, so "what changed" always compares with the one before.
    await tx.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.id, body.enterpriseId)).for('update');
    // Against the last snapshot of the enterprise's real facts, never a what-if's: a real save after
    // a what-if compares with the real one before it; a what-if says what it changes against reality.
    const [previous] = await tx
      .select({ id: evaluations.id, guides: evaluations.guides, evaluation: evaluations.evaluation })
      .from(evaluations)
      .where(and(ownEvaluations(ctx.scope), eq(evaluations.enterpriseId, body.enterpriseId), eq(evaluations.whatIf, false)))
      .orderBy(desc(evaluations.evaluatedAt), desc(evaluations.id))
      .limit(1);
    const changes = changesSince(previous as { id: number; guides: SnapshotGuides; evaluation: Assessments } | undefined, { guides: snapshotGuides, evaluation: assessed });
    const [row] = await tx
      .insert(evaluations)
      .values({
        accountId: ctx.scope.accountId,
        enterpriseId: enterprise.id,
        enterpriseName: enterprise.name,
        whatIf: body.facts !== undefined,
        facts,
        guides: snapshotGuides,
        evaluation: assessed,
        eligible: assessed.totals.eligible,
        amount: assessed.totals.amount,
        changes,
        evaluatedAt: at,
      })
      .returning();
    await audit(tx, ctx, CALCULATOR_AUDIT.saveEvaluation, { evaluationId: row!.id, enterpriseId: row!.enterpriseId, eligible: row!.eligible, amount: row!.amount, whatIf: row!.whatIf });
    return toSummaryOfSnapshot(row!);
  });
}

export async function evaluationPage(db: Db, ctx: SignedInCtx, query: PageQuery & { enterpriseId?: number }): Promise<PageOf<EvaluationSummary>> {
  const where = and(ownEvaluations(ctx.scope), query.enterpriseId ? eq(evaluations.enterpriseId, query.enterpriseId) : undefined);
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db.select({ row: evaluations, total: totalOver() }).from(evaluations).where(where).orderBy(desc(evaluations.evaluatedAt), desc(evaluations.id)).limit(limit).offset(offset),
    map: ({ row }) => toSummaryOfSnapshot(row),
  });
}

export async function evaluationInfo(db: DbOrTx, ctx: SignedInCtx, id: number): Promise<EvaluationSnapshot> {
  const [row] = await db.select().from(evaluations).where(and(ownEvaluations(ctx.scope), eq(evaluations.id, id)));
  if (!row) throw notFound(CALC_MSG.evaluationNotFound);
  return { ...toSummaryOfSnapshot(row), facts: row.facts, guides: row.guides, evaluation: row.evaluation as Assessments };
}
