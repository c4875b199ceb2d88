// 企业赋码 (services/entcode): the code's check character, one code per enterprise for life (also
// under concurrent saves on two nodes), the card a scan opens for a visitor (a whitelist), the owner
// and staff, the flow's steps with their refusals and messages, scans counted without an address,
// and enumeration refused past the limit across two server nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableColumns } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { APPEAL_PATHS } from '@hqt/contract/appeal';
import { CALCULATOR_PATHS, withId, type Enterprise, type EnterpriseBody } from '@hqt/contract/calculator';
import { consolePath } from '@hqt/contract/console';
import {
  ENTCODE_ALPHABET,
  ENTCODE_MSG,
  ENTCODE_PATHS,
  checkChar,
  entcodeUrl,
  formatCode,
  isValidCode,
  newCode,
  type EntcodeCard,
  type MyEntcode,
  type StaffCard,
} from '@hqt/contract/entcode';
import { ENTCODE_CONSOLE_PATHS, type EntcodeDetail, type EntcodeRow, type EntcodeScans, type EntcodeStepResult } from '@hqt/contract/entcode-console';
import type { PageOf } from '@hqt/contract/envelope';
import { VISIT_CONSOLE_PATHS } from '@hqt/contract/visit-console';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { auditLog, enterprises, messages } from '../../src/db/schema/index';
import { assignCode } from '../../src/services/entcode/assign';
import { assignMissingCodes } from '../../src/services/entcode/jobs';
import { enterpriseCodeScans, enterpriseCodes } from '../../src/services/entcode/schema';
import { profile, thisYear } from '../helpers/profile';
import { bearer, createAccount, createTestApp, databaseUrlOf, loginAs, type TestAccount } from '../helpers/app';
import { earlyInAMinute } from '../helpers/clock';
import { insertDraftGuide, insertPolicy } from '../helpers/content';

let app: App;
const PUBLIC_URL = 'https://hqt.example.cn';
const BUREAU_PHONE = '0839-7202345'; // the dictionary department gxj's extra.phone

