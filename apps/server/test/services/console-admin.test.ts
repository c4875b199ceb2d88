// The staff console's administration: accounts, the forced password change, dictionaries and
// enterprises. Every change is checked in the database and in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { ACCOUNT_CONSOLE_MSG, ACCOUNT_CONSOLE_PATHS } from '@hqt/contract/account-console';
import { AUDIT_CONSOLE_PATHS } from '@hqt/contract/audit';
import { consolePath } from '@hqt/contract/console';
import { DICT_CONSOLE_MSG, DICT_CONSOLE_PATHS } from '@hqt/contract/dict-console';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { DICT_TYPES } from '@hqt/contract/dictionaries';
import type { App } from '../../src/app';
import { accounts, auditLog, authSessions, dictItems, guides, policies, pushSubscriptions } from '../../src/db/schema/index';
import { dictLabel } from '../../src/services/dict/public';
import { bearer, CAPTCHA, createAccount, createTestApp, loginAs, type TestAccount } from '../helpers/app';

let app: App;
let admin: TestAccount;
let adminHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
let enterpriseHeaders: Record<string, string>;

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createAccount(app, { roleId: ROLES.admin.id, name: '李管理' });
  adminHeaders = bearer((await loginAs(app, admin, freshIp())).access_token);
  staffHeaders = bearer((await loginAs(app, await createAccount(app, { roleId: ROLES.staff.id, name: '王科员' }), freshIp())).access_token);
  enterpriseHeaders = bearer((await loginAs(app, await createAccount(app), freshIp())).access_token);
});
afterAll(() => app.close());

/** A login that always sends a captcha, so earlier failures of the name do not get in the way. */
async function login(username: string, password: string) {
  const ip = freshIp();
  const c = (await app.inject({ method: 'GET', url: '/api/v1/connect/vierifycode', remoteAddress: ip })).json().data as { codeIndex: string };
  return app.inject({ method: 'POST', url: '/api/v1/connect/token', remoteAddress: ip, payload: { username, password, grant_type: 'password', vierifyCode: CAPTCHA, codeIndex: c.codeIndex } });
}

const act = (id: number, action: string, payload?: object, headers = adminHeaders) =>
  app.inject({ method: 'POST', url: consolePath(ACCOUNT_CONSOLE_PATHS.accountAction, { id, action }), headers, ...(payload ? { payload } : {}) });
