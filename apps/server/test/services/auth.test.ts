import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { LOGIN_ADDRESS_FAILURES_FOR_CAPTCHA, LOGIN_LOCK_AFTER_FAILURES } from '@hqt/contract/constants';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { accounts, auditLog, authSessions, refreshTokens } from '../../src/db/schema/index';
import { anonymousCtx } from '../../src/lib/ctx';
import { enterpriseCodes } from '../../src/services/entcode/schema';
import { attemptFailed, attemptSucceeded, claimAttempt } from '../../src/services/auth/lockout';
import { hashToken } from '../../src/lib/tokens';
import { bearer, CAPTCHA, createAccount, createTestApp, loginAs } from '../helpers/app';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let ipCounter = 0;
/** A fresh client address per test, so failures and rate limits of one test never leak into another. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function captcha(ip = freshIp()) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/connect/vierifycode', remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  return res.json().data as { codeIndex: string; img: string; expiresIn: number };
}

function token(payload: Record<string, unknown>, ip = freshIp()) {
  return app.inject({ method: 'POST', url: '/api/v1/connect/token', remoteAddress: ip, payload });
}

const auditActions = async (accountId: number) =>
  (await app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.accountId, accountId))).map((r) => r.action);

describe('captcha', () => {
  it('answers an SVG image with a single-use index that expires in two minutes', async () => {
    const c = await captcha();
    expect(c.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.img.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(c.expiresIn).toBe(120);
  });

  it('checkcode accepts the right answer without using it up, and a wrong answer uses it up', async () => {
    const c = await captcha();
    const right = await app.inject({ method: 'POST', url: '/api/v1/connect/checkcode', payload: { vierifyCode: CAPTCHA.toUpperCase(), codeIndex: c.codeIndex } });
    expect(right.json()).toMatchObject({ code: 200 });
    const wrong = await app.inject({ method: 'POST', url: '/api/v1/connect/checkcode', payload: { vierifyCode: 'zzzz', codeIndex: c.codeIndex } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, msg: MSG.captchaWrong, data: null });
    const again = await app.inject({ method: 'POST', url: '/api/v1/connect/checkcode', payload: { vierifyCode: CAPTCHA, codeIndex: c.codeIndex } });
    expect(again.json().msg).toBe(OWN_MSG.captchaExpired);
  });

  it('refuses an unknown or malformed index, and a missing field, with Chinese messages', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/v1/connect/checkcode', payload: { vierifyCode: CAPTCHA, codeIndex: '00000000-0000-0000-0000-000000000000' } });
    expect(unknown.json().msg).toBe(OWN_MSG.captchaExpired);
    const malformed = await app.inject({ method: 'POST', url: '/api/v1/connect/checkcode', payload: { vierifyCode: CAPTCHA, codeIndex: "' or 1=1 --" } });
    expect(malformed.json().msg).toBe(OWN_MSG.captchaExpired);
    const missing = await app.inject({ method: 'POST', url: '/api/v1/connect/checkcode', payload: { codeIndex: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请填写验证码');
  });

  it('an expired captcha is refused', async () => {
    const c = await captcha();
    await app.db.execute(sql`update captchas set expires_at = now() - interval '1 second' where id = ${c.codeIndex}`);
    const res = await app.inject({ method: 'POST', url: '/api/v1/connect/checkcode', payload: { vierifyCode: CAPTCHA, codeIndex: c.codeIndex } });
    expect(res.json().msg).toBe(OWN_MSG.captchaExpired);
  });
});

describe('login (POST /api/v1/connect/token)', () => {
  it('logs in with JSON, answering the OAuth form and the envelope, and audits it', async () => {
    const account = await createAccount(app);
    const res = await token({ username: `  ${account.username} `, password: account.password, grant_type: 'password', client_id: 'web', client_secret: 'x' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, token_type: 'Bearer', expires_in: 1800 });
    expect(body.access_token).toBe(body.data.access_token);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(await auditActions(account.id)).toContain('login.success');
  });

  it('accepts a form-encoded body', async () => {
    const account = await createAccount(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/connect/token',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: account.username, password: account.password, grant_type: 'password' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeTruthy();
  });

  it('refuses bad input with a Chinese message and without side effects', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'x' }, '请填写用户名'],
      [{ username: 'a' }, '请填写密码'],
      [{ username: { $ne: '' }, password: 'x' }, '用户名格式不正确'],
      [{ username: 'a'.repeat(65), password: 'x' }, '用户名不能超过64个字符'],
      [{ username: 'a', password: 'x'.repeat(65) }, '密码不能超过64个字符'],
      [{ username: 'a', password: 'x', grant_type: 'client_credentials' }, '授权类型的取值无效'],
    ];
    for (const [payload, msg] of cases) {
      const res = await token(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
    const malformed = await app.inject({ method: 'POST', url: '/api/v1/connect/token', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe(OWN_MSG.badRequest);
  });

  it('a wrong password answers "账号或密码有误", the same as an unknown user', async () => {
    const account = await createAccount(app);
    const wrong = await token({ username: account.username, password: 'Wrong999' });
    const unknown = await token({ username: 'nobody_here', password: 'Wrong999' });
    expect(wrong.json()).toEqual({ code: 400, msg: MSG.badCredentials, data: null });
    expect(unknown.json()).toEqual(wrong.json());
    expect(await auditActions(account.id)).toContain('login.failure');
  });

  it('demands a captcha after a failure of the same name, or after five from the same address, and checks it', async () => {
    const account = await createAccount(app);
    const ip = freshIp();
    await token({ username: account.username, password: 'Wrong999' }, ip);
    // Same name from another address: captcha now required.
    const noCaptcha = await token({ username: account.username, password: account.password }, freshIp());
    expect(noCaptcha.json().msg).toBe(OWN_MSG.captchaRequired);
    // Another name from the same address (one office's typo on a county network's shared address):
    // the spec's URL login, which has no captcha, still works for the others...
    const other = await createAccount(app);
    expect((await token({ username: other.username, password: other.password }, ip)).statusCode).toBe(200);
    // ...until the address has failed LOGIN_ADDRESS_FAILURES_FOR_CAPTCHA times.
    for (let i = 1; i < LOGIN_ADDRESS_FAILURES_FOR_CAPTCHA; i++) await token({ username: `nobody_${i}`, password: 'Wrong999' }, ip);
    expect((await token({ username: other.username, password: other.password }, ip)).json().msg).toBe(OWN_MSG.captchaRequired);

    const c = await captcha(ip);
    const wrongCaptcha = await token({ username: account.username, password: account.password, vierifyCode: 'zzzz', codeIndex: c.codeIndex }, ip);
    expect(wrongCaptcha.json().msg).toBe(MSG.captchaWrong);
    // A wrong answer used it up: the right answer is now too late.
    const reused = await token({ username: account.username, password: account.password, vierifyCode: CAPTCHA, codeIndex: c.codeIndex }, ip);
    expect(reused.json().msg).toBe(OWN_MSG.captchaExpired);

    const fresh = await captcha(ip);
    const ok = await token({ username: account.username, password: account.password, vierifyCode: CAPTCHA, codeIndex: fresh.codeIndex }, ip);
    expect(ok.statusCode).toBe(200);
    // Single use: the same captcha cannot log in twice.
    const twice = await token({ username: account.username, password: account.password, vierifyCode: CAPTCHA, codeIndex: fresh.codeIndex }, ip);
    expect(twice.json().msg).toBe(OWN_MSG.captchaExpired);
  });

  it('a captcha that is given must be right even when none is required', async () => {
    const account = await createAccount(app);
    const c = await captcha();
    const res = await token({ username: account.username, password: account.password, vierifyCode: 'zzzz', codeIndex: c.codeIndex });
    expect(res.json().msg).toBe(MSG.captchaWrong);
  });

  it('locks the account for 30 minutes after 5 failures, with the same message, even for the right password', async () => {
    const account = await createAccount(app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const c = await captcha(ip);
      const res = await token({ username: account.username, password: 'Wrong999', vierifyCode: CAPTCHA, codeIndex: c.codeIndex }, ip);
      expect(res.json().msg).toBe(MSG.badCredentials);
    }
    const [row] = await app.db.select().from(accounts).where(eq(accounts.id, account.id));
    const minutes = (row!.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const c = await captcha(ip);
    const right = await token({ username: account.username, password: account.password, vierifyCode: CAPTCHA, codeIndex: c.codeIndex }, ip);
    expect(right.json()).toEqual({ code: 400, msg: MSG.badCredentials, data: null });
    expect(await auditActions(account.id)).toEqual(expect.arrayContaining(['login.lockout', 'login.locked']));

    // Once the lock has run out, the right password works again.
    await app.db.update(accounts).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(accounts.id, account.id));
    const c2 = await captcha(ip);
    expect((await token({ username: account.username, password: account.password, vierifyCode: CAPTCHA, codeIndex: c2.codeIndex }, ip)).statusCode).toBe(200);
  });
});

describe('the lockout under concurrency', () => {
  const burst = async (account: { username: string; password: string }, passwords: string[]) => {
    const captchas = await Promise.all(passwords.map(() => captcha()));
    return Promise.all(
      passwords.map((password, i) => token({ username: account.username, password, vierifyCode: CAPTCHA, codeIndex: captchas[i]!.codeIndex })),
    );
  };
  const passwordChecks = async (accountId: number) =>
    (await app.db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.accountId, accountId))).filter(
      (r) => (r.detail as { reason?: string } | null)?.reason === 'password',
    ).length;
  const lockedUntil = async (accountId: number) => (await app.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!.lockedUntil;

  it('30 wrong passwords at once get five checks and lock the account', async () => {
    const account = await createAccount(app);
    const answers = await burst(account, Array.from({ length: 30 }, (_, i) => `Wrong${i}pass`));
    expect(answers.every((r) => r.json().msg === MSG.badCredentials)).toBe(true);
    expect(await passwordChecks(account.id)).toBe(5);
    expect((await lockedUntil(account.id))!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('a run of attempts stranded without a lock (a restart mid-check) expires instead of refusing for ever', async () => {
    const account = await createAccount(app);
    await app.db.update(accounts).set({ failedLogins: 7, lockedUntil: null, lastAttemptAt: new Date() }).where(eq(accounts.id, account.id));
    const c1 = await captcha();
    expect((await token({ username: account.username, password: account.password, vierifyCode: CAPTCHA, codeIndex: c1.codeIndex })).statusCode).toBe(400);
    await app.db.update(accounts).set({ lastAttemptAt: new Date(Date.now() - 31 * 60_000) }).where(eq(accounts.id, account.id));
    const c2 = await captcha();
    expect((await token({ username: account.username, password: account.password, vierifyCode: CAPTCHA, codeIndex: c2.codeIndex })).statusCode).toBe(200);
  });

  it('a right password among 30 wrong ones at once: at most one login, and the wrong ones after it still lock the account', async () => {
    const account = await createAccount(app);
    const passwords = Array.from({ length: 30 }, (_, i) => `Wrong${i}pass`);
    passwords.splice(10, 0, account.password);
    const answers = await burst(account, passwords);
    const successes = answers.filter((r) => r.statusCode === 200).length;
    expect(successes).toBeLessThanOrEqual(1);
    // Five checks for a run without a success; with one, at most four before it and five after it.
    expect(await passwordChecks(account.id)).toBeLessThanOrEqual(successes ? 9 : 5);
    // The order PostgreSQL grants the claims in is the machine's: the account is locked exactly when
    // a wrong password was checked as the fifth of its run (the right one granted fifth, with every
    // later claim refused unchecked before it ended, leaves no run to lock — the case below).
    const fifthFailures = (await app.db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.accountId, account.id))).filter(
      (r) => (r.detail as { failures?: number } | null)?.failures === LOGIN_LOCK_AFTER_FAILURES,
    ).length;
    expect(fifthFailures).toBeLessThanOrEqual(successes ? 2 : 1);
    expect((await lockedUntil(account.id)) !== null).toBe(fifthFailures > 0);
    if (!successes) expect(fifthFailures).toBe(1);
  });

  it('the right password granted fifth, the claims after it refused unchecked: it logs in, no lock, and the next wrong ones start a run', async () => {
    const account = await createAccount(app);
    const ctx = anonymousCtx('10.9.9.8');
    const claim = () => claimAttempt(app.db, ctx, account);
    const wrong = [(await claim())!, (await claim())!, (await claim())!, (await claim())!];
    const right = (await claim())!;
    expect(right.n).toBe(LOGIN_LOCK_AFTER_FAILURES);
    expect(await claim()).toBeNull(); // past the budget while the five are checked: refused, never checked
    await attemptSucceeded(app.db, account.id, right);
    for (const attempt of wrong) await attemptFailed(app.db, ctx, account, attempt);
    expect(await lockedUntil(account.id)).toBeNull();
    let checked = 0;
    for (let attempt = await claim(); attempt && checked < 10; attempt = await claim()) {
      checked++;
      await attemptFailed(app.db, ctx, account, attempt);
    }
    expect(checked).toBe(LOGIN_LOCK_AFTER_FAILURES);
    expect(await lockedUntil(account.id)).not.toBeNull();
  });

  it('a success clears only the attempts claimed before it: wrong ones claimed while it was checked still count', async () => {
    // The order PostgreSQL grants the claims in, made explicit: one wrong password in flight, then
    // the right one, then another wrong one; the right one's check ends first.
    const account = await createAccount(app);
    const ctx = anonymousCtx('10.9.9.9');
    const claim = () => claimAttempt(app.db, ctx, account);
    const wrongBefore = (await claim())!;
    const right = (await claim())!;
    const wrongAfter = (await claim())!;
    await attemptSucceeded(app.db, account.id, right);
    await attemptFailed(app.db, ctx, account, wrongBefore);
    await attemptFailed(app.db, ctx, account, wrongAfter);
    // The rest of the run: claims granted until the budget of five wrong passwords after the right one is spent.
    let more = 0;
    for (let attempt = await claim(); attempt && more < 10; attempt = await claim()) {
      more++;
      await attemptFailed(app.db, ctx, account, attempt);
    }
    expect(1 + more).toBe(5);
    expect(await lockedUntil(account.id)).not.toBeNull();
  });
});

describe('refresh (POST /new/token) and logout', () => {
  it('rotates the refresh token on every use; the new access token works', async () => {
    const account = await createAccount(app);
    const first = await loginAs(app, account, freshIp());
    const res = await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: first.refresh_token } });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const info = await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(second.access_token) });
    expect(info.json().data.username).toBe(account.username);
  });

  it('replays within the grace (two tabs at once) all get the very same successor: one login, never new branches', async () => {
    const account = await createAccount(app);
    const t = await loginAs(app, account, freshIp());
    const replays = await Promise.all(
      Array.from({ length: 6 }, () => app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: t.refresh_token } })),
    );
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(replays.map((r) => r.json().refresh_token)).size).toBe(1);
    expect(new Set(replays.map((r) => r.json().access_token)).size).toBe(1);
    const [spent] = await app.db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(t.refresh_token)));
    const family = await app.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, spent!.sessionId));
    expect(family).toHaveLength(2); // the spent token and its one successor
    // The successor works and rotates on.
    const next = await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: replays[0]!.json().refresh_token } });
    expect(next.statusCode).toBe(200);
  });

  it('a token reused after the grace revokes its whole family and is audited', async () => {
    const account = await createAccount(app);
    const t = await loginAs(app, account, freshIp());
    const next = (await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: t.refresh_token } })).json();
    await app.db.update(refreshTokens).set({ usedAt: new Date(Date.now() - 11_000) }).where(eq(refreshTokens.tokenHash, hashToken(t.refresh_token)));

    const reuse = await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: t.refresh_token } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().msg).toBe(OWN_MSG.refreshInvalid);
    // The thief's reuse also ends the rightful holder's login: newer refresh and access tokens die.
    expect((await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: next.refresh_token } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(next.access_token) })).statusCode).toBe(401);
    expect(await auditActions(account.id)).toContain('token.reuse');
  });

  it('refuses unknown, idle-expired and absolutely expired refresh tokens', async () => {
    expect((await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: 'not-a-token' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/new/token', payload: {} })).json().msg).toBe('请填写刷新令牌');

    const account = await createAccount(app);
    const idle = await loginAs(app, account, freshIp());
    await app.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.tokenHash, hashToken(idle.refresh_token)));
    expect((await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: idle.refresh_token } })).statusCode).toBe(401);

    const old = await loginAs(app, account, freshIp());
    const [row] = await app.db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(old.refresh_token)));
    await app.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.id, row!.sessionId));
    expect((await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: old.refresh_token } })).statusCode).toBe(401);
  });

  it('sets the refresh window: 30 idle minutes, 12 hours at most', async () => {
    const account = await createAccount(app);
    const t = await loginAs(app, account, freshIp());
    const [row] = await app.db
      .select({ tokenExpires: refreshTokens.expiresAt, sessionExpires: authSessions.expiresAt })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(t.refresh_token)));
    expect(Math.round((row!.tokenExpires.getTime() - Date.now()) / 60_000)).toBe(30);
    expect(Math.round((row!.sessionExpires.getTime() - Date.now()) / 3_600_000)).toBe(12);
  });

  it('logout revokes the family: the refresh and access tokens stop working', async () => {
    const account = await createAccount(app);
    const t = await loginAs(app, account, freshIp());
    const out = await app.inject({ method: 'POST', url: '/user/logout', headers: bearer(t.access_token), payload: {} });
    expect(out.json()).toMatchObject({ code: 200 });
    expect((await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: t.refresh_token } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.access_token) })).statusCode).toBe(401);
    expect(await auditActions(account.id)).toContain('session.logout');
  });

  it('logout by refresh token alone works, and a logout without any token changes nothing', async () => {
    const account = await createAccount(app);
    const t = await loginAs(app, account, freshIp());
    expect((await app.inject({ method: 'POST', url: '/user/logout' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.access_token) })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/user/logout', payload: { refresh_token: t.refresh_token } });
    expect((await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.access_token) })).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('no token → 401 "请先登录"; a forged token → 401; an expired one → 401 with the expiry message', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo' });
    expect(none.json()).toEqual({ code: 401, msg: OWN_MSG.notLoggedIn, data: null });
    const forged = await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.') });
    expect(forged.statusCode).toBe(401);

    // 3 s: a token's expiry is counted from the whole second it was signed in, so it lives 2–3 s.
    const shortLived = await createTestApp({ ACCESS_TOKEN_TTL: '3' });
    try {
      const account = await createAccount(shortLived);
      const t = await loginAs(shortLived, account);
      expect(t.expires_in).toBe(3);
      // Used while live first: a node that remembers a checked token still refuses it once it expires.
      const live = await shortLived.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.access_token) });
      expect(live.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      const expired = await shortLived.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.access_token) });
      expect(expired.json()).toEqual({ code: 401, msg: MSG.loginExpired, data: null });
    } finally {
      await shortLived.close();
    }
  });

  it('a token signed with another secret is refused', async () => {
    const other = await createTestApp();
    try {
      const account = await createAccount(other);
      const t = await loginAs(other, account);
      expect((await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.access_token) })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('registration', () => {
  let phones = 0;
  const body = (over: Record<string, unknown> = {}) => ({
    username: `reg_${Math.random().toString(36).slice(2, 10)}`,
    password: 'Abc12345',
    enterpriseName: '云溪县绿源农业发展有限公司',
    creditCode: '91511234MA6BXY5K19',
    contactPhone: `137${String(12345678 + ++phones).padStart(8, '0')}`,
    vierifyCode: CAPTCHA,
    ...over,
  });

  it('registers an enterprise account that can then log in', async () => {
    const c = await captcha();
    const payload = body({ codeIndex: c.codeIndex });
    const res = await app.inject({ method: 'POST', url: '/api/v1/connect/register', payload });
    expect(res.json()).toEqual({ code: 200, msg: OWN_MSG.registered, data: null });
    const t = await token({ username: payload.username, password: payload.password });
    const menu = await app.inject({ method: 'GET', url: '/api/v1/admin/getadmininfomenu', headers: bearer(t.json().access_token) });
    expect(menu.json().data).toEqual({ roleName: '企业账户', userName: '云溪县绿源农业发展有限公司', adminMenu: [] });
    // The phone given at registration is the profile's phone.
    const info = await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.json().access_token) });
    expect(info.json().data.phone).toBe(payload.contactPhone);
    // 一企一码: the new enterprise has its code from its registration on (before anyone opens a page
    // that would give it one, and before the daily job).
    expect(await app.db.select({ status: enterpriseCodes.status }).from(enterpriseCodes).where(eq(enterpriseCodes.creditCode, payload.creditCode))).toEqual([{ status: 'active' }]);
  });

  it('refuses bad fields with the rule messages, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'abcdefg' }, MSG.passwordPattern],
      [{ contactPhone: '2371234567' }, MSG.phoneInvalid],
      [{ creditCode: '91511234MA6BXY5K18' }, OWN_MSG.creditCodeInvalid], // wrong check character
      [{ creditCode: '<script>' }, OWN_MSG.creditCodeInvalid],
      [{ username: 'a b' }, OWN_MSG.usernameRule],
      [{ enterpriseName: '' }, OWN_MSG.enterpriseNameRule],
    ];
    const [before] = await app.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
    for (const [over, msg] of cases) {
      const c = await captcha();
      const res = await app.inject({ method: 'POST', url: '/api/v1/connect/register', payload: body({ ...over, codeIndex: c.codeIndex }) });
      expect(res.json(), JSON.stringify(over)).toEqual({ code: 400, msg, data: null });
    }
    const [after] = await app.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a wrong captcha, a taken username and a taken credit code', async () => {
    const c0 = await captcha();
    expect((await app.inject({ method: 'POST', url: '/api/v1/connect/register', payload: body({ vierifyCode: 'zzzz', codeIndex: c0.codeIndex }) })).json().msg).toBe(MSG.captchaWrong);

    const first = body({ creditCode: '91511234MA6CNR7T27' });
    await app.inject({ method: 'POST', url: '/api/v1/connect/register', payload: { ...first, codeIndex: (await captcha()).codeIndex } });
    const sameName = await app.inject({ method: 'POST', url: '/api/v1/connect/register', payload: body({ username: first.username.toUpperCase(), creditCode: '91511234MA6DPQ3M4L', codeIndex: (await captcha()).codeIndex }) });
    expect(sameName.json()).toEqual({ code: 409, msg: OWN_MSG.usernameTaken, data: null });
    const sameCode = await app.inject({ method: 'POST', url: '/api/v1/connect/register', payload: body({ creditCode: '91511234MA6CNR7T27', codeIndex: (await captcha()).codeIndex }) });
    expect(sameCode.json()).toEqual({ code: 409, msg: OWN_MSG.creditCodeTaken, data: null });
    const samePhone = await app.inject({ method: 'POST', url: '/api/v1/connect/register', payload: body({ contactPhone: first.contactPhone, creditCode: '91511234MA6DPQ3M4L', codeIndex: (await captcha()).codeIndex }) });
    expect(samePhone.json()).toEqual({ code: 409, msg: OWN_MSG.phoneTaken, data: null });
  });
});

describe('roles', () => {
  it('only an administrator creates accounts, of any role; staff and enterprises may not', async () => {
    const admin = await createAccount(app, { roleId: ROLES.admin.id, name: '李管理' });
    const staff = await createAccount(app, { roleId: ROLES.staff.id, name: '王科员' });
    const enterprise = await createAccount(app);
    const ad = await loginAs(app, admin, freshIp());
    const st = await loginAs(app, staff, freshIp());
    const en = await loginAs(app, enterprise, freshIp());
    const newUser = { username: 'created_by_admin', password: 'Abc12345', name: '新企业', roleId: 1 };

    const denied = await app.inject({ method: 'POST', url: '/api/v1/Admin/create', headers: bearer(en.access_token), payload: newUser });
    expect(denied.json()).toEqual({ code: 403, msg: MSG.forbidden, data: null });
    expect(await auditActions(enterprise.id)).toContain('permission.denied');
    const staffDenied = await app.inject({ method: 'POST', url: '/api/v1/Admin/create', headers: bearer(st.access_token), payload: newUser });
    expect(staffDenied.statusCode).toBe(403);

    const made = await app.inject({ method: 'POST', url: '/api/v1/Admin/create', headers: bearer(ad.access_token), payload: newUser });
    expect(made.json()).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    const staffMade = await app.inject({ method: 'POST', url: '/api/v1/Admin/create', headers: bearer(ad.access_token), payload: { ...newUser, username: 'another_staff', roleId: 2 } });
    expect(staffMade.json().code).toBe(200);
    const bad = await app.inject({ method: 'POST', url: '/api/v1/Admin/create', headers: bearer(ad.access_token), payload: { ...newUser, username: 'x2_user', phone: '123' } });
    expect(bad.json().msg).toBe(MSG.phoneInvalid);
  });

  it('menu info names the role; the API list differs by role and getapislistbyid is limited to one\'s own role', async () => {
    const staff = await createAccount(app, { roleId: ROLES.staff.id, name: '王科员' });
    const enterprise = await createAccount(app);
    const st = await loginAs(app, staff, freshIp());
    const en = await loginAs(app, enterprise, freshIp());
    const menu = await app.inject({ method: 'GET', url: '/api/v1/admin/getadmininfomenu', headers: bearer(st.access_token) });
    expect(menu.json().data.roleName).toBe('工作人员');

    const paths = async (t: string) => ((await app.inject({ method: 'GET', url: '/api/v1/sysinterface/getapislist', headers: bearer(t) })).json().data as { path: string }[]).map((p) => p.path);
    const enPaths = await paths(en.access_token);
    expect(enPaths).toContain('/api/v1/Admin/getinfo');
    expect(enPaths).not.toContain('/api/v1/Admin/create');
    expect(await paths(st.access_token)).toContain('/api/console/enterprises/page');
    expect(await paths(st.access_token)).not.toContain('/api/v1/Admin/create');

    expect((await app.inject({ method: 'GET', url: '/api/v1/sysinterface/getapislistbyid?id=1', headers: bearer(en.access_token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/sysinterface/getapislistbyid?id=2', headers: bearer(en.access_token) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/sysinterface/getapislistbyid?id=abc', headers: bearer(en.access_token) })).json().msg).toBe('角色编号格式不正确');
  });

  it('getinfo answers only the caller\'s own account', async () => {
    const a = await createAccount(app, { name: '甲公司' });
    const t = await loginAs(app, a, freshIp());
    const res = await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo?id=1', headers: bearer(t.access_token) });
    expect(res.json().data).toMatchObject({ id: a.id, name: '甲公司', roleId: 1, roleName: '企业账户' });
  });
});
