// 企业管理 as staff see it: a deleted enterprise is listed as 已删除 with when and by whom and
// counted nowhere (the home page's 服务企业, the 工作台's figures), and 企业详情 is the whole
// enterprise — profile, qualifications, indicators, saved calculations, the account's 政策推送.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, withId, type Enterprise, type EnterpriseBody, type EvaluationSummary } from '@hqt/contract/calculator';
import { ACCOUNT_CONSOLE_PATHS, type ConsoleEnterprise, type ConsoleEnterpriseRow } from '@hqt/contract/account-console';
import { CONSOLE_PATHS, consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS } from '@hqt/contract/policy';
import { PUSH_PATHS } from '@hqt/contract/push';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import type { App } from '../../src/app';
import { enterprises, messages } from '../../src/db/schema/index';
import { dictLabel } from '../../src/services/dict/public';
import { bearer, createAccount, createTestApp, loginAs, type TestAccount } from '../helpers/app';
import { insertDraftGuide, insertPolicy } from '../helpers/content';

let app: App;
let staff: Record<string, string>;
const thisYear = Number(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 4));

beforeAll(async () => {
  app = await createTestApp();
  staff = bearer((await loginAs(app, await createAccount(app, { roleId: ROLES.staff.id, name: '王科员' }), '10.78.0.1')).access_token);
});
afterAll(() => app.close());

let codeSeq = 0;
const creditCode = () => {
  const base = `91513300${String(process.pid % 1000).padStart(3, '0')}${String(++codeSeq).padStart(6, '0')}`;
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
  qualifications: [],
  indicators: [],
  ...over,
});

async function post<T>(url: string, headers: Record<string, string>, payload: object): Promise<T> {
  const res = await app.inject({ method: 'POST', url, headers, payload });
  expect(res.json().code, res.body).toBe(200);
  return res.json().data as T;
}
async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.json().code, res.body).toBe(200);
  return res.json().data as T;
}

const holderHeaders = async (account: TestAccount) => bearer((await loginAs(app, account, '10.78.0.2')).access_token);
const page = (payload: object) => post<PageOf<ConsoleEnterpriseRow>>(ACCOUNT_CONSOLE_PATHS.enterprisePage, staff, payload);
const detail = (id: number) => get<ConsoleEnterprise>(consolePath(ACCOUNT_CONSOLE_PATHS.enterprise, { id }), staff);