const accountPage = (payload: object, headers = adminHeaders) => app.inject({ method: 'POST', url: ACCOUNT_CONSOLE_PATHS.accountPage, headers, payload });
const stored = async (id: number) => (await app.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
const lastAudit = async (action: string) => (await app.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

describe('who may call the administration', () => {
  const adminOnly = [
    ['POST', ACCOUNT_CONSOLE_PATHS.accountPage, {}],
    ['GET', DICT_CONSOLE_PATHS.dictTypes, undefined],
    ['POST', AUDIT_CONSOLE_PATHS.auditPage, {}],
  ] as const;
  it('管理员 only: 工作人员 and 企业账户 get 403, anonymous 401', async () => {
    for (const [method, url, payload] of adminOnly) {
      expect((await app.inject({ method, url, headers: adminHeaders, payload })).json().code, url).toBe(200);
      for (const headers of [staffHeaders, enterpriseHeaders]) {
        expect((await app.inject({ method, url, headers, payload })).json(), url).toEqual({ code: 403, msg: MSG.forbidden, data: null });
      }
      expect((await app.inject({ method, url, payload })).json(), url).toEqual({ code: 401, msg: OWN_MSG.notLoggedIn, data: null });
    }
    const action = await act(admin.id, 'unlock', undefined, staffHeaders);
    expect(action.statusCode).toBe(403);
  });

  it('the enterprise list admits 工作人员 too, never an enterprise', async () => {
    expect((await app.inject({ method: 'POST', url: ACCOUNT_CONSOLE_PATHS.enterprisePage, headers: staffHeaders, payload: {} })).json().code).toBe(200);
    expect((await app.inject({ method: 'POST', url: ACCOUNT_CONSOLE_PATHS.enterprisePage, headers: enterpriseHeaders, payload: {} })).statusCode).toBe(403);
  });
});

describe('account list', () => {
  it('searches username, name and phone without case, takes % and _ literally, filters role and state, newest first', async () => {
    const a = await createAccount(app, { roleId: ROLES.staff.id, name: '赵_百分%之' });
    const b = await createAccount(app, { roleId: ROLES.staff.id, name: '赵一二三' });
    await app.db.update(accounts).set({ phone: '13977770001' }).where(eq(accounts.id, b.id));
    const page = await accountPage({ keyword: '赵' });
    expect(page.json().data.list.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    expect(page.json().data).toMatchObject({ total: 2, currentPage: 1 });
    expect((await accountPage({ keyword: '_百分%' })).json().data.list.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await accountPage({ keyword: '%' })).json().data.list.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await accountPage({ keyword: '7777000' })).json().data.list[0]).toMatchObject({ id: b.id, roleName: '工作人员', disabled: false, lockedUntil: null });
    expect((await accountPage({ keyword: a.username.toUpperCase() })).json().data.total).toBe(1);

    await app.db.update(accounts).set({ lockedUntil: new Date(Date.now() + 60_000) }).where(eq(accounts.id, a.id));
    await app.db.update(accounts).set({ disabled: true }).where(eq(accounts.id, b.id));
    const ids = async (state: string) => (await accountPage({ keyword: '赵', state })).json().data.list.map((r: { id: number }) => r.id);
    expect(await ids('locked')).toEqual([a.id]);
    expect(await ids('disabled')).toEqual([b.id]);
    expect(await ids('active')).toEqual([]);
    expect((await accountPage({ keyword: '赵', roleId: ROLES.enterprise.id })).json().data.total).toBe(0);
  });

  it('refuses a bad filter with a Chinese message', async () => {
    const bad = await accountPage({ state: 'sleeping' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/状态/);
    expect((await accountPage({ roleId: 9 })).json().msg).toMatch(/角色/);
  });
});

describe('account actions', () => {
  it('disable: the account\'s tokens stop at once and it cannot log in; enable lets it back', async () => {
    const target = await createAccount(app, { roleId: ROLES.staff.id });
    const tokens = await loginAs(app, target, freshIp());
    const res = await act(target.id, 'disable');
    expect(res.json()).toEqual({ code: 200, msg: MSG.success, data: null });
    expect((await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(tokens.access_token) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: AUTH_PATHS.refresh, payload: { refresh_token: tokens.refresh_token } })).statusCode).toBe(401);
    expect((await login(target.username, target.password)).json().msg).toBe(MSG.badCredentials);
    const sessions = await app.db.select().from(authSessions).where(eq(authSessions.accountId, target.id));
    expect(sessions.every((s) => s.revokedAt && s.revokedReason === 'account-disabled')).toBe(true);
    const record = await lastAudit('account.disabled');
    expect(record).toMatchObject({ accountId: admin.id, detail: { target: { id: target.id, username: target.username }, before: { disabled: false }, after: { disabled: true } } });

    expect((await act(target.id, 'disable')).json()).toEqual({ code: 400, msg: ACCOUNT_CONSOLE_MSG.alreadyInState, data: null });
    expect((await act(target.id, 'enable')).json().code).toBe(200);
    expect((await login(target.username, target.password)).statusCode).toBe(200);
    expect((await lastAudit('account.enabled'))?.detail).toMatchObject({ target: { id: target.id }, after: { disabled: false } });
  });

  it('unlock: an account locked by five wrong passwords logs in again', async () => {
    const target = await createAccount(app);
    for (let i = 0; i < 5; i++) await login(target.username, 'Wrong1234');
    expect((await stored(target.id)).lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await login(target.username, target.password)).statusCode).toBe(400);
    expect((await act(target.id, 'unlock')).json().code).toBe(200);
    expect(await stored(target.id)).toMatchObject({ lockedUntil: null, failedLogins: 0, lastAttemptAt: null });
    expect((await login(target.username, target.password)).statusCode).toBe(200);
    expect((await lastAudit('account.unlocked'))?.detail).toMatchObject({ target: { id: target.id }, after: { lockedUntil: null, failedLogins: 0 } });
  });

  it('an administrator cannot disable or reset their own account; unknown ids and actions are refused', async () => {
    expect((await act(admin.id, 'disable')).json()).toEqual({ code: 400, msg: ACCOUNT_CONSOLE_MSG.notSelf, data: null });
    expect((await act(admin.id, 'reset-password', { password: 'Newpass123' })).json().msg).toBe(ACCOUNT_CONSOLE_MSG.notSelf);
    expect((await stored(admin.id)).disabled).toBe(false);
    expect((await act(999_999, 'disable')).json()).toEqual({ code: 404, msg: ACCOUNT_CONSOLE_MSG.accountNotFound, data: null });
    const unknown = await act(admin.id, 'delete');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/操作/);
  });

  it('reset-password: the user must set a new password before anything else', async () => {
    const target = await createAccount(app, { roleId: ROLES.staff.id });
    const old = await loginAs(app, target, freshIp());
    expect((await act(target.id, 'reset-password')).json().msg).toBe(MSG.required);
    expect((await act(target.id, 'reset-password', { password: 'short' })).statusCode).toBe(400);
    expect((await stored(target.id)).mustChangePassword).toBe(false);

    const reset = await act(target.id, 'reset-password', { password: 'Temp12345' });
    expect(reset.json()).toEqual({ code: 200, msg: ACCOUNT_CONSOLE_MSG.passwordResetDone, data: null });
    expect((await app.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(old.access_token) })).statusCode).toBe(401);
    const record = await lastAudit('account.password_reset');
    expect(record?.detail).toMatchObject({ target: { id: target.id }, after: { mustChangePassword: true } });
    expect(JSON.stringify(record)).not.toContain('Temp12345');

    const signedIn = await login(target.username, 'Temp12345');
    expect(signedIn.json()).toMatchObject({ code: 200, must_change_password: true, data: { must_change_password: true } });
    const headers = bearer(signedIn.json().access_token as string);
    for (const url of ['/api/v1/Admin/getinfo', '/api/v1/admin/getadmininfomenu', '/api/v1/sysinterface/getapislist']) {
      expect((await app.inject({ method: 'GET', url, headers })).json().code, url).toBe(200);
    }
    const refused = await app.inject({ method: 'POST', url: ACCOUNT_CONSOLE_PATHS.enterprisePage, headers, payload: {} });
    expect(refused.json()).toEqual({ code: 403, msg: OWN_MSG.mustChangePassword, data: null });
    expect((await app.inject({ method: 'POST', url: '/api/v1/admin/updatephone', headers, payload: { phone: '13911112222' } })).statusCode).toBe(403);
    // getinfo answers (who is signed in) but does not save the profile it can carry (the spec's way of saving it).
    const saveThroughInfo = await app.inject({ method: 'GET', url: `/api/v1/Admin/getinfo?id=${target.id}&phone=13911112223`, headers });
    expect(saveThroughInfo.json()).toEqual({ code: 403, msg: OWN_MSG.mustChangePassword, data: null });
    expect((await stored(target.id)).phone).not.toBe('13911112223');

    const changed = await app.inject({ method: 'POST', url: '/api/v1/admin/updatepwd', headers, payload: { oldPassword: 'Temp12345', newPassword: 'Mine123456' } });
    expect(changed.json().msg).toBe(MSG.success);
    expect((await stored(target.id)).mustChangePassword).toBe(false);
    const again = await login(target.username, 'Mine123456');
    expect(again.json()).not.toHaveProperty('must_change_password');
    const works = await app.inject({ method: 'POST', url: ACCOUNT_CONSOLE_PATHS.enterprisePage, headers: bearer(again.json().access_token as string), payload: {} });
    expect(works.json().code).toBe(200);
  });
});

