// 企业诉求's rules (docs/appeal.md): filing (numbered, in one transaction with its attachments and
// audit record), the detail with its timeline and due date in working days, and every step through
// the workflow's step() with the appeal's own conditions, columns and messages.
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import {
  APPEAL_DUE_SOON_DAYS,
  APPEAL_FLOW,
  APPEAL_KIND,
  APPEAL_MAX_REOPENINGS,
  APPEAL_MESSAGE_KINDS,
  APPEAL_MSG,
  APPEAL_NUMBER_PREFIX,
  APPEAL_OPEN_STATES,
  APPEAL_RATINGS,
  APPEAL_REOPEN_LIMIT_DAYS,
  appealPortalLink,
  isBadRating,
  type AppealDetail,
  type AppealItem,
  type AppealListQuery,
  type AppealMessageKind,
  type AppealSaveBody,
  type AppealStatus,
  type AppealStep,
  type AppealStepBody,
} from '@hqt/contract/appeal';
import { appealConsoleLink, type AppealCounts, type AppealCountsQuery, type AppealQueueQuery, type AppealQueueRow } from '@hqt/contract/appeal-console';
import { APPEAL_RESPONSE_DAYS } from '@hqt/contract/appeal-stats';
import type { PageOf } from '@hqt/contract/envelope';
import { OWN_MSG } from '@hqt/contract/messages';
import { VISIT_KIND } from '@hqt/contract/visit';
import type { AttachedFile } from '@hqt/contract/files';
import { permittedSteps, roleKeyOf, type TimelineEntry } from '@hqt/contract/workflow';
import { chinaDate } from '@hqt/contract/working-days';
import type { Db } from '../../db/client';
import { accounts, enterprises, guides, workflowSteps } from '../../db/schema/index';
import { auditRecord } from '../../lib/audit';
import { isSignedIn, type Ctx, type SignedInCtx } from '../../lib/ctx';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { insertNumbered, stampNumber } from '../../lib/numbering';
import { opening, openingEntry, step, timeline, type FlowDeps, type Subject, type SubjectNotices } from '../../lib/workflow';
import { dueAfter, workingDayIndexes, workingDaysLeft, type CalendarStore } from '../calendar/public';
import { attach, attachmentsOf } from '../files/public';
import { dictLabel, type DictionaryStore } from '../dict/public';
import { appealCounts, appealQueue, departmentLabel, enterpriseAppeals, findAppeal, type DueKeys } from './queries';
import { visits } from '../visit/public';
import { appeals } from './schema';

export const APPEAL_AUDIT = { file: 'appeal.file', step: 'appeal.step' } as const;

export interface AppealDeps extends FlowDeps {
  calendar: CalendarStore;
  dicts: DictionaryStore;
}

/** An appeal's row, as a step locks it. */
type Appeal = typeof appeals.$inferSelect;

