// The workflow engine (docs/workflow.md): a flow is plain data in the contract; `step()` takes one
// of its steps in one transaction — the row locked, the state, role and owner checked against the
// flow (nothing changes when refused), the new state written, the step kept in the append-only
// `workflow_steps` (the item's timeline), the audit record and the step's effects, all or nothing.
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MessageSource } from '@hqt/contract/inbox';
import { roleKeyOf, stepRefusal, stepTarget, WORKFLOW_MSG, type Audience, type Flow, type StepNotice, type Taker, type TimelineEntry } from '@hqt/contract/workflow';
import type { Db, DbOrTx } from '../db/client';
import { accounts, auditLog, workflowSteps } from '../db/schema/index';
import { audit, auditRecord, type AuditAction } from './audit';
import { chunks } from './chunks';
import { isSignedIn, type Ctx, type SignedInCtx } from './ctx';
import type { Events } from './events';
import { AppError, notFound } from './errors';
import { administrators, enterpriseAccounts, notify } from '../services/message/public';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the engine needs besides the caller: the database and the app's events (every step is one). */
export interface FlowDeps {
  db: Db;
  events: Events;
}

/** The row a step moves: its table (with `id` and `status` columns), its id, and who owns it. */
export interface Subject<T extends PgTable = PgTable> {
  /** What the timeline calls it, e.g. `guide`. */
  kind: string;
  table: T;
  id: number;
  /** The 404's message when the row does not exist. */
  notFound: string;
  /**
   * For items an enterprise owns: the column holding the owner (an account's id, or an enterprise's,
   * owned by every account whose scope holds that enterprise). Another enterprise's account is
   * answered 404, as if the item did not exist; staff see every item.
   */
  owner?: { key: keyof T['$inferSelect'] & string; by: 'account' | 'enterprise' };
  /** How the flow's step notices (FlowStep.notify) reach people: the service's words for each kind. */
  notices?: SubjectNotices<T['$inferSelect']>;
}

/** A notice's words and where it leads its reader. */
export interface NoticeText {
  title: string;
  body: string;
  link: string;
}

export interface SubjectNotices<R> {
  source: MessageSource;
  /** The item's handler, told when the flow says `to: 'handler'` (none: nobody is). */
  handler?: (tx: Tx, row: R) => Promise<number | null>;
  /** The staff working on the item, told when the flow says `to: 'participants'`. */
  participants?: (tx: Tx, row: R) => Promise<number[]>;
  /**
   * The words of a notice of `kind` for its audience, from the step as taken; null when the step, as
   * taken, tells this audience nothing (a visit's appraisal reaches the administrators only when bad).
   */
  render: (kind: string, to: Audience, moved: Moved<string, string, R>) => NoticeText | null;
}

/** A step as taken: which (chosen from the row, perhaps), the states, the row as the step left it, the note, and the timeline row's id. */
export interface Moved<S extends string, K extends string, R> {
  step: K;
  from: S;
  to: S;
  row: R;
  note: string | null;
  /** The step's row in `workflow_steps`: what a notice of this step is deduplicated by (`kind:stepId`). */
  stepId: number;
  /** What the step's effects found that its notices say (the appeals a visit's summary filed); empty otherwise. */
  told: readonly string[];
}

export interface StepOptions<S extends string, K extends string, R> {
  audit: AuditAction;
  /** The actor's note, or how it is written from the locked row (a 延期's days as requested). */
  note?: string | null | ((row: R) => string | null);
  /** The item's own conditions, checked on the locked row after the flow's: throw to refuse. */
  guard?: (tx: Tx, row: R) => Promise<void> | void;
  /** Columns written with the new state (who published it, and when), from the locked row, after the guard. */
  set?: (row: R) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * What the step causes (jobs, due dates, other rows), inside the same transaction; it may answer
   * lines for the step's notices (`Moved.told`).
   */
  effects?: (tx: Tx, moved: Moved<S, K, R>) => Promise<readonly string[] | void>;
  /** When the step is recorded as taken (now, unless the caller decides the time, as its tests and the demo do). */
  at?: Date;
}

function column(table: PgTable, key: string): PgColumn {
  const found = (getTableColumns(table) as Record<string, PgColumn | undefined>)[key];
  if (!found) throw new Error(`workflow: no column ${key}`);
  return found;
}

/** Whether the caller owns an item whose owner column holds `owner`. */
export const ownedBy = (ctx: SignedInCtx, by: 'account' | 'enterprise', owner: number) =>
  by === 'account' ? owner === ctx.actor.accountId : ctx.scope.enterpriseIds.includes(owner);

