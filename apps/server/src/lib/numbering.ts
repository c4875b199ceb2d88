// Readable numbers (SQ20261125-0007, format in the contract's numbering.ts): consecutive per series
// and day, gap-free, unique across nodes. The number is taken from the series' counter row in the
// statement that writes it: `insert … on conflict do update set last = last + 1 returning last`
// locks that row until the transaction ends, so a filing that rolls back gives its number back and
// the next one gets it, and two nodes can never hand out the same number. Never max()+1, which two
// transactions read alike. docs/numbering.md.
import { eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { NUMBER_DIGITS, numberHead, numberPeriod } from '@hqt/contract/numbering';
import type { Db, DbOrTx } from '../db/client';
import { auditLog, numberCounters, workflowSteps } from '../db/schema/index';
import type { AuditRecord } from './audit';
import type { Opening } from './workflow';

/** A transaction, never the pool: outside one the number could not be given back. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A numbered table: its rows' id and their readable number. */
type Numbered = PgTable & { id: PgColumn; number: PgColumn };

/**
 * The filing's audit record (auditRecord), written with its id and number in the detail, the number
 * under `numberKey`; and, for an item of a workflow, its timeline's opening row (lib/workflow.ts's
 * `opening`), written with its id.
 */
export interface NumberedAudit {
  record: AuditRecord;
  numberKey: string;
  opening?: Opening;
}

/** Expressions read in the filing's own statement, beside the row (an enterprise's name, say). */
export type Also<A> = { [K in keyof A]: SQL<A[K]> };

/**
 * Files a new row of `table` with the series' next number for the day `at` falls on in China, and
 * its audit record (`audited`, with its timeline's opening row), in one statement, and answers the
 * row as written (the table's defaults included) with what `also` reads (and `openingStepId`). On the pool that statement is the whole filing: the
 * counter is held only while PostgreSQL runs and commits it, never across a round trip to this
 * node, which is where filings queued under load; and the answer needs no read after it. In a
 * transaction, the counter is held until the commit: make it the last statement (or use
 * stampNumber after the filing's other writes).
 */
export async function insertNumbered<T extends Numbered, A extends Record<string, unknown> = Record<never, never>>(
  db: DbOrTx,
  table: T,
  values: Omit<PgInsertValue<T>, 'number'>,
  prefix: string,
  at: Date,
  audited?: NumberedAudit,
  also?: Also<A>,
): Promise<T['$inferSelect'] & A & { openingStepId?: number }> {
  return numbered(db, table, prefix, at, audited, also, (number) =>
    db
      .insert(table)
      .values({ ...values, number } as PgInsertValue<T>)
      .returning(),
  );
}

/**
 * Gives the row `id` of `table`, written earlier in the transaction, the series' next number and
 * its audit record (`audited`), and answers the number. Other filings of the series wait on the
 * counter until this transaction ends, so it is the filing's last statement, one round trip before
 * the commit.
 */
export async function stampNumber(tx: Tx, table: Numbered, id: number, prefix: string, at: Date = new Date(), audited?: NumberedAudit): Promise<string> {
  const row = await numbered(tx, table, prefix, at, audited, undefined, (number) =>
    tx
      .update(table)
      .set({ number } as never)
      .where(eq(table.id, id))
      .returning(),
  );
  return row.number as string;
}

/**
 * One statement: the counter taken, the write given the number (formatted as the contract's
 * formatNumber does), the audit record naming it, and the row as written with `also` beside it.
 */
async function numbered<T extends Numbered, A extends Record<string, unknown>>(
  db: DbOrTx,
  table: T,
  prefix: string,
  at: Date,
  audited: NumberedAudit | undefined,
  also: Also<A> | undefined,
  write: (number: SQL) => SQLWrapper,
): Promise<T['$inferSelect'] & A & { openingStepId?: number }> {
  const count = sql`(select last from counter)::text`;
  const number = sql`${numberHead(prefix, at)} || lpad(${count}, greatest(${NUMBER_DIGITS}::int, length(${count})), '0')`;
  const [id, num] = [table.id, table.number].map((c) => sql.identifier(c.name));
  const extra = Object.entries({ ...also, ...(audited?.opening ? { openingStepId: sql`(select id from opened)` } : {}) }).map(([key, expression]) => sql`, ${expression as SQL} as ${sql.identifier(key)}`);
  const {
    rows: [row],
  } = await db.execute<Record<string, unknown>>(sql`
    with counter as (
      insert into ${numberCounters} (series, period, last) values (${prefix}, ${numberPeriod(at)}, 1)
      on conflict (series, period) do update set last = ${numberCounters.last} + 1
      returning last
    ), stamped as ${write(number)}${audited ? recordWith(audited, id!, num!) : sql``}
    select stamped.*${sql.join(extra)} from stamped`);
  if (!row) throw new RangeError(`No row of ${prefix} to number`);
  const read = [...Object.keys(also ?? {}), ...(audited?.opening ? ['openingStepId'] : [])];
  return { ...asWritten(table, row), ...Object.fromEntries(read.map((key) => [key, row[key]])) } as T['$inferSelect'] & A & { openingStepId?: number };
}

/** A raw row of `table` under its fields' names, each value as drizzle's own reads give it (dates as Date). */
function asWritten<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [key, raw[column.name] == null ? null : column.mapFromDriverValue(raw[column.name])]);
  return Object.fromEntries(columns) as T['$inferSelect'];
}

/** A column's name in the statement. */
type Column = ReturnType<typeof sql.identifier>;

/** The audit record's insert as one more step of the statement, its detail given the row's id and number. */
function recordWith({ record: r, numberKey, opening: o }: NumberedAudit, id: Column, num: Column) {
  const columns = [auditLog.action, auditLog.accountId, auditLog.username, auditLog.ip, auditLog.detail].map((c) => sql.identifier(c.name));
  const recorded = sql`, recorded as (
      insert into ${auditLog} (${sql.join(columns, sql`, `)})
      select ${r.action}, ${r.accountId ?? null}::int, ${r.username ?? null}::text, ${r.ip ?? null}::inet, ${JSON.stringify(r.detail)}::jsonb || jsonb_build_object('id', stamped.${id}, ${numberKey}::text, stamped.${num})
      from stamped
    )`;
  if (!o) return recorded;
  const steps = workflowSteps;
  const stepColumns = [steps.subjectKind, steps.subjectId, steps.step, steps.fromState, steps.toState, steps.actorId, steps.actorRole, steps.at].map((c) => sql.identifier(c.name));
  return sql`${recorded}, opened as (
      insert into ${steps} (${sql.join(stepColumns, sql`, `)})
      select ${o.subjectKind}::text, stamped.${id}, ${o.step}::text, ${o.fromState}::text, ${o.toState}::text, ${o.actorId ?? null}::int, ${o.actorRole}::text, ${o.at ? sql`${o.at.toISOString()}::timestamptz` : sql`now()`}
      from stamped
      returning id
    )`;
}