describe('a deleted enterprise', () => {
  it('is counted nowhere: 服务企业 on the home page and the 工作台 figures drop by one', async () => {
    const holder = await createAccount(app, { name: '双厂集团有限公司' });
    const headers = await holderHeaders(holder);
    const counts = async () => {
      const home = await get<{ enterprises: number }>(POLICY_PATHS.statistics);
      const bench = await get<{ figures: { enterprises: number; enterprisesThisMonth: number } }>(CONSOLE_PATHS.workbench, staff);
      return { home: home.enterprises, bench: bench.figures.enterprises, benchThisMonth: bench.figures.enterprisesThisMonth };
    };
    const before = await counts();
    const branch = await post<Enterprise>(CALCULATOR_PATHS.saveEnterprise, headers, profile({ name: '双厂集团二分厂' }));
    const added = await counts();
    expect(added).toEqual({ home: before.home + 1, bench: before.bench + 1, benchThisMonth: before.benchThisMonth + 1 });

    await get(withId(CALCULATOR_PATHS.deleteEnterprise, branch.id), headers);
    expect(await counts()).toEqual(before);
  });

  it('is listed as 已删除 with when and by whom, and found by that state only', async () => {
    const holder = await createAccount(app, { name: '青石建材有限公司' });
    const headers = await holderHeaders(holder);
    const branch = await post<Enterprise>(CALCULATOR_PATHS.saveEnterprise, headers, profile({ name: '青石建材分公司' }));
    const live = (await page({ keyword: '青石建材分公司' })).list[0]!;
    expect(live).toMatchObject({ id: branch.id, state: 'active', deletedAt: null, deletedBy: null });

    await get(withId(CALCULATOR_PATHS.deleteEnterprise, branch.id), headers);
    const [stored] = await app.db.select({ deletedAt: enterprises.deletedAt, deletedBy: enterprises.deletedBy }).from(enterprises).where(eq(enterprises.id, branch.id));
    expect(stored!.deletedBy).toBe(holder.id);

    const row = (await page({ keyword: '青石建材分公司' })).list[0]!;
    expect(row).toMatchObject({
      id: branch.id,
      state: 'deleted',
      deletedAt: stored!.deletedAt!.toISOString(),
      deletedBy: { id: holder.id, username: holder.username, name: '青石建材有限公司' },
    });
    expect((await page({ keyword: '青石建材', state: 'deleted' })).list.map((r) => r.id)).toEqual([branch.id]);
    expect((await page({ keyword: '青石建材', state: 'active' })).list.map((r) => r.name)).toEqual(['青石建材有限公司']);

    // The account's live enterprise shows its deleted sibling as such; the deleted one keeps its state in 企业详情.
    const first = (await page({ keyword: '青石建材', state: 'active' })).list[0]!;
    expect((await detail(first.id)).siblings).toEqual([{ id: branch.id, name: '青石建材分公司', creditCode: branch.creditCode, deletedAt: row.deletedAt }]);
    expect(await detail(branch.id)).toMatchObject({ state: 'deleted', deletedAt: row.deletedAt, deletedBy: row.deletedBy });
  });

  it('an enterprise of a disabled account is 已停用 and found by that state', async () => {
    const holder = await createAccount(app, { name: '白马茶业有限公司' });
    await app.inject({ method: 'POST', url: consolePath(ACCOUNT_CONSOLE_PATHS.accountAction, { id: holder.id, action: 'disable' }), headers: await adminHeaders() });
    expect((await page({ keyword: '白马茶业' })).list[0]).toMatchObject({ state: 'disabled', disabled: true });
    expect((await page({ keyword: '白马茶业', state: 'disabled' })).total).toBe(1);
    expect((await page({ keyword: '白马茶业', state: 'active' })).total).toBe(0);
  });
});

let admin: Record<string, string> | undefined;
async function adminHeaders() {
  admin ??= bearer((await loginAs(app, await createAccount(app, { roleId: ROLES.admin.id, name: '李管理' }), '10.78.0.3')).access_token);
  return admin;
}

