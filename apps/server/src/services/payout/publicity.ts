// 公示 and its objections (docs/payout.md): publishing a list of 拟支持 applications for its working
// days (each application moved on to 公示中 in the same transaction), the public pages, a real-name
// objection with its evidence, staff's written decision (成立 takes the entry out: 不予支持 or back
// to 复审), and the 公示's end by its timer, which moves the entries without an open objection on to
// 待拨付. The objector's identity is in staff's answers only.
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { APPLY_DEFAULTS, APPLY_FLOW, type ApplyFormBody } from '@hqt/contract/apply';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import { fileUrl } from '@hqt/contract/files';
import {
  OBJECTION_FLOW,
  OBJECTION_KIND,
  OBJECTION_KINDS,
  OBJECTION_NUMBER_PREFIX,
  OBJECTION_PHONE,
  OBJECTION_RULES,
  PAYOUT_MESSAGE_KINDS,
  PAYOUT_MSG,
  PUBLICITY_FLOW,
  PUBLICITY_KIND,
  PUBLICITY_NUMBER_PREFIX,
  MY_OBJECTIONS_LINK,
  publicityConsoleLink,
  type Candidate,
  type ConsolePublicity,
  type DecideBody,
  type MyObjection,
  type ObjectionBody,
  type ObjectionLookupBody,
  type ObjectionItem,
  type ObjectionKind,
  type ObjectionQuery,
  type ObjectionStatus,
  type Publicity,
  type PublicityDetail,
  type PublishBody,
} from '@hqt/contract/payout';
import { permittedSteps, roleKeyOf } from '@hqt/contract/workflow';
import { calendarMissingMsg, chinaDate } from '@hqt/contract/working-days';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, enterprises, guides } from '../../db/schema/index';
import type { Ctx, SignedInCtx } from '../../lib/ctx';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { auditRecord } from '../../lib/audit';
import { stampNumber } from '../../lib/numbering';
import { inWindow, paginate, totalOver } from '../../lib/paginate';
import { preparedPer } from '../../lib/prepared';
import { announceOpening, opening, start, step, stepMany, timeline, type FlowDeps, type Subject, type SubjectNotices } from '../../lib/workflow';
import { applicationSubject, applications, applyForms } from '../apply/public';
import { CalendarYearMissingError, dueAfter, type CalendarStore } from '../calendar/public';
import { attach, attachmentsOf } from '../files/public';
import { objections, publicities, publicityEntries } from './schema';

export const PAYOUT_AUDIT = {
  publish: 'payout.publish',
  publicityEnd: 'payout.publicityEnd',
  object: 'payout.object',
  decide: 'payout.decide',
  release: 'payout.release',
  payment: 'payout.payment',
  batch: 'payout.batch',
  return: 'payout.return',
  match: 'payout.match',
  offer: 'payout.offer',
  direct: 'payout.direct',
  recovery: 'payout.recovery',
} as const;

