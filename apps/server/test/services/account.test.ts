import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { accounts, auditLog } from '../../src/db/schema/index';
import { bearer, CAPTCHA, createAccount, createTestApp, loginAs, type TestAccount } from '../helpers/app';
import { expectOwnedCall, type Caller } from '../helpers/ownership';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function session(name = '甲科技有限公司') {
  const account = await createAccount(app, { name, password: 'Passw0rd1' });
  const tokens = await loginAs(app, account);
  return { account, tokens, headers: bearer(tokens.access_token) };
}

const stored = async (a: TestAccount) => (await app.db.select().from(accounts).where(eq(accounts.id, a.id)))[0]!;
let phoneSeq = 0;
const freshPhone = () => `1390000${String(1000 + ++phoneSeq).slice(-4)}`;

describe('updatephone / updateemail', () => {
  it('saves one\'s own phone and e-mail and answers 修改成功', async () => {
    const { account, headers } = await session();
    const phone = freshPhone();
    const res = await app.inject({ method: 'POST', url: '/api/v1/admin/updatephone', headers, payload: { id: account.id, phone } });
    expect(res.json()).toEqual({ code: 200, msg: MSG.saved, data: null });
    const mail = await app.inject({ method: 'POST', url: '/api/v1/admin/updateemail', headers, payload: { id: account.id, email: '张三abc@yunxi.gov.cn' } });
    expect(mail.json().msg).toBe(MSG.saved);
    const info = await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers });
    expect(info.json().data).toMatchObject({ phone, email: '张三abc@yunxi.gov.cn' });
  });

  describe('another enterprise account gets "not found" and changes nothing', () => {
    const snapshot = (owner: Caller) => stored(owner.account);
    it('updatephone', () =>
      expectOwnedCall(app, {
        call: (c, owner) => app.inject({ method: 'POST', url: '/api/v1/admin/updatephone', headers: c.headers, payload: { id: owner.account.id, phone: freshPhone() } }),
        snapshot,
      }));
    it('updateemail', () =>
      expectOwnedCall(app, {
        call: (c, owner) => app.inject({ method: 'POST', url: '/api/v1/admin/updateemail', headers: c.headers, payload: { id: owner.account.id, email: `e${++phoneSeq}@yunxi.cn` } }),
        snapshot,
      }));
    it('the profile save through getinfo', () =>
      expectOwnedCall(app, {
        call: (c, owner) => app.inject({ method: 'GET', url: `/api/v1/Admin/getinfo?id=${owner.account.id}&phone=${freshPhone()}`, headers: c.headers }),
        snapshot,
      }));
    it('updatepwd (it names no account: another account\'s call can only ever reach its own)', () =>
      expectOwnedCall(app, {
        call: (c, owner) =>
          app.inject({ method: 'POST', url: '/api/v1/admin/updatepwd', headers: c.headers, payload: { oldPassword: owner.account.password, newPassword: `Changed${++phoneSeq}x` } }),
        snapshot,
        refused: { code: 400, msg: OWN_MSG.oldPasswordWrong },
      }));
  });

  it('refuses malformed values with the spec\'s messages', async () => {
    const { account, headers } = await session();
    const cases: [string, Record<string, unknown>, string][] = [
      ['updatephone', { id: account.id, phone: '2345678901' }, MSG.phoneInvalid],
      ['updatephone', { id: account.id, phone: '1380000000' }, MSG.phoneInvalid],
      ['updatephone', { id: account.id, phone: '138000000001' }, MSG.phoneInvalid],
      ['updatephone', { id: account.id }, '请填写电话'],
      ['updatephone', { phone: '13800000000' }, '请填写账号编号'],
      ['updateemail', { id: account.id, email: 'no-at-sign' }, MSG.emailInvalid],
      ['updateemail', { id: account.id, email: 'a@nodot' }, MSG.emailInvalid],
      ['updateemail', { id: account.id, email: '<script>@x.com' }, MSG.emailInvalid],
      ['updateemail', { id: 'abc', email: 'a@b.cn' }, '账号编号格式不正确'],
    ];
    for (const [path, payload, msg] of cases) {
      const res = await app.inject({ method: 'POST', url: `/api/v1/admin/${path}`, headers, payload });
      expect(res.json(), JSON.stringify(payload)).toEqual({ code: 400, msg, data: null });
    }
  });

  it('refuses a phone or e-mail another account already uses', async () => {
    const a = await session('丁公司');
    const b = await session('戊公司');
    const phone = freshPhone();
    await app.inject({ method: 'POST', url: '/api/v1/admin/updatephone', headers: a.headers, payload: { id: a.account.id, phone } });
    const taken = await app.inject({ method: 'POST', url: '/api/v1/admin/updatephone', headers: b.headers, payload: { id: b.account.id, phone } });
    expect(taken.json()).toEqual({ code: 409, msg: OWN_MSG.phoneTaken, data: null });
    await app.inject({ method: 'POST', url: '/api/v1/admin/updateemail', headers: a.headers, payload: { id: a.account.id, email: 'Same@Yunxi.cn' } });
    const mailTaken = await app.inject({ method: 'POST', url: '/api/v1/admin/updateemail', headers: b.headers, payload: { id: b.account.id, email: 'same@yunxi.cn' } });
    expect(mailTaken.json().msg).toBe(OWN_MSG.emailTaken);
    // Saving one's own current value again is fine.
    const own = await app.inject({ method: 'POST', url: '/api/v1/admin/updatephone', headers: a.headers, payload: { id: a.account.id, phone } });
    expect(own.json().code).toBe(200);
  });

  it('the spec\'s profile save through GET getinfo saves phone and e-mail, never the name', async () => {
    const { account, headers } = await session('己公司');
    const phone = freshPhone();
    const res = await app.inject({ method: 'GET', url: `/api/v1/Admin/getinfo?id=${account.id}&name=${encodeURIComponent('改名公司')}&phone=${phone}&email=ji@yunxi.cn&roleId=3`, headers });
    expect(res.json()).toMatchObject({ code: 200, msg: MSG.ok, data: { name: '己公司', phone, email: 'ji@yunxi.cn', roleId: 1 } });
    const bad = await app.inject({ method: 'GET', url: `/api/v1/Admin/getinfo?id=${account.id}&phone=12`, headers });
    expect(bad.json().msg).toBe(MSG.phoneInvalid);
  });

  it('needs a login', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/admin/updatephone', payload: { id: 1, phone: '13800000000' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('updatepwd', () => {
  const change = (headers: Record<string, string>, oldPassword: unknown, newPassword: unknown) =>
    app.inject({ method: 'POST', url: '/api/v1/admin/updatepwd', headers, payload: { oldPassword, newPassword } });

  it('answers msg "success", ends every login of the account, and only the new password works', async () => {
    const { account, tokens, headers } = await session();
    const other = await loginAs(app, account, '10.3.3.3'); // a second device
    const res = await change(headers, 'Passw0rd1', 'NewPassw0rd');
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    for (const t of [tokens, other]) {
      expect((await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.access_token) })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: t.refresh_token } })).statusCode).toBe(401);
    }
    const oldLogin = await app.inject({ method: 'POST', url: '/api/v1/connect/token', remoteAddress: '10.3.3.4', payload: { username: account.username, password: 'Passw0rd1' } });
    expect(oldLogin.json().msg).toBe(MSG.badCredentials);
    // That failure makes a captcha mandatory for this name.
    const captcha = (await app.inject({ method: 'GET', url: '/api/v1/connect/vierifycode' })).json().data;
    const newLogin = await app.inject({
      method: 'POST',
      url: '/api/v1/connect/token',
      remoteAddress: '10.3.3.5',
      payload: { username: account.username, password: 'NewPassw0rd', vierifyCode: CAPTCHA, codeIndex: captcha.codeIndex },
    });
    expect(newLogin.statusCode).toBe(200);
    const actions = (await app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.accountId, account.id))).map((r) => r.action);
    expect(actions).toContain('password.change');
  });

  it('checks both fields by the spec\'s rules, each with its own message', async () => {
    const { headers, account } = await session();
    const before = (await stored(account)).passwordHash;
    const cases: [unknown, unknown, string][] = [
      ['', 'NewPassw0rd', MSG.required],
      ['Passw0rd1', '', MSG.required],
      ['Passw0rd1', 'alllowercase1', MSG.passwordPattern],
      ['Passw0rd1', 'NoDigitsHere', MSG.passwordPattern],
      ['Passw0rd1', 'Abc123', MSG.passwordLength], // 6 characters: must be longer than six
      ['Passw0rd1', 'Passw0rd1', OWN_MSG.samePassword],
    ];
    for (const [oldPassword, newPassword, msg] of cases) {
      const res = await change(headers, oldPassword, newPassword);
      expect(res.json(), `${oldPassword} → ${newPassword}`).toEqual({ code: 400, msg, data: null });
    }
    expect((await change(headers, undefined, 'NewPassw0rd')).json().msg).toBe('请填写原密码');
    expect((await stored(account)).passwordHash).toBe(before);
  });

  it('a wrong old password is refused and counts toward the lockout', async () => {
    const { headers, account } = await session();
    for (let i = 0; i < 4; i++) expect((await change(headers, 'WrongPassw0rd', 'NewPassw0rd')).json().msg).toBe(OWN_MSG.oldPasswordWrong);
    expect((await stored(account)).failedLogins).toBe(4);
    await change(headers, 'WrongPassw0rd', 'NewPassw0rd');
    expect((await stored(account)).lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('racing a refresh: whatever order they land in, no token of the old login survives', async () => {
    for (let round = 0; round < 5; round++) {
      const { account, tokens, headers } = await session();
      const [pwd, refreshed] = await Promise.all([
        change(headers, 'Passw0rd1', 'NewPassw0rd'),
        app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: tokens.refresh_token } }),
      ]);
      expect(pwd.json().msg).toBe('success');
      if (refreshed.statusCode === 200) {
        const t = refreshed.json();
        expect((await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.access_token) })).statusCode).toBe(401);
        expect((await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: t.refresh_token } })).statusCode).toBe(401);
      }
      expect((await stored(account)).failedLogins).toBe(0);
    }
  });
});

