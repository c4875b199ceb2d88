// The contract's check characters: the 统一社会信用代码's (GB 32100-2015, validation.ts) and the 企业码's
// (entcode.ts). The expected check characters are computed here by each rule as written — the
// standard's weights 3^i mod 31 over its 31 characters, the code's weights 10..2 over its own 31 —
// not read from the code under test. Pure: no app, no database.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkChar, ENTCODE_ALPHABET, ENTCODE_LENGTH, formatCode, isValidCode, newCode, normalizeCode } from '../src/entcode';
import { CREDIT_CODE_PATTERN, creditCodeCheckChar, isCreditCode } from '../src/validation';

// ---- 统一社会信用代码 --------------------------------------------------------------------------------

/** GB 32100-2015: digits and capitals but I, O, S, V, Z, valued 0..30 in this order. */
const USCC = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** The check character by the standard: weights 3^i mod 31, C18 = 31 − (Σ mod 31), 31 written 0. */
function usccCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC.indexOf(first17[i]!) * 3 ** i;
  return USCC[(31 - (sum % 31)) % 31]!;
}

/** Published codes (the standard's example first). */
const PUBLISHED = ['91350100M000100Y43', '91110000802100433B', '91310000775785552L', '9144030071526726XG', '91110108551385082Q'];
/** Bodies of our own, their check characters computed above (the 0 check and letters in the last ten). */
const BODIES = ['91350100M000100Y4', '12100000400000398', '52110000500021676', '93440300MA5DA1B2C', '11100000000013127', 'Y1330106MA2GLX0U8'];

const uscc = fc
  .tuple(
    fc.constantFrom(...USCC),
    fc.constantFrom(...USCC),
    fc.array(fc.constantFrom(...'0123456789'), { minLength: 6, maxLength: 6 }),
    fc.array(fc.constantFrom(...USCC), { minLength: 9, maxLength: 9 }),
  )
  .map(([a, b, area, org]) => {
    const body = `${a}${b}${area.join('')}${org.join('')}`;
    return body + usccCheck(body);
  });

describe('统一社会信用代码 (GB 32100-2015)', () => {
  test('the standard\'s weights are 3^i mod 31', () => {
    // Independently of the code's table: the check of a body with a single 1 at position i is 31 − w_i.
    const weights = Array.from({ length: 17 }, (_, i) => {
      const body = '0'.repeat(i) + '1' + '0'.repeat(16 - i);
      return (31 - USCC.indexOf(creditCodeCheckChar(body))) % 31;
    });
    expect(weights).toEqual([1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]);
  });

  test.each(PUBLISHED)('the published code %s is valid', (code) => {
    expect(usccCheck(code.slice(0, 17))).toBe(code[17]);
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code[17]);
    expect(isCreditCode(code)).toBe(true);
    expect(new RegExp(CREDIT_CODE_PATTERN).test(code)).toBe(true);
  });

  test.each(BODIES)('%s takes the check character the standard gives', (body) => {
    expect(creditCodeCheckChar(body)).toBe(usccCheck(body));
    expect(isCreditCode(body + usccCheck(body))).toBe(true);
  });

  test('a check character of 0 (Σ ≡ 0 mod 31) is written 0', () => {
    const body = '00000000000000000';
    expect(creditCodeCheckChar(body)).toBe('0');
    expect(isCreditCode(`${body}0`)).toBe(true);
  });

  test('a body of other than 17 characters has no check character', () => {
    expect(() => creditCodeCheckChar('9135010')).toThrow(/17 characters/);
    expect(() => creditCodeCheckChar('91350100M000100Y43')).toThrow(/17 characters/);
  });

  test('any well-formed body with its check character is valid', () => {
    fc.assert(fc.property(uscc, (code) => isCreditCode(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17]), { numRuns: 300 });
  });

  test.each([...PUBLISHED, ...BODIES.map((b) => b + usccCheck(b))])('every single-character change of %s is refused', (code) => {
    const accepted: string[] = [];
    for (let i = 0; i < code.length; i++) {
      for (const ch of `${USCC}IOSVZabcxyz-* 中`) {
        if (ch === code[i]) continue;
        const changed = code.slice(0, i) + ch + code.slice(i + 1);
        if (isCreditCode(changed)) accepted.push(changed);
      }
    }
    expect(accepted).toEqual([]);
  });

  test('lower case, another length, I/O/S/V/Z and letters in the area code are refused', () => {
    const code = PUBLISHED[0]!;
    expect(isCreditCode(code.toLowerCase())).toBe(false);
    expect(isCreditCode(code.slice(0, 17))).toBe(false);
    expect(isCreditCode(`${code}0`)).toBe(false);
    expect(isCreditCode(` ${code}`)).toBe(false);
    expect(isCreditCode('')).toBe(false);
    // A letter of the standard's alphabet in positions 3–8 (the 行政区划码, digits only), its check held.
    const body = '91A50100M000100Y4';
    expect(isCreditCode(body + usccCheck(body))).toBe(false);
    // I, O, S, V and Z are not in the alphabet: the check cannot even be computed over them.
    for (const bad of 'IOSVZ') {
      const withBad = `91350100M000${bad}00Y4`;
      expect(() => creditCodeCheckChar(withBad), bad).toThrow();
      for (let check = 0; check < USCC.length; check++) expect(isCreditCode(withBad + USCC[check]), bad).toBe(false);
      expect(isCreditCode(`91350100M000100Y4${bad}`), `check ${bad}`).toBe(false);
    }
  });

  test('the check is not computed over a body outside the alphabet', () => {
    expect(() => creditCodeCheckChar('91350100m000100Y4')).toThrow();
    expect(() => creditCodeCheckChar('91350100M000100Y-')).toThrow();
  });
});