const takerOf = (ctx: Ctx): Taker | null => (isSignedIn(ctx) ? roleKeyOf(ctx.actor.roleId) : ctx.visitor ? 'visitor' : 'system');

/** An item's first timeline row, but for the item's id: what `start` writes, or a numbered filing's statement (lib/numbering.ts). */
export type Opening = Omit<typeof workflowSteps.$inferInsert, 'subjectId'>;

/**
 * The opening row of one of the flow's `initial` steps, by the caller (as its role may: 403
 * otherwise), recorded at the state the item is filed in.
 */
export function opening<S extends string, K extends string>(ctx: Ctx, flow: Flow<S, K>, kind: string, name: K, at?: Date): Opening {
  const declared = flow.steps[name];
  if (!flow.initial.includes(name) || !declared.to) throw new Error(`workflow: ${name} does not open a ${kind}`);
  const role = takerOf(ctx);
  if (role === null || !declared.roles.includes(role)) throw new AppError(403, WORKFLOW_MSG.roleNotAllowed(declared.label));
  return { subjectKind: kind, step: name, fromState: declared.to, toState: declared.to, actorId: isSignedIn(ctx) ? ctx.actor.accountId : null, actorRole: role, ...(at ? { at } : {}) };
}

/** An opening just written, as its timeline entry: the filing's answer, composed without a read. */
export function openingEntry(ctx: Ctx, row: Opening, id: number): TimelineEntry {
  const actor = isSignedIn(ctx) ? { id: ctx.actor.accountId, name: ctx.actor.name } : null;
  return { id, at: (row.at ?? new Date()).toISOString(), step: row.step, from: row.fromState, to: row.toState, actor, role: row.actorRole, note: null };
}

/** Opens an item's timeline inside the transaction that files it (`opening`); answers the row's id. */
export async function start<S extends string, K extends string>(tx: DbOrTx, ctx: Ctx, flow: Flow<S, K>, subject: { kind: string; id: number }, name: K, at?: Date): Promise<number> {
  const [row] = await tx
    .insert(workflowSteps)
    .values({ ...opening(ctx, flow, subject.kind, name, at), subjectId: subject.id })
    .returning({ id: workflowSteps.id });
  return row!.id;
}

/**
 * Takes a step on the subject's row — as the signed-in caller, or as the system (a scheduled job's
 * `systemCtx()`, for steps whose roles include `system`) — or throws (404 missing or another
 * enterprise's, 403 role/owner, 409 wrong state, 400 a missing note, or the guard's refusal) having
 * changed nothing. `name` may be chosen from the locked row (a 差评 reopens an appeal, or closes it
 * once it has been reopened enough). The step is announced to the app's listeners
 * (`events.onStep(kind, …)`) inside its transaction.
 */
export async function step<S extends string, K extends string, I extends K, T extends PgTable>(
  deps: FlowDeps,
  ctx: Ctx,
  flow: Flow<S, K, I>,
  subject: Subject<T>,
  name: Exclude<K, I> | ((row: T['$inferSelect']) => Exclude<K, I>),
  options: StepOptions<S, Exclude<K, I>, T['$inferSelect']>,
): Promise<Moved<S, Exclude<K, I>, T['$inferSelect']>> {
  type Row = T['$inferSelect'];
  const { table, id } = subject;
  const idColumn = column(table, 'id');
  const signed = isSignedIn(ctx) ? ctx : null;
  const role = takerOf(ctx);
  return deps.db.transaction(async (tx) => {
    const [row] = (await tx.select().from(table as PgTable).where(eq(idColumn, id)).for('update')) as Row[];
    if (!row) throw notFound(subject.notFound);
    const fields = row as Record<string, unknown>;
    const isOwner = subject.owner && signed ? ownedBy(signed, subject.owner.by, fields[subject.owner.key] as number) : false;
    if (subject.owner && role === 'enterprise' && !isOwner) throw notFound(subject.notFound);
    const taken = typeof name === 'function' ? name(row) : name;
    const note = (typeof options.note === 'function' ? options.note(row) : options.note)?.trim() || null;
    const from = fields.status as S;
    const refusal = stepRefusal(flow, from, taken, role, isOwner, note);
    if (refusal) throw new AppError(refusal.status, refusal.msg);
    await options.guard?.(tx, row);
    const to = stepTarget(flow, taken, from);
    const [moved] = (await tx
      .update(table)
      .set({ ...(await options.set?.(row)), status: to } as never)
      .where(eq(idColumn, id))
      .returning()) as Row[];
    const [timelineRow] = await tx
      .insert(workflowSteps)
      .values({
        subjectKind: subject.kind,
        subjectId: id,
        step: taken,
        fromState: from,
        toState: to,
        actorId: signed?.actor.accountId ?? null,
        actorRole: role as Taker, // stepRefusal refuses an actor of no known role
        note,
        ...(options.at ? { at: options.at } : {}),
      })
      .returning({ id: workflowSteps.id });
    const stepId = timelineRow!.id;
    await audit(tx, ctx, options.audit, { id, step: taken, before: { status: from }, after: { status: to }, ...(note ? { note } : {}) });
    const done = { step: taken, from, to, row: moved!, note, stepId, told: [] };
    const result = { ...done, told: (await options.effects?.(tx, done)) ?? [] };
    await tellOfStep(tx, ctx, flow.steps[taken].notify ?? [], subject, result);
    await deps.events.emitStep(tx, { kind: subject.kind, step: taken, id, from, to, stepId, ctx });
    return result;
  });
}

