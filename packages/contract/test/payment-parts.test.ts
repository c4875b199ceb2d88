// 预拨/结算 (payout.ts, apply.ts): what each part of an approved amount pays, and the instruction
// keys the treasury files carry. Pure: no app, no database.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ADVANCE_PERCENT, advanceAmount } from '../src/apply';
import { keyApplication, paymentKey, type PaymentPart } from '../src/payout';

describe('advanceAmount: the 预拨 share, to the yuan', () => {
  test.each([
    [100, 40, 40],
    [14.5, 30, 4.35],
    [10, 33, 3.3],
    [0.3333, 50, 0.1667],
    [1, 10, 0.1],
  ])('%s 万元 at %s%% is %s', (approved, percent, advance) => {
    expect(advanceAmount(approved, percent)).toBe(advance);
  });

  test('the 预拨 and the 结算 of the rest add up to the approved amount, and neither is nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e8 }), fc.integer({ min: ADVANCE_PERCENT.min, max: ADVANCE_PERCENT.max }), (yuan, percent) => {
        const approved = yuan / 10_000;
        const advance = advanceAmount(approved, percent);
        const settle = Math.round((approved - advance) * 10_000) / 10_000;
        expect(Math.round((advance + settle) * 10_000)).toBe(yuan);
        if (yuan >= 10) expect(advance > 0 && settle > 0).toBe(true);
      }),
    );
  });
});

describe('paymentKey and keyApplication', () => {
  test.each<[PaymentPart, number, string]>([
    ['whole', 1, 'SB20261122-0001-1'],
    ['whole', 12, 'SB20261122-0001-12'],
    ['advance', 1, 'SB20261122-0001-Y1'],
    ['settle', 2, 'SB20261122-0001-J2'],
  ])('%s, attempt %s: %s', (part, attempt, key) => {
    expect(paymentKey('SB20261122-0001', part, attempt)).toBe(key);
    expect(keyApplication(key)).toBe('SB20261122-0001');
  });

  test('every part and attempt gives a key of its own', () => {
    const keys = (['whole', 'advance', 'settle'] as const).flatMap((part) => [1, 2, 11].map((n) => paymentKey('SB20261122-0001', part, n)));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