export interface PayoutDeps extends FlowDeps {
  calendar: CalendarStore;
  /** The bureau that publishes (its name on the public page). */
  bureau: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type PublicityRow = typeof publicities.$inferSelect;
type ObjectionRow = typeof objections.$inferSelect;

const applicationLabel = (row: typeof applications.$inferSelect) => row.number ?? `#${row.id}`;
/** The applications a 公示 or a ledger step moves, many at once. */
export const manyApplications = { ...applicationSubject(0), label: applicationLabel };

// ---- reading -------------------------------------------------------------------------------------

const publicityColumns = {
  id: publicities.id,
  number: publicities.number,
  title: publicities.title,
  status: publicities.status,
  startsOn: publicities.startsOn,
  endsOn: publicities.endsOn,
  days: publicities.days,
  publishedAt: publicities.publishedAt,
};
type PublicityHead = Pick<PublicityRow, keyof typeof publicityColumns>;
// Qualified by hand: in a one-table select drizzle writes a column unqualified, which inside the subquery would be the entry's own.
const entryTotals = () => ({
  count: sql<number>`(select count(*) from ${publicityEntries} e where e.publicity_id = "publicities"."id")`.mapWith(Number),
  sum: sql<number>`(select coalesce(sum(e.amount), 0) from ${publicityEntries} e where e.publicity_id = "publicities"."id")`.mapWith(Number),
});

function toPublicity(row: PublicityHead & { count: number; sum: number }, now: Date): Publicity {
  const started = row.startsOn <= chinaDate(now);
  const open = row.status === 'open' && started;
  return {
    id: row.id,
    number: row.number ?? '',
    title: row.title,
    stateLabel: row.status === 'ended' ? PUBLICITY_FLOW.states.ended : started ? PUBLICITY_FLOW.states.open : '未开始',
    open,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    days: row.days,
    count: row.count,
    total: Math.round(row.sum * 10_000) / 10_000,
    publishedAt: row.publishedAt.toISOString(),
  };
}

/** The public list: every 公示 whose start has come, newest first. */
export async function publicPublicities(db: Db, query: PageQuery, now = new Date()): Promise<PageOf<Publicity>> {
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ ...publicityColumns, ...entryTotals(), total: totalOver() })
        .from(publicities)
        .where(lte(publicities.startsOn, chinaDate(now)))
        .orderBy(desc(publicities.publishedAt), desc(publicities.id))
        .limit(limit)
        .offset(offset),
    map: (r) => toPublicity(r, now),
  });
}

async function headOf(db: DbOrTx, id: number): Promise<PublicityHead & { count: number; sum: number }> {
  const [row] = await db
    .select({ ...publicityColumns, ...entryTotals() })
    .from(publicities)
    .where(eq(publicities.id, id));
  if (!row) throw notFound(PAYOUT_MSG.notFound);
  return row;
}

// The public page is read by anyone, often: its two statements are prepared once (head and entries
// asked at once; rows, not JSON aggregated in PostgreSQL, which cost half again as much at 1,000).
const publicHead = preparedPer((db) => db.select(publicityColumns).from(publicities).where(eq(publicities.id, sql.placeholder('id'))).prepare('publicity_public_head'));
const publicEntries = preparedPer((db) =>
  db
    .select({ id: publicityEntries.id, enterpriseName: publicityEntries.enterpriseName, guideTitle: publicityEntries.guideTitle, amount: publicityEntries.amount })
    .from(publicityEntries)
    .where(eq(publicityEntries.publicityId, sql.placeholder('id')))
    .orderBy(asc(publicityEntries.id))
    .prepare('publicity_public_entries'),
);

/** One 公示 as the public reads it (before its start it does not exist for them): its row and its entries, counted here. */
export async function publicPublicity(deps: PayoutDeps, id: number, now = new Date()): Promise<PublicityDetail> {
  const [[head], entries] = await Promise.all([publicHead(deps.db).execute({ id }), publicEntries(deps.db).execute({ id })]);
  if (!head || head.startsOn > chinaDate(now)) throw notFound(PAYOUT_MSG.notFound);
  const sum = entries.reduce((total, e) => total + Math.round(e.amount * 10_000), 0) / 10_000;
  return { ...toPublicity({ ...head, count: entries.length, sum }, now), entries, rules: OBJECTION_RULES, bureau: deps.bureau };
}

/** Staff's list: every 公示, those not yet begun included. */
export async function consolePublicities(db: Db, query: PageQuery, now = new Date()): Promise<PageOf<Publicity>> {
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ ...publicityColumns, ...entryTotals(), total: totalOver() })
        .from(publicities)
        .orderBy(desc(publicities.publishedAt), desc(publicities.id))
        .limit(limit)
        .offset(offset),
    map: (r) => toPublicity(r, now),
  });
}

