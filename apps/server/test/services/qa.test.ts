// 政策问答 on real PostgreSQL (services/qa): a policy published through the console is answerable
// with its clause cited and linked, a revision is answered in its new words, a withdrawn one is no
// longer cited at once; the asker's own enterprise gets the calculator's 差一项, another's is
// refused; 有用 / 没用 by the answer's key only; the console's queue and figures are staff's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, type Enterprise } from '@hqt/contract/calculator';
import { consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import { OWN_MSG } from '@hqt/contract/messages';
import { POLICY_CONSOLE_PATHS, type GuideInput, type PolicyInput } from '@hqt/contract/policy-console';
import { QA_CONSOLE_PATHS, QA_MSG, QA_PATHS, type AskAnswer, type Faq, type QaFigures, type QaHistoryItem, type QaQueueRow } from '@hqt/contract/qa';
import type { App } from '../../src/app';
import { bearer, createAccount, createTestApp, loginAs } from '../helpers/app';
import { profile, thisYear } from '../helpers/profile';
import { qaQuestions } from '../../src/services/qa/schema';
import { forgetQuestions, QaStore, reindexPolicy } from '../../src/services/qa/store';
import { DictionaryStore } from '../../src/services/dict/store';

let app: App;
let staff: Record<string, string>;
let owner: Record<string, string>;
let other: Record<string, string>;
let ownEnterprise: Enterprise;
let othersEnterprise: Enterprise;
let policyId: number;
let guideId: number;

type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T } };
async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const res = await app.inject({ method, url, headers, remoteAddress: '10.40.0.1', ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}
const ask = (question: string, headers: Record<string, string> = {}, enterpriseId?: number) =>
  call<AskAnswer>('POST', QA_PATHS.ask, { question, ...(enterpriseId ? { enterpriseId } : {}) }, headers);

/** An enterprise of its own, its 研发 of last year as given (the guide below asks 200 万元). */
const withRd = (rdExpense: number) =>
  profile({ name: `云溪精工机械有限公司${rdExpense}`, qualifications: [], indicators: [{ year: thisYear - 1, revenue: 9000, tax: 300, rdExpense, staff: 100, socialInsurance: 90, investment: 300 }] });

const TEXT = (standard: string) => `<h2>第一章 总则</h2><p>第一条 为推动制造业数字化转型，结合本县实际，制定本措施。</p>
<h2>第二章 支持内容</h2><p>第二条 数字化转型标杆企业奖励。${standard}</p><p>第三条 本措施自印发之日起施行。</p>`;

const policyInput = (contentHtml: string): PolicyInput => ({
  title: '云溪县支持制造业数字化转型若干措施',
  docNo: '云工信发〔2026〕91号',
  department: 'gxj',
  level: 'county',
  publishDate: '2026-01-01',
  expiryDate: null,
  contentHtml,
  interpretationHtml: '',
  attachments: [],
});

const guideInput = (id: number): GuideInput => ({
  policyId: id,
  title: '数字化转型标杆企业奖励',
  summary: '对评为数字化转型标杆的企业给予奖励',
  beneficiaries: '县内规模以上工业企业',
  conditionsText: '上年度研发费用不低于 200 万元，职工 50 人以上',
  supportStandard: '一次性奖励 30 万元',
  eligibility: { groups: [[{ field: 'rdExpense', op: 'gte', value: 200, year: 'last' }, { field: 'staff', op: 'gte', value: 50, year: 'last' }]] },
  amountRule: { kind: 'fixed', amount: 30 },
  supportType: 'award',
  mode: 'normal',
  industries: ['C'],
  regions: [],
  windowStart: new Date(Date.now() - 86_400_000).toISOString(),
  windowEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  payoutDays: 30,
  deptName: '云溪县工业和信息化局',
  deptAddress: '云溪县城关镇人民路88号',
  deptPhone: '0839-7202345',
  materials: ['申请表', '数字化转型评估报告'],
  steps: ['登录惠企通在线填报申请', '县工业和信息化局审核', '资金拨付至企业对公账户'],
  onlineUrl: 'https://www.yunxi.gov.cn/sb',
});

beforeAll(async () => {
  app = await createTestApp();
  staff = bearer((await loginAs(app, await createAccount(app, { roleId: ROLES.staff.id }))).access_token);
  owner = bearer((await loginAs(app, await createAccount(app))).access_token);
  other = bearer((await loginAs(app, await createAccount(app))).access_token);
  const save = async (headers: Record<string, string>, rd: number) => (await call<Enterprise>('POST', CALCULATOR_PATHS.saveEnterprise, withRd(rd), headers)).body.data;
  ownEnterprise = await save(owner, 140);
  othersEnterprise = await save(other, 300);

  policyId = (await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.policyCreate, policyInput(TEXT('对评为县级数字化转型标杆的企业，一次性奖励30万元。')), staff)).body.data.id;
  expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.policyState, { id: policyId }), { action: 'publish' }, staff)).status).toBe(200);
  guideId = (await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.guideCreate, guideInput(policyId), staff)).body.data.id;
  expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), { action: 'publish' }, staff)).status).toBe(200);
  await app.qaIndex.heard();
});
afterAll(() => app.close());

