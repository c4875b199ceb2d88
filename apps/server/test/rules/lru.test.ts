// What a node keeps in memory (lib/lru.ts: tokens checked, market pages, assessments, sanitised
// texts): the entries used last stay within the bound, the oldest use goes first.
import { describe, expect, it } from 'vitest';
import { Lru } from '../../src/lib/lru';

describe('Lru', () => {
  it('keeps the entries used last: a read counts as a use, a peek does not', () => {
    const kept = new Lru<string, number>(3);
    for (const [k, v] of [['a', 1], ['b', 2], ['c', 3]] as const) kept.set(k, v);
    expect(kept.get('a')).toBe(1); // a is now the newest use
    expect(kept.peek('b')).toBe(2); // b stays the oldest
    kept.set('d', 4);
    expect([kept.peek('a'), kept.peek('b'), kept.peek('c'), kept.peek('d')]).toEqual([1, undefined, 3, 4]);
    expect(kept.size).toBe(3);
  });

  it('is bounded by weight; the newest entry stays even when it alone weighs more', () => {
    const kept = new Lru<string, string>(10, (s) => s.length);
    kept.set('x', 'aaaa');
    kept.set('y', 'bbbb');
    kept.set('z', 'cccc'); // 12 > 10: x goes
    expect([kept.peek('x'), kept.peek('y'), kept.peek('z')]).toEqual([undefined, 'bbbb', 'cccc']);
    kept.set('big', 'd'.repeat(25));
    expect(kept.size).toBe(1);
    expect(kept.peek('big')).toHaveLength(25);
    // Its weight is given back when it goes: three light entries fit again.
    kept.delete('big');
    for (const k of ['p', 'q', 'r']) kept.set(k, 'eee');
    expect(kept.size).toBe(3);
  });

  it('setting a key again replaces its value and its weight', () => {
    const kept = new Lru<string, string>(10, (s) => s.length);
    kept.set('k', 'aaaaaaaa');
    kept.set('k', 'b');
    kept.set('m', 'ccccccccc'); // 1 + 9 = 10: both fit
    expect([kept.peek('k'), kept.peek('m')]).toEqual(['b', 'ccccccccc']);
  });
});
