// Validation rules of spec §5 with their messages: one definition, used by the server's schemas
// and the web forms alike.
import { MSG, OWN_MSG } from './messages';

export const PHONE_PATTERN = '^1\\d{10}$';
export const PHONE_MAX_LENGTH = 11;
/** Letters, digits or Chinese characters, then @, then a dotted domain (spec §5). */
export const EMAIL_PATTERN = '^[A-Za-z0-9\\u4e00-\\u9fa5]+@[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)+$';
export const EMAIL_MAX_LENGTH = 100;
/** An upper-case letter, a lower-case letter and a digit, at least 6 characters. */
export const PASSWORD_PATTERN = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{6,}$';
export const PASSWORD_MIN_CONFIRM_LENGTH = 7; // "must be longer than 6" on confirm
export const PASSWORD_MAX_LENGTH = 64;
export const USERNAME_PATTERN = '^[A-Za-z0-9_]{4,32}$';

export const isPhone = (v: string) => new RegExp(PHONE_PATTERN).test(v);
export const isEmail = (v: string) => new RegExp(EMAIL_PATTERN).test(v);
export const isPasswordShaped = (v: string) => new RegExp(PASSWORD_PATTERN).test(v);
export const isBlank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
/** A link the portal may render: http(s), mailto or tel (spec §5 helper check). */
export const isSafeLink = (v: string) => /^(https?:\/\/|mailto:|tel:)/i.test(v);

/** The password rule of the change-password and registration forms; null when it passes. */
export function passwordProblem(v: string | undefined | null, { onConfirm = false } = {}): string | null {
  if (v == null || v === '') return MSG.required;
  if (!isPasswordShaped(v)) return MSG.passwordPattern;
  if (onConfirm && v.length < PASSWORD_MIN_CONFIRM_LENGTH) return MSG.passwordLength;
  return null;
}

// 统一社会信用代码, GB 32100-2015: 18 characters from this alphabet, the last a check character.
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const CREDIT_CODE_PATTERN = '^[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}$';

/** The check character for the first 17 characters of a credit code. */
export function creditCodeCheckChar(first17: string): string {
  // indexOf('') is 0: a short body would be summed as if padded with zeros.
  if (first17.length !== 17) throw new Error(`a credit code's body is 17 characters, not ${first17.length}`);
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_ALPHABET.indexOf(first17[i]!);
    if (value < 0) throw new Error(`invalid credit code character at ${i}`);
    sum += value * USCC_WEIGHTS[i]!;
  }
  return USCC_ALPHABET[(31 - (sum % 31)) % 31]!;
}

export function isCreditCode(code: string): boolean {
  if (!new RegExp(CREDIT_CODE_PATTERN).test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

export const RULE_MESSAGES = {
  phone: MSG.phoneInvalid,
  email: MSG.emailInvalid,
  password: MSG.passwordPattern,
  creditCode: OWN_MSG.creditCodeInvalid,
  username: OWN_MSG.usernameRule,
} as const;
