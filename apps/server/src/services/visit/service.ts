// 企业走访's rules (docs/visit.md): planning (staff) and requesting (an enterprise) create a visit,
// numbered, with the first row of its timeline; every later move is a step of VISIT_FLOW through
// the workflow's step() (the lock, the state, the role and owner checks), with the visit's own
// conditions (times, staff, clashes, the lead), columns and messages. A summary's problems become
// appeals of 企业诉求 inside the step's transaction, each once.
import { and, eq, inArray } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { APPEAL_RATINGS, isBadRating } from '@hqt/contract/appeal';
import { OWN_MSG } from '@hqt/contract/messages';
import {
  VISIT_FLOW,
  VISIT_KIND,
  VISIT_MAX_HOURS,
  VISIT_MESSAGE_KINDS,
  VISIT_MSG,
  VISIT_NUMBER_PREFIX,
  visitConsoleLink,
  visitPortalLink,
  type TimeSpan,
  type VisitAppraisalBody,
  type VisitApprovalBody,
  type VisitDetail,
  type VisitMessageKind,
  type VisitRequestBody,
  type VisitStatus,
  type VisitStep,
} from '@hqt/contract/visit';
import type { VisitConsoleStepBody, VisitPlanBody, VisitSummaryBody } from '@hqt/contract/visit-console';
import { permittedSteps, roleKeyOf } from '@hqt/contract/workflow';
import { chinaMinute } from '@hqt/contract/working-days';
import type { Db } from '../../db/client';
import { accounts, enterprises, guides } from '../../db/schema/index';
import { auditRecord } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { stampNumber } from '../../lib/numbering';
import { announceOpening, start as startFlow, step, timeline, type FlowDeps, type Moved, type Subject, type SubjectNotices } from '../../lib/workflow';
import type { CalendarStore } from '../calendar/public';
import type { DictionaryStore } from '../dict/public';
import { attach, attachmentsOf } from '../files/public';
import { icsCalendar } from './ics';
import type { ProblemFollowUps } from './follow-ups';
import { findVisit, staffOf, toItem, visitClashes } from './queries';
import { visits, visitStaff } from './schema';

export const VISIT_AUDIT = { plan: 'visit.plan', request: 'visit.request', step: 'visit.step' } as const;

export interface VisitDeps extends FlowDeps {
  calendar: CalendarStore;
  dicts: DictionaryStore;
  followUps: ProblemFollowUps;
}

/** A visit's row, as a step locks it. */
type Visit = typeof visits.$inferSelect;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type StaffPick = { accountId: number; lead: boolean };

const subject = (id: number): Subject<typeof visits> => ({ kind: VISIT_KIND, table: visits, id, notFound: OWN_MSG.notFound, owner: { key: 'enterpriseId', by: 'enterprise' }, notices: NOTICES });

/** A time span that may be proposed now: ends after it starts, lasts at most a day's work, not begun. */
function checkSpan(span: TimeSpan, now: Date): { start: Date; end: Date } {
  const start = new Date(span.start);
  const end = new Date(span.end);
  if (end.getTime() <= start.getTime()) throw badRequest(VISIT_MSG.timeOrder);
  if (end.getTime() - start.getTime() > VISIT_MAX_HOURS * 3_600_000) throw badRequest(VISIT_MSG.tooLong);
  if (start.getTime() < now.getTime()) throw badRequest(VISIT_MSG.inPast);
  return { start, end };
}

async function checkType(dicts: DictionaryStore, type: string): Promise<void> {
  if (!(await dicts.items('visitType')).some((t) => t.code === type)) throw badRequest(VISIT_MSG.typeNotFound);
}

/** Distinct active staff or administrator accounts, exactly one of them the lead. */
async function checkStaff(db: Db | Tx, staff: readonly StaffPick[]): Promise<void> {
  const ids = new Set(staff.map((s) => s.accountId));
  if (!staff.length || ids.size !== staff.length) throw badRequest(VISIT_MSG.staffRequired);
  if (staff.filter((s) => s.lead).length !== 1) throw badRequest(VISIT_MSG.oneLead);
  const found = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(inArray(accounts.id, [...ids]), inArray(accounts.roleId, [ROLES.staff.id, ROLES.admin.id]), eq(accounts.disabled, false)));
  if (found.length !== ids.size) throw badRequest(VISIT_MSG.staffNotFound);
}

