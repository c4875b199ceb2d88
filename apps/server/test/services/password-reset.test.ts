// 忘记密码 and the confirmation of a changed e-mail, with mail going out through a real SMTP server
// in this process (docs/mail.md).
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { PASSWORD_RESET_PATHS, RESET_MSG } from '@hqt/contract/password-reset';
import type { App } from '../../src/app';
import { accounts, accountTokens, auditLog } from '../../src/db/schema/index';
import { bearer, CAPTCHA, createAccount, createTestApp, loginAs, type TestAccount } from '../helpers/app';
import { earlyInAMinute } from '../helpers/clock';
import { startSmtpServer } from '../helpers/smtp';

const PUBLIC_URL = 'https://hqt.example.cn';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: App;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

let ipCounter = 0;
/** A fresh client address per call, so the login budget of one test never leaks into another. */
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let emailCounter = 0;
const freshEmail = () => `owner${process.pid}x${++emailCounter}@yunxi.cn`;

async function captcha(target: App, ip: string) {
  const res = await target.inject({ method: 'GET', url: AUTH_PATHS.captcha, remoteAddress: ip });
  return (res.json().data as { codeIndex: string }).codeIndex;
}

async function requestReset(target: App, account: string, ip = freshIp()) {
  const codeIndex = await captcha(target, ip);
  return target.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.request, remoteAddress: ip, payload: { account, vierifyCode: CAPTCHA, codeIndex } });
}

const reset = (token: string, password: string) => app.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.reset, remoteAddress: freshIp(), payload: { token, password } });

/** An account with an e-mail its owner confirmed. */
async function withConfirmedEmail(target: App = app) {
  const account = await createAccount(target, { password: 'Passw0rd1' });
  const email = freshEmail();
  await target.db.update(accounts).set({ email, emailConfirmedAt: new Date() }).where(eq(accounts.id, account.id));
  return { ...account, email };
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
/** Waits for the `n`th mail to an address, and answers it. */
async function mailTo(email: string, n = 1) {
  await expect.poll(() => mailsTo(email).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(n);
  return mailsTo(email)[n - 1]!;
}
const tokenIn = (text: string, page: string) => {
  const match = new RegExp(`${PUBLIC_URL}${page}#token=([A-Za-z0-9_-]+)`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
};

/** Waits until the reset requests' jobs have run (the link and the mail are made there). */
async function resetJobsDone(target: App) {
  const pending = async () => (await target.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'password-reset' and state in ('created', 'retry', 'active')`)).rows[0]!.n;
  await expect.poll(pending, { timeout: 60_000 }).toBe(0);
}
const resetJobs = async (target: App) => (await target.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'password-reset'`)).rows[0]!.n;

/**
 * The statements the app's pool is sent from inside `run` (its async context), not those of the
 * workers running beside it: every client the pool hands out reports its queries.
 */
const recording = new AsyncLocalStorage<string[]>();
const recorded = new WeakSet<pg.PoolClient>();
function recordStatements(target: App) {
  // pg-pool hands a waiting caller its client from whichever call frees one (another request's
  // release, a job's), and runs the caller's callback there: bound to its caller, a \`pool.query\`'s
  // statement counts as the caller's (unbound, one was lost on a loaded machine).
  const connect = target.pgPool.connect.bind(target.pgPool) as (cb?: (...args: unknown[]) => void) => unknown;
  target.pgPool.connect = ((cb?: (...args: unknown[]) => void) => (cb ? connect(AsyncResource.bind(cb)) : connect())) as typeof target.pgPool.connect;
  target.pgPool.on('acquire', (client) => {
    if (recorded.has(client)) return;
    recorded.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      recording.getStore()?.push((typeof first === 'string' ? first : (first.text ?? '')).replace(/\s+/g, ' ').trim());
      return query(...args);
    }) as typeof client.query;
  });
}
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const log: string[] = [];
  await recording.run(log, run);
  return log;
}