export async function consolePublicity(db: Db, id: number, now = new Date()): Promise<ConsolePublicity> {
  const head = await headOf(db, id);
  const open = sql<number>`(select count(*) from ${objections} o where o.entry_id = "publicity_entries"."id" and o.status = 'submitted')`.mapWith(Number);
  const all = sql<number>`(select count(*) from ${objections} o where o.entry_id = "publicity_entries"."id")`.mapWith(Number);
  const rows = await db
    .select({
      id: publicityEntries.id,
      enterpriseName: publicityEntries.enterpriseName,
      guideTitle: publicityEntries.guideTitle,
      amount: publicityEntries.amount,
      applicationId: publicityEntries.applicationId,
      applicationNumber: applications.number,
      applicationStatus: applications.status,
      openObjections: open,
      objections: all,
    })
    .from(publicityEntries)
    .innerJoin(applications, eq(applications.id, publicityEntries.applicationId))
    .where(eq(publicityEntries.publicityId, id))
    .orderBy(asc(publicityEntries.id));
  return {
    ...toPublicity(head, now),
    entries: rows.map((r) => ({ ...r, applicationNumber: r.applicationNumber ?? '', applicationStatusLabel: APPLY_FLOW.states[r.applicationStatus as keyof typeof APPLY_FLOW.states] ?? r.applicationStatus })),
    timeline: await timeline(db, PUBLICITY_KIND, id, { flow: PUBLICITY_FLOW }),
  };
}

/** The 拟支持 applications a new 公示 may list (the oldest decisions first). */
export async function approvedCandidates(db: Db): Promise<Candidate[]> {
  return candidates(db, 'approved');
}

export async function candidates(db: DbOrTx, status: 'approved' | 'payable', extra?: ReturnType<typeof sql>): Promise<Candidate[]> {
  const rows = await db
    .select({
      applicationId: applications.id,
      number: applications.number,
      enterpriseName: enterprises.name,
      guideId: applications.guideId,
      guideTitle: guides.title,
      amount: applications.approvedAmount,
      decidedAt: applications.decidedAt,
    })
    .from(applications)
    .innerJoin(enterprises, eq(enterprises.id, applications.enterpriseId))
    .innerJoin(guides, eq(guides.id, applications.guideId))
    .where(and(eq(applications.status, status), extra))
    .orderBy(asc(applications.decidedAt), asc(applications.id))
    .limit(10_000);
  return rows.map((r) => ({ ...r, number: r.number ?? '', amount: r.amount ?? 0, decidedAt: r.decidedAt?.toISOString() ?? null, partLabel: null }));
}

// ---- publishing ----------------------------------------------------------------------------------

const publicitySubject = (id: number): Subject<typeof publicities> => ({ kind: PUBLICITY_KIND, table: publicities, id, notFound: PAYOUT_MSG.notFound });