/** Refuses 409 with the clashing visits in `data`, unless the caller saw them and sent `force`. */
async function checkClashes(db: Db | Tx, staffIds: readonly number[], start: Date, end: Date, exceptId: number | undefined, force: boolean | undefined): Promise<void> {
  if (force) return;
  const clashes = await visitClashes(db, staffIds, start, end, exceptId);
  if (clashes.length) throw new AppError(409, VISIT_MSG.clash(clashes.length), clashes);
}

/** The visit's staff and their copy of its time (the clash check's index reads it). */
async function setStaff(tx: Tx, id: number, staff: readonly StaffPick[], start: Date, end: Date): Promise<void> {
  await tx.delete(visitStaff).where(eq(visitStaff.visitId, id));
  await tx.insert(visitStaff).values(staff.map((s) => ({ visitId: id, accountId: s.accountId, lead: s.lead, startsAt: start, endsAt: end })));
}

const staffIdsOf = async (db: Db | Tx, id: number) => (await db.select({ id: visitStaff.accountId }).from(visitStaff).where(eq(visitStaff.visitId, id))).map((r) => r.id);
const whenLine = (start: Date, end: Date) => `走访时间：${chinaMinute(start)} – ${chinaMinute(end).slice(11)}`;

/** A visit's time and place, as its invitations and confirmations give them. */
const arrangement = (row: Visit) => [whenLine(row.startsAt!, row.endsAt!), `走访地点：${row.place}`];

/** What each of VISIT_FLOW's notices says beneath the visit's number, by the step taken (null: the step tells nobody of it). */
function noticeLines({ step: taken, row, note, told }: Moved<string, string, Visit>): (string | null)[] | null {
  const rating = row.rating ? `评价：${APPEAL_RATINGS[row.rating]}${row.comment ? `（${row.comment}）` : ''}` : null;
  switch (taken as VisitStep) {
    case 'plan':
    case 'schedule':
    case 'repropose':
      return [...arrangement(row), note, '请确认、拒绝或提议其他时间'];
    case 'request':
      return [row.topics];
    case 'approve':
      return ['企业已确认走访安排'];
    case 'decline':
      return [`企业拒绝了走访：${note}`];
    case 'propose':
      return [whenLine(row.proposedStartsAt!, row.proposedEndsAt!), note];
    case 'accept':
      return arrangement(row);
    case 'refuse':
    case 'cancel':
      return [note];
    case 'summarize':
      return [told.length ? `走访中提出的 ${told.length} 个问题已转为企业诉求办理：${told.join('；')}` : null, '请查看走访纪要并评价'];
    case 'appraise':
      return [rating];
  }
}

/** The words of VISIT_FLOW's step notices: the enterprise's lead to its page, staff's to the console. */
const NOTICES: SubjectNotices<Visit> = {
  source: 'visit',
  handler: async (tx, row) => (await tx.select({ id: visitStaff.accountId }).from(visitStaff).where(and(eq(visitStaff.visitId, row.id), eq(visitStaff.lead, true))))[0]?.id ?? null,
  participants: (tx, row) => staffIdsOf(tx, row.id),
  render: (kind, to, moved) => {
    if (kind === 'visit.bad-appraisal' && !(moved.row.rating && isBadRating(moved.row.rating))) return null;
    const lines = noticeLines(moved);
    if (!lines) return null;
    return {
      title: `${VISIT_MESSAGE_KINDS[kind as VisitMessageKind]}：${moved.row.subject}`,
      body: [`走访编号 ${moved.row.number}`, ...lines].filter(Boolean).join('\n'),
      link: to === 'owner' ? visitPortalLink(moved.row.id) : visitConsoleLink(moved.row.id),
    };
  },
};