describe('企业详情', () => {
  it('shows the whole enterprise: profile, qualifications with validity, indicators, saved calculations, subscriptions and messages', async () => {
    const holder = await createAccount(app, { name: '龙潭食品有限公司' });
    const headers = await holderHeaders(holder);
    const [registered] = await app.db.select({ id: enterprises.id, creditCode: enterprises.creditCode }).from(enterprises).where(eq(enterprises.accountId, holder.id));
    await post<Enterprise>(
      CALCULATOR_PATHS.saveEnterprise,
      headers,
      profile({
        id: registered!.id,
        name: '龙潭食品有限公司',
        creditCode: registered!.creditCode,
        legalPerson: '刘芳',
        nature: 'private',
        foundedOn: '2015-06-18',
        registeredCapital: 2500.5,
        patents: 4,
        industry: 'C',
        scale: 'medium',
        region: 'longtan',
        qualifications: [
          { code: 'hightech', validUntil: `${thisYear + 1}-12-31` },
          { code: 'srdi', validUntil: `${thisYear - 2}-06-30` },
          { code: 'abovescale', validUntil: null },
        ],
        indicators: [
          { year: thisYear - 2, revenue: 8000, tax: 300 },
          { year: thisYear - 1, revenue: 9000, tax: 320, rdExpense: 400, staff: 120, socialInsurance: 110, investment: 500 },
        ],
      }),
    );
    const first = await post<EvaluationSummary>(CALCULATOR_PATHS.saveEvaluation, headers, { enterpriseId: registered!.id });
    const whatIf = await post<EvaluationSummary>(CALCULATOR_PATHS.saveEvaluation, headers, { enterpriseId: registered!.id, facts: { qualifications: [], indicators: [] } });
    await post(PUSH_PATHS.saveSubscription, headers, { kind: 'keyword', value: '技术改造' });
    await post(PUSH_PATHS.saveSubscription, headers, { kind: 'qualified', value: '' });
    const guideId = await insertDraftGuide(app, await insertPolicy(app), '食品企业技术改造补助');
    const otherGuide = await insertDraftGuide(app, await insertPolicy(app), '规上工业企业稳岗奖励');
    await app.db.insert(messages).values([
      { accountId: holder.id, source: 'policy', kind: 'push.published', dedupeKey: `guide:${guideId}:published`, title: '食品企业技术改造补助', body: '新政策发布', reasons: ['订阅关键词「技术改造」'], readAt: new Date(), createdAt: new Date(Date.now() - 60_000) },
      { accountId: holder.id, source: 'policy', kind: 'push.opened', dedupeKey: `guide:${otherGuide}:opened`, title: '规上工业企业稳岗奖励', body: '开始申报', reasons: ['符合条件：龙潭食品有限公司'] },
    ]);

    const dicts = await app.dicts.all();
    const e = await detail(registered!.id);
    expect(e).toMatchObject({
      id: registered!.id,
      name: '龙潭食品有限公司',
      state: 'active',
      username: holder.username,
      profile: {
        legalPerson: '刘芳',
        foundedOn: '2015-06-18',
        registeredCapital: 2500.5,
        patents: 4,
        nature: { code: 'private', label: dictLabel(dicts, 'nature', 'private') },
        industry: { code: 'C', label: '制造业' },
        scale: { code: 'medium', label: dictLabel(dicts, 'scale', 'medium') },
        region: { code: 'longtan', label: '龙潭镇' },
      },
    });
    expect(e.qualifications).toEqual([
      { code: 'hightech', label: '高新技术企业', validUntil: `${thisYear + 1}-12-31`, expired: false },
      { code: 'srdi', label: '专精特新中小企业', validUntil: `${thisYear - 2}-06-30`, expired: true },
      { code: 'abovescale', label: '规模以上工业企业', validUntil: null, expired: false },
    ]);
    expect(e.indicators.map((i) => i.year)).toEqual([thisYear - 1, thisYear - 2]);
    expect(e.indicators[0]).toMatchObject({ revenue: 9000, rdExpense: 400, staff: 120 });
    expect(e.evaluations).toEqual({
      total: 2,
      list: [whatIf, first].map((s) => ({ id: s.id, evaluatedAt: s.evaluatedAt, whatIf: s.whatIf, guides: s.guides, eligible: s.eligible, amount: s.amount })),
    });
    expect(e.evaluations.list.map((s) => s.whatIf)).toEqual([true, false]);
    expect(e.subscriptions.map((s) => [s.kind, s.label]).sort()).toEqual([
      ['keyword', '技术改造'],
      ['qualified', expect.any(String)],
    ]);
    expect(e.messages.total).toBe(2);
    expect(e.messages.unread).toBe(1);
    expect(e.messages.list.map((m) => [m.title, m.kindLabel, m.readAt === null])).toEqual([
      ['规上工业企业稳岗奖励', '开始申报', true],
      ['食品企业技术改造补助', '新政策发布', false],
    ]);
  });

  it('is for staff only: an enterprise token is refused, even for its own enterprise', async () => {
    const holder = await createAccount(app, { name: '石桥五金有限公司' });
    const headers = await holderHeaders(holder);
    const [own] = await app.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, holder.id));
    const res = await app.inject({ method: 'GET', url: consolePath(ACCOUNT_CONSOLE_PATHS.enterprise, { id: own!.id }), headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toBeNull();
    expect((await app.inject({ method: 'GET', url: consolePath(ACCOUNT_CONSOLE_PATHS.enterprise, { id: own!.id }) })).statusCode).toBe(401);
  });
});
