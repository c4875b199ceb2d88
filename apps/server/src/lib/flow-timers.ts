// The flows' timers (Flow.timers, docs/workflow.md): one job for every flow takes each timed step
// whose time has come. A service registers its flow while the app starts, with how it takes a step
// as the system (its own step, with its guards and effects); no service writes a job of its own for it.
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Flow, FlowTimer } from '@hqt/contract/workflow';
import { chinaDayEnd } from '@hqt/contract/working-days';
import type { DbOrTx } from '../db/client';
import { workflowSteps } from '../db/schema/index';
import { AppError } from './errors';

const DAY_MS = 86_400_000;

export interface TimedFlow {
  flow: Flow;
  /** What the timeline calls its items (Subject.kind), and their table (with `id` and `status`). */
  kind: string;
  table: PgTable;
  /** Takes the timer's step on one item as the system. */
  take: (id: number, step: string, now: Date) => Promise<unknown>;
}

/** The calendar's part a working-day timer needs. */
export interface WorkingDays {
  addWorkingDays(from: Date, n: number): Promise<string>;
}

export class FlowTimers {
  readonly #flows: TimedFlow[] = [];

  register(timed: TimedFlow): void {
    if (!timed.flow.timers?.length) throw new Error(`flow timers: ${timed.kind} declares none`);
    this.#flows.push(timed);
  }

  /** Takes every timed step whose time has come (of one kind of item only, when named); answers how many were taken. */
  async run(db: DbOrTx, calendar: WorkingDays, now: Date, only?: string): Promise<number> {
    let taken = 0;
    for (const timed of this.#flows.filter((t) => only === undefined || t.kind === only)) {
      for (const timer of timed.flow.timers ?? []) {
        for (const { id, enteredAt } of await due(db, timed, timer, now)) {
          if ('workingDays' in timer.after && chinaDayEnd(await calendar.addWorkingDays(enteredAt, timer.after.workingDays)).getTime() > now.getTime()) continue;
          try {
            await timed.take(id, timer.take, now);
            taken += 1;
          } catch (err) {
            // Moved on meanwhile (rated, or taken by another run): nothing left to do.
            if (!(err instanceof AppError && err.status === 409)) throw err;
          }
        }
      }
    }
    return taken;
  }
}

/**
 * The items in the timer's state whose own moment (`until`) has passed; or those that entered it (the last step that moved them there, or opened
 * them there, by the timeline) at least its time ago: in calendar days, exactly; in working days, every candidate
 * (n working days are at least n days), which `run` then checks against the calendar.
 */
async function due(db: DbOrTx, { flow, kind, table }: TimedFlow, timer: FlowTimer<string, string>, now: Date): Promise<{ id: number; enteredAt: Date }[]> {
  if ('until' in timer.after) {
    const until = getTableColumns(table)[timer.after.until];
    if (!until) throw new Error(`flow timers: ${kind} has no column ${timer.after.until}`);
    const rows = await db.execute<{ id: number }>(sql`select id from ${table} where status = ${timer.in} and ${until} <= ${now.toISOString()}::timestamptz order by id`);
    return rows.rows.map((r) => ({ id: Number(r.id), enteredAt: now }));
  }
  const days = 'days' in timer.after ? timer.after.days : timer.after.workingDays;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const { rows } = await db.execute<{ id: number; entered_at: string | Date }>(sql`
    select t.id, entered.at as entered_at from ${table} t
    cross join lateral (
      select max(ws.${sql.identifier(workflowSteps.at.name)}) as at from ${workflowSteps} ws
      where ws.subject_kind = ${kind} and ws.subject_id = t.id and ws.to_state = ${timer.in}
        and (ws.from_state <> ${timer.in}${flow.initial.length ? sql` or ws.step in (${sql.join(flow.initial.map((s) => sql`${s}`), sql`, `)})` : sql``})
    ) entered
    where t.status = ${timer.in} and entered.at <= ${cutoff.toISOString()}::timestamptz
    order by t.id`);
  return rows.map((r) => ({ id: Number(r.id), enteredAt: new Date(r.entered_at) }));
}