const mailJobs = async (target: App) => (await target.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'mail-send'`)).rows[0]!.n;
const tokensOf = (target: App, accountId: number) => target.db.select().from(accountTokens).where(eq(accountTokens.accountId, accountId));
const stored = async (a: TestAccount) => (await app.db.select().from(accounts).where(eq(accounts.id, a.id)))[0]!;

describe('忘记密码 with mail on', () => {
  it('mails a one-time link to the confirmed e-mail, by username or by the e-mail itself', async () => {
    const account = await withConfirmedEmail();
    const res = await requestReset(app, account.username.toUpperCase());
    expect(res.json()).toEqual({ code: 200, msg: RESET_MSG.requested, data: null });
    const mail = await mailTo(account.email);
    expect(mail.subject).toBe('【惠企通】重置登录密码');
    expect(mail.text).toContain('30 分钟内');
    expect(mail.text).toContain('云溪县工业和信息化局');
    tokenIn(mail.text, '/reset-password');
    // The token is kept only as its hash.
    const [row] = await tokensOf(app, account.id);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail.text).not.toContain(row!.tokenHash);

    expect((await requestReset(app, account.email)).json().msg).toBe(RESET_MSG.requested);
    await mailTo(account.email, 2);
  });

  it('answers the same for an unknown account, one without an e-mail and one whose e-mail is not confirmed, and queues no mail', async () => {
    const plain = await createAccount(app);
    const unconfirmed = await createAccount(app);
    const email = freshEmail();
    await app.db.update(accounts).set({ email }).where(eq(accounts.id, unconfirmed.id));
    const disabled = await withConfirmedEmail();
    await app.db.update(accounts).set({ disabled: true }).where(eq(accounts.id, disabled.id));
    const jobsBefore = await mailJobs(app);
    const known = await withConfirmedEmail();
    const answerForKnown = (await requestReset(app, known.username)).json();
    for (const name of ['no_such_user_9', 'nobody@yunxi.cn', plain.username, unconfirmed.username, email, disabled.username]) {
      expect((await requestReset(app, name)).json()).toEqual(answerForKnown);
    }
    // Only the known account's mail was queued, by the requests' jobs.
    await resetJobsDone(app);
    expect(await mailJobs(app)).toBe(jobsBefore + 1);
    for (const a of [plain, unconfirmed, disabled]) expect(await tokensOf(app, a.id)).toEqual([]);
  });

  it('does the same work for any name: the captcha and one job; the link and the mail are made in the job, after the answer', async () => {
    recordStatements(app);
    const plain = await createAccount(app);
    const known = await withConfirmedEmail();
    // What a first send of the queue might ask once (pg-boss's own look-ups) is not compared.
    await requestReset(app, 'warm_up_name');
    const jobsBefore = await resetJobs(app);
    const mailJobsBefore = await mailJobs(app);
    const work: string[][] = [];
    for (const name of ['no_such_user_7', plain.username, known.username, known.email]) {
      const ip = freshIp();
      const codeIndex = await captcha(app, ip);
      work.push(
        await statementsOf(async () => {
          const res = await app.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.request, remoteAddress: ip, payload: { account: name, vierifyCode: CAPTCHA, codeIndex } });
          expect(res.json()).toEqual({ code: 200, msg: RESET_MSG.requested, data: null });
        }),
      );
    }
    expect(work[0]!.length).toBeGreaterThan(0);
    for (const statements of work.slice(1)) expect(statements).toEqual(work[0]);
    // No link and no mail is made while the request is answered: the job does it.
    expect(work[0]!.some((q) => /account_tokens/.test(q))).toBe(false);
    expect(work[0]!.some((q) => /pgboss/.test(q))).toBe(true);
    expect(await resetJobs(app)).toBe(jobsBefore + 4);
    // The jobs mail the account with a confirmed e-mail, twice (by name and by address), and no one else.
    await mailTo(known.email, 2);
    await resetJobsDone(app);
    expect(await mailJobs(app)).toBe(mailJobsBefore + 2);
    expect(await tokensOf(app, plain.id)).toEqual([]);
  });

  it('a wrong captcha is refused before anything else', async () => {
    const account = await withConfirmedEmail();
    const ip = freshIp();
    const codeIndex = await captcha(app, ip);
    const res = await app.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.request, remoteAddress: ip, payload: { account: account.username, vierifyCode: 'zzzz', codeIndex } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(MSG.captchaWrong);
    expect(await tokensOf(app, account.id)).toEqual([]);
  });

  it('the link sets the password once, ends every login of the account, lifts a forced change and is audited', async () => {
    const account = await withConfirmedEmail();
    const first = await loginAs(app, account, freshIp());
    const second = await loginAs(app, account, freshIp());
    await app.db.update(accounts).set({ mustChangePassword: true, failedLogins: 3 }).where(eq(accounts.id, account.id));
    await requestReset(app, account.username);
    const token = tokenIn((await mailTo(account.email)).text, '/reset-password');

    const done = await reset(token, 'NewPassw0rd');
    expect(done.json()).toEqual({ code: 200, msg: RESET_MSG.done, data: null });
    const again = await reset(token, 'OtherPassw0rd');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(RESET_MSG.linkInvalid);

    for (const tokens of [first, second]) {
      expect((await app.inject({ method: 'GET', url: AUTH_PATHS.userInfo, headers: bearer(tokens.access_token) })).statusCode).toBe(401);
      const refreshed = await app.inject({ method: 'POST', url: AUTH_PATHS.refresh, payload: { refresh_token: tokens.refresh_token } });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().msg).toBe(OWN_MSG.refreshInvalid);
    }
    const row = await stored(account);
    expect(row).toMatchObject({ mustChangePassword: false, failedLogins: 0 });
    const fresh = await loginAs(app, { ...account, password: 'NewPassw0rd' }, freshIp());
    expect((await app.inject({ method: 'GET', url: AUTH_PATHS.userInfo, headers: bearer(fresh.access_token) })).json().data.username).toBe(account.username);
    await expect(loginAs(app, account, freshIp())).rejects.toThrow(MSG.badCredentials);

    const audited = await app.db.select().from(auditLog).where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'password.reset_by_email')));
    expect(audited).toHaveLength(1);
  });

  it('refuses a password against the rules with its message and keeps the link for a good one', async () => {
    const account = await withConfirmedEmail();
    await requestReset(app, account.username);
    const token = tokenIn((await mailTo(account.email)).text, '/reset-password');
    const weak = await reset(token, 'alllowercase1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toBe(MSG.passwordPattern);
    expect((await reset(token, 'Short1')).json().msg).toBe(MSG.passwordLength);
    expect((await reset(token, 'NewPassw0rd')).json().msg).toBe(RESET_MSG.done);
  });

  it('refuses an expired, an unknown and a superseded link, and changes nothing', async () => {
    const account = await withConfirmedEmail();
    const before = (await stored(account)).passwordHash;
    await requestReset(app, account.username);
    const older = tokenIn((await mailTo(account.email)).text, '/reset-password');
    await requestReset(app, account.username);
    const newer = tokenIn((await mailTo(account.email, 2)).text, '/reset-password');

    expect((await reset(older, 'NewPassw0rd')).json()).toEqual({ code: 400, msg: RESET_MSG.linkInvalid, data: null });
    expect((await reset('A'.repeat(43), 'NewPassw0rd')).json().msg).toBe(RESET_MSG.linkInvalid);
    await app.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(accountTokens.accountId, account.id));
    expect((await reset(newer, 'NewPassw0rd')).json().msg).toBe(RESET_MSG.linkInvalid);
    expect((await stored(account)).passwordHash).toBe(before);
    await loginAs(app, account, freshIp());
  });

  it('a mail the SMTP server refuses at first is tried again and arrives', async () => {
    const account = await withConfirmedEmail();
    const refusedBefore = smtp.refusedCount();
    smtp.refuseNext(1);
    expect((await requestReset(app, account.username)).json().msg).toBe(RESET_MSG.requested);
    const mail = await mailTo(account.email);
    expect(smtp.refusedCount()).toBe(refusedBefore + 1);
    tokenIn(mail.text, '/reset-password');
  });

  it('tells the web that 忘记密码 by mail is on', async () => {
    const res = await app.inject({ method: 'GET', url: AUTH_PATHS.platformName });
    expect(res.json().data.passwordResetByEmail).toBe(true);
  });
});

describe('confirming a changed e-mail', () => {
  async function signedIn() {
    const account = await createAccount(app, { password: 'Passw0rd1' });
    const tokens = await loginAs(app, account, freshIp());
    return { account, headers: bearer(tokens.access_token) };
  }

  it('a saved e-mail is unconfirmed (no reset link) until the link mailed to it is opened, once', async () => {
    const { account, headers } = await signedIn();
    const email = freshEmail();
    const saved = await app.inject({ method: 'POST', url: '/api/v1/admin/updateemail', headers, payload: { id: account.id, email } });
    expect(saved.json().msg).toBe(MSG.saved);
    expect((await stored(account)).emailConfirmedAt).toBeNull();
    const mail = await mailTo(email);
    expect(mail.subject).toBe('【惠企通】确认您的邮箱');
    const token = tokenIn(mail.text, '/confirm-email');

    const jobsBefore = await mailJobs(app);
    await requestReset(app, account.username);
    await resetJobsDone(app);
    expect(await mailJobs(app)).toBe(jobsBefore);

    const confirmed = await app.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.confirmEmail, remoteAddress: freshIp(), payload: { token } });
    expect(confirmed.json()).toEqual({ code: 200, msg: RESET_MSG.emailConfirmed, data: null });
    expect((await stored(account)).emailConfirmedAt).toBeInstanceOf(Date);
    const again = await app.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.confirmEmail, remoteAddress: freshIp(), payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(RESET_MSG.confirmInvalid);

    await requestReset(app, email);
    tokenIn((await mailTo(email, 2)).text, '/reset-password');
  });

  it('saving the same e-mail again keeps it confirmed; another one is unconfirmed, and the old link confirms nothing', async () => {
    const { account, headers } = await signedIn();
    const first = freshEmail();
    await app.inject({ method: 'GET', url: `/api/v1/Admin/getinfo?id=${account.id}&email=${first}`, headers });
    const firstToken = tokenIn((await mailTo(first)).text, '/confirm-email');
    // Changed again before the first link was opened.
    const second = freshEmail();
    await app.inject({ method: 'GET', url: `/api/v1/Admin/getinfo?id=${account.id}&email=${second}`, headers });
    const secondToken = tokenIn((await mailTo(second)).text, '/confirm-email');
    expect((await app.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.confirmEmail, remoteAddress: freshIp(), payload: { token: firstToken } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.confirmEmail, remoteAddress: freshIp(), payload: { token: secondToken } })).statusCode).toBe(200);

    const jobsBefore = await mailJobs(app);
    await app.inject({ method: 'GET', url: `/api/v1/Admin/getinfo?id=${account.id}&email=${second.toUpperCase()}`, headers });
    expect((await stored(account)).emailConfirmedAt).toBeInstanceOf(Date);
    expect(await mailJobs(app)).toBe(jobsBefore);

    await app.inject({ method: 'POST', url: '/api/v1/admin/updateemail', headers, payload: { id: account.id, email: freshEmail() } });
    expect((await stored(account)).emailConfirmedAt).toBeNull();
  });
});

describe('without mail (SMTP_URL unset)', () => {
  let off: App;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off.close());

  it('answers the same, queues nothing and makes no link; the web is told to show the phone instead', async () => {
    const account = await withConfirmedEmail(off);
    const res = await requestReset(off, account.username);
    expect(res.json()).toEqual({ code: 200, msg: RESET_MSG.requested, data: null });
    expect(await mailJobs(off)).toBe(0);
    expect(await tokensOf(off, account.id)).toEqual([]);
    expect((await off.inject({ method: 'GET', url: AUTH_PATHS.platformName })).json().data.passwordResetByEmail).toBe(false);
  });

  it('a saved e-mail is stored as before, unconfirmed, with no mail', async () => {
    const account = await createAccount(off, { password: 'Passw0rd1' });
    const headers = bearer((await loginAs(off, account, freshIp())).access_token);
    const email = freshEmail();
    const saved = await off.inject({ method: 'POST', url: '/api/v1/admin/updateemail', headers, payload: { id: account.id, email } });
    expect(saved.json().msg).toBe(MSG.saved);
    const [row] = await off.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row).toMatchObject({ email, emailConfirmedAt: null });
    expect(await mailJobs(off)).toBe(0);
  });
});

describe('reset mails to one account', () => {
  it('at most 3 an hour, whatever the addresses asking; the others are answered alike, make no link and are audited', async () => {
    const limited = await createTestApp({ RESET_MAIL_RATE_LIMIT: '3', SMTP_URL: smtp.url, PUBLIC_URL });
    try {
      // The budget counts per clock hour: started well before one ends.
      const left = 3_600_000 - (Date.now() % 3_600_000);
      if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
      const account = await withConfirmedEmail(limited);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await requestReset(limited, i % 2 ? account.email : account.username)).json());
      for (const answer of answers) expect(answer).toEqual({ code: 200, msg: RESET_MSG.requested, data: null });
      await resetJobsDone(limited);
      await mailTo(account.email, 3);
      expect(await mailJobs(limited)).toBe(3);
      const tokens = await tokensOf(limited, account.id);
      expect(tokens).toHaveLength(3);
      const audited = await limited.db.select().from(auditLog).where(eq(auditLog.accountId, account.id));
      expect(audited.filter((r) => r.action === 'password.reset_mailed')).toHaveLength(3);
      expect(audited.filter((r) => r.action === 'password.reset_limited')).toHaveLength(2);
      // Another account has its own count.
      const neighbour = await withConfirmedEmail(limited);
      await requestReset(limited, neighbour.username);
      await mailTo(neighbour.email);
    } finally {
      await limited.close();
    }
  });
});

describe('the login budget', () => {
  it('reset requests and logins draw on one count per address', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3', SMTP_URL: smtp.url, PUBLIC_URL });
    try {
      const ip = '10.9.9.9';
      await earlyInAMinute();
      for (let i = 0; i < 3; i++) {
        await limited.inject({ method: 'POST', url: AUTH_PATHS.token, remoteAddress: ip, payload: { username: 'someone', password: 'Wrong1234' } });
      }
      const res = await limited.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.request, remoteAddress: ip, payload: { account: 'someone', vierifyCode: CAPTCHA, codeIndex: 'x' } });
      expect(res.statusCode).toBe(429);
      expect(res.json().msg).toBe(OWN_MSG.tooManyRequests);
      const link = await limited.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.reset, remoteAddress: ip, payload: { token: 'A'.repeat(43), password: 'NewPassw0rd' } });
      expect(link.statusCode).toBe(429);
      // Another address has its own budget.
      const other = await limited.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.request, remoteAddress: '10.9.9.10', payload: { account: 'someone', vierifyCode: CAPTCHA, codeIndex: 'x' } });
      expect(other.statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