/** A category's 办理时限 in working days (the dictionary item's extra.limitDays), or null when the code is not offered or has none. */
export async function categoryLimit(dicts: DictionaryStore, code: string): Promise<number | null> {
  const item = (await dicts.items('appealCategory')).find((c) => c.code === code);
  const days = Number(item?.extra?.limitDays);
  return item && Number.isInteger(days) && days > 0 ? days : null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const subject = (id: number): Subject<typeof appeals> => ({ kind: APPEAL_KIND, table: appeals, id, notFound: OWN_MSG.notFound, owner: { key: 'enterpriseId', by: 'enterprise' }, notices: NOTICES });

const DAY_MS = 86_400_000;

/**
 * The 受理 deadline of a filing at `filedAt`, as SQL for its insert (the web's filing and a visit's,
 * which runs inside the visit's transaction without the node's calendar): the end of the
 * APPEAL_RESPONSE_DAYS-th working day after the filing's China day, read from the calendar's running
 * index of working days (services/calendar/day-index.ts) over the 40 days after it; null when a
 * day's year is not published (the filing is kept, without a 受理 clock, never a guess).
 * `appeal.test.ts` checks it against `dueAfter(calendar, filedAt, APPEAL_RESPONSE_DAYS)`.
 */
export function acceptDueSql(filedAt: Date): SQL<Date | null> {
  const from = chinaDate(filedAt);
  const to = chinaDate(new Date(filedAt.getTime() + 40 * DAY_MS));
  // idx[p] is day from + p − 1; the due day is the first whose count is the filing day's + n, and
  // its end the midnight after it (from + p), in China time.
  return sql<Date | null>`(select case when idx[1] >= 0 then ((${from}::date + array_position(idx, idx[1] + ${APPEAL_RESPONSE_DAYS}::int))::timestamp - interval '8 hours') at time zone 'UTC' end
    from (select ${workingDayIndexes(from, to)} as idx) cal)`;
}

type Clocks = Pick<AppealItem, DueKeys>;
interface ClockRow {
  status: string;
  dueAt: Date | string | null;
  acceptDueAt: Date | string | null;
}
const instant = (v: Date | string | null) => (v === null ? null : new Date(v));

/**
 * What an appeal's running clock says at `now`: while 已提交, the 受理 one (剩余 N 个工作日 /
 * 待受理超时); while 办理中, 待补充 or 整改中, the handling one (剩余 N 个工作日 / 已超期); nothing
 * otherwise. Overdue is the instant passed; the days left need the calendar (a year without a
 * published one leaves them null, and the text says only whether it is overdue).
 */
export async function dueState(calendar: CalendarStore, row: ClockRow, now: Date): Promise<Clocks> {
  const none = { dueText: null, remainingDays: null, overdue: false, acceptOverdue: false };
  const accepting = row.status === 'submitted';
  const due = accepting ? instant(row.acceptDueAt) : APPEAL_OPEN_STATES.includes(row.status as AppealStatus) ? instant(row.dueAt) : null;
  if (!due) return none;
  const late = now.getTime() > due.getTime();
  const lateText = accepting ? APPEAL_MSG.acceptOverdue : APPEAL_MSG.overdue;
  const flags = { overdue: !accepting && late, acceptOverdue: accepting && late };
  const remainingDays = await workingDaysLeft(calendar, due, now);
  return { dueText: late ? lateText : remainingDays === null ? null : APPEAL_MSG.remaining(remainingDays), remainingDays, ...flags };
}

/** Items of a list with what their clocks say at `now`. */
const withClocks = <T extends ClockRow>(calendar: CalendarStore, items: T[], now: Date) => Promise.all(items.map(async (i) => ({ ...i, ...(await dueState(calendar, i, now)) })));

/** An enterprise's appeals (the caller checked it is its own), newest first, each with its clock at `now`. */
export async function enterpriseList(deps: AppealDeps, enterpriseId: number, query: AppealListQuery, now = new Date()): Promise<PageOf<AppealItem>> {
  const page = await enterpriseAppeals(deps.db, await deps.dicts.all(), enterpriseId, query);
  return { ...page, list: await withClocks(deps.calendar, page.list, now) };
}

/**
 * Files an appeal for one of the caller's enterprises; answers its detail. Without attachments the
 * filing is one statement (row, number and audit record), so the series' counter is never held
 * across a round trip, and the detail is composed from what it wrote; with them, one transaction
 * whose last statement takes the number, then the detail read.
 */
export async function saveAppeal(deps: AppealDeps, ctx: SignedInCtx, body: AppealSaveBody, now = new Date()): Promise<AppealDetail> {
  const { db, dicts } = deps;
  if (!ctx.scope.enterpriseIds.includes(body.enterpriseId)) throw notFound();
  const [categories, guideFound, visitFound] = await Promise.all([
    dicts.items('appealCategory'),
    !body.guideId || db.$count(guides, eq(guides.id, body.guideId)).then(Boolean),
    !body.visitId || db.$count(visits, and(eq(visits.id, body.visitId), eq(visits.enterpriseId, body.enterpriseId))).then(Boolean),
  ]);
  if (!categories.some((c) => c.code === body.category)) throw badRequest(APPEAL_MSG.categoryNotFound);
  if (!guideFound) throw badRequest(APPEAL_MSG.guideNotFound);
  if (!visitFound) throw badRequest(APPEAL_MSG.visitNotFound);
  const values = {
    enterpriseId: body.enterpriseId,
    accountId: ctx.actor.accountId,
    category: body.category,
    title: body.title.trim(),
    content: body.content,
    contact: body.contact.trim(),
    phone: body.phone,
    guideId: body.guideId ?? null,
    ...(body.visitId ? { sourceKind: VISIT_KIND, sourceId: body.visitId } : {}),
    acceptDueAt: acceptDueSql(now),
    createdAt: now,
    updatedAt: now,
  };
  const audited = {
    record: auditRecord(ctx, APPEAL_AUDIT.file, { enterpriseId: body.enterpriseId, category: body.category }),
    numberKey: 'number',
    opening: opening(ctx, APPEAL_FLOW, APPEAL_KIND, 'file', now),
  };
  const fileIds = body.fileIds ?? [];
  if (fileIds.length === 0) {
    // The answer is composed from the one statement that files it: no read after the write.
    const row = await insertNumbered(db, appeals, values, APPEAL_NUMBER_PREFIX, now, audited, {
      enterpriseName: sql<string>`(select ${enterprises.name} from ${enterprises} where ${enterprises.id} = ${body.enterpriseId})`,
      visitNumber: sql<string | null>`(select ${visits.number} from ${visits} where ${visits.id} = ${body.visitId ?? null}::int)`,
    });
    // Nothing has happened to a new filing yet but its filing: no file attached, no handler.
    return toDetail(deps, ctx, { ...row, handlerName: null, visitId: body.visitId ?? null }, [openingEntry(ctx, audited.opening, row.openingStepId as number)], [], now);
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(appeals).values(values).returning({ id: appeals.id });
    await attach(tx, ctx, APPEAL_KIND, row!.id, fileIds, { role: 'appeal' });
    await stampNumber(tx, appeals, row!.id, APPEAL_NUMBER_PREFIX, now, audited);
    return row!.id;
  });
  return appealDetail(deps, ctx, id, now);
}