describe('政策问答', () => {
  it('a published policy is answered with its clause quoted, linked at its block, and its guide', async () => {
    const res = await ask('数字化转型标杆企业能奖多少钱？');
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a.answered).toBe(true);
    const clause = a.citations.find((c) => c.kind === 'clause');
    expect(clause).toMatchObject({ policyId, docNo: '云工信发〔2026〕91号', clause: '第二章 支持内容 › 第二条', validity: 'current' });
    expect(clause!.quote).toContain('一次性奖励30万元');
    // The page's blocks: h2 (0), p (1), h2 (2), p (3) — the clause is the fourth.
    expect(clause!.link).toBe(`/policyDocument/policyDocument?id=${policyId}&clause=c3`);
    expect(a.answer).toContain('依据');
    expect(a.guides.map((g) => g.title)).toEqual(['数字化转型标杆企业奖励']);
    expect(a.guides[0]!.verdict).toBeUndefined();
  });

  it('with the asker’s own enterprise the calculator says 差一项 and what; another account’s enterprise is refused', async () => {
    const mine = (await ask('数字化转型标杆奖励的条件', owner, ownEnterprise.id)).body.data;
    expect(mine.guides[0]).toMatchObject({ title: '数字化转型标杆企业奖励', verdict: 'oneShort', verdictLabel: '差一项' });
    expect(mine.guides[0]!.reasons!.join('')).toContain('研发');

    const refused = await ask('数字化转型标杆奖励的条件', owner, othersEnterprise.id);
    expect(refused.body).toEqual({ code: 404, msg: QA_MSG.enterpriseNotFound, data: null });
    const visitor = await ask('数字化转型标杆奖励的条件', {}, ownEnterprise.id);
    expect(visitor.body).toEqual({ code: 401, msg: OWN_MSG.notLoggedIn, data: null });
  });

  it('a question no text answers says so and keeps the question for the console', async () => {
    const a = (await ask('营业执照年报怎么填报？')).body.data;
    expect(a).toMatchObject({ answered: false, answer: QA_MSG.notAnswered, citations: [], guides: [] });
    expect(a.phone).toMatch(/\d/);
    const queue = await call<PageOf<QaQueueRow>>('POST', QA_CONSOLE_PATHS.queue, { currentPage: 1, pageSize: 20, kind: 'unanswered' }, staff);
    expect(queue.body.data.list.map((r) => r.question)).toContain('营业执照年报怎么填报？');
  });

  it('有用 / 没用 only with the answer’s key; 没用 reaches the queue; the figures count both', async () => {
    const a = (await ask('数字化转型标杆企业奖励多少', owner)).body.data;
    const wrong = await call('POST', QA_PATHS.feedback, { id: a.id, key: 'A'.repeat(24), useful: false });
    expect(wrong.body).toEqual({ code: 404, msg: QA_MSG.questionNotFound, data: null });
    expect((await call('POST', QA_PATHS.feedback, { id: a.id, key: a.key, useful: false })).body).toMatchObject({ code: 200, msg: QA_MSG.feedbackThanks });
    const queue = await call<PageOf<QaQueueRow>>('POST', QA_CONSOLE_PATHS.queue, { currentPage: 1, pageSize: 20, kind: 'useless' }, staff);
    expect(queue.body.data.list.find((r) => r.id === a.id)).toMatchObject({ useful: false, answered: true, citations: expect.arrayContaining([expect.objectContaining({ policyId })]) });
    const figures = (await call<QaFigures>('GET', QA_CONSOLE_PATHS.figures, undefined, staff)).body.data;
    expect(figures.asked).toBeGreaterThanOrEqual(4);
    expect(figures.days).toHaveLength(30);
    expect(figures.usefulShare).toBe(0);

    for (const headers of [{}, owner]) {
      expect((await call('POST', QA_CONSOLE_PATHS.queue, { currentPage: 1, pageSize: 20 }, headers)).status).toBeGreaterThanOrEqual(401);
      expect((await call('GET', QA_CONSOLE_PATHS.figures, undefined, headers)).status).toBeGreaterThanOrEqual(401);
    }
  });

  it('the history is the account’s own questions, newest first', async () => {
    await ask('数字化转型标杆在哪里申报', other);
    const mine = (await call<QaHistoryItem[]>('GET', QA_PATHS.history, undefined, owner)).body.data;
    expect(mine.map((h) => h.question)).not.toContain('数字化转型标杆在哪里申报');
    expect(mine.map((h) => h.question)).toContain('数字化转型标杆企业奖励多少');
    expect(mine.find((h) => h.question === '数字化转型标杆企业奖励多少')?.useful).toBe(false);
    expect((await call('GET', QA_PATHS.history)).status).toBe(401);

    // 转人工 reads one question back: the asker's own only.
    const asked = mine.find((h) => h.question === '数字化转型标杆企业奖励多少')!;
    const url = QA_PATHS.question.replace(':id', String(asked.id));
    expect((await call<QaHistoryItem>('GET', url, undefined, owner)).body.data).toMatchObject({ id: asked.id, question: '数字化转型标杆企业奖励多少' });
    expect((await call('GET', url, undefined, other)).body).toEqual({ code: 404, msg: QA_MSG.questionNotFound, data: null });
  });

  it('a bad question changes nothing and says why', async () => {
    for (const question of ['数', ' 数 ', '字'.repeat(201)]) {
      const res = await ask(question);
      expect(res.body, question).toEqual({ code: 400, msg: QA_MSG.questionLength, data: null });
    }
    const res = await call('POST', QA_PATHS.ask, { question: '数字化转型', enterpriseId: 'x' });
    expect(res.status).toBe(400);
  });

  it('a 常见问题 written by staff is found by its other wordings and answered in its words with the clause it rests on; removed, it is gone', async () => {
    const faq = { question: '标杆企业奖励什么时候发放？', variants: ['标杆奖金啥时候到账'], answer: '评定结果公示结束后 20 个工作日内拨付到企业对公账户。', policyId, clause: '第二条', reviewOn: '2027-06-30' };
    for (const [bad, msg] of [
      [{ ...faq, reviewOn: '2027-02-30' }, '复核日期不是有效的日期'],
      [{ ...faq, policyId: 999_999 }, '依据的政策文件不存在或未发布'],
      [{ ...faq, variants: Array.from({ length: 11 }, (_, i) => `问法${i}`) }, '其他问法最多 10 条，每条 2–100 个字'],
      [{ ...faq, answer: '好' }, '答案应为 2–2000 个字'],
    ] as const) {
      expect((await call('POST', QA_CONSOLE_PATHS.faqs, bad, staff)).body, msg).toEqual({ code: 400, msg, data: null });
    }
    expect((await call('POST', QA_CONSOLE_PATHS.faqs, faq, owner)).status).toBe(403);
    const saved = await call<{ id: number }>('POST', QA_CONSOLE_PATHS.faqs, faq, staff);
    expect(saved.body).toMatchObject({ code: 200, msg: '常见问题已保存' });
    await app.qaIndex.heard();

    const a = (await ask('标杆奖金啥时候到账？')).body.data;
    expect(a.answered).toBe(true);
    expect(a.citations[0]).toMatchObject({ kind: 'faq', clause: '常见问题 › 标杆企业奖励什么时候发放？', link: `/policyDocument/policyDocument?id=${policyId}&clause=c3` });
    expect(a.answer).toMatch(/^常见问题「标杆企业奖励什么时候发放？」：评定结果公示结束后 20 个工作日内拨付/);
    expect(a.answer).toContain('第二条');

    const list = (await call<Faq[]>('GET', QA_CONSOLE_PATHS.faqs, undefined, staff)).body.data;
    expect(list).toEqual([expect.objectContaining({ id: saved.body.data.id, variants: ['标杆奖金啥时候到账'], docNo: '云工信发〔2026〕91号', reviewDue: false })]);

    const url = QA_CONSOLE_PATHS.faq.replace(':id', String(saved.body.data.id));
    expect((await call('DELETE', url, undefined, staff)).body).toMatchObject({ code: 200, msg: '常见问题已删除' });
    expect((await call('DELETE', url, undefined, staff)).body).toEqual({ code: 404, msg: '常见问题不存在', data: null });
    await app.qaIndex.heard();
    expect((await ask('标杆奖金啥时候到账？')).body.data.citations.filter((c) => c.kind === 'faq')).toEqual([]);
  });

  it('how, when and where to apply is answered from the guide’s 办理流程, in its words as the console last saved them', async () => {
    const how = (await ask('数字化转型标杆企业奖励怎么申请？找哪个部门？')).body.data;
    expect(how.answered).toBe(true);
    const procedure = how.citations.find((c) => c.kind === 'procedure');
    expect(procedure).toMatchObject({ clause: '申报指南《数字化转型标杆企业奖励》 › 办理流程' });
    expect(procedure!.quote).toContain('1. 登录惠企通在线填报申请，2. 县工业和信息化局审核，3. 资金拨付至企业对公账户');
    expect(procedure!.quote).toContain('受理部门：云溪县工业和信息化局');
    // The answer quotes its line that holds the question: the steps, or the department.
    expect(how.answer).toMatch(/数字化转型标杆企业奖励》的办理流程：(1\. 登录惠企通|受理部门)/);
    // A question about the support itself is not answered from it.
    expect((await ask('数字化转型标杆企业能奖多少钱？')).body.data.citations.map((c) => c.kind)).not.toContain('procedure');

    const edited = await call('PUT', consolePath(POLICY_CONSOLE_PATHS.guide, { id: guideId }), { ...guideInput(policyId), deptPhone: '0839-7209999', payoutDays: 20 }, staff);
    expect(edited.status).toBe(200);
    await app.qaIndex.heard();
    const phone = (await ask('数字化转型标杆企业奖励的咨询电话是多少，多久到账？')).body.data;
    const quote = phone.citations.find((c) => c.kind === 'procedure')?.quote ?? '';
    expect(quote).toContain('咨询电话：0839-7209999');
    expect(quote).toContain('兑现时限：20个工作日');
  });

  it('while a node cannot listen it asks the passages’ version, not the passages: its ranking is kept until they change', async () => {
    // A store whose listeners never connect (its own and its dictionaries', as in an outage): nothing
    // they hold is trusted, every question asks again.
    const nowhere = 'postgres://127.0.0.1:9/nowhere';
    const store = new QaStore(app.db, nowhere, new DictionaryStore(app.db, nowhere, () => {}), () => {});
    const first = await store.index();
    expect(await store.index()).toBe(first);
    // Its policy's passages written anew (as a revision writes them): the next question ranks over them.
    await app.db.transaction((tx) => reindexPolicy(tx, policyId));
    const next = await store.index();
    expect(next).not.toBe(first);
    expect(await store.index()).toBe(next);
  });

  it('questions are kept for the retention period (their text may hold the asker’s figures), then forgotten', async () => {
    const asked = (question: string, daysAgo: number) =>
      app.db.insert(qaQuestions).values({ accountId: null, question, answered: false, keyHash: 'x', askedAt: new Date(Date.now() - daysAgo * 86_400_000) }).returning({ id: qaQuestions.id });
    const [kept] = await asked('我们去年营收9000万，能奖多少？', 364);
    const [old] = await asked('我们前年营收8000万，能奖多少？', 366);
    expect(await forgetQuestions(app.db, 365)).toBeGreaterThanOrEqual(1);
    const left = (await app.db.select({ id: qaQuestions.id }).from(qaQuestions)).map((q) => q.id);
    expect(left).toContain(kept!.id);
    expect(left).not.toContain(old!.id);
  });

  it('a revision is answered in its new words; a withdrawal takes the policy out at once', async () => {
    const revised = await call('PUT', consolePath(POLICY_CONSOLE_PATHS.policy, { id: policyId }), policyInput(TEXT('对评为县级数字化转型标杆的企业，一次性奖励50万元。')), staff);
    expect(revised.status).toBe(200);
    await app.qaIndex.heard();
    const after = (await ask('数字化转型标杆企业能奖多少钱？')).body.data;
    expect(after.citations.find((c) => c.kind === 'clause')?.quote).toContain('50万元');

    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.policyState, { id: policyId }), { action: 'withdraw' }, staff)).status).toBe(200);
    // Not waiting for the index to hear of it: the stored passages are gone with the withdrawal.
    const gone = (await ask('数字化转型标杆企业能奖多少钱？')).body.data;
    expect(gone.citations.filter((c) => c.policyId === policyId)).toEqual([]);
  });
});