// ---- 企业码 ------------------------------------------------------------------------------------------

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXY';
/** entcode.ts's rule as documented: weights 10..2, and the check c with (Σ wᵢ·vᵢ + c) ≡ 0 (mod 31). */
function entcodeCheck(payload: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * ALPHABET.indexOf(payload[i]!);
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}
const PAYLOADS = ['222222222', '23456789A', 'YXWVUTSRQ', 'HQT3K6ABC', 'MNPQRSTUV', '9A9A9A9A9'];
const entcode = fc.array(fc.constantFrom(...ALPHABET), { minLength: 9, maxLength: 9 }).map((p) => p.join('') + entcodeCheck(p.join('')));

describe('企业码 check character (entcode.ts)', () => {
  test('the alphabet is 31 symbols without 0, O, 1, I or Z', () => {
    expect(ENTCODE_ALPHABET).toBe(ALPHABET);
    expect(new Set(ENTCODE_ALPHABET).size).toBe(31);
    for (const ch of '0O1IZ') expect(ENTCODE_ALPHABET).not.toContain(ch);
    expect(ENTCODE_LENGTH).toBe(10);
  });

  test.each(PAYLOADS)('%s takes the check character the rule gives', (payload) => {
    expect(checkChar(payload)).toBe(entcodeCheck(payload));
    expect(isValidCode(payload + entcodeCheck(payload))).toBe(true);
  });

  test('an all-2 payload (every value 0) checks with 2 (value 0)', () => {
    expect(checkChar('222222222')).toBe('2');
    expect(isValidCode('2222222222')).toBe(true);
  });

  test('any payload with its check character is valid', () => {
    fc.assert(fc.property(entcode, (code) => isValidCode(code) && checkChar(code.slice(0, 9)) === code[9]), { numRuns: 300 });
  });

  test('every single-character change is refused', () => {
    fc.assert(
      fc.property(entcode, fc.integer({ min: 0, max: 9 }), fc.constantFrom(...`${ALPHABET}0O1IZ`), (code, i, ch) => {
        fc.pre(code[i] !== ch);
        return !isValidCode(code.slice(0, i) + ch + code.slice(i + 1));
      }),
      { numRuns: 500 },
    );
    for (const payload of PAYLOADS) {
      const code = payload + entcodeCheck(payload);
      for (let i = 0; i < code.length; i++) {
        for (const ch of `${ALPHABET}0O1IZ`) {
          if (ch !== code[i]) expect(isValidCode(code.slice(0, i) + ch + code.slice(i + 1)), `${code} [${i}] → ${ch}`).toBe(false);
        }
      }
    }
  });

  test('every swap of two different neighbours is refused', () => {
    for (const payload of PAYLOADS) {
      const code = payload + entcodeCheck(payload);
      for (let i = 0; i + 1 < code.length; i++) {
        if (code[i] === code[i + 1]) continue;
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        expect(isValidCode(swapped), swapped).toBe(false);
      }
    }
  });

  test('as typed: any case, spaces and dashes are the same code; another length or symbol is not', () => {
    const code = `HQT3K6ABC${entcodeCheck('HQT3K6ABC')}`;
    expect(normalizeCode(' hqt3k-6abc－x ')).toBe('HQT3K6ABCX');
    expect(isValidCode(code.toLowerCase())).toBe(true);
    expect(isValidCode(formatCode(code))).toBe(true);
    expect(formatCode(code)).toBe(`HQT3K-6ABC${code[9]}`);
    expect(isValidCode(` ${code.slice(0, 3)} ${code.slice(3)} `)).toBe(true);
    expect(isValidCode(code.slice(0, 9))).toBe(false);
    expect(isValidCode(`${code}2`)).toBe(false);
    expect(isValidCode('')).toBe(false);
    expect(isValidCode(`${code.slice(0, 9)}.`)).toBe(false);
    expect(() => checkChar('HQT3K6AB')).toThrow();
    expect(() => checkChar('HQT3K6AB0')).toThrow();
  });

  test('a new code is ten symbols of the alphabet whose check holds', () => {
    for (let n = 0; n < 200; n++) {
      const code = newCode();
      expect(code).toMatch(/^[23456789A-HJ-NP-Y]{10}$/);
      expect(code[9]).toBe(entcodeCheck(code.slice(0, 9)));
    }
  });
});