/** Publishes a 公示 of 拟支持 applications: the list frozen, each application moved to 公示中, the number last. */
export async function publishPublicity(deps: PayoutDeps, ctx: SignedInCtx, body: PublishBody, now = new Date()): Promise<ConsolePublicity> {
  const today = chinaDate(now);
  if (!isRealDay(body.startsOn)) throw badRequest('公示开始日期应为日期（如 2026-12-01）');
  if (body.startsOn < today) throw badRequest(PAYOUT_MSG.startPast);
  // A 公示 runs on working days: a start chosen on a day off begins on the next working one.
  const startsOn = (await isWorkingDay(deps.calendar, body.startsOn)) ? body.startsOn : await deps.calendar.addWorkingDays(body.startsOn, 1);
  // The start day is the first of its working days.
  const endsAt = await dueAfter(deps.calendar, new Date(`${startsOn}T12:00:00+08:00`), body.days - 1);
  const endsOn = chinaDate(new Date(endsAt.getTime() - 1));
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(publicities)
      .values({ title: body.title.trim(), startsOn, endsOn, endsAt, days: body.days, createdBy: ctx.actor.accountId, publishedAt: now })
      .returning({ id: publicities.id });
    const publicityId = row!.id;
    // Every one 拟支持 (stepMany refuses all, naming the first that is not), then the list as they stand.
    const moved = await stepMany(tx, deps, ctx, APPLY_FLOW, manyApplications, body.applicationIds, 'publicize', { audit: PAYOUT_AUDIT.publish, at: now, set: { updatedAt: now } });
    const names = await tx
      .select({ id: applications.id, enterpriseName: enterprises.name, guideTitle: guides.title })
      .from(applications)
      .innerJoin(enterprises, eq(enterprises.id, applications.enterpriseId))
      .innerJoin(guides, eq(guides.id, applications.guideId))
      .where(inArray(applications.id, body.applicationIds));
    const named = new Map(names.map((n) => [n.id, n]));
    await tx.insert(publicityEntries).values(
      moved.map(({ row: a }) => ({ publicityId, applicationId: a.id, enterpriseId: a.enterpriseId, enterpriseName: named.get(a.id)!.enterpriseName, guideTitle: named.get(a.id)!.guideTitle, amount: a.approvedAmount ?? 0 })),
    );
    await stampNumber(tx, publicities, publicityId, PUBLICITY_NUMBER_PREFIX, now, {
      record: auditRecord(ctx, PAYOUT_AUDIT.publish, { id: publicityId, count: moved.length }),
      numberKey: 'publicityNumber',
      opening: opening(ctx, PUBLICITY_FLOW, PUBLICITY_KIND, 'publish', now),
    });
    return publicityId;
  });
  return consolePublicity(deps.db, id, now);
}

async function isWorkingDay(calendar: CalendarStore, day: string): Promise<boolean> {
  try {
    return await calendar.isWorkingDay(day);
  } catch (err) {
    if (err instanceof CalendarYearMissingError) throw conflict(calendarMissingMsg(err.year));
    throw err;
  }
}

const isRealDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/**
 * The 公示's end (PUBLICITY_FLOW's timer, as the system): its entries whose application is still 公示中
 * and has no objection left to decide move on to 待拨付; the others wait for their decision.
 */
export async function endPublicity(deps: PayoutDeps, ctx: Ctx, id: number, now = new Date()): Promise<void> {
  await step(deps, ctx, PUBLICITY_FLOW, publicitySubject(id), 'end', {
    audit: PAYOUT_AUDIT.publicityEnd,
    at: now,
    effects: async (tx) => {
      const clear = await tx
        .select({ id: publicityEntries.applicationId })
        .from(publicityEntries)
        .innerJoin(applications, eq(applications.id, publicityEntries.applicationId))
        .where(and(eq(publicityEntries.publicityId, id), eq(applications.status, 'publicizing'), sql`not exists (select 1 from ${objections} o where o.entry_id = "publicity_entries"."id" and o.status = 'submitted')`));
      await stepMany(tx, deps, ctx, APPLY_FLOW, manyApplications, clear.map((c) => c.id), 'clearPublicity', { audit: PAYOUT_AUDIT.publicityEnd, at: now, set: { updatedAt: now } });
    },
  });
}

// ---- objections ----------------------------------------------------------------------------------

const OBJECTION_NOTICES: SubjectNotices<ObjectionRow> = {
  source: 'apply',
  render: (kind, to, { row }) => ({
    title: `${PAYOUT_MESSAGE_KINDS[kind as keyof typeof PAYOUT_MESSAGE_KINDS]}：${row.number}`,
    // The administrators learn that there is one, not who made it.
    body: to === 'owner' ? [`异议编号 ${row.number}`, `核查结论：${OBJECTION_FLOW.states[row.status as ObjectionStatus]}`, row.outcome].filter(Boolean).join('\n') : `${OBJECTION_KINDS[row.kind as ObjectionKind]}编号 ${row.number}，请在公示期内核查`,
    link: to === 'owner' ? MY_OBJECTIONS_LINK : publicityConsoleLink(row.publicityId),
  }),
};
const objectionSubject = (id: number): Subject<typeof objections> => ({ kind: OBJECTION_KIND, table: objections, id, notFound: PAYOUT_MSG.objectionNotFound, owner: { key: 'accountId', by: 'account' }, notices: OBJECTION_NOTICES });