type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T } };
async function call<T = unknown>(method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown, a: App = app, ip = '10.9.0.1'): Promise<Answer<T>> {
  const res = await a.inject({ method, url, headers, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}
const cardUrl = (code: string) => `${ENTCODE_PATHS.card}?code=${encodeURIComponent(code)}`;

interface Caller {
  account: TestAccount;
  headers: Record<string, string>;
}
async function signIn(account: TestAccount, a: App = app): Promise<Caller> {
  return { account, headers: bearer((await loginAs(a, account)).access_token) };
}
async function saveProfile(c: Caller, body: EnterpriseBody, a: App = app): Promise<Enterprise> {
  const res = await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, c.headers, body, a);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const codesOf = (credit: string) => app.db.select().from(enterpriseCodes).where(eq(enterpriseCodes.creditCode, credit)).orderBy(enterpriseCodes.id);
async function mine(c: Caller, a: App = app): Promise<MyEntcode[]> {
  const res = await call<MyEntcode[]>('GET', ENTCODE_PATHS.mine, c.headers, undefined, a);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const stepUrl = (id: number) => consolePath(ENTCODE_CONSOLE_PATHS.step, { id });

let owner: Caller;
let staff: Caller;
let ownerEnterprise: Enterprise;
let ownerCode: string;

beforeAll(async () => {
  // Every test's look-ups come from its own addresses; the limit itself is tested with its own setting.
  app = await createTestApp({ PUBLIC_URL, ENTCODE_RATE_LIMIT: '10000' });
  owner = await signIn(await createAccount(app, { name: '赋码企业' }));
  staff = await signIn(await createAccount(app, { roleId: ROLES.staff.id, name: '王走访' }));
  // One qualification valid, one lapsed (专精特新, as the demo's): the card must not show it as valid.
  ownerEnterprise = await saveProfile(owner, profile({ name: '云溪赋码科技有限公司', qualifications: [{ code: 'hightech', validUntil: `${thisYear + 1}-12-31` }, { code: 'srdi', validUntil: '2025-06-30' }] }));
  ownerCode = (await codesOf(ownerEnterprise.creditCode))[0]!.code;
});
afterAll(() => app.close());

// ---- the code ------------------------------------------------------------------------------------

describe('the code and its check character', () => {
  it('is 10 symbols of the alphabet without 0/O/1/I/Z, valid by its check character, shown as ABCDE-FGHJK', () => {
    expect(ENTCODE_ALPHABET).toHaveLength(31);
    expect(ENTCODE_ALPHABET).not.toMatch(/[01OIZ]/);
    const code = newCode();
    expect(code).toMatch(new RegExp(`^[${ENTCODE_ALPHABET}]{10}$`));
    expect(isValidCode(code)).toBe(true);
    expect(formatCode(code)).toBe(`${code.slice(0, 5)}-${code.slice(5)}`);
    // Typed in any case, with spaces or dashes.
    expect(isValidCode(formatCode(code).toLowerCase())).toBe(true);
    expect(isValidCode(` ${code.slice(0, 3)} ${code.slice(3)} `)).toBe(true);
    expect(isValidCode(code.slice(0, 9))).toBe(false);
    expect(isValidCode(`${code}2`)).toBe(false);
    expect(isValidCode(code.replace(/./, '0'))).toBe(false);
  });

  it('catches every single wrong character and every swap of two different neighbours (300 random codes)', () => {
    let singles = 0;
    let swaps = 0;
    for (let n = 0; n < 300; n++) {
      const code = newCode();
      for (let i = 0; i < code.length; i++) {
        for (const other of ENTCODE_ALPHABET) {
          if (other === code[i]) continue;
          const typo = code.slice(0, i) + other + code.slice(i + 1);
          expect(isValidCode(typo), `${code} → ${typo}`).toBe(false);
          singles++;
        }
        if (i + 1 < code.length && code[i] !== code[i + 1]) {
          const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
          expect(isValidCode(swapped), `${code} → ${swapped}`).toBe(false);
          swaps++;
        }
      }
    }
    expect(singles).toBe(300 * 10 * 30);
    expect(swaps).toBeGreaterThan(300 * 8);
  });

  it('codes are random: a thousand new ones are all different and use every symbol in every position', () => {
    const codes = Array.from({ length: 1000 }, newCode);
    expect(new Set(codes).size).toBe(1000);
    for (let i = 0; i < 9; i++) expect(new Set(codes.map((c) => c[i])).size).toBe(31);
    expect(checkChar(codes[0]!.slice(0, 9))).toBe(codes[0]![9]);
  });
});

// ---- one code per enterprise ---------------------------------------------------------------------

describe('one code per enterprise, for life', () => {
  it('a confirmed profile gets its code; saving it again keeps it; the owner sees it with its QR address', async () => {
    const c = await signIn(await createAccount(app, { name: '保存企业' }));
    const saved = await saveProfile(c, profile({ name: '云溪一码通有限公司' }));
    const [code] = await codesOf(saved.creditCode);
    expect(code).toMatchObject({ enterpriseId: saved.id, status: 'active' });
    await saveProfile(c, { ...profile({ creditCode: saved.creditCode, name: '云溪一码通有限公司' }), id: saved.id, patents: 8 });
    expect(await codesOf(saved.creditCode)).toHaveLength(1);
    const listed = (await mine(c)).find((m) => m.enterpriseId === saved.id);
    expect(listed).toMatchObject({ code: code!.code, display: formatCode(code!.code), status: 'active', statusLabel: '正常', url: `${PUBLIC_URL}/enterCode/enterCode?code=${code!.code}` });
    expect(listed!.url).toBe(entcodeUrl(PUBLIC_URL, code!.code));
  });

  it('an enterprise without one (made before 企业赋码) gets it when its owner opens the page, and keeps it', async () => {
    const c = await signIn(await createAccount(app, { name: '老企业有限公司' }));
    const first = await mine(c);
    expect(first).toHaveLength(1);
    expect(isValidCode(first[0]!.code)).toBe(true);
    expect((await mine(c))[0]!.code).toBe(first[0]!.code);
  });

  it('20 concurrent saves and look-ups on two server nodes leave exactly one code', async () => {
    const second = await createTestApp({ PUBLIC_URL }, { databaseUrl: databaseUrlOf(app) });
    try {
      const account = await createAccount(app, { name: '并发赋码企业' });
      const [one, two] = [await signIn(account), await signIn(account, second)];
      const [e] = await app.db.select().from(enterprises).where(eq(enterprises.accountId, account.id));
      const body = { ...profile({ creditCode: e!.creditCode, name: '并发赋码企业' }), id: e!.id };
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const [c, a] = i % 2 ? [two, second] : [one, app];
          return i % 4 < 2 ? call('POST', CALCULATOR_PATHS.saveEnterprise, c.headers, body, a) : call('GET', ENTCODE_PATHS.mine, c.headers, undefined, a);
        }),
      );
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      const codes = await codesOf(e!.creditCode);
      expect(codes).toHaveLength(1);
      const seen = new Set(results.filter((r) => Array.isArray(r.body.data)).map((r) => (r.body.data as MyEntcode[])[0]!.code));
      expect([...seen]).toEqual([codes[0]!.code]);
    } finally {
      await second.close();
    }
  });

  it('20 concurrent assignments in their own transactions make one code (the partial unique index decides)', async () => {
    const account = await createAccount(app, { name: '并发分配企业' });
    const [e] = await app.db.select({ id: enterprises.id, creditCode: enterprises.creditCode }).from(enterprises).where(eq(enterprises.accountId, account.id));
    const ids = await Promise.all(Array.from({ length: 20 }, () => app.db.transaction((tx) => assignCode(tx, e!))));
    const codes = await codesOf(e!.creditCode);
    expect(codes).toHaveLength(1);
    expect(new Set(ids)).toEqual(new Set([codes[0]!.id]));
  });

  it('a deleted and re-added enterprise (same credit code) gets its old code back', async () => {
    const c = await signIn(await createAccount(app, { name: '注销重建企业' }));
    const saved = await saveProfile(c, profile({ name: '云溪重来有限公司' }));
    const [code] = await codesOf(saved.creditCode);
    expect((await call('GET', withId(CALCULATOR_PATHS.deleteEnterprise, saved.id), c.headers)).status).toBe(200);
    // While it is deleted the code says its enterprise is gone.
    const gone = await call('GET', cardUrl(code!.code), {}, undefined, app, '10.9.1.1');
    expect(gone.body).toEqual({ code: 410, msg: ENTCODE_MSG.enterpriseGone(BUREAU_PHONE), data: null });
    const again = await saveProfile(c, profile({ creditCode: saved.creditCode, name: '云溪重来有限公司' }));
    expect(again.id).not.toBe(saved.id);
    expect(await codesOf(saved.creditCode)).toEqual([expect.objectContaining({ id: code!.id, code: code!.code, enterpriseId: again.id, status: 'active' })]);
    expect((await mine(c)).find((m) => m.enterpriseId === again.id)?.code).toBe(code!.code);
  });

  it('the daily job gives every enterprise without a code one, also run twice at once beside the owners opening their page; a second run nothing', async () => {
    const accounts = await Promise.all(Array.from({ length: 12 }, (_, i) => createAccount(app, { name: `存量企业${i}` })));
    const owners = await Promise.all(accounts.slice(0, 4).map((a) => signIn(a)));
    const [a, b] = await Promise.all([assignMissingCodes(app.db), assignMissingCodes(app.db), ...owners.map((o) => mine(o))]);
    expect(a + b).toBeLessThanOrEqual(12);
    for (const account of accounts) {
      const [e] = await app.db.select().from(enterprises).where(eq(enterprises.accountId, account.id));
      expect(await codesOf(e!.creditCode)).toHaveLength(1);
    }
    expect(await assignMissingCodes(app.db)).toBe(0);
  });
});