/** The end of the day APPEAL_DUE_SOON_DAYS working days on, when the queue asks for those due soon. */
const dueSoonBy = async (calendar: CalendarStore, dueSoon: boolean | undefined, now: Date) => (dueSoon ? dueAfter(calendar, now, APPEAL_DUE_SOON_DAYS) : null);

export async function queuePage(deps: AppealDeps, query: AppealQueueQuery, now = new Date()): Promise<PageOf<AppealQueueRow>> {
  const page = await appealQueue(deps.db, await deps.dicts.all(), query, await dueSoonBy(deps.calendar, query.dueSoon, now), now);
  return { ...page, list: await withClocks(deps.calendar, page.list, now) };
}

export async function queueCounts(deps: AppealDeps, query: AppealCountsQuery, now = new Date()): Promise<AppealCounts> {
  return appealCounts(deps.db, query, await dueSoonBy(deps.calendar, query.dueSoon, now), now);
}

const isEnterprise = (ctx: SignedInCtx) => ctx.scope.roleId === ROLES.enterprise.id;

/** An appeal's row as its detail reads it. */
type AppealRow = NonNullable<Awaited<ReturnType<typeof findAppeal>>>;

/** One appeal as the caller may see it (the owner: without internal steps, staff by role only). */
export async function appealDetail(deps: AppealDeps, ctx: SignedInCtx, id: number, now = new Date()): Promise<AppealDetail> {
  const forOwner = isEnterprise(ctx);
  // At once, each on a connection of its own: a busy pool is waited for once, not three times.
  const [row, history, attachments] = await Promise.all([
    findAppeal(deps.db, ctx.scope, id),
    timeline(deps.db, APPEAL_KIND, id, { flow: APPEAL_FLOW, forOwner }),
    attachmentsOf(deps.db, APPEAL_KIND, id),
  ]);
  if (!row) throw notFound();
  return toDetail(deps, ctx, row, history, attachments, now);
}

/** An appeal's row with its timeline and files as its detail shows them to the caller. */
async function toDetail(deps: AppealDeps, ctx: SignedInCtx, row: AppealRow, history: TimelineEntry[], attachments: AttachedFile[], now: Date): Promise<AppealDetail> {
  const forOwner = isEnterprise(ctx);
  const status = row.status as AppealStatus;
  const isOwner = ctx.scope.enterpriseIds.includes(row.enterpriseId);
  return {
    id: row.id,
    number: row.number ?? '',
    enterpriseId: row.enterpriseId,
    enterpriseName: row.enterpriseName,
    category: row.category,
    categoryName: dictLabel(await deps.dicts.all(), 'appealCategory', row.category),
    title: row.title,
    status: row.status,
    statusLabel: APPEAL_FLOW.states[status] ?? row.status,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
    acceptDueAt: row.acceptDueAt?.toISOString() ?? null,
    rating: row.rating,
    visitId: row.visitId,
    visitNumber: row.visitNumber,
    ratingLabel: row.rating ? APPEAL_RATINGS[row.rating as keyof typeof APPEAL_RATINGS] : status === 'closed' && row.repliedAt ? APPEAL_MSG.unrated : null,
    comment: row.comment,
    content: row.content,
    contact: row.contact,
    phone: row.phone,
    guideId: row.guideId,
    limitDays: await categoryLimit(deps.dicts, row.category),
    ...(await dueState(deps.calendar, row, now)),
    reopenCount: row.reopenCount,
    extensionDays: forOwner ? null : row.extensionDays,
    department: row.department,
    departmentName: departmentLabel(await deps.dicts.all(), row.department),
    handler: !forOwner && row.handlerId !== null ? { id: row.handlerId, name: row.handlerName ?? '' } : null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    timeline: history,
    attachments,
    steps: permittedSteps(APPEAL_FLOW, status, roleKeyOf(ctx.actor.roleId), isOwner),
  };
}