/** What makes an objection real-name and complete, in the order a person fills the form; null when it is. */
export function objectionProblem(body: Pick<ObjectionBody, 'name' | 'phone' | 'facts' | 'evidence' | 'unitName' | 'letterFileId'>): string | null {
  const name = body.name.trim();
  if (name.length < 2 || /匿名|无名|佚名/.test(name) || !OBJECTION_PHONE.test(body.phone.trim())) return PAYOUT_MSG.anonymous;
  if (body.facts.trim().length < 10) return PAYOUT_MSG.factsRequired;
  if (!body.evidence.length) return PAYOUT_MSG.evidenceRequired;
  if (body.unitName?.trim() && !body.letterFileId) return PAYOUT_MSG.unitLetter;
  return null;
}

/**
 * Files an objection to one entry of an open 公示: an 异议 from the listed enterprise's own account,
 * a 举报 from anyone else's or from a visitor without one (whose evidence was uploaded under `claim`,
 * and who is answered when looking it up by number and phone).
 */
export async function fileObjection(deps: PayoutDeps, ctx: Ctx, body: ObjectionBody, now = new Date(), claim?: string): Promise<MyObjection> {
  const problem = objectionProblem(body);
  if (problem) throw badRequest(problem);
  const head = await headOf(deps.db, body.publicityId);
  if (head.startsOn > chinaDate(now)) throw conflict(PAYOUT_MSG.notStarted(head.startsOn));
  const [entry] = await deps.db.select().from(publicityEntries).where(and(eq(publicityEntries.id, body.entryId), eq(publicityEntries.publicityId, body.publicityId)));
  if (!entry) throw notFound(PAYOUT_MSG.entryNotFound);
  const kind: ObjectionKind = ctx.scope?.enterpriseIds.includes(entry.enterpriseId) ? 'objection' : 'report';
  const id = await deps.db.transaction(async (tx) => {
    // Against the 公示's end under its lock: the timer's end and this cannot cross.
    const [locked] = await tx.select({ status: publicities.status, endsAt: publicities.endsAt }).from(publicities).where(eq(publicities.id, body.publicityId)).for('update');
    if (locked!.status !== 'open' || locked!.endsAt.getTime() <= now.getTime()) throw conflict(PAYOUT_MSG.ended(head.endsOn));
    const [row] = await tx
      .insert(objections)
      .values({ publicityId: body.publicityId, entryId: entry.id, kind, accountId: ctx.actor?.accountId ?? null, name: body.name.trim(), phone: body.phone.trim(), unitName: body.unitName?.trim() || null, facts: body.facts.trim(), createdAt: now })
      .returning({ id: objections.id });
    const objectionId = row!.id;
    const stepId = await start(tx, ctx, OBJECTION_FLOW, { kind: OBJECTION_KIND, id: objectionId }, 'file', now);
    await attach(tx, ctx, OBJECTION_KIND, objectionId, body.evidence, { role: 'evidence', claim });
    if (body.unitName?.trim() && body.letterFileId) await attach(tx, ctx, OBJECTION_KIND, objectionId, [body.letterFileId], { role: 'letter', claim });
    await stampNumber(tx, objections, objectionId, OBJECTION_NUMBER_PREFIX, now, { record: auditRecord(ctx, PAYOUT_AUDIT.object, { id: objectionId, entryId: entry.id }), numberKey: 'objectionNumber' });
    await announceOpening(tx, ctx, OBJECTION_FLOW, objectionSubject(objectionId), 'file', stepId);
    return objectionId;
  });
  const [mine] = await objectionRows(deps.db, eq(objections.id, id));
  return toMine(mine!);
}

