// The workflow engine (docs/workflow.md): a flow is plain data in the contract; `step()` takes one
// of its steps in one transaction — the row locked, the state, role and owner checked against the
// flow (nothing changes when refused), the new state written, the step kept in the append-only
// `workflow_steps` (the item's timeline), the audit record and the step's effects, all or nothing.
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { roleKeyOf, stepRefusal, stepTarget, type Flow, type Taker, type TimelineEntry } from '@hqt/contract/workflow';
import type { Db, DbOrTx } from '../db/client';
import { accounts, workflowSteps } from '../db/schema/index';
import { audit, type AuditAction } from './audit';
import { isSignedIn, type Ctx, type SignedInCtx } from './ctx';
import { AppError, notFound } from './errors';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The row a step moves: its table (with `id` and `status` columns), its id, and who owns it. */
export interface Subject {
  /** What the timeline calls it, e.g. `guide`. */
  kind: string;
  table: PgTable;
  id: number;
  /** The 404's message when the row does not exist. */
  notFound: string;
  /**
   * For items an enterprise owns: the column holding the owner (an account's id, or an enterprise's,
   * owned by every account whose scope holds that enterprise). Another enterprise's account is
   * answered 404, as if the item did not exist; staff see every item.
   */
  owner?: { key: string; by: 'account' | 'enterprise' };
}

export interface StepOptions<S extends string> {
  audit: AuditAction;
  note?: string | null;
  /** The item's own conditions, checked after the flow's under the lock: throw to refuse. */
  guard?: (tx: Tx) => Promise<void>;
  /** Columns written with the new state (who published it, and when). */
  set?: Record<string, unknown>;
  /** What the step causes (messages, jobs, due dates), inside the same transaction. */
  effects?: (tx: Tx, moved: { from: S; to: S }) => Promise<void>;
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

/**
 * Takes `name` on the subject's row — as the signed-in caller, or as the system (a scheduled job's
 * `systemCtx()`, for steps whose roles include `system`) — or throws (404 missing or another enterprise's, 403 role/owner, 409 wrong state, 400 a
 * missing note, or the guard's refusal) having changed nothing.
 */
export async function step<S extends string, K extends string>(
  db: Db,
  ctx: Ctx,
  flow: Flow<S, K>,
  subject: Subject,
  name: K,
  options: StepOptions<S>,
): Promise<{ from: S; to: S }> {
  const { table, id } = subject;
  const idColumn = column(table, 'id');
  const stateColumn = column(table, 'status');
  const fields: Record<string, PgColumn> = subject.owner ? { state: stateColumn, owner: column(table, subject.owner.key) } : { state: stateColumn };
  const signed = isSignedIn(ctx) ? ctx : null;
  const role: Taker | null = signed ? roleKeyOf(signed.actor.roleId) : 'system';
  const note = options.note?.trim() || null;
  return db.transaction(async (tx) => {
    const [row] = (await tx.select(fields).from(table).where(eq(idColumn, id)).for('update')) as { state: S; owner?: unknown }[];
    if (!row) throw notFound(subject.notFound);
    const isOwner = subject.owner && signed ? ownedBy(signed, subject.owner.by, row.owner as number) : false;
    if (subject.owner && role === 'enterprise' && !isOwner) throw notFound(subject.notFound);
    const refusal = stepRefusal(flow, row.state, name, role, isOwner, note);
    if (refusal) throw new AppError(refusal.status, refusal.msg);
    await options.guard?.(tx);
    const from = row.state;
    const to = stepTarget(flow, name, from);
    await tx
      .update(table)
      .set({ ...options.set, status: to } as never)
      .where(eq(idColumn, id));
    await tx.insert(workflowSteps).values({
      subjectKind: subject.kind,
      subjectId: id,
      step: name,
      fromState: from,
      toState: to,
      actorId: signed?.actor.accountId ?? null,
      actorRole: role as Taker, // stepRefusal refuses an actor of no known role
      note,
      ...(options.at ? { at: options.at } : {}),
    });
    await audit(tx, ctx, options.audit, { id, step: name, before: { status: from }, after: { status: to }, ...(note ? { note } : {}) });
    await options.effects?.(tx, { from, to });
    return { from, to };
  });
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
    .orderBy(asc(workflowSteps.id));
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
