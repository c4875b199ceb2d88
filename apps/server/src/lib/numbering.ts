// Readable numbers (SQ20261125-0007, format in the contract's numbering.ts): consecutive per series
// and day, gap-free, unique across nodes. The number is taken from the series' counter row inside
// the filing's own transaction: `insert … on conflict do update set last = last + 1 returning last`
// locks that row until the transaction ends, so a filing that rolls back gives its number back and
// the next one gets it, and two nodes can never hand out the same number. Never max()+1, which two
// transactions read alike. docs/numbering.md.
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { NUMBER_DIGITS, numberHead, numberPeriod } from '@hqt/contract/numbering';
import type { Db } from '../db/client';
import { auditLog, numberCounters } from '../db/schema/index';
import type { AuditRecord } from './audit';

/** A transaction, never the pool: outside one the number could not be given back. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A numbered table: its rows' id and their readable number. */
type Numbered = PgTable & { id: PgColumn; number: PgColumn };

/** The filing's audit record (auditRecord), written with its number in the detail under `numberKey`. */
export interface NumberedAudit {
  record: AuditRecord;
  numberKey: string;
}

/**
 * Gives the row `id` of `table` the series' next number for the day `at` falls on in China, and
 * answers it. One statement takes the count, writes the number, formatted as the contract's
 * formatNumber does, and writes the filing's audit record naming it (`audited`): other filings of
 * the series wait on the counter until this transaction ends, so it is the filing's last statement,
 * one round trip before the commit.
 */
export async function stampNumber(tx: Tx, table: Numbered, id: number, prefix: string, at: Date = new Date(), audited?: NumberedAudit): Promise<string> {
  const count = sql`counter.last::text`;
  const {
    rows: [row],
  } = await tx.execute<{ number: string }>(sql`
    with counter as (
      insert into ${numberCounters} (series, period, last) values (${prefix}, ${numberPeriod(at)}, 1)
      on conflict (series, period) do update set last = ${numberCounters.last} + 1
      returning last
    ), stamped as (
      update ${table} set number = ${numberHead(prefix, at)} || lpad(${count}, greatest(${NUMBER_DIGITS}::int, length(${count})), '0')
      from counter where ${table.id} = ${id}
      returning ${table.number} as number
    )${audited ? recordWith(audited) : sql``}
    select number from stamped`);
  if (!row) throw new RangeError(`No row ${id} to number`);
  return row.number;
}

/** The audit record's insert as one more step of stampNumber's statement, its detail given the number. */
function recordWith({ record: r, numberKey }: NumberedAudit) {
  const columns = [auditLog.action, auditLog.accountId, auditLog.username, auditLog.ip, auditLog.detail].map((c) => sql.identifier(c.name));
  return sql`, recorded as (
      insert into ${auditLog} (${sql.join(columns, sql`, `)})
      select ${r.action}, ${r.accountId ?? null}::int, ${r.username ?? null}::text, ${r.ip ?? null}::inet, ${JSON.stringify(r.detail)}::jsonb || jsonb_build_object(${numberKey}::text, stamped.number)
      from stamped
    )`;
}
