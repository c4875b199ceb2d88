// Notices by e-mail (docs/messages.md), through a real SMTP server in this process: an account that
// chose a source and confirmed its e-mail gets that source's notices by mail too — once, only if
// the notice committed — and nobody else does; the choice needs mail on and a confirmed address.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_MSG, INBOX_PATHS, type MailPrefs } from '@hqt/contract/inbox';
import type { App } from '../../src/app';
import { accounts, auditLog } from '../../src/db/schema/index';
import { notify, type Notice } from '../../src/services/message/public';
import { bearer, createAccount, createTestApp, loginAs } from '../helpers/app';
import { startSmtpServer } from '../helpers/smtp';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: App;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://hqt.example.cn' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

let counter = 0;
async function person({ confirmed = true } = {}) {
  const account = await createAccount(app);
  const email = `notice${process.pid}x${++counter}@yunxi.cn`;
  await app.db.update(accounts).set({ email, emailConfirmedAt: confirmed ? new Date() : null }).where(eq(accounts.id, account.id));
  const headers = bearer((await loginAs(app, account, `10.9.0.${counter}`)).access_token);
  const prefs = async () => (await app.inject({ method: 'GET', url: INBOX_PATHS.mailPrefs, headers })).json() as { code: number; data: MailPrefs };
  const choose = async (sources: unknown) => (await app.inject({ method: 'POST', url: INBOX_PATHS.saveMailPrefs, headers, payload: { sources } })).json() as { code: number; msg: string; data: MailPrefs };
  return { account, email, prefs, choose };
}
const notice = (title: string, over: Partial<Notice> = {}): Notice => ({ source: 'appeal', kind: 'system.test', title, body: `${title}：请登录查看。`, link: '/messageCenter/messageCenter', dedupeKey: title, ...over });
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('notices by e-mail', () => {
  it('a chosen source is mailed once after commit, with its link; a rolled-back notice and another source are not', async () => {
    const me = await person();
    expect((await me.prefs()).data).toEqual({ available: true, email: me.email, sources: [] });
    const saved = await me.choose(['appeal', 'system']);
    expect(saved).toMatchObject({ code: 200, msg: INBOX_MSG.mailPrefsSaved, data: { sources: ['appeal', 'system'] } });
    expect(await app.db.$count(auditLog, eq(auditLog.action, 'message.mail_prefs'))).toBeGreaterThan(0);

    await expect(
      app.db.transaction(async (tx) => {
        await notify(tx, [me.account.id], notice('撤回的诉求通知'));
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    await app.db.transaction((tx) => notify(tx, [me.account.id], notice('政策来源的通知', { source: 'policy' })));
    await app.db.transaction((tx) => notify(tx, [me.account.id], notice('诉求已答复')));
    await app.db.transaction((tx) => notify(tx, [me.account.id], notice('诉求已答复'))); // sent again: one message, one mail

    await expect.poll(() => mailsTo(me.email).length, { timeout: 60_000 }).toBe(1);
    const [mail] = mailsTo(me.email);
    expect(mail!.subject).toBe('【惠企通】诉求通知：诉求已答复');
    expect(mail!.text).toContain('诉求已答复：请登录查看。');
    expect(mail!.text).toContain('https://hqt.example.cn/messageCenter/messageCenter');
    // The later notices' mail went out after the rolled-back one would have: it never will.
    expect(mailsTo(me.email).map((m) => m.subject)).not.toContain('【惠企通】诉求通知：撤回的诉求通知');
  });

  it('an account that chose nothing, or whose address is not confirmed, gets no mail; the choice is refused without a confirmed address', async () => {
    const quiet = await person();
    const unconfirmed = await person({ confirmed: false });
    expect((await unconfirmed.prefs()).data).toEqual({ available: false, email: null, sources: [] });
    expect(await unconfirmed.choose(['appeal'])).toMatchObject({ code: 400, msg: INBOX_MSG.mailUnavailable });
    expect(await unconfirmed.choose(['weather'])).toMatchObject({ code: 400, msg: expect.stringContaining('消息来源不正确') });
    expect(await unconfirmed.choose(['appeal', 'appeal'])).toMatchObject({ code: 400 });
    expect(await unconfirmed.choose([])).toMatchObject({ code: 200, data: { sources: [] } });

    const sentinel = await person();
    await sentinel.choose(['appeal']);
    await app.db.transaction((tx) => notify(tx, [quiet.account.id, unconfirmed.account.id, sentinel.account.id], notice('群发的诉求通知')));
    await expect.poll(() => mailsTo(sentinel.email).length, { timeout: 60_000 }).toBe(1);
    expect(mailsTo(quiet.email)).toEqual([]);
    expect(mailsTo(unconfirmed.email)).toEqual([]);
  });
});