/** Staff plan a visit (待确认); answers its id. A clash of the chosen staff is refused 409 unless `force`. */
export async function planVisit({ db, dicts }: VisitDeps, ctx: SignedInCtx, body: VisitPlanBody, now = new Date()): Promise<number> {
  const { start, end } = checkSpan({ start: body.startsAt, end: body.endsAt }, now);
  await checkType(dicts, body.type);
  await checkStaff(db, body.staff);
  const [enterprise] = await db.select({ id: enterprises.id, deletedAt: enterprises.deletedAt }).from(enterprises).where(eq(enterprises.id, body.enterpriseId));
  if (!enterprise || enterprise.deletedAt) throw badRequest(VISIT_MSG.enterpriseNotFound);
  await checkClashes(db, body.staff.map((s) => s.accountId), start, end, undefined, body.force);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visits)
      .values({
        enterpriseId: body.enterpriseId,
        origin: 'staff',
        subject: body.subject.trim(),
        type: body.type,
        method: body.method,
        startsAt: start,
        endsAt: end,
        place: body.place.trim(),
        status: 'pending',
        createdBy: ctx.actor.accountId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: visits.id });
    const id = row!.id;
    await setStaff(tx, id, body.staff, start, end);
    const opened = await startFlow(tx, ctx, VISIT_FLOW, { kind: VISIT_KIND, id }, 'plan', now);
    // Near the end: other filings wait on the counter only as long as the message and the commit.
    const record = auditRecord(ctx, VISIT_AUDIT.plan, { id, enterpriseId: body.enterpriseId, startsAt: start.toISOString(), endsAt: end.toISOString() });
    await stampNumber(tx, visits, id, VISIT_NUMBER_PREFIX, now, { record, numberKey: 'visitNumber' });
    // After the number: the message names it (it read 走访编号 null when sent before).
    await announceOpening(tx, ctx, VISIT_FLOW, subject(id), 'plan', opened);
    return id;
  });
}

/** An enterprise asks for a visit (企业申请); answers its id. Administrators are told. */
export async function requestVisit({ db }: VisitDeps, ctx: SignedInCtx, body: VisitRequestBody, now = new Date()): Promise<number> {
  if (!ctx.scope.enterpriseIds.includes(body.enterpriseId)) throw notFound();
  const times = body.preferredTimes.map((t) => checkSpan(t, now));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visits)
      .values({
        enterpriseId: body.enterpriseId,
        origin: 'enterprise',
        subject: body.subject.trim(),
        status: 'requested',
        preferredTimes: times.map((t) => ({ start: t.start.toISOString(), end: t.end.toISOString() })),
        topics: body.topics.trim(),
        createdBy: ctx.actor.accountId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: visits.id });
    const id = row!.id;
    const opened = await startFlow(tx, ctx, VISIT_FLOW, { kind: VISIT_KIND, id }, 'request', now);
    await stampNumber(tx, visits, id, VISIT_NUMBER_PREFIX, now, { record: auditRecord(ctx, VISIT_AUDIT.request, { id, enterpriseId: body.enterpriseId }), numberKey: 'visitNumber' });
    // After the number: the message names it.
    await announceOpening(tx, ctx, VISIT_FLOW, subject(id), 'request', opened);
    return id;
  });
}

/** The enterprise's answer to a visit waiting for it: approve, decline (a note), or propose another time. */
export async function answerVisit(deps: VisitDeps, ctx: SignedInCtx, body: VisitApprovalBody, now = new Date()): Promise<void> {
  const name: VisitStep = body.action;
  const note = body.note?.trim() || null;
  /** The time the enterprise proposes; checked after the flow's checks (another's visit stays a 404, a wrong state a 409). */
  const proposed = () => {
    if (!body.proposed) throw badRequest(VISIT_MSG.proposedRequired);
    return checkSpan(body.proposed, now);
  };
  await step(deps, ctx, VISIT_FLOW, subject(body.id), name, {
    audit: VISIT_AUDIT.step,
    note,
    at: now,
    guard: () => void (name === 'propose' && proposed()),
    set: () => {
      const time = name === 'propose' ? proposed() : null;
      return { updatedAt: now, ...(name === 'decline' ? { note } : {}), ...(time ? { proposedStartsAt: time.start, proposedEndsAt: time.end } : {}) };
    },
  });
}

