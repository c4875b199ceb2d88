// Readable numbers for what a service files (诉求 SQ20261125-0007): a series' prefix, the day in
// China time, and the n-th filing of that series that day. The server takes `n` from a counter row
// inside the filing's transaction (apps/server/src/lib/numbering.ts, docs/numbering.md).
import { chinaDate } from './working-days';

/** A series' prefix: two to six capital letters, e.g. SQ (企业诉求). */
export const NUMBER_PREFIX_PATTERN = /^[A-Z]{2,6}$/;
/** Four digits a day; a day with more filings simply grows the number (SQ20261125-10000). */
const DIGITS = 4;

/** The period a number counts in: the day in China, 'YYYYMMDD'. */
export const numberPeriod = (at: Date): string => chinaDate(at).replaceAll('-', '');

/** `formatNumber('SQ', day, 7)` → `SQ20261125-0007`, the day taken in China time. */
export function formatNumber(prefix: string, at: Date, n: number): string {
  if (!NUMBER_PREFIX_PATTERN.test(prefix)) throw new RangeError(`Not a number prefix: ${prefix}`);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`Not a sequence number: ${n}`);
  return `${prefix}${numberPeriod(at)}-${String(n).padStart(DIGITS, '0')}`;
}