function objectionRows(db: DbOrTx, where: ReturnType<typeof and>, page?: { limit: number; offset: number }) {
  const q = db
    .select({
      o: objections,
      publicityTitle: publicities.title,
      enterpriseName: publicityEntries.enterpriseName,
      guideTitle: publicityEntries.guideTitle,
      applicationId: publicityEntries.applicationId,
      applicationNumber: applications.number,
      account: accounts.name,
      total: totalOver(),
    })
    .from(objections)
    .innerJoin(publicities, eq(publicities.id, objections.publicityId))
    .innerJoin(publicityEntries, eq(publicityEntries.id, objections.entryId))
    .innerJoin(applications, eq(applications.id, publicityEntries.applicationId))
    .leftJoin(accounts, eq(accounts.id, objections.accountId))
    .where(where)
    .orderBy(desc(objections.createdAt), desc(objections.id));
  return inWindow(q.$dynamic(), page);
}
type ObjectionJoined = Awaited<ReturnType<typeof objectionRows>>[number];

const toMine = ({ o, publicityTitle, enterpriseName, guideTitle }: ObjectionJoined): MyObjection => ({
  id: o.id,
  number: o.number ?? '',
  kindLabel: OBJECTION_KINDS[o.kind as ObjectionKind],
  publicityTitle,
  enterpriseName,
  guideTitle,
  status: o.status,
  statusLabel: OBJECTION_FLOW.states[o.status as ObjectionStatus],
  facts: o.facts,
  outcome: o.outcome,
  createdAt: o.createdAt.toISOString(),
  decidedAt: o.decidedAt?.toISOString() ?? null,
});

/**
 * A visitor's objection and its written outcome, by its number and the phone given with it; any
 * other pair reads as not found (the budget per address keeps the pairs from being tried).
 */
export async function lookupObjection(db: Db, body: ObjectionLookupBody): Promise<MyObjection> {
  const [row] = await objectionRows(db, and(eq(objections.number, body.number.trim().toUpperCase()), eq(objections.phone, body.phone.trim())));
  if (!row) throw notFound(PAYOUT_MSG.lookupNotFound);
  return toMine(row);
}

/** The caller's own objections and their written outcomes. */
export async function myObjections(db: Db, ctx: SignedInCtx, query: PageQuery): Promise<PageOf<MyObjection>> {
  return paginate(query, { rows: (w) => objectionRows(db, eq(objections.accountId, ctx.actor.accountId), w), map: toMine });
}

/** Staff's queue of objections (the objector's identity included). */
export async function objectionPage(db: Db, ctx: SignedInCtx, query: ObjectionQuery): Promise<PageOf<ObjectionItem>> {
  const where = and(query.status ? eq(objections.status, query.status) : undefined, query.publicityId ? eq(objections.publicityId, query.publicityId) : undefined);
  return paginate(query, { rows: (w) => objectionRows(db, where, w), map: (r) => toItem(r, ctx, [], []) });
}

function toItem(r: ObjectionJoined, ctx: SignedInCtx, files: ObjectionItem['files'], line: ObjectionItem['timeline']): ObjectionItem {
  return {
    ...toMine(r),
    publicityId: r.o.publicityId,
    applicationId: r.applicationId,
    applicationNumber: r.applicationNumber ?? '',
    objector: { name: r.o.name, phone: r.o.phone, unitName: r.o.unitName, account: r.account ?? VISITOR },
    files,
    steps: permittedSteps(OBJECTION_FLOW, r.o.status as ObjectionStatus, roleKeyOf(ctx.actor.roleId), false),
    timeline: line,
  };
}

