// 政策计算器's calls: profiles checked field by field and held by their account only, evaluations
// that say why, snapshots that say what changed, the staff's reverse list, and the server's answer
// equal to the browser's engine on random enterprises.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { ROLES } from '@hqt/contract/auth';
import {
  CALC_MSG,
  CALCULATOR_PATHS,
  type CheckGuideResponse,
  type Enterprise,
  type EnterpriseBody,
  type EnterpriseSummary,
  type EvaluateResponse,
  type EvaluationSnapshot,
  type EvaluationSummary,
  type RulebookResponse,
  withId,
} from '@hqt/contract/calculator';
import { CALCULATOR_CONSOLE_PATHS, type QualifiedEnterprise } from '@hqt/contract/calculator-console';
import { assess, evaluate, windowOf, type EnterpriseFacts, type RuleGuide } from '@hqt/contract/calculator-engine';
import { consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import { OWN_MSG } from '@hqt/contract/messages';
import type { AmountRule, EligibilityRules } from '@hqt/contract/policy';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import type { App } from '../../src/app';
import { enterprises, evaluations, guides, policies } from '../../src/db/schema/index';
import { DICTIONARIES } from '../../src/services/dict/public';
import { bearer, createAccount, createTestApp, loginAs, type TestAccount } from '../helpers/app';
import { expectOwnedCall, type Caller } from '../helpers/ownership';

let app: App;
let owner: Caller;
let staff: Record<string, string>;
const thisYear = Number(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 4));

type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T } };
async function call<T = unknown>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Answer<T>> {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

let codeSeq = 0;
const creditCode = () => {
  const base = `91510000${String(process.pid % 1000).padStart(3, '0')}${String(++codeSeq).padStart(6, '0')}`;
  return base + creditCodeCheckChar(base);
};

const profile = (over: Partial<EnterpriseBody> = {}): EnterpriseBody => ({
  name: '云溪精工机械有限公司',
  creditCode: creditCode(),
  legalPerson: '张伟',
  nature: 'private',
  foundedOn: '2019-03-01',
  registeredCapital: 1000,
  patents: 3,
  industry: 'C',
  scale: 'small',
  region: 'park',
  qualifications: [{ code: 'hightech', validUntil: `${thisYear + 1}-12-31` }],
  indicators: [
    { year: thisYear - 1, revenue: 5000, tax: 200, rdExpense: 140, staff: 100, socialInsurance: 90, investment: 300 },
    { year: thisYear, revenue: 3000, rdExpense: 80, staff: 110, socialInsurance: 100 },
  ],
  ...over,
});

async function signIn(account: TestAccount): Promise<Caller> {
  return { account, headers: bearer((await loginAs(app, account)).access_token) };
}

async function firstEnterpriseOf(c: Caller): Promise<number> {
  const res = await call<EnterpriseSummary[]>('GET', CALCULATOR_PATHS.allEnterprises, c.headers);
  return res.body.data[0]!.id;
}

let policyId: number;
async function addGuide(title: string, eligibility: EligibilityRules, amountRule: AmountRule, over: Partial<typeof guides.$inferInsert> = {}): Promise<number> {
  const day = 86_400_000;
  const [row] = await app.db
    .insert(guides)
    .values({
      policyId,
      title,
      supportType: 'subsidy',
      mode: 'normal',
      windowStart: new Date(Date.now() - 10 * day),
      windowEnd: new Date(Date.now() + 30 * day),
      deptName: '云溪县工业和信息化局',
      deptAddress: '人民路88号',
      deptPhone: '0839-7202345',
      eligibility,
      amountRule,
      ...over,
    })
    .returning({ id: guides.id });
  return row!.id;
}

/** The rules reach every node by NOTIFY: a moment after the commit, not in the same instant. */
async function evaluateUntil(headers: Record<string, string>, body: object, done: (r: EvaluateResponse) => boolean): Promise<EvaluateResponse> {
  let last: Answer<EvaluateResponse> | undefined;
  await expect
    .poll(async () => {
      last = await call<EvaluateResponse>('POST', CALCULATOR_PATHS.evaluate, headers, { currentPage: 1, pageSize: 500, ...body });
      return last.status === 200 && done(last.body.data);
    })
    .toBe(true);
  return last!.body.data;
}

const resultOf = (r: EvaluateResponse, guideId: number) => r.page.list.find((x) => x.guideId === guideId);
const hasGuide = (guideId: number) => (r: EvaluateResponse) => r.page.list.some((x) => x.guideId === guideId);

let rdGuide: number;
let autoGuide: number;
let industryGuide: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await signIn(await createAccount(app, { name: '云溪精工集团' }));
  staff = bearer((await loginAs(app, await createAccount(app, { roleId: ROLES.staff.id, name: '李科员' }))).access_token);
  const [p] = await app.db
    .insert(policies)
    .values({ title: '云溪县支持企业研发投入办法', docNo: '云工信发〔2026〕1号', department: 'gxj', level: 'county', publishDate: '2026-01-01', contentHtml: '<p>正文</p>' })
    .returning({ id: policies.id });
  policyId = p!.id;
  rdGuide = await addGuide(
    '研发投入补助',
    { groups: [[{ field: 'rdRatio', op: 'gte', value: 3, year: 'last' }, { field: 'scale', op: 'in', value: ['small', 'micro'] }]] },
    { kind: 'rate', base: 'rdExpense', rate: 0.1, cap: 15 },
  );
  autoGuide = await addGuide('高新技术企业奖励', { groups: [[{ field: 'qualification', op: 'has', value: 'hightech' }]] }, { kind: 'fixed', amount: 10 }, { mode: 'auto', supportType: 'award' });
  industryGuide = await addGuide('物流企业补助', { groups: [[{ field: 'industry', op: 'in', value: ['G'] }]] }, { kind: 'fixed', amount: 5 });
});
afterAll(() => app.close());