// ---- the card ------------------------------------------------------------------------------------

describe('the card a scanned code opens', () => {
  const VISITOR_KEYS = ['viewer', 'code', 'status', 'statusLabel', 'name', 'creditCode', 'industry', 'industryLabel', 'regionLabel', 'qualifications', 'guides'];

  it("a visitor sees exactly the public card's fields — never the figures, contacts or appeals — and the guides open to its industry and scale", async () => {
    const policyId = await insertPolicy(app, { status: 'published' });
    const guideId = await insertDraftGuide(app, policyId, '制造业技术改造补助', { status: 'published', publishedAt: new Date() });
    await insertDraftGuide(app, policyId, '软件业专项（不对本企业所属行业开放）', { status: 'published', publishedAt: new Date(), industries: ['I'] });
    await insertDraftGuide(app, policyId, '大型企业专项（不对本企业规模开放）', {
      status: 'published',
      publishedAt: new Date(),
      eligibility: { groups: [[{ field: 'scale', op: 'in', value: ['large', 'medium'] }]] },
    });
    const smallToo = await insertDraftGuide(app, policyId, '中小企业或高企专项', {
      status: 'published',
      publishedAt: new Date(),
      eligibility: { groups: [[{ field: 'scale', op: 'in', value: ['large'] }], [{ field: 'qualification', op: 'has', value: 'hightech' }]] },
    });
    const filed = await call('POST', APPEAL_PATHS.save, owner.headers, {
      enterpriseId: ownerEnterprise.id,
      category: 'policy',
      title: '厂房用电增容诉求',
      content: '需要增容',
      contact: '刘秘密',
      phone: '13700001111',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);

    const res = await call<EntcodeCard>('GET', cardUrl(formatCode(ownerCode).toLowerCase()), {}, undefined, app, '10.9.2.1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const card = res.body.data;
    expect(Object.keys(card).sort()).toEqual([...VISITOR_KEYS].sort());
    expect(card).toMatchObject({ viewer: 'visitor', code: ownerCode, status: 'active', name: '云溪赋码科技有限公司', creditCode: ownerEnterprise.creditCode, industry: 'C', industryLabel: '制造业' });
    expect(card.qualifications).toEqual([
      { code: 'hightech', label: expect.any(String), validUntil: `${thisYear + 1}-12-31`, expired: false },
      { code: 'srdi', label: expect.any(String), validUntil: '2025-06-30', expired: true },
    ]);
    expect(card.qualifications[0]!.label).not.toBe('hightech');
    for (const q of card.qualifications) expect(Object.keys(q).sort()).toEqual(['code', 'expired', 'label', 'validUntil']);
    expect(card.guides.map((g) => g.id)).toContain(guideId);
    expect(card.guides.map((g) => g.id)).toContain(smallToo);
    expect(card.guides.map((g) => g.title)).not.toContain('软件业专项（不对本企业所属行业开放）');
    expect(card.guides.map((g) => g.title)).not.toContain('大型企业专项（不对本企业规模开放）');
    for (const g of card.guides) expect(Object.keys(g).sort()).toEqual(['amountText', 'id', 'supportTypeLabel', 'title', 'windowEnd']);
    const raw = JSON.stringify(res.body);
    for (const secret of ['13912345678', '98765', '4321', '张伟', '厂房用电增容诉求', '刘秘密', '13700001111']) expect(raw).not.toContain(secret);
  });

  it('the owner sees its enterprise id (results, 提交诉求 prefilled); another enterprise account sees the visitor card', async () => {
    const own = await call<EntcodeCard>('GET', cardUrl(ownerCode), owner.headers, undefined, app, '10.9.3.1');
    expect(own.body.data).toMatchObject({ viewer: 'owner', enterpriseId: ownerEnterprise.id, code: ownerCode });
    expect(Object.keys(own.body.data).sort()).toEqual([...VISITOR_KEYS, 'enterpriseId'].sort());
    const other = await signIn(await createAccount(app, { name: '隔壁企业' }));
    const theirs = await call<EntcodeCard>('GET', cardUrl(ownerCode), other.headers, undefined, app, '10.9.3.2');
    expect(Object.keys(theirs.body.data).sort()).toEqual([...VISITOR_KEYS].sort());
    // A token that no longer works leaves the caller a visitor (the page stays public).
    const stale = await call<EntcodeCard>('GET', cardUrl(ownerCode), { authorization: 'Bearer not-a-token' }, undefined, app, '10.9.3.3');
    expect(stale.status).toBe(200);
    expect(stale.body.data.viewer).toBe('visitor');
  });

  it('staff see the record: contacts, open appeals, its visits and the guides the latest saved 测算 found 符合', async () => {
    const none = await call<StaffCard>('GET', cardUrl(ownerCode), staff.headers, undefined, app, '10.9.4.1');
    expect(none.body.data.lastEvaluation).toBeNull();
    expect(none.body.data).toMatchObject({ visitCount: 0, visits: [] });
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const planned = await call<{ id: number; number: string }>('POST', VISIT_CONSOLE_PATHS.plan, staff.headers, {
      enterpriseId: ownerEnterprise.id,
      subject: '走访了解技改项目进展',
      type: 'project',
      method: 'onsite',
      place: '云溪经济开发区创业路 8 号',
      staff: [{ accountId: staff.account.id, lead: true }],
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
      force: true,
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    const saved = await call<{ id: number; eligible: number }>('POST', CALCULATOR_PATHS.saveEvaluation, owner.headers, { enterpriseId: ownerEnterprise.id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await call<StaffCard>('GET', cardUrl(ownerCode), staff.headers, undefined, app, '10.9.4.1');
    expect(res.body.data.lastEvaluation).toMatchObject({ id: saved.body.data.id, eligible: saved.body.data.eligible });
    expect(res.body.data.lastEvaluation!.eligible).toBeGreaterThan(0);
    expect(res.body.data.lastEvaluation!.guides.map((g) => g.title)).toContain('制造业技术改造补助');
    expect(res.body.data.lastEvaluation!.guides.map((g) => g.title)).not.toContain('大型企业专项（不对本企业规模开放）');
    expect(res.body.data).toMatchObject({ viewer: 'staff', enterpriseId: ownerEnterprise.id, contactPhone: '13912345678', legalPerson: '张伟' });
    expect(res.body.data.openAppealCount).toBeGreaterThanOrEqual(1);
    expect(res.body.data.openAppeals.map((a) => a.title)).toContain('厂房用电增容诉求');
    expect(res.body.data).toMatchObject({ visitCount: 1, visits: [{ id: planned.body.data.id, number: planned.body.data.number, subject: '走访了解技改项目进展', status: 'pending', statusLabel: '待确认' }] });
  });

  it('a typo is caught by the check character (400), a well-formed unknown code is 404', async () => {
    const typo = (ownerCode[0] === '2' ? '3' : '2') + ownerCode.slice(1);
    expect((await call('GET', cardUrl(typo), {}, undefined, app, '10.9.5.1')).body).toEqual({ code: 400, msg: ENTCODE_MSG.invalid, data: null });
    expect((await call('GET', cardUrl('hello'), {}, undefined, app, '10.9.5.1')).body).toEqual({ code: 400, msg: ENTCODE_MSG.invalid, data: null });
    expect((await call('GET', ENTCODE_PATHS.card, {}, undefined, app, '10.9.5.1')).status).toBe(400);
    let unknown = newCode();
    while ((await app.db.$count(enterpriseCodes, eq(enterpriseCodes.code, unknown))) > 0) unknown = newCode();
    expect((await call('GET', cardUrl(unknown), {}, undefined, app, '10.9.5.1')).body).toEqual({ code: 404, msg: ENTCODE_MSG.notFound, data: null });
  });

  it('counts every scan by viewer, keeping no address', async () => {
    const c = await signIn(await createAccount(app, { name: '计数企业' }));
    const [m] = await mine(c);
    for (const [headers, ip] of [
      [{}, '10.9.6.1'],
      [{}, '10.9.6.2'],
      [c.headers, '10.9.6.3'],
      [staff.headers, '10.9.6.4'],
    ] as const) {
      expect((await call('GET', cardUrl(m!.code), headers, undefined, app, ip)).status).toBe(200);
    }
    const scans = await app.db.select().from(enterpriseCodeScans).where(eq(enterpriseCodeScans.codeId, m!.codeId));
    expect(scans.map((s) => s.viewer).sort()).toEqual(['owner', 'staff', 'visitor', 'visitor']);
    expect(Object.keys(getTableColumns(enterpriseCodeScans)).sort()).toEqual(['at', 'codeId', 'id', 'viewer']);
    expect(JSON.stringify(scans)).not.toContain('10.9.6.');
    const detail = await call<EntcodeDetail>('GET', consolePath(ENTCODE_CONSOLE_PATHS.detail, { id: m!.codeId }), staff.headers);
    expect(detail.body.data).toMatchObject({ scans7: 4, scans30: 4, scansByViewer: { visitor: 2, owner: 1, staff: 1 } });
    expect(detail.body.data.lastScanAt).not.toBeNull();
    const perDay = await call<EntcodeScans>('GET', `${ENTCODE_CONSOLE_PATHS.scans}?days=30`, staff.headers);
    expect(perDay.body.data).toHaveLength(30);
    expect(perDay.body.data.at(-1)!.total).toBeGreaterThanOrEqual(4);
  });

  it('enumeration is refused past the limit, counted across two server nodes', async () => {
    const first = await createTestApp({ ENTCODE_RATE_LIMIT: '5' });
    const second = await createTestApp({ ENTCODE_RATE_LIMIT: '5' }, { databaseUrl: databaseUrlOf(first) });
    try {
      await earlyInAMinute();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await call('GET', cardUrl(newCode()), {}, undefined, i % 2 ? second : first, '10.66.0.1')).status);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
      const refused = await call('GET', cardUrl(newCode()), {}, undefined, second, '10.66.0.1');
      expect(refused.body).toEqual({ code: 429, msg: OWN_MSG.tooManyRequests, data: null });
      // Another address has its own budget.
      expect((await call('GET', cardUrl(newCode()), {}, undefined, first, '10.66.0.2')).status).toBe(404);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

// ---- the flow ------------------------------------------------------------------------------------

describe('freeze, unfreeze, revoke, reissue', () => {
  it('staff freeze with a reason: the card says so with the bureau phone, staff still see the record, the owner is told', async () => {
    const c = await signIn(await createAccount(app, { name: '冻结企业' }));
    const [m] = await mine(c);
    expect((await call('POST', stepUrl(m!.codeId), staff.headers, { step: 'freeze', note: ' ' })).body).toMatchObject({ code: 400, msg: '冻结须填写说明' });
    expect((await call('POST', stepUrl(m!.codeId), c.headers, { step: 'freeze', note: '企业自己冻结' })).body).toEqual({ code: 403, msg: MSG.forbidden, data: null });
    expect((await call('POST', stepUrl(m!.codeId), staff.headers, { step: 'unfreeze', note: '解冻' })).body).toMatchObject({ code: 409, msg: '当前状态为「正常」，不能解冻' });

    const frozen = await call<EntcodeStepResult>('POST', stepUrl(m!.codeId), staff.headers, { step: 'freeze', note: '企业信息核查中' });
    expect(frozen.body).toMatchObject({ code: 200, msg: '企业码已冻结', data: { detail: { status: 'frozen', statusLabel: '已冻结', reason: '企业信息核查中', steps: ['unfreeze', 'revoke', 'reissue'] }, newCodeId: null } });
    expect(frozen.body.data.detail.timeline).toEqual([
      expect.objectContaining({ step: 'issue', from: 'active', to: 'active', role: 'system', actor: null }),
      expect.objectContaining({ step: 'freeze', from: 'active', to: 'frozen', note: '企业信息核查中' }),
    ]);
    for (const headers of [{}, c.headers]) {
      expect((await call('GET', cardUrl(m!.code), headers, undefined, app, '10.9.7.1')).body).toEqual({ code: 410, msg: ENTCODE_MSG.frozen(BUREAU_PHONE), data: null });
    }
    expect((await call<EntcodeCard>('GET', cardUrl(m!.code), staff.headers, undefined, app, '10.9.7.1')).body.data).toMatchObject({ viewer: 'staff', status: 'frozen' });
    const told = await app.db.select().from(messages).where(and(eq(messages.accountId, c.account.id), eq(messages.kind, 'entcode.frozen')));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('企业信息核查中');
    const audited = await app.db.select().from(auditLog).where(eq(auditLog.action, 'entcode.step'));
    expect(audited.some((a) => (a.detail as { id?: number }).id === m!.codeId)).toBe(true);

    expect((await call<EntcodeStepResult>('POST', stepUrl(m!.codeId), staff.headers, { step: 'unfreeze', note: '核查完毕' })).body.data.detail.status).toBe('active');
    expect((await call('GET', cardUrl(m!.code), {}, undefined, app, '10.9.7.2')).status).toBe(200);
  });

  it('revoke: the code says it was revoked, a revoked code is not brought back by saving the profile; reissue makes a new one, the old one says it was replaced', async () => {
    const c = await signIn(await createAccount(app, { name: '换码企业' }));
    const [m] = await mine(c);
    const revoked = await call<EntcodeStepResult>('POST', stepUrl(m!.codeId), staff.headers, { step: 'revoke', note: '企业申请注销' });
    expect(revoked.body.data.detail).toMatchObject({ status: 'revoked', steps: ['reissue'] });
    expect((await call('GET', cardUrl(m!.code), {}, undefined, app, '10.9.8.1')).body).toEqual({ code: 410, msg: ENTCODE_MSG.revoked(BUREAU_PHONE), data: null });
    expect((await call('POST', stepUrl(m!.codeId), staff.headers, { step: 'freeze', note: '冻结' })).body).toMatchObject({ code: 409, msg: '当前状态为「已注销」，不能冻结' });
    expect((await mine(c))[0]).toMatchObject({ code: m!.code, status: 'revoked' });

    const reissued = await call<EntcodeStepResult>('POST', stepUrl(m!.codeId), staff.headers, { step: 'reissue', note: '企业恢复经营，换发新码' });
    expect(reissued.status, JSON.stringify(reissued.body)).toBe(200);
    const newId = reissued.body.data.newCodeId!;
    expect(reissued.body.data.detail).toMatchObject({ status: 'replaced', statusLabel: '已换发', steps: [], replacedBy: { id: newId } });
    const [fresh] = await app.db.select().from(enterpriseCodes).where(eq(enterpriseCodes.id, newId));
    expect(fresh).toMatchObject({ status: 'active', creditCode: m!.creditCode, enterpriseId: m!.enterpriseId });
    expect(fresh!.code).not.toBe(m!.code);
    expect((await call('GET', cardUrl(m!.code), {}, undefined, app, '10.9.8.2')).body).toEqual({ code: 410, msg: ENTCODE_MSG.replaced(BUREAU_PHONE), data: null });
    expect((await call<EntcodeCard>('GET', cardUrl(fresh!.code), {}, undefined, app, '10.9.8.2')).body.data.code).toBe(fresh!.code);
    expect((await mine(c))[0]).toMatchObject({ code: fresh!.code, codeId: newId, status: 'active' });
    const newDetail = await call<EntcodeDetail>('GET', consolePath(ENTCODE_CONSOLE_PATHS.detail, { id: newId }), staff.headers);
    expect(newDetail.body.data.replaces).toEqual({ id: m!.codeId, code: m!.code });
    // The enterprise's timeline of codes: the old code's steps, seen from the new one too, each code opening with its issue.
    expect(newDetail.body.data.timeline.map((t) => [t.step, t.role])).toEqual([
      ['issue', 'system'],
      ['revoke', 'staff'],
      ['reissue', 'staff'],
      ['issue', 'staff'],
    ]);
    const told = await app.db.select().from(messages).where(and(eq(messages.accountId, c.account.id), eq(messages.kind, 'entcode.reissued')));
    expect(told[0]!.body).toContain(formatCode(fresh!.code));
    expect((await app.db.select().from(auditLog).where(eq(auditLog.action, 'entcode.issue'))).some((a) => (a.detail as { id?: number }).id === newId)).toBe(true);
  });

  it('an active code can be reissued directly (one live code stays)', async () => {
    const c = await signIn(await createAccount(app, { name: '直接换码企业' }));
    const [m] = await mine(c);
    const res = await call<EntcodeStepResult>('POST', stepUrl(m!.codeId), staff.headers, { step: 'reissue', note: '标牌遗失' });
    expect(res.status).toBe(200);
    const live = (await codesOf(m!.creditCode)).filter((r) => r.status === 'active' || r.status === 'frozen');
    expect(live.map((r) => r.id)).toEqual([res.body.data.newCodeId]);
  });
});

// ---- the console and ownership -------------------------------------------------------------------

describe('the console, and codes that are not the caller’s', () => {
  it("lists codes with their enterprise, status and scans, filtered by keyword (the code as typed) and status; shows an enterprise's code", async () => {
    const page = await call<PageOf<EntcodeRow>>('POST', ENTCODE_CONSOLE_PATHS.page, staff.headers, { currentPage: 1, pageSize: 10, keyword: formatCode(ownerCode) });
    expect(page.body.data.list).toEqual([expect.objectContaining({ code: ownerCode, enterpriseName: '云溪赋码科技有限公司', status: 'active', statusLabel: '正常' })]);
    const byName = await call<PageOf<EntcodeRow>>('POST', ENTCODE_CONSOLE_PATHS.page, staff.headers, { currentPage: 1, pageSize: 10, keyword: '赋码科技' });
    expect(byName.body.data.list.map((r) => r.code)).toEqual([ownerCode]);
    const replaced = await call<PageOf<EntcodeRow>>('POST', ENTCODE_CONSOLE_PATHS.page, staff.headers, { currentPage: 1, pageSize: 50, status: 'replaced' });
    expect(replaced.body.data.list.length).toBeGreaterThan(0);
    expect(replaced.body.data.list.every((r) => r.status === 'replaced')).toBe(true);
    const ofEnterprise = await call<EntcodeDetail>('GET', consolePath(ENTCODE_CONSOLE_PATHS.ofEnterprise, { id: ownerEnterprise.id }), staff.headers);
    expect(ofEnterprise.body.data).toMatchObject({ code: ownerCode, url: entcodeUrl(PUBLIC_URL, ownerCode) });
  });

  it("an enterprise account cannot read or act on codes in the console, and its own list never holds another's code", async () => {
    const other = await signIn(await createAccount(app, { name: '他人企业' }));
    const [ownerMine] = await mine(owner);
    for (const [method, url, payload] of [
      ['POST', ENTCODE_CONSOLE_PATHS.page, { currentPage: 1, pageSize: 10 }],
      ['GET', consolePath(ENTCODE_CONSOLE_PATHS.detail, { id: ownerMine!.codeId }), undefined],
      ['GET', consolePath(ENTCODE_CONSOLE_PATHS.ofEnterprise, { id: ownerEnterprise.id }), undefined],
      ['POST', stepUrl(ownerMine!.codeId), { step: 'freeze', note: '恶意冻结' }],
      ['GET', ENTCODE_CONSOLE_PATHS.scans, undefined],
    ] as const) {
      expect((await call(method, url, other.headers, payload)).body, url).toEqual({ code: 403, msg: MSG.forbidden, data: null });
    }
    const [code] = await codesOf(ownerEnterprise.creditCode);
    expect(code!.status).toBe('active');
    const theirs = await mine(other);
    expect(theirs.map((m) => m.code)).not.toContain(ownerCode);
    expect(theirs.every((m) => m.enterpriseId !== ownerEnterprise.id)).toBe(true);
    // Staff have no enterprise of their own: the owner's call is for enterprise accounts.
    expect((await call('GET', ENTCODE_PATHS.mine, staff.headers)).status).toBe(403);
  });
});