/** The step's own conditions on what was sent, checked under the lock after the flow's. */
function checkInput(name: AppealStep, body: AppealStepBody): void {
  const rated = name === 'rate' || name === 'complain';
  if (body.fileIds?.length && name !== 'reply' && name !== 'supplement') throw badRequest(APPEAL_MSG.filesNotAllowed);
  if (!rated) return;
  if (!body.rating) throw badRequest(APPEAL_MSG.ratingRequired);
  if (isBadRating(body.rating) && !body.comment?.trim()) throw badRequest(APPEAL_MSG.commentRequired);
  if (name === 'complain' && !isBadRating(body.rating)) throw badRequest(APPEAL_MSG.complainNeedsBadRating);
}

/** Whether a 回访 was recorded since the appeal last reopened. */
async function calledBackSinceReopening(tx: Tx, id: number): Promise<boolean> {
  const of = and(eq(workflowSteps.subjectKind, APPEAL_KIND), eq(workflowSteps.subjectId, id));
  const [reopened] = await tx.select({ id: workflowSteps.id }).from(workflowSteps).where(and(of, eq(workflowSteps.step, 'complain'))).orderBy(desc(workflowSteps.id)).limit(1);
  return (await tx.$count(workflowSteps, and(of, eq(workflowSteps.step, 'callBack'), gt(workflowSteps.id, reopened?.id ?? 0)))) > 0;
}

async function checkHandler(tx: Tx, dicts: DictionaryStore, body: AppealStepBody): Promise<void> {
  if (!body.department?.trim() || !body.handlerId) throw badRequest(APPEAL_MSG.handlerRequired);
  if (!(await dicts.items('department')).some((d) => d.code === body.department)) throw badRequest(APPEAL_MSG.departmentNotFound);
  const [handler] = await tx.select({ roleId: accounts.roleId, disabled: accounts.disabled }).from(accounts).where(eq(accounts.id, body.handlerId));
  if (!handler || handler.disabled || handler.roleId === ROLES.enterprise.id) throw badRequest(APPEAL_MSG.handlerNotFound);
}

/** Who handles an appeal: the one it is assigned to, or else whoever accepted it. */
async function handlerOf(tx: Tx, appeal: Appeal): Promise<number | null> {
  if (appeal.handlerId) return appeal.handlerId;
  const [accepted] = await tx
    .select({ actorId: workflowSteps.actorId })
    .from(workflowSteps)
    .where(and(eq(workflowSteps.subjectKind, APPEAL_KIND), eq(workflowSteps.subjectId, appeal.id), eq(workflowSteps.step, 'accept')))
    .orderBy(desc(workflowSteps.id))
    .limit(1);
  return accepted?.actorId ?? null;
}

/** The words of APPEAL_FLOW's step notices: the enterprise's lead to its page, the handler's to the console. */
const NOTICES: SubjectNotices<Appeal> = {
  source: 'appeal',
  handler: handlerOf,
  render: (kind, to, { step: taken, row, note }) => {
    const due = (taken === 'accept' || taken === 'approveExtension') && row.dueAt ? `办理期限：${chinaDate(new Date(row.dueAt.getTime() - 1))}` : null;
    return {
      title: `${APPEAL_MESSAGE_KINDS[kind as AppealMessageKind]}：${row.title}`,
      body: [`诉求编号 ${row.number}`, due, note].filter(Boolean).join('\n'),
      link: to === 'owner' ? appealPortalLink(row.id) : appealConsoleLink(row.id),
    };
  },
};