describe('audit in the same transaction as the change', () => {
  it('a failed audit record undoes the change and answers a clear error', async () => {
    const { account, headers } = await session('审计公司');
    const before = await stored(account);
    await app.db.execute(sql`create function audit_broken() returns trigger language plpgsql as $$ begin raise exception 'audit store down'; end $$`);
    await app.db.execute(sql`create trigger audit_broken before insert on audit_log for each row execute function audit_broken()`);
    try {
      const res = await app.inject({ method: 'POST', url: '/api/v1/admin/updatephone', headers, payload: { id: account.id, phone: freshPhone() } });
      expect(res.json()).toEqual({ code: 500, msg: OWN_MSG.serverError, data: null });
      expect(await stored(account)).toEqual(before);
    } finally {
      await app.db.execute(sql`drop trigger audit_broken on audit_log`);
      await app.db.execute(sql`drop function audit_broken()`);
    }
  });
});

/** The per-account budgets count per clock hour: a test that spends one starts well before an hour ends. */
async function earlyInAnHour(): Promise<void> {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe('whether a phone or e-mail is taken cannot be asked at will', () => {
  let limited: App;
  beforeAll(async () => {
    limited = await createTestApp({ CONTACT_RATE_LIMIT: '3', CONTACT_ADDRESS_RATE_LIMIT: '5' });
  });
  afterAll(() => limited.close());

  let addressSeq = 0;
  async function signedIn(ip: string) {
    const account = await createAccount(limited, { password: 'Passw0rd1' });
    const headers = bearer((await loginAs(limited, account, ip)).access_token);
    const save = (field: 'phone' | 'email', value: string) =>
      limited.inject({ method: 'POST', url: `/api/v1/admin/update${field}`, remoteAddress: ip, headers, payload: { id: account.id, [field]: value } });
    return { account, save };
  }
  const auditOf = (accountId: number) => limited.db.select().from(auditLog).where(eq(auditLog.accountId, accountId));

  it('an account has 3 changes an hour; past them any change is refused alike, taken or not, and both refusals are audited', async () => {
    await earlyInAnHour();
    const ip = `10.44.1.${++addressSeq}`;
    const holder = await signedIn(`10.44.2.${addressSeq}`);
    expect((await holder.save('email', 'held@yunxi.cn')).statusCode).toBe(200);
    const prober = await signedIn(ip);

    const answers = [];
    for (const email of ['free1@yunxi.cn', 'held@yunxi.cn', 'free2@yunxi.cn']) answers.push((await prober.save('email', email)).json());
    expect(answers.map((a) => a.code)).toEqual([200, 409, 200]);
    expect(answers[1].msg).toBe(OWN_MSG.emailTaken);

    for (const [field, value] of [['email', 'held@yunxi.cn'], ['email', 'free3@yunxi.cn'], ['phone', freshPhone()]] as const) {
      const refused = await prober.save(field, value);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, msg: OWN_MSG.contactTooFrequent, data: null });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Saving what the account already holds asks nothing and is not counted.
    expect((await prober.save('email', 'FREE2@yunxi.cn')).json().code).toBe(200);

    const rows = await auditOf(prober.account.id);
    expect(rows.filter((r) => r.action === 'account.contact_taken').map((r) => r.detail)).toEqual([{ fields: ['email'], email: 'held@yunxi.cn' }]);
    expect(rows.filter((r) => r.action === 'account.contact_limited').map((r) => r.detail)).toEqual([{ fields: ['email'] }, { fields: ['email'] }, { fields: ['phone'] }]);
    expect(rows.find((r) => r.action === 'account.contact_limited')!.ip).toBe(ip);
    // The one that holds it is untouched by another's refusals.
    expect((await holder.save('phone', freshPhone())).statusCode).toBe(200);
  });

  it('an address has 5 changes an hour over every account it signs in as', async () => {
    await earlyInAnHour();
    const ip = `10.44.3.${++addressSeq}`;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { save } = await signedIn(ip);
      statuses.push((await save('phone', freshPhone())).statusCode, (await save('email', `addr${addressSeq}x${i}@yunxi.cn`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another address has its own count.
    const elsewhere = await signedIn(`10.44.4.${addressSeq}`);
    expect((await elsewhere.save('phone', freshPhone())).statusCode).toBe(200);
  });

  it('the spec\'s profile save through getinfo draws on the same count', async () => {
    await earlyInAnHour();
    const ip = `10.44.5.${++addressSeq}`;
    const account = await createAccount(limited, { password: 'Passw0rd1' });
    const headers = bearer((await loginAs(limited, account, ip)).access_token);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.inject({ method: 'GET', url: `/api/v1/Admin/getinfo?id=${account.id}&phone=${freshPhone()}`, remoteAddress: ip, headers });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Reading the profile is no save and is never limited.
    expect((await limited.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', remoteAddress: ip, headers })).statusCode).toBe(200);
  });
});