/** Staff's steps: schedule an enterprise's request, refuse it, accept the enterprise's time, propose another, cancel. */
export async function staffStep(deps: VisitDeps, ctx: SignedInCtx, id: number, body: VisitConsoleStepBody, now = new Date()): Promise<void> {
  const name: VisitStep = body.step;
  const note = body.note?.trim() || null;
  const proposing = name === 'schedule' || name === 'repropose';
  /** The time the step gives the visit: the one sent (安排, 重新提议), or the enterprise's proposal it accepts. */
  const timeFor = (row: Visit): { start: Date; end: Date } | null =>
    proposing ? checkSpan({ start: body.startsAt!, end: body.endsAt! }, now) : name === 'accept' ? { start: row.proposedStartsAt!, end: row.proposedEndsAt! } : null;
  /** Who goes after the step: the staff sent, or those the visit has. */
  const staffAfter = async (tx: Tx): Promise<StaffPick[]> =>
    body.staff ?? tx.select({ accountId: visitStaff.accountId, lead: visitStaff.lead }).from(visitStaff).where(eq(visitStaff.visitId, id));

  await step(deps, ctx, VISIT_FLOW, subject(id), name, {
    audit: VISIT_AUDIT.step,
    note,
    at: now,
    guard: async (tx, row) => {
      if (name === 'schedule' && (!body.type || !body.method || !body.place?.trim() || !body.staff)) throw badRequest(VISIT_MSG.staffRequired);
      if (proposing && (!body.startsAt || !body.endsAt)) throw badRequest(VISIT_MSG.timeRequired);
      const time = timeFor(row);
      if (!time) return;
      if (body.staff) await checkStaff(tx, body.staff);
      if (body.type) await checkType(deps.dicts, body.type);
      await checkClashes(tx, (await staffAfter(tx)).map((s) => s.accountId), time.start, time.end, id, body.force);
    },
    set: (row) => {
      const time = timeFor(row);
      return {
        updatedAt: now,
        ...(name === 'refuse' || name === 'cancel' ? { note } : {}),
        ...(time ? { startsAt: time.start, endsAt: time.end, proposedStartsAt: null, proposedEndsAt: null } : {}),
        ...(proposing && body.type ? { type: body.type } : {}),
        ...(proposing && body.method ? { method: body.method } : {}),
        ...(proposing && body.place?.trim() ? { place: body.place.trim() } : {}),
      };
    },
    effects: async (tx, { row }) => {
      if (name === 'accept' || proposing) await setStaff(tx, id, await staffAfter(tx), row.startsAt!, row.endsAt!);
    },
  });
}

/**
 * The lead writes (or edits, while 已走访) the summary. Its problems (each keyed by its title unless
 * given) are announced in this transaction (`visit.summarized`): 企业诉求 files each once as an appeal
 * of the visit's enterprise, and the enterprise is told which were newly filed.
 */
export async function writeSummary(deps: VisitDeps, ctx: SignedInCtx, id: number, body: VisitSummaryBody, now = new Date()): Promise<void> {
  const problems = (body.problems ?? []).map((p) => ({ ...p, key: (p.key ?? p.title).trim() }));
  const guideIds = body.guideIds ?? [];
  await step(deps, ctx, VISIT_FLOW, subject(id), 'summarize', {
    audit: VISIT_AUDIT.step,
    at: now,
    guard: async (tx, visit) => {
      const [member] = await tx.select({ lead: visitStaff.lead }).from(visitStaff).where(and(eq(visitStaff.visitId, id), eq(visitStaff.accountId, ctx.actor.accountId)));
      if (!member) throw forbidden(VISIT_MSG.notOnVisit);
      if (!member.lead) throw forbidden(VISIT_MSG.leadOnly);
      if (new Set(problems.map((p) => p.key)).size !== problems.length) throw badRequest(VISIT_MSG.problemKeys);
      const categories = new Set((await deps.dicts.items('appealCategory')).map((c) => c.code));
      if (problems.some((p) => !categories.has(p.category))) throw badRequest(VISIT_MSG.appealCategoryNotFound);
      if (guideIds.length && (await tx.$count(guides, inArray(guides.id, guideIds))) !== guideIds.length) throw badRequest(VISIT_MSG.guideNotFound);
      // A summary records what happened: not before the visit has begun.
      if (!hasBegun(visit, now)) throw conflict(VISIT_MSG.notHeldYet(visit.startsAt ? chinaMinute(visit.startsAt) : null));
    },
    set: () => ({ summary: body.content.trim(), guideIds, writtenAt: now, writtenBy: ctx.actor.accountId, updatedAt: now }),
    // Tells the enterprise which problems were newly filed as appeals.
    effects: async (tx, { row }) => {
      if (body.fileIds?.length) await attach(tx, ctx, VISIT_KIND, id, body.fileIds, { role: 'summary' });
      const before = new Set((await deps.followUps.of(tx, id)).map((p) => p.key));
      await deps.events.emit(tx, 'visit.summarized', { ctx, visitId: id, enterpriseId: row.enterpriseId, problems, at: now });
      return (await deps.followUps.of(tx, id)).filter((p) => !before.has(p.key)).map((p) => p.title);
    },
  });
}