/**
 * Takes one step of APPEAL_FLOW on an appeal, as the signed-in caller or the system (a job). A
 * rating of 不满意 or 非常不满意 reopens it for 整改 (step `complain`) while it has been reopened
 * fewer than APPEAL_MAX_REOPENINGS times; after that the 差评 closes it, the rating kept. The appeal's
 * row is read once, locked, by the step: every choice below is made from it.
 */
export async function takeStep(deps: AppealDeps, ctx: Ctx, id: number, body: AppealStepBody, now = new Date()): Promise<void> {
  const signed = isSignedIn(ctx) ? ctx : null;
  const rating = body.rating ? APPEAL_RATINGS[body.rating] : null;
  const comment = body.comment?.trim() || null;
  const nameFor = (row: Appeal): AppealStep =>
    body.step === 'rate' && body.rating && isBadRating(body.rating) && row.reopenCount < APPEAL_MAX_REOPENINGS ? 'complain' : body.step;
  const noteFor = (row: Appeal): string | null => {
    const name = nameFor(row);
    if (name === 'rate' || name === 'complain') return [rating, comment].filter(Boolean).join('：');
    const extension = name === 'requestExtension' ? body.extensionDays : name === 'approveExtension' ? row.extensionDays : null;
    return [extension ? `延长 ${extension} 个工作日` : null, body.note?.trim()].filter(Boolean).join('：') || null;
  };

  await step(deps, ctx, APPEAL_FLOW, subject(id), nameFor, {
    audit: APPEAL_AUDIT.step,
    note: noteFor,
    at: now,
    guard: async (tx, row) => {
      const name = nameFor(row);
      checkInput(name, body);
      if (name === 'assign') await checkHandler(tx, deps.dicts, body);
      if (name === 'complain' && row.reopenCount >= APPEAL_MAX_REOPENINGS) throw conflict(APPEAL_MSG.tooManyReopenings);
      if (name === 'reply' && row.status === 'reopened' && !(await calledBackSinceReopening(tx, id))) throw conflict(APPEAL_MSG.callBackFirst);
      if (name === 'requestExtension') {
        if (!body.extensionDays) throw badRequest(APPEAL_MSG.extensionDaysRequired);
        if (row.extensionDays !== null) throw conflict(APPEAL_MSG.extensionPending);
      }
      if ((name === 'approveExtension' || name === 'refuseExtension') && row.extensionDays === null) throw conflict(APPEAL_MSG.noExtensionPending);
    },
    // The columns written with the state. A deadline is computed here, after the flow's checks (another
    // enterprise's call stays a 404, a wrong state a 409): a year without a published calendar, or a
    // category without a limit, then refuses the step with a message.
    set: async (row) => {
      const name = nameFor(row);
      const touched = { updatedAt: now };
      switch (name) {
        case 'accept': {
          const limit = await categoryLimit(deps.dicts, row.category);
          if (limit === null) throw conflict(APPEAL_MSG.limitMissing);
          return { ...touched, acceptedAt: now, dueAt: await dueAfter(deps.calendar, now, limit) };
        }
        case 'complain':
          return { ...touched, reopenCount: row.reopenCount + 1, rating: body.rating, comment, dueAt: await dueAfter(deps.calendar, now, APPEAL_REOPEN_LIMIT_DAYS) };
        case 'rate':
          return { ...touched, rating: body.rating, comment, closedAt: now };
        case 'reply':
          return { ...touched, repliedAt: now, rating: null, comment: null, rateInvitedAt: null };
        case 'assign':
          return { ...touched, department: body.department, handlerId: body.handlerId };
        case 'reject':
        case 'withdraw':
        case 'expire':
        case 'close':
          return { ...touched, closedAt: now };
        case 'requestExtension':
          return { ...touched, extensionDays: body.extensionDays ?? null };
        case 'refuseExtension':
          return { ...touched, extensionDays: null };
        case 'approveExtension':
          // From the due day (the millisecond before the midnight that ends it), this many working days on.
          return { ...touched, extensionDays: null, ...(row.dueAt ? { dueAt: await dueAfter(deps.calendar, new Date(row.dueAt.getTime() - 1), row.extensionDays!) } : {}) };
        default:
          return touched;
      }
    },
    effects: async (tx, { step: name }) => {
      if (signed && body.fileIds?.length) await attach(tx, signed, APPEAL_KIND, id, body.fileIds, { role: name });
    },
  });
}
