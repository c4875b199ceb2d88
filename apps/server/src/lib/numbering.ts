// Readable numbers (SQ20261125-0007, format in the contract's numbering.ts): consecutive per series
// and day, gap-free, unique across nodes. The number is taken from the series' counter row inside
// the filing's own transaction: `insert … on conflict do update set last = last + 1 returning last`
// locks that row until the transaction ends, so a filing that rolls back gives its number back and
// the next one gets it, and two nodes can never hand out the same number. Never max()+1, which two
// transactions read alike. docs/numbering.md.
import { sql } from 'drizzle-orm';
import { formatNumber, NUMBER_PREFIX_PATTERN, numberPeriod } from '@hqt/contract/numbering';
import type { Db } from '../db/client';
import { numberCounters } from '../db/schema/index';

/** A transaction, never the pool: outside one the number could not be given back. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The series' next number for the day `at` falls on in China. Other filings of the series wait for
 * this transaction to end: take the number as the transaction's last step, right before it commits.
 */
export async function nextNumber(tx: Tx, prefix: string, at: Date = new Date()): Promise<string> {
  if (!NUMBER_PREFIX_PATTERN.test(prefix)) throw new RangeError(`Not a number prefix: ${prefix}`);
  const [row] = await tx
    .insert(numberCounters)
    .values({ series: prefix, period: numberPeriod(at), last: 1 })
    .onConflictDoUpdate({ target: [numberCounters.series, numberCounters.period], set: { last: sql`${numberCounters.last} + 1` } })
    .returning({ last: numberCounters.last });
  return formatNumber(prefix, at, row!.last);
}