/** The enterprise appraises the summary once; 不满意 or below needs a comment and reaches the administrators (the leadership queue). */
export async function appraiseVisit(deps: VisitDeps, ctx: SignedInCtx, body: VisitAppraisalBody, now = new Date()): Promise<void> {
  const comment = body.comment?.trim() || null;
  const bad = isBadRating(body.rating);
  await step(deps, ctx, VISIT_FLOW, subject(body.id), 'appraise', {
    audit: VISIT_AUDIT.step,
    note: [APPEAL_RATINGS[body.rating], comment].filter(Boolean).join('：'),
    guard: () => {
      if (bad && !comment) throw badRequest(VISIT_MSG.commentRequired);
    },
    set: () => ({ rating: body.rating, comment, appraisedAt: now, updatedAt: now }),
    at: now,
  });
}

const isEnterprise = (ctx: SignedInCtx) => ctx.scope.roleId === ROLES.enterprise.id;

const hasBegun = (row: { startsAt: Date | null }, now: Date) => row.startsAt !== null && row.startsAt <= now;

/** One visit as the caller may see it (the owner: staff by role only in the timeline). */
export async function visitDetail(deps: VisitDeps, ctx: SignedInCtx, id: number, now = new Date()): Promise<VisitDetail> {
  const forOwner = isEnterprise(ctx);
  // At once, each on a connection of its own: a busy pool is waited for once, not five times.
  const [row, staff, problems, history, attachments] = await Promise.all([
    findVisit(deps.db, ctx.scope, id),
    staffOf(deps.db, id),
    deps.followUps.of(deps.db, id),
    timeline(deps.db, VISIT_KIND, id, { flow: VISIT_FLOW, forOwner }),
    attachmentsOf(deps.db, VISIT_KIND, id),
  ]);
  if (!row) throw notFound();
  const isOwner = ctx.scope.enterpriseIds.includes(row.enterpriseId);
  const isLead = staff.some((s) => s.lead && s.id === ctx.actor.accountId);
  const guideRows = row.guideIds.length ? await deps.db.select({ id: guides.id, title: guides.title }).from(guides).where(inArray(guides.id, row.guideIds)) : [];
  const steps = permittedSteps(VISIT_FLOW, row.status as VisitStatus, roleKeyOf(ctx.actor.roleId), isOwner).filter((s) => s !== 'summarize' || (isLead && hasBegun(row, now)));
  return {
    ...toItem(await deps.dicts.all(), row),
    staff,
    preferredTimes: row.preferredTimes,
    topics: row.topics,
    proposed: row.proposedStartsAt && row.proposedEndsAt ? { start: row.proposedStartsAt.toISOString(), end: row.proposedEndsAt.toISOString() } : null,
    note: row.note,
    summary: row.summary,
    guides: row.guideIds.flatMap((g) => guideRows.filter((r) => r.id === g)),
    writtenAt: row.writtenAt?.toISOString() ?? null,
    problems,
    ratingLabel: row.rating ? (APPEAL_RATINGS[row.rating as keyof typeof APPEAL_RATINGS] ?? row.rating) : null,
    comment: row.comment,
    appraisedAt: row.appraisedAt?.toISOString() ?? null,
    timeline: history,
    attachments,
    steps,
  };
}

/** A confirmed visit as an iCalendar file: its time in UTC, subject, place; the owner and staff only. */
export async function visitIcs(deps: VisitDeps, ctx: SignedInCtx, id: number, host: string, now = new Date()): Promise<{ filename: string; body: string }> {
  const row = await findVisit(deps.db, ctx.scope, id);
  if (!row) throw notFound();
  if (row.status !== 'confirmed' || !row.startsAt || !row.endsAt) throw conflict(VISIT_MSG.notConfirmed);
  const body = icsCalendar({
    uid: `visit-${id}@${host}`,
    stamp: now,
    start: row.startsAt,
    end: row.endsAt,
    summary: row.subject,
    location: row.place ?? '',
    description: `走访编号 ${row.number}，${row.enterpriseName}${row.leadName ? `，带队：${row.leadName}` : ''}`,
  });
  return { filename: `${row.number}.ics`, body };
}