/** What `stepMany` needs of the caller: the audit action, the note, its own conditions on the locked rows and the columns written with the state. */
export interface ManyOptions<R> {
  audit: AuditAction;
  note?: string | null;
  /** The rows' own conditions, on the rows locked in id order: throw to refuse them all. */
  guard?: (rows: R[]) => Promise<void> | void;
  /** Columns written with the new state, the same for every row. */
  set?: Record<string, unknown>;
  at?: Date;
}

/**
 * One step on many rows of one table, inside the caller's transaction, set-based (a 公示's entries,
 * a batch's instructions): the rows locked in id order, each checked as `step()` checks one (one
 * refused refuses them all, naming it), one update, one insert of their timeline rows and one of
 * their audit records, then each row's notices and the app's events. Answers the rows as moved, in
 * id order. A step chosen per row, a per-row `set` or effects: `step()`, one at a time.
 */
export async function stepMany<S extends string, K extends string, I extends K, T extends PgTable>(
  tx: Tx,
  deps: Pick<FlowDeps, 'events'>,
  ctx: Ctx,
  flow: Flow<S, K, I>,
  subject: Omit<Subject<T>, 'id'> & { label: (row: T['$inferSelect']) => string },
  ids: readonly number[],
  name: Exclude<K, I>,
  options: ManyOptions<T['$inferSelect']>,
): Promise<Moved<S, Exclude<K, I>, T['$inferSelect']>[]> {
  type Row = T['$inferSelect'];
  if (!ids.length) return [];
  const { table } = subject;
  const idColumn = column(table, 'id');
  const signed = isSignedIn(ctx) ? ctx : null;
  const role = takerOf(ctx);
  const rows = (await tx
    .select()
    .from(table as PgTable)
    .where(inArray(idColumn, [...ids]))
    .orderBy(asc(idColumn))
    .for('update')) as Row[];
  if (rows.length !== new Set(ids).size) throw notFound(subject.notFound);
  const note = options.note?.trim() || null;
  for (const row of rows) {
    const fields = row as Record<string, unknown>;
    const isOwner = subject.owner && signed ? ownedBy(signed, subject.owner.by, fields[subject.owner.key] as number) : false;
    if (subject.owner && role === 'enterprise' && !isOwner) throw notFound(subject.notFound);
    const refusal = stepRefusal(flow, fields.status as S, name, role, isOwner, note);
    if (refusal) throw new AppError(refusal.status, `${subject.label(row)}：${refusal.msg}`);
  }
  await options.guard?.(rows);
  const from = new Map(rows.map((r) => [(r as Record<string, unknown>).id as number, (r as Record<string, unknown>).status as S]));
  const target = (id: number) => stepTarget(flow, name, from.get(id)!);
  const moved = (await tx
    .update(table)
    // One state for all (a step that keeps its state keeps each row's): no per-row CASE, which PostgreSQL would walk for every row.
    .set({ ...options.set, status: flow.steps[name].to ?? sql.identifier('status') } as never)
    .where(inArray(idColumn, [...from.keys()]))
    .returning()) as Row[];
  moved.sort((a, b) => ((a as Record<string, unknown>).id as number) - ((b as Record<string, unknown>).id as number));
  const stepIds = new Map<number, number>();
  for (const part of chunks(moved)) {
    const ids = part.map((r) => (r as Record<string, unknown>).id as number);
    const stepRows = await tx
      .insert(workflowSteps)
      .values(ids.map((id) => ({ subjectKind: subject.kind, subjectId: id, step: name, fromState: from.get(id)!, toState: target(id), actorId: signed?.actor.accountId ?? null, actorRole: role as Taker, note, ...(options.at ? { at: options.at } : {}) })))
      .returning({ id: workflowSteps.id, subjectId: workflowSteps.subjectId });
    for (const r of stepRows) stepIds.set(r.subjectId, r.id);
    await tx.insert(auditLog).values(ids.map((id) => auditRecord(ctx, options.audit, { id, step: name, before: { status: from.get(id) }, after: { status: target(id) }, ...(note ? { note } : {}) })));
  }
  const result: Moved<S, Exclude<K, I>, Row>[] = [];
  for (const row of moved) {
    const id = (row as Record<string, unknown>).id as number;
    const done = { step: name, from: from.get(id)!, to: target(id), row, note, stepId: stepIds.get(id)!, told: [] };
    await tellOfStep(tx, ctx, flow.steps[name].notify ?? [], { ...subject, id }, done);
    await deps.events.emitStep(tx, { kind: subject.kind, step: name, id, from: done.from, to: done.to, stepId: done.stepId, ctx });
    result.push(done);
  }
  return result;
}