describe('Admin/create', () => {
  it('is for administrators only and audited without the password', async () => {
    const body = { username: 'made_by_admin', password: 'Abc12345', name: '新工作人员', roleId: ROLES.staff.id };
    expect((await app.inject({ method: 'POST', url: '/api/v1/Admin/create', headers: staffHeaders, payload: body })).statusCode).toBe(403);
    const made = await app.inject({ method: 'POST', url: '/api/v1/Admin/create', headers: adminHeaders, payload: body });
    expect(made.json()).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    const record = await lastAudit('account.created');
    expect(record).toMatchObject({ accountId: admin.id, detail: { after: { id: made.json().data.id, username: 'made_by_admin', roleId: ROLES.staff.id } } });
    expect(JSON.stringify(record)).not.toContain('Abc12345');
  });
});

describe('dictionaries', () => {
  const items = async (type: string) => (await app.inject({ method: 'GET', url: consolePath(DICT_CONSOLE_PATHS.dictItems, { type }), headers: adminHeaders })).json();
  const create = (type: string, payload: object) => app.inject({ method: 'POST', url: consolePath(DICT_CONSOLE_PATHS.dictItems, { type }), headers: adminHeaders, payload });
  const update = (id: number, payload: object) => app.inject({ method: 'PUT', url: consolePath(DICT_CONSOLE_PATHS.dictItem, { id }), headers: adminHeaders, payload });
  const remove = (id: number) => app.inject({ method: 'DELETE', url: consolePath(DICT_CONSOLE_PATHS.dictItem, { id }), headers: adminHeaders });
  const portal = async (type: string) =>
    ((await app.inject({ method: 'GET', url: `/api/v1/dictdata/getsondatalist?Dict_Type=${type}` })).json().data as { code: string }[]).map((i) => i.code);
  const item = (code: string, extra: object | null = null) => ({ code, label: `项 ${code}`, sort: 50, disabled: false, extra });

  it('lists every type with its Chinese name, item count and extra fields', async () => {
    const types = (await app.inject({ method: 'GET', url: DICT_CONSOLE_PATHS.dictTypes, headers: adminHeaders })).json().data as { type: string; name: string; itemCount: number; extraFields: unknown[] }[];
    expect(types.find((t) => t.type === 'policyLevel')).toMatchObject({ name: '政策层级', itemCount: 4, extraFields: [] });
    expect(types.find((t) => t.type === 'appealCategory')?.extraFields).toEqual([{ key: 'limitDays', label: '办理时限（工作日）' }]);
    expect(types).toHaveLength(Object.keys(DICT_TYPES).length);
    expect(await items('nope')).toEqual({ code: 404, msg: DICT_CONSOLE_MSG.dictTypeUnknown, data: null });
  });

  it('counts how much content uses each code: columns, arrays and eligibility conditions', async () => {
    const [policy] = await app.db
      .insert(policies)
      .values({ title: '测试政策', docNo: '云测〔2025〕1号', department: 'kjj', level: 'county', publishDate: '2025-01-01', contentHtml: '<p>正文</p>' })
      .returning();
    const guide = {
      policyId: policy!.id,
      supportType: 'subsidy',
      mode: 'normal',
      deptName: '科技局',
      deptAddress: '人民路',
      deptPhone: '0839-1',
      windowStart: new Date('2025-01-01'),
      windowEnd: new Date('2035-01-01'),
    };
    await app.db.insert(guides).values([
      { ...guide, title: '指南一', industries: ['C', 'I'], eligibility: { groups: [[{ field: 'industry', op: 'in', value: ['C'] }, { field: 'qualification', op: 'has', value: 'hightech' }]] } },
      { ...guide, title: '指南二', regions: ['yunxi'], eligibility: { groups: [[{ field: 'industry', op: 'in', value: 'M' }], [{ field: 'scale', op: 'in', value: ['small', 'micro'] }]] } },
    ]);
    const usage = async (type: string) => Object.fromEntries(((await items(type)).data as { code: string; usage: number }[]).map((i) => [i.code, i.usage]));
    expect(await usage('policyLevel')).toMatchObject({ county: 1, city: 0 });
    expect(await usage('department')).toMatchObject({ kjj: 1, gxj: 0 });
    expect(await usage('supportType')).toMatchObject({ subsidy: 2, tax: 0 });
    expect(await usage('guideMode')).toMatchObject({ normal: 2 });
    expect(await usage('industry')).toMatchObject({ C: 1, I: 1, M: 1, A: 0 }); // 指南一 names C twice: one use
    expect(await usage('region')).toMatchObject({ yunxi: 1, baima: 0 });
    expect(await usage('qualification')).toMatchObject({ hightech: 1, srdi: 0 });
    expect(await usage('scale')).toMatchObject({ small: 1, micro: 1, large: 0 });
    expect(await usage('appealCategory')).toMatchObject({ policy: 0 });

    const county = ((await items('policyLevel')).data as { id: number; code: string }[]).find((i) => i.code === 'county')!;
    expect((await remove(county.id)).json()).toEqual({ code: 400, msg: DICT_CONSOLE_MSG.dictItemInUse(1), data: null });
    expect(await portal('policyLevel')).toContain('county');
  });

  it('a code only a 政策推送 subscription follows is in use too: it cannot be deleted from under the subscriber', async () => {
    const subscriber = await createAccount(app);
    await app.db.insert(pushSubscriptions).values([
      { accountId: subscriber.id, kind: 'industry', value: 'R', label: '文化、体育和娱乐业' },
      { accountId: subscriber.id, kind: 'department', value: 'scj', label: '云溪县市场监督管理局' },
      { accountId: subscriber.id, kind: 'supportType', value: 'talent', label: '人才支持' },
    ]);
    for (const [type, code] of [['industry', 'R'], ['department', 'scj'], ['supportType', 'talent']] as const) {
      const row = ((await items(type)).data as { id: number; code: string; usage: number }[]).find((i) => i.code === code)!;
      expect(row.usage, `${type} ${code}`).toBe(1);
      expect((await remove(row.id)).json()).toEqual({ code: 400, msg: DICT_CONSOLE_MSG.dictItemInUse(1), data: null });
      expect(await portal(type)).toContain(code);
    }
  });

  it('creates, refuses a duplicate or malformed code, updates, disables and deletes an unused item', async () => {
    const made = await create('region', item('xinqu'));
    expect(made.json()).toMatchObject({ code: 200, data: { code: 'xinqu', label: '项 xinqu', usage: 0, disabled: false } });
    const id = made.json().data.id as number;
    expect(await portal('region')).toContain('xinqu');
    expect((await lastAudit('dict.created'))?.detail).toMatchObject({ type: 'region', after: { code: 'xinqu' } });

    expect((await create('region', item('xinqu'))).json()).toEqual({ code: 400, msg: DICT_CONSOLE_MSG.dictCodeTaken, data: null });
    expect((await create('region', item('新区'))).json().msg).toBe('编码只能包含字母、数字、下划线或连字符');
    expect((await create('region', { ...item('x2'), label: '' })).statusCode).toBe(400);
    expect((await create('region', item('x3', { limitDays: 5 }))).json().msg).toContain('没有附加项');
    expect((await create('nope', item('x4'))).statusCode).toBe(404);

    const renamed = await update(id, { ...item('xinqu'), label: '云溪新区', sort: 3 });
    expect(renamed.json().data).toMatchObject({ label: '云溪新区', sort: 3 });
    expect((await update(id, item('other'))).json().msg).toContain('编码不能修改');
    expect((await update(999_999, item('xinqu'))).json()).toEqual({ code: 404, msg: DICT_CONSOLE_MSG.dictItemNotFound, data: null });
    expect((await lastAudit('dict.updated'))?.detail).toMatchObject({ before: { label: '项 xinqu' }, after: { label: '云溪新区' } });

    // Disabled: gone from the portal's lists, its label still names what used it.
    expect((await update(id, { ...item('xinqu'), label: '云溪新区', disabled: true })).json().data.disabled).toBe(true);
    expect(await portal('region')).not.toContain('xinqu');
    expect((await items('region')).data.find((i: { code: string }) => i.code === 'xinqu')).toMatchObject({ disabled: true });
    expect(dictLabel(await app.dicts.all(), 'region', 'xinqu')).toBe('云溪新区');

    expect((await remove(id)).json().code).toBe(200);
    expect(await app.db.select().from(dictItems).where(and(eq(dictItems.dictType, 'region'), eq(dictItems.code, 'xinqu')))).toEqual([]);
    expect((await lastAudit('dict.deleted'))?.detail).toMatchObject({ type: 'region', before: { code: 'xinqu', label: '云溪新区' } });
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('an appeal category\'s time limit is a whole number of working days from 1 to 365', async () => {
    for (const limitDays of [0, 366, 2.5, '', 'abc']) {
      expect((await create('appealCategory', item('c1', { limitDays }))).json().msg, String(limitDays)).toBe('办理时限须为 1 至 365 之间的整数（工作日）');
    }
    expect((await create('appealCategory', item('c1'))).statusCode).toBe(400);
    const made = await create('appealCategory', item('c1', { limitDays: 20 }));
    expect(made.json(), made.body).toMatchObject({ code: 200, data: { extra: { limitDays: 20 } } });
  });
});

describe('enterprises', () => {
  it('searches name, credit code and username, filters by the holding account\'s state, and shows one', async () => {
    const holder = await createAccount(app, { name: '青山精密机械有限公司' });
    const page = async (payload: object) => (await app.inject({ method: 'POST', url: ACCOUNT_CONSOLE_PATHS.enterprisePage, headers: staffHeaders, payload })).json().data;
    const found = await page({ keyword: '青山精密' });
    expect(found.total).toBe(1);
    const row = found.list[0];
    expect(row).toMatchObject({ accountId: holder.id, username: holder.username, disabled: false });
    expect((await page({ keyword: row.creditCode })).list[0].id).toBe(row.id);
    expect((await page({ keyword: holder.username.toUpperCase() })).list[0].id).toBe(row.id);

    await act(holder.id, 'disable');
    expect((await page({ keyword: '青山精密', state: 'disabled' })).total).toBe(1);
    expect((await page({ keyword: '青山精密', state: 'active' })).total).toBe(0);

    const detail = await app.inject({ method: 'GET', url: consolePath(ACCOUNT_CONSOLE_PATHS.enterprise, { id: row.id }), headers: staffHeaders });
    expect(detail.json().data).toMatchObject({ id: row.id, name: '青山精密机械有限公司', disabled: true, siblings: [], accountPhone: null });
    const missing = await app.inject({ method: 'GET', url: consolePath(ACCOUNT_CONSOLE_PATHS.enterprise, { id: 999_999 }), headers: staffHeaders });
    expect(missing.json()).toEqual({ code: 404, msg: ACCOUNT_CONSOLE_MSG.enterpriseNotFound, data: null });
    expect((await app.inject({ method: 'GET', url: consolePath(ACCOUNT_CONSOLE_PATHS.enterprise, { id: 'x' }), headers: staffHeaders })).statusCode).toBe(400);
  });
});