export async function objectionDetail(db: Db, ctx: SignedInCtx, id: number): Promise<ObjectionItem> {
  const [row] = await objectionRows(db, eq(objections.id, id));
  if (!row) throw notFound(PAYOUT_MSG.objectionNotFound);
  const files = (await attachmentsOf(db, OBJECTION_KIND, id)).map((f) => ({ id: f.id, name: f.name, url: fileUrl(f.id), role: f.role === 'letter' ? '盖章书面材料' : '证明材料' }));
  return toItem(row, ctx, files, await timeline(db, OBJECTION_KIND, id, { flow: OBJECTION_FLOW }));
}

/** Who filed a visitor's objection, as staff's answer names the account. */
const VISITOR = '无，未登录提交';

/** Staff and the objector read an objection's files. */
export async function canReadObjection(db: Db, ctx: SignedInCtx, id: number): Promise<boolean> {
  if (roleKeyOf(ctx.actor.roleId) !== 'enterprise') return true;
  return (await db.$count(objections, and(eq(objections.id, id), eq(objections.accountId, ctx.actor.accountId)))) > 0;
}

/**
 * Staff's written decision. 成立 takes the entry out: its application goes to 不予支持, or back to
 * 复审, with the reason to the enterprise (never the objector's name). 不成立 after the 公示's end,
 * with no other objection left on the entry, moves the application on to 待拨付.
 */
export async function decideObjection(deps: PayoutDeps, ctx: SignedInCtx, id: number, body: DecideBody, now = new Date()): Promise<ObjectionItem> {
  const name = body.step;
  await step(deps, ctx, OBJECTION_FLOW, objectionSubject(id), name, {
    audit: PAYOUT_AUDIT.decide,
    note: body.note,
    at: now,
    guard: () => {
      if (name === 'uphold' && !body.outcome) throw badRequest(PAYOUT_MSG.outcomeRequired);
    },
    set: () => ({ outcome: body.note?.trim() ?? null, decidedBy: ctx.actor.accountId, decidedAt: now }),
    effects: async (tx, { row }) => {
      const [entry] = await tx
        .select({ applicationId: publicityEntries.applicationId, status: publicities.status })
        .from(publicityEntries)
        .innerJoin(publicities, eq(publicities.id, publicityEntries.publicityId))
        .where(eq(publicityEntries.id, row.entryId));
      const [app] = await tx.select().from(applications).where(eq(applications.id, entry!.applicationId));
      if (app!.status !== 'publicizing') return;
      const reason = `公示期间收到异议，经核查异议成立：${body.note!.trim()}`;
      if (name === 'uphold') {
        const review = body.outcome === 'review';
        const set = review
          ? { updatedAt: now, approvedAmount: null, approvedYear: null, decidedAt: null, stageDueAt: await dueAfter(deps.calendar, now, (await formOf(tx, app!.formId)).reviewDays) }
          : { updatedAt: now, decidedAt: now };
        await stepMany(tx, deps, ctx, APPLY_FLOW, manyApplications, [app!.id], review ? 'upholdReview' : 'upholdReject', { audit: PAYOUT_AUDIT.decide, note: reason, at: now, set });
        return;
      }
      const [{ open } = { open: 0 }] = await tx.select({ open: count() }).from(objections).where(and(eq(objections.entryId, row.entryId), eq(objections.status, 'submitted')));
      if (entry!.status === 'ended' && open === 0) await stepMany(tx, deps, ctx, APPLY_FLOW, manyApplications, [app!.id], 'clearPublicity', { audit: PAYOUT_AUDIT.decide, at: now, set: { updatedAt: now } });
    },
  });
  return objectionDetail(deps.db, ctx, id);
}

async function formOf(tx: Tx, formId: number): Promise<Pick<ApplyFormBody, 'reviewDays'>> {
  const [form] = await tx.select({ body: applyForms.body }).from(applyForms).where(eq(applyForms.id, formId));
  return { reviewDays: form?.body.reviewDays ?? APPLY_DEFAULTS.reviewDays };
}