/**
 * Tells of an opening step (its FlowStep.notify) once the filing holds what the words name — its
 * number, stamped after `start` so that other filings wait on the counter only for the message and
 * the commit.
 */
export async function announceOpening<S extends string, K extends string, T extends PgTable>(tx: Tx, ctx: Ctx, flow: Flow<S, K>, subject: Subject<T>, name: K, stepId: number): Promise<void> {
  const [row] = (await tx.select().from(subject.table as PgTable).where(eq(column(subject.table, 'id'), subject.id))) as T['$inferSelect'][];
  const state = flow.steps[name].to!;
  await tellOfStep(tx, ctx, flow.steps[name].notify ?? [], subject, { step: name, from: state, to: state, row: row!, note: null, stepId, told: [] });
}

/** The step's notices (FlowStep.notify), each to its audience but the one who took the step; once per step (`kind:stepId`). */
async function tellOfStep<T extends PgTable>(tx: Tx, ctx: Ctx, notices: readonly StepNotice[], subject: Subject<T>, moved: Moved<string, string, T['$inferSelect']>): Promise<void> {
  if (!notices.length) return;
  const words = subject.notices;
  if (!words) throw new Error(`workflow: ${subject.kind} declares notices but no words for them`);
  const row = moved.row as Record<string, unknown>;
  const audience = async (to: Audience): Promise<number[]> => {
    if (to === 'admins') return administrators(tx);
    if (to === 'handler') {
      const handler = await words.handler?.(tx, moved.row);
      return handler ? [handler] : [];
    }
    if (to === 'participants') return (await words.participants?.(tx, moved.row)) ?? [];
    if (!subject.owner) return [];
    const owner = row[subject.owner.key] as number | null;
    // An item without an owner (a visitor's objection) tells no one: its outcome is looked up.
    if (owner === null) return [];
    return subject.owner.by === 'account' ? [owner] : enterpriseAccounts(tx, owner);
  };
  const actor = isSignedIn(ctx) ? ctx.actor.accountId : null;
  for (const notice of notices) {
    const text = words.render(notice.kind, notice.to, moved);
    if (!text) continue;
    const to = (await audience(notice.to)).filter((id) => id !== actor);
    await notify(tx, to, { source: words.source, kind: notice.kind, ...text, dedupeKey: `${notice.kind}:${moved.stepId}` });
  }
}

/**
 * An item's timeline: every step taken on it, oldest first, with who took it. For the item's owner
 * (`forOwner`), the flow's internal steps are left out, and staff appear by their role only.
 */
export async function timeline<S extends string, K extends string>(
  db: DbOrTx,
  kind: string,
  id: number,
  view: { flow?: Flow<S, K>; forOwner?: boolean } = {},
): Promise<TimelineEntry[]> {
  const rows = await db
    .select({ step: workflowSteps, actorName: accounts.name })
    .from(workflowSteps)
    .leftJoin(accounts, eq(accounts.id, workflowSteps.actorId))
    .where(and(eq(workflowSteps.subjectKind, kind), eq(workflowSteps.subjectId, id)))
    .orderBy(asc(workflowSteps.at), asc(workflowSteps.id));
  const internal = (step: string) => Boolean(view.flow?.steps[step as K]?.internal);
  return rows
    .filter(({ step: s }) => !(view.forOwner && internal(s.step)))
    .map(({ step: s, actorName }) => ({
      id: s.id,
      at: s.at.toISOString(),
      step: s.step,
      from: s.fromState,
      to: s.toState,
      actor: s.actorId === null || (view.forOwner && s.actorRole !== 'enterprise') ? null : { id: s.actorId, name: actorName ?? '' },
      role: s.actorRole,
      note: s.note,
    }));
}
