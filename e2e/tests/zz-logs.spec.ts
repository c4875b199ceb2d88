// Runs last (its project depends on both sides, playwright.config.ts): the servers' logs of the
// whole run, at LOG_LEVEL info (kept in .out/: the flows' server and the accessibility walks') hold
// none of what a log must never hold — a password the suite typed or sent, a token or an
// Authorization header, the captcha's answer, a password hash, a full mobile number.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../support/constants';
import { SCAN_SERVER_LOG, SERVER_LOG } from '../support/server-log';

/** Every password the suite uses: the literals it fills in or sends as `password: '…'` (specs and support). */
function suitePasswords(): string[] {
  const dirs = [import.meta.dirname, path.resolve(import.meta.dirname, '../support')];
  const found = new Set<string>();
  for (const dir of dirs) {
    for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = fs.readFileSync(path.join(dir, name), 'utf8');
      for (const m of source.matchAll(/(?:fill\(|password\w*: *)'([A-Za-z][A-Za-z0-9]*\d[A-Za-z0-9]*)'/g)) found.add(m[1]!);
    }
  }
  return [...found];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const passwords = suitePasswords();
const forbidden: [string, RegExp][] = [
  ...passwords.map((p): [string, RegExp] => [`password ${p}`, new RegExp(`(?<![A-Za-z0-9])${escape(p)}(?![A-Za-z0-9])`)]),
  ['a JWT (access token)', /eyJ[\w-]{8,}\.[\w-]{8,}/],
  ['an Authorization header', /authorization"?\s*[:=]\s*(?!"?\[redacted\])"?\S/i],
  ['a bearer token', /bearer\s+[\w-]{8,}/i],
  ['a refresh or access token field', /(refresh|access)_?token"?\s*[:=]\s*(?!"?\[redacted\])"?[\w-]{8,}/i],
  ['the captcha answer as a field value', new RegExp(`(vierifyCode|captcha\\w*|code)"?\\s*[:=]\\s*"?${escape(CAPTCHA_ANSWER)}(?![A-Za-z0-9])`, 'i')],
  ['the captcha answer near the word captcha', new RegExp(`(captcha|vierify)[^\\n]{0,60}(?<![A-Za-z0-9])${escape(CAPTCHA_ANSWER)}(?![A-Za-z0-9])`, 'i')],
  ['a password hash', /scrypt\$\d+\$|\$argon2|\$2[aby]\$\d/],
  // Not inside a longer number, nor a fraction's digits (responseTime: 14.757504000001063).
  ['a full mobile number', /(?<![\d.])1[3-9]\d{9}(?!\d)/],
];

test('the suite types the passwords looked for', () => {
  expect(passwords).toEqual(expect.arrayContaining(['Demo1234', 'Staff1234', 'Admin1234', 'Start1234']));
});

for (const [name, log, requests] of [
  ['the flows', SERVER_LOG, 50],
  ['the accessibility scan', SCAN_SERVER_LOG, 10],
] as const) {
  test(`the server log of ${name} holds no password, token, captcha answer, password hash or full phone number`, () => {
    const lines = fs.readFileSync(log, 'utf8').split('\n');
    // The log is the one of this run, at info: every request was logged.
    expect(lines.filter((l) => l.includes('"msg":"request completed"')).length).toBeGreaterThan(requests);
    const leaks = lines.flatMap((line, i) => forbidden.filter(([, re]) => re.test(line)).map(([what]) => `line ${i + 1}: ${what}: ${line.slice(0, 300)}`));
    expect(leaks).toEqual([]);
  });
}
