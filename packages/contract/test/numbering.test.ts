// Readable numbers (packages/contract/src/numbering.ts): a series' prefix, the day in China time
// (UTC+8, whatever the machine's zone), and the day's count padded to four digits. Fixed instants
// only: nothing here reads today's date. Pure: no app, no database.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { APPEAL_NUMBER_PREFIX } from '../src/appeal';
import { formatNumber, NUMBER_DIGITS, NUMBER_PREFIX_PATTERN, numberHead, numberPeriod } from '../src/numbering';
import { VISIT_NUMBER_PREFIX } from '../src/visit';

const at = (iso: string) => new Date(iso);

describe('numberPeriod: the day in China', () => {
  test.each([
    ['2026-11-25T00:00:00+08:00', '20261125'],
    ['2026-11-25T15:59:59.999Z', '20261125'],
    ['2026-11-25T16:00:00.000Z', '20261126'],
    ['2026-12-31T16:00:00Z', '20270101'],
    ['2028-02-28T16:30:00Z', '20280229'],
    ['2026-01-01T00:00:00-12:00', '20260101'],
  ])('%s is %s', (iso, period) => {
    expect(numberPeriod(at(iso))).toBe(period);
  });

  test('an invalid date has no period', () => {
    expect(() => numberPeriod(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('numberHead and formatNumber', () => {
  const day = at('2026-11-25T09:30:00+08:00');

  test('the prefix, the day and a dash, then the count in four digits', () => {
    expect(NUMBER_DIGITS).toBe(4);
    expect(numberHead('SQ', day)).toBe('SQ20261125-');
    expect(formatNumber('SQ', day, 7)).toBe('SQ20261125-0007');
    expect(formatNumber('ZF', day, 1)).toBe('ZF20261125-0001');
    expect(formatNumber('ABCDEF', day, 42)).toBe('ABCDEF20261125-0042');
    expect(formatNumber('SQ', day, 9999)).toBe('SQ20261125-9999');
  });

  test('a day of more than 9999 filings grows the number', () => {
    expect(formatNumber('SQ', day, 10000)).toBe('SQ20261125-10000');
    expect(formatNumber('SQ', day, 123456)).toBe('SQ20261125-123456');
  });

  test('the evening in UTC is already the next day\'s number', () => {
    expect(formatNumber('SQ', at('2026-11-25T16:00:00Z'), 1)).toBe('SQ20261126-0001');
  });

  test.each(['', 'S', 'sq', 'Sq', 'SQ1', 'ABCDEFG', 'S Q', '诉求', 'SQ-'])('the prefix %j is refused', (prefix) => {
    expect(NUMBER_PREFIX_PATTERN.test(prefix)).toBe(false);
    expect(() => numberHead(prefix, day)).toThrow(RangeError);
    expect(() => formatNumber(prefix, day, 1)).toThrow(RangeError);
  });

  test.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('the count %d is refused', (n) => {
    expect(() => formatNumber('SQ', day, n)).toThrow(RangeError);
  });

  test('the series the contract files under are valid prefixes', () => {
    for (const prefix of [APPEAL_NUMBER_PREFIX, VISIT_NUMBER_PREFIX]) expect(NUMBER_PREFIX_PATTERN.test(prefix), prefix).toBe(true);
  });

  test('a number reads back as its prefix, day and count, and numbers sort by count within a day', () => {
    const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2,6}$/), instant, fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 9999 }), (prefix, when, n, m) => {
        const a = formatNumber(prefix, when, n);
        const match = /^([A-Z]{2,6})(\d{8})-(\d{4,})$/.exec(a);
        expect(match?.slice(1)).toEqual([prefix, new Date(when.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', ''), String(n).padStart(4, '0')]);
        const b = formatNumber(prefix, when, m);
        expect(a < b ? -1 : a > b ? 1 : 0).toBe(Math.sign(n - m));
      }),
      { numRuns: 300 },
    );
  });
});