describe('enterprise profiles', () => {
  it('an account adds a second enterprise, sees both, reads and updates its own', async () => {
    const saved = await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, profile());
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: '云溪精工机械有限公司', industry: 'C', complete: true, registeredCapital: 1000 });
    const all = await call<EnterpriseSummary[]>('GET', CALCULATOR_PATHS.allEnterprises, owner.headers);
    expect(all.body.data.map((e) => e.name)).toEqual(['云溪精工集团', '云溪精工机械有限公司']);
    expect(all.body.data[0]!.complete).toBe(false); // made at registration: basic facts missing
    const page = await call<PageOf<EnterpriseSummary>>('POST', CALCULATOR_PATHS.enterprisePage, owner.headers, { currentPage: 1, pageSize: 9999999, keyword: '机械' });
    expect(page.body.data).toMatchObject({ total: 1, pageSize: 500 });
    const id = saved.body.data.id;
    const updated = await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, { ...profile({ creditCode: saved.body.data.creditCode }), id, patents: 9 });
    expect(updated.body.data).toMatchObject({ id, patents: 9 });
    expect((await call<Enterprise>('GET', withId(CALCULATOR_PATHS.enterpriseInfo, id), owner.headers)).body.data.patents).toBe(9);
  });

  it('an empty figure stays empty (缺少数据) and a zero stays zero', async () => {
    const body = profile({ patents: 0, registeredCapital: null, indicators: [{ year: thisYear - 1, revenue: null, rdExpense: 0 }] });
    const saved = (await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, body)).body.data;
    expect(saved).toMatchObject({ patents: 0, registeredCapital: null, indicators: [{ year: thisYear - 1, revenue: null, rdExpense: 0 }] });
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const countRows = async () => (await app.db.select({ n: count() }).from(enterprises))[0]!.n;
    const before = await countRows();
    const good = profile();
    const wrongCheck = good.creditCode.slice(0, 17) + (good.creditCode[17] === '0' ? '1' : '0');
    const cases: [Partial<EnterpriseBody> | Record<string, unknown>, string | RegExp][] = [
      [{ creditCode: wrongCheck }, OWN_MSG.creditCodeInvalid],
      [{ creditCode: '123' }, OWN_MSG.creditCodeInvalid],
      [{ indicators: [{ year: thisYear - 1, revenue: -5 }] }, /营业收入应在 0 到/],
      [{ indicators: [{ year: thisYear - 1, revenue: 1e12 }] }, /营业收入应在 0 到 100000000 万元之间/],
      [{ indicators: [{ year: thisYear - 1, staff: 10.5 }] }, /企业员工人数/],
      [{ indicators: [{ year: thisYear - 6, revenue: 5 }] }, CALC_MSG.yearOutOfRange],
      [{ indicators: [{ year: thisYear - 1, revenue: 5 }, { year: thisYear - 1, tax: 1 }] }, CALC_MSG.yearRepeated],
      [{ indicators: [{ year: thisYear - 1, staff: 10, socialInsurance: 11 }] }, `${thisYear - 1}年度：${CALC_MSG.socialInsuranceOverStaff}`],
      [{ industry: 'ZZ' }, '未知的国民经济行业门类：ZZ'],
      [{ qualifications: [{ code: 'hightech' }, { code: 'hightech' }] }, CALC_MSG.qualificationRepeated],
      [{ qualifications: [{ code: 'nobel' }] }, '未知的企业资质：nobel'],
      [{ foundedOn: `${thisYear + 1}-01-01` }, CALC_MSG.foundedInFuture],
      [{ foundedOn: '2023-02-30' }, '成立日期不是有效日期'],
      [{ legalPerson: '' }, '请填写法定代表人（30 字以内）'],
      [{ registeredCapital: Number.MAX_SAFE_INTEGER }, /注册资本应在 0 到/],
    ];
    for (const [over, msg] of cases) {
      const res = await call('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, { ...good, ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
      else expect(res.body.msg).toMatch(msg);
    }
    expect(await countRows()).toBe(before);
  });

  it('one live enterprise per credit code: another account is told to contact the bureau', async () => {
    const code = creditCode();
    expect((await call('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, profile({ creditCode: code }))).status).toBe(200);
    const again = await call('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, profile({ creditCode: code, name: '另一家公司' }));
    expect(again.body).toMatchObject({ code: 409, msg: CALC_MSG.creditCodeYours });
    const other = await signIn(await createAccount(app, { name: '他人企业' }));
    const claimed = await call('POST', CALCULATOR_PATHS.saveEnterprise, other.headers, profile({ creditCode: code }));
    expect(claimed.body).toMatchObject({ code: 409, msg: CALC_MSG.creditCodeClaimed });
    expect(claimed.body.msg).toContain('联系工信局');
  });

  it('deleting keeps the evaluations; deleting twice is "not found"; the code is free again', async () => {
    const code = creditCode();
    const saved = await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, profile({ creditCode: code, name: '待注销分公司' }));
    const id = saved.body.data.id;
    expect((await call('POST', CALCULATOR_PATHS.saveEvaluation, owner.headers, { enterpriseId: id })).status).toBe(200);
    const del = await call('GET', withId(CALCULATOR_PATHS.deleteEnterprise, id), owner.headers);
    expect(del.body).toMatchObject({ code: 200, msg: '已删除' });
    expect((await call('GET', withId(CALCULATOR_PATHS.deleteEnterprise, id), owner.headers)).body).toMatchObject({ code: 404, msg: CALC_MSG.enterpriseNotFound });
    expect((await call<EnterpriseSummary[]>('GET', CALCULATOR_PATHS.allEnterprises, owner.headers)).body.data.map((e) => e.id)).not.toContain(id);
    expect((await call('POST', CALCULATOR_PATHS.evaluate, owner.headers, { enterpriseId: id })).status).toBe(404);
    const history = await call<PageOf<EvaluationSummary>>('POST', CALCULATOR_PATHS.evaluationPage, owner.headers, { currentPage: 1, pageSize: 20, enterpriseId: id });
    expect(history.body.data.list).toHaveLength(1);
    expect(history.body.data.list[0]!.enterpriseName).toBe('待注销分公司');
    const other = await signIn(await createAccount(app, { name: '承接企业' }));
    expect((await call('POST', CALCULATOR_PATHS.saveEnterprise, other.headers, profile({ creditCode: code }))).status).toBe(200);
  });
});

describe('another account\'s enterprise or evaluation: "not found", nothing changes', () => {
  const snapshot = async (c: Caller) => ({
    enterprises: await app.db.select().from(enterprises).where(eq(enterprises.accountId, c.account.id)),
    evaluations: (await app.db.select({ n: count() }).from(evaluations).where(eq(evaluations.accountId, c.account.id)))[0]!.n,
  });
  const notFound = { code: 404, msg: CALC_MSG.enterpriseNotFound };

  it('update', () =>
    expectOwnedCall(app, {
      call: async (c, o) => app.inject({ method: 'POST', url: CALCULATOR_PATHS.saveEnterprise, headers: c.headers, payload: { ...profile(), id: await firstEnterpriseOf(o) } }),
      snapshot,
      refused: notFound,
    }));
  it('read', () =>
    expectOwnedCall(app, { call: async (c, o) => app.inject({ method: 'GET', url: withId(CALCULATOR_PATHS.enterpriseInfo, await firstEnterpriseOf(o)), headers: c.headers }), snapshot, refused: notFound }));
  it('delete', () =>
    expectOwnedCall(app, { call: async (c, o) => app.inject({ method: 'GET', url: withId(CALCULATOR_PATHS.deleteEnterprise, await firstEnterpriseOf(o)), headers: c.headers }), snapshot, refused: notFound }));
  it('evaluate', () =>
    expectOwnedCall(app, {
      call: async (c, o) => app.inject({ method: 'POST', url: CALCULATOR_PATHS.evaluate, headers: c.headers, payload: { enterpriseId: await firstEnterpriseOf(o) } }),
      snapshot,
      refused: notFound,
    }));
  it('save an evaluation', () =>
    expectOwnedCall(app, {
      call: async (c, o) => app.inject({ method: 'POST', url: CALCULATOR_PATHS.saveEvaluation, headers: c.headers, payload: { enterpriseId: await firstEnterpriseOf(o) } }),
      snapshot,
      refused: notFound,
    }));
  it('check a guide against one enterprise', () =>
    expectOwnedCall(app, {
      call: async (c, o) => app.inject({ method: 'POST', url: CALCULATOR_PATHS.checkGuide, headers: c.headers, payload: { guideId: rdGuide, enterpriseId: await firstEnterpriseOf(o) } }),
      snapshot,
      refused: notFound,
    }));
  it('read a snapshot, and list them', async () => {
    const saved = await call<EvaluationSummary>('POST', CALCULATOR_PATHS.saveEvaluation, owner.headers, { enterpriseId: await firstEnterpriseOf(owner) });
    const intruder = await signIn(await createAccount(app, { name: '窥探企业' }));
    expect((await call('GET', withId(CALCULATOR_PATHS.evaluationInfo, saved.body.data.id), intruder.headers)).body).toMatchObject({ code: 404, msg: CALC_MSG.evaluationNotFound });
    const theirs = await call<PageOf<EvaluationSummary>>('POST', CALCULATOR_PATHS.evaluationPage, intruder.headers, { currentPage: 1, pageSize: 50, enterpriseId: saved.body.data.enterpriseId });
    expect(theirs.body.data.list).toEqual([]);
  });
});

describe('evaluating', () => {
  it('says per guide why, with the year used, the amount, 差一项 and 免申即享, and totals by support type', async () => {
    const id = (await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, profile())).body.data.id;
    const r = await evaluateUntil(owner.headers, { enterpriseId: id }, hasGuide(industryGuide));
    const rd = resultOf(r, rdGuide)!;
    expect(rd.verdict).toBe('ineligible');
    expect(rd.groups[0]![0]).toEqual({ field: 'rdRatio', status: 'unmet', text: '上年度研发费用占营业收入比例 需 ≥ 3%，当前 2.8%', year: thisYear - 1 });
    expect(rd.nearMiss?.text).toBe('上年度研发费用占营业收入比例 需 ≥ 3%，当前 2.8%');
    expect(rd.amount).toBe(14);
    const auto = resultOf(r, autoGuide)!;
    expect(auto).toMatchObject({ verdict: 'eligible', noApplication: true, amount: 10 });
    expect(auto.groups[0]![0]!.text).toBe('需具有资质 高新技术企业，已具有 高新技术企业');
    // Another industry is not "one condition short": the enterprise cannot change it.
    expect(resultOf(r, industryGuide)).toMatchObject({ verdict: 'ineligible', nearMiss: null });
    expect(r.totals).toMatchObject({ eligible: 1, amount: 10, nearMiss: 1, noApplication: 1, bySupportType: [{ supportType: 'award', guides: 1, amount: 10 }] });

    // What-if: the same call with changed facts, nothing saved to the profile.
    const facts = { ...r.facts, indicators: r.facts.indicators.map((y) => (y.year === thisYear - 1 ? { ...y, rdExpense: 160 } : y)) };
    const whatIf = (await call<EvaluateResponse>('POST', CALCULATOR_PATHS.evaluate, owner.headers, { enterpriseId: id, facts, currentPage: 1, pageSize: 50 })).body.data;
    expect(resultOf(whatIf, rdGuide)).toMatchObject({ verdict: 'eligible', amount: 15, amountText: '上年度研发费用 160 万元 × 10% = 16 万元，按上限 15 万元' });
    expect(whatIf.totals.amount).toBe(25);
    // Most valuable first: what can be claimed, by amount.
    expect(whatIf.page.list.slice(0, 2).map((x) => [x.title, x.amount])).toEqual([['研发投入补助', 15], ['高新技术企业奖励', 10]]);
    expect((await call<Enterprise>('GET', withId(CALCULATOR_PATHS.enterpriseInfo, id), owner.headers)).body.data.indicators.find((y) => y.year === thisYear - 1)!.rdExpense).toBe(140);
    const bad = await call('POST', CALCULATOR_PATHS.evaluate, owner.headers, { enterpriseId: id, facts: { ...facts, indicators: [{ year: thisYear, revenue: -1 }] } });
    expect(bad.status).toBe(400);
  });

  it('the rulebook is one answer for every enterprise: gzipped when asked, 304 when the browser holds it', async () => {
    const plain = await app.inject({ method: 'GET', url: CALCULATOR_PATHS.rulebook, headers: owner.headers });
    expect(plain.statusCode).toBe(200);
    expect((plain.json() as { data: RulebookResponse }).data.guides.map((g) => g.title)).toContain('研发投入补助');
    const zipped = await app.inject({ method: 'GET', url: CALCULATOR_PATHS.rulebook, headers: { ...owner.headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const held = await app.inject({ method: 'GET', url: CALCULATOR_PATHS.rulebook, headers: { ...owner.headers, 'if-none-match': String(plain.headers.etag) } });
    expect(held.statusCode).toBe(304);
    expect((await app.inject({ method: 'GET', url: CALCULATOR_PATHS.rulebook, headers: staff })).statusCode).toBe(403);
  });

  it('an expired qualification no longer counts, and a missing figure says which year', async () => {
    const id = (
      await call<Enterprise>(
        'POST',
        CALCULATOR_PATHS.saveEnterprise,
        owner.headers,
        profile({ qualifications: [{ code: 'hightech', validUntil: `${thisYear - 1}-06-30` }], indicators: [] }),
      )
    ).body.data.id;
    const r = await evaluateUntil(owner.headers, { enterpriseId: id }, hasGuide(industryGuide));
    expect(resultOf(r, autoGuide)!.groups[0]![0]!.text).toBe(`需具有资质 高新技术企业，当前 高新技术企业（已于 ${thisYear - 1}-06-30 到期）`);
    expect(resultOf(r, rdGuide)).toMatchObject({ verdict: 'missing', amount: null, amountText: '缺少上年度研发费用，无法估算' });
    expect(resultOf(r, rdGuide)!.groups[0]![0]!.text).toBe(`上年度研发费用占营业收入比例 需 ≥ 3%，缺少${thisYear - 1}年度数据`);
  });

  it('upcoming guides only on request; a changed rule reaches the next evaluation', async () => {
    const id = await firstEnterpriseOf(owner);
    const day = 86_400_000;
    const later = await addGuide('明年开放的补助', { groups: [] }, { kind: 'fixed', amount: 3 }, { windowStart: new Date(Date.now() + 5 * day), windowEnd: new Date(Date.now() + 50 * day) });
    await evaluateUntil(owner.headers, { enterpriseId: id, includeUpcoming: true }, (x) => resultOf(x, later)?.window === 'upcoming');
    expect(resultOf((await call<EvaluateResponse>('POST', CALCULATOR_PATHS.evaluate, owner.headers, { enterpriseId: id, currentPage: 1, pageSize: 500 })).body.data, later)).toBeUndefined();
    await app.db.update(guides).set({ amountRule: { kind: 'fixed', amount: 4 }, updatedAt: new Date() }).where(eq(guides.id, later));
    await evaluateUntil(owner.headers, { enterpriseId: id, includeUpcoming: true }, (x) => resultOf(x, later)?.amount === 4);
  });

  it('the assessment kept per node follows a facts change at once and a rule change after its notification', async () => {
    const body = profile({ name: '缓存验证公司', patents: 3 });
    const id = (await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, body)).body.data.id;
    const guide = await addGuide('发明专利奖励', { groups: [[{ field: 'patents', op: 'gte', value: 5 }]] }, { kind: 'fixed', amount: 6 });
    const before = await evaluateUntil(owner.headers, { enterpriseId: id }, hasGuide(guide));
    expect(resultOf(before, guide)).toMatchObject({ verdict: 'ineligible' });
    // A second look (another page, a filter) is the same answer.
    const eligibleOnly = { enterpriseId: id, verdict: 'eligible', currentPage: 1, pageSize: 500 };
    const again = (await call<EvaluateResponse>('POST', CALCULATOR_PATHS.evaluate, owner.headers, eligibleOnly)).body.data;
    expect(again.totals).toEqual(before.totals);
    expect(again.page.list.map((r) => r.guideId)).not.toContain(guide);

    // Facts: the very next evaluation counts the guide in the totals and the filter.
    expect((await call('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, { ...body, id, patents: 5 })).status).toBe(200);
    const more = (await call<EvaluateResponse>('POST', CALCULATOR_PATHS.evaluate, owner.headers, eligibleOnly)).body.data;
    expect(more.totals).toMatchObject({ eligible: before.totals.eligible + 1, amount: before.totals.amount + 6 });
    expect(more.page.list.map((r) => r.guideId)).toContain(guide);

    // Rules: once the change has reached this node, the totals use the new amount.
    await app.db.update(guides).set({ amountRule: { kind: 'fixed', amount: 8 }, updatedAt: new Date() }).where(eq(guides.id, guide));
    const changed = await evaluateUntil(owner.headers, { enterpriseId: id }, (r) => resultOf(r, guide)?.amount === 8);
    expect(changed.totals).toMatchObject({ eligible: before.totals.eligible + 1, amount: before.totals.amount + 8 });
  });

  it('a snapshot keeps inputs, results and rule versions, and says what changed since the last one', async () => {
    const body = profile();
    const id = (await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, body)).body.data.id;
    await evaluateUntil(owner.headers, { enterpriseId: id }, hasGuide(industryGuide));
    const first = (await call<EvaluationSummary>('POST', CALCULATOR_PATHS.saveEvaluation, owner.headers, { enterpriseId: id })).body;
    expect(first.msg).toBe('测算结果已保存');
    expect(first.data.changes).toEqual({ gained: [], lost: [], amounts: [], previousId: null });
    const raised = body.indicators.map((y) => (y.year === thisYear - 1 ? { ...y, rdExpense: 150 } : y));
    await call('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, { ...body, id, indicators: raised });
    const second = (await call<EvaluationSummary>('POST', CALCULATOR_PATHS.saveEvaluation, owner.headers, { enterpriseId: id })).body.data;
    expect(second.changes).toEqual({ gained: [{ guideId: rdGuide, title: '研发投入补助' }], lost: [], amounts: [], previousId: first.data.id });
    expect(second).toMatchObject({ eligible: 2, amount: 25, whatIf: false });
    const info = (await call<EvaluationSnapshot>('GET', withId(CALCULATOR_PATHS.evaluationInfo, second.id), owner.headers)).body.data;
    expect(info.facts.indicators.find((y) => y.year === thisYear - 1)!.rdExpense).toBe(150);
    expect(info.guides.find((g) => g.id === rdGuide)!.version).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const page = (await call<PageOf<EvaluationSummary>>('POST', CALCULATOR_PATHS.evaluationPage, owner.headers, { currentPage: 1, pageSize: 9999999, enterpriseId: id })).body.data;
    expect(page.list.map((e) => e.id)).toEqual([second.id, first.data.id]);
    // A what-if snapshot is marked as one.
    const whatIf = (await call<EvaluationSummary>('POST', CALCULATOR_PATHS.saveEvaluation, owner.headers, { enterpriseId: id, facts: { ...info.facts, qualifications: [] } })).body.data;
    expect(whatIf).toMatchObject({ whatIf: true, changes: { lost: [{ guideId: autoGuide, title: '高新技术企业奖励' }], previousId: second.id } });
    // A real save after it compares with the real one before (nothing changed), not with the what-if.
    const third = (await call<EvaluationSummary>('POST', CALCULATOR_PATHS.saveEvaluation, owner.headers, { enterpriseId: id })).body.data;
    expect(third).toMatchObject({ whatIf: false, changes: { gained: [], lost: [], amounts: [], previousId: second.id } });
  });
});

describe("one guide against the account's enterprises (the guide's drawer)", () => {
  it('answers per enterprise 符合 with the amount, 差一项 with the condition, 不符合 with why; staff and visitors get nothing', async () => {
    const group = await signIn(await createAccount(app, { name: '抽屉测算集团' }));
    const rd = (rdExpense: number) => [{ year: thisYear - 1, revenue: 1000, rdExpense }];
    for (const p of [
      profile({ name: '抽屉符合公司', indicators: rd(40) }),
      profile({ name: '抽屉差一项公司', indicators: rd(20) }),
      profile({ name: '抽屉不符合公司', scale: 'large', indicators: rd(20) }),
    ]) {
      expect((await call('POST', CALCULATOR_PATHS.saveEnterprise, group.headers, p)).status).toBe(200);
    }
    const res = await call<CheckGuideResponse>('POST', CALCULATOR_PATHS.checkGuide, group.headers, { guideId: rdGuide });
    expect(res.status).toBe(200);
    const by = new Map(res.body.data.list.map((c) => [c.enterpriseName, c]));
    expect([...by.keys()]).toEqual(['抽屉测算集团', '抽屉符合公司', '抽屉差一项公司', '抽屉不符合公司']);
    expect(by.get('抽屉符合公司')).toMatchObject({ verdict: 'eligible', amount: 4, amountText: '上年度研发费用 40 万元 × 10% = 4 万元', reasons: [], nearMiss: null, complete: true });
    expect(by.get('抽屉差一项公司')).toMatchObject({ verdict: 'ineligible', nearMiss: { field: 'rdRatio', text: '上年度研发费用占营业收入比例 需 ≥ 3%，当前 2%' } });
    const far = by.get('抽屉不符合公司')!;
    expect(far).toMatchObject({ verdict: 'ineligible', nearMiss: null });
    expect(far.reasons).toEqual(['上年度研发费用占营业收入比例 需 ≥ 3%，当前 2%', '企业规模 需为 小型、微型，当前 大型']);
    // The enterprise made at registration has no figures yet: 缺少数据, saying which.
    expect(by.get('抽屉测算集团')).toMatchObject({ verdict: 'missing', complete: false });
    expect(by.get('抽屉测算集团')!.reasons[0]).toContain('缺少');

    const one = await call<CheckGuideResponse>('POST', CALCULATOR_PATHS.checkGuide, group.headers, { guideId: rdGuide, enterpriseId: by.get('抽屉差一项公司')!.enterpriseId });
    expect(one.body.data.list.map((c) => c.enterpriseName)).toEqual(['抽屉差一项公司']);
    const other = await signIn(await createAccount(app, { name: '抽屉旁观企业' }));
    expect((await call('POST', CALCULATOR_PATHS.checkGuide, other.headers, { guideId: rdGuide, enterpriseId: far.enterpriseId })).body).toMatchObject({ code: 404, msg: CALC_MSG.enterpriseNotFound });
    expect((await call('POST', CALCULATOR_PATHS.checkGuide, group.headers, { guideId: 999999 })).body).toMatchObject({ code: 404, msg: CALC_MSG.guideNotFound });
    expect((await call('POST', CALCULATOR_PATHS.checkGuide, staff, { guideId: rdGuide })).status).toBe(403);
    expect((await call('POST', CALCULATOR_PATHS.checkGuide, {}, { guideId: rdGuide })).status).toBe(401);
  });
});

describe('the reverse list', () => {
  it('staff see the enterprises one guide admits, largest amount first; enterprises may not ask', async () => {
    const a = await signIn(await createAccount(app, { name: '反查甲' }));
    const b = await signIn(await createAccount(app, { name: '反查乙' }));
    const low = profile({ name: '反查低研发公司', indicators: [{ year: thisYear - 1, revenue: 1000, rdExpense: 40 }] });
    const high = profile({ name: '反查高研发公司', indicators: [{ year: thisYear - 1, revenue: 1000, rdExpense: 90 }] });
    const miss = profile({ name: '反查不足公司', indicators: [{ year: thisYear - 1, revenue: 1000, rdExpense: 20 }] });
    for (const [c, p] of [[a, low], [b, high], [b, miss]] as const) expect((await call('POST', CALCULATOR_PATHS.saveEnterprise, c.headers, p)).status).toBe(200);
    const url = consolePath(CALCULATOR_CONSOLE_PATHS.guideQualified, { id: rdGuide });
    const listed = async () =>
      (await call<PageOf<QualifiedEnterprise>>('POST', url, staff, { currentPage: 1, pageSize: 20, keyword: '反查' })).body.data.list.map((e) => [e.name, e.amount, e.accountName]);
    // Each node's copy of the facts follows the changes a moment after their commit (NOTIFY).
    await expect.poll(listed).toEqual([
      ['反查高研发公司', 9, '反查乙'],
      ['反查低研发公司', 4, '反查甲'],
    ]);
    const page = await call<PageOf<QualifiedEnterprise>>('POST', url, staff, { currentPage: 1, pageSize: 20, keyword: '反查' });
    expect(page.body.data.list[0]).toMatchObject({ scaleLabel: '小型', regionLabel: '云溪经济开发区' });
    expect(page.body.data.list[1]!.amountText).toBe('上年度研发费用 40 万元 × 10% = 4 万元');
    expect((await call('POST', url, a.headers, { currentPage: 1, pageSize: 20 })).status).toBe(403);
    // A profile changed or deleted after the list was read: the next list follows.
    const lowId = (await call<EnterpriseSummary[]>('GET', CALCULATOR_PATHS.allEnterprises, a.headers)).body.data.find((e) => e.name === '反查低研发公司')!.id;
    await call('POST', CALCULATOR_PATHS.saveEnterprise, a.headers, { ...low, id: lowId, indicators: [{ year: thisYear - 1, revenue: 1000, rdExpense: 120 }] });
    await expect.poll(listed).toEqual([
      ['反查低研发公司', 12, '反查甲'],
      ['反查高研发公司', 9, '反查乙'],
    ]);
    await call('GET', withId(CALCULATOR_PATHS.deleteEnterprise, lowId), a.headers);
    await expect.poll(listed).toEqual([['反查高研发公司', 9, '反查乙']]);
    expect((await call('POST', consolePath(CALCULATOR_CONSOLE_PATHS.guideQualified, { id: 999999 }), staff, { currentPage: 1, pageSize: 20 })).status).toBe(404);
  });
});

describe('the server and the browser agree', () => {
  const codes = (type: keyof typeof DICTIONARIES) => DICTIONARIES[type].map(([code]) => code);
  const labels = new Map(Object.entries(DICTIONARIES).flatMap(([type, items]) => items.map(([code, label]) => [`${type}:${code}`, label])));
  const labelOf = (dict: string, code: string) => labels.get(`${dict}:${code}`) ?? code;
  const amount = (max: number) => fc.option(fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100), { nil: null });
  const headcount = fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null });
  const facts: fc.Arbitrary<EnterpriseFacts> = fc.record({
    foundedOn: fc.date({ min: new Date('1990-01-01'), max: new Date(`${thisYear - 1}-12-31`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    registeredCapital: amount(50_000),
    patents: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
    industry: fc.constantFrom(...codes('industry')),
    scale: fc.constantFrom(...codes('scale')),
    region: fc.constantFrom(...codes('region')),
    qualifications: fc.uniqueArray(
      fc.record({ code: fc.constantFrom(...codes('qualification')), validUntil: fc.constantFrom(null, `${thisYear - 1}-12-31`, `${thisYear + 1}-12-31`) }),
      { selector: (q) => q.code, maxLength: 3 },
    ),
    indicators: fc.uniqueArray(
      fc.record({ year: fc.integer({ min: thisYear - 2, max: thisYear }), revenue: amount(20_000), rdExpense: amount(2_000), tax: amount(1_000), investment: amount(5_000), staff: headcount }).map((y) => ({
        ...y,
        socialInsurance: y.staff == null ? null : Math.floor(y.staff * 0.9),
      })),
      { selector: (y) => y.year, maxLength: 3 },
    ),
  });

  it('on random enterprises, the server answers what the browser\'s engine computes from the rulebook it is sent', async () => {
    const book = (await call<RulebookResponse>('GET', CALCULATOR_PATHS.rulebook, owner.headers)).body.data;
    const rules: RuleGuide[] = (await app.db.select().from(guides)).map((g) => ({
      id: g.id,
      title: g.title,
      supportType: g.supportType,
      mode: g.mode,
      windowStart: g.windowStart.toISOString(),
      windowEnd: g.windowEnd.toISOString(),
      eligibility: g.eligibility,
      amountRule: g.amountRule,
      version: g.updatedAt.toISOString(),
    }));
    // The rulebook is every guide not yet closed, as stored.
    expect(book.guides.sort((a, b) => a.id - b.id)).toEqual(rules.filter((g) => Date.parse(g.windowEnd) > Date.now()).sort((a, b) => a.id - b.id));
    await fc.assert(
      fc.asyncProperty(facts, async (f) => {
        const saved = await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, profile({ ...f, foundedOn: f.foundedOn!, industry: f.industry!, scale: f.scale!, region: f.region! }));
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const server = (await call<EvaluateResponse>('POST', CALCULATOR_PATHS.evaluate, owner.headers, { enterpriseId: saved.body.data.id, currentPage: 1, pageSize: 500 })).body.data;
        const at = new Date(server.evaluatedAt);
        const open = book.guides.filter((g) => windowOf(g, at) === 'open');
        const browser = evaluate(f, open, at, labelOf);
        expect(server.totals).toEqual(browser.totals);
        expect(assess(f, open, at).totals).toEqual(browser.totals);
        const byId = new Map(browser.results.map((r) => [r.guideId, r]));
        expect(server.page.list.map(({ title: _t, supportType: _s, mode: _m, ...r }) => r)).toEqual(server.page.list.map((r) => JSON.parse(JSON.stringify(byId.get(r.guideId)))));
        expect(server.page.list.map((r) => r.guideId).sort()).toEqual(open.map((g) => g.id).sort());
        await call('GET', withId(CALCULATOR_PATHS.deleteEnterprise, saved.body.data.id), owner.headers);
      }),
      { numRuns: 30 },
    );
  });
});
