// Readable numbers for what a service files (诉求 SQ20261125-0007): a series' prefix, the day in
// China time, and the n-th filing of that series that day. The server takes `n` from a counter row
// inside the filing's transaction (apps/server/src/lib/numbering.ts, docs/numbering.md).
import { chinaDate } from './working-days';

/** A series' prefix: two to six capital letters, e.g. SQ (企业诉求). */
export const NUMBER_PREFIX_PATTERN = /^[A-Z]{2,6}$/;
/** Four digits a day; a day with more filings simply grows the number (SQ20261125-10000). */
export const NUMBER_DIGITS = 4;

/** The period a number counts in: the day in China, 'YYYYMMDD'. */
export const numberPeriod = (at: Date): string => chinaDate(at).replaceAll('-', '');

/** What a number has before its count: `SQ20261125-`, the day taken in China time. */
export function numberHead(prefix: string, at: Date): string {
  if (!NUMBER_PREFIX_PATTERN.test(prefix)) throw new RangeError(`Not a number prefix: ${prefix}`);
  return `${prefix}${numberPeriod(at)}-`;
}

/** `formatNumber('SQ', day, 7)` → `SQ20261125-0007`. */
export function formatNumber(prefix: string, at: Date, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`Not a sequence number: ${n}`);
  return `${numberHead(prefix, at)}${String(n).padStart(NUMBER_DIGITS, '0')}`;
}
