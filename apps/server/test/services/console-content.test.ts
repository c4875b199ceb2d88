// The staff console's content calls: drafts stay off the portal until published, withdrawals take
// them off again, every input is checked, HTML comes out inert, and every change is audited.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { CONSOLE_PATHS, consolePath, type Workbench } from '@hqt/contract/console';
import { type ConsoleGuide, type ConsolePolicy, type ConsoleTopic, type GuideInput, POLICY_CONSOLE_PATHS, type PolicyInput, type TopicInput } from '@hqt/contract/policy-console';
import type { GuideSummary } from '@hqt/contract/policy';
import type { App } from '../../src/app';
import { auditLog } from '../../src/db/schema/index';
import { bearer, createAccount, createTestApp, loginAs } from '../helpers/app';

let app: App;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-content-uploads-'));
let staff: Record<string, string>;
let enterprise: Record<string, string>;
let staffId: number;

beforeAll(async () => {
  app = await createTestApp({ UPLOADS_DIR: uploadsDir });
  const s = await createAccount(app, { roleId: ROLES.staff.id, name: '王科员' });
  staffId = s.id;
  staff = bearer((await loginAs(app, s)).access_token);
  enterprise = bearer((await loginAs(app, await createAccount(app))).access_token);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T } };
async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = staff): Promise<Answer<T>> {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

const policyInput = (over: Partial<PolicyInput> = {}): PolicyInput => ({
  title: '云溪县支持制造业数字化转型若干措施',
  docNo: '云工信发〔2026〕9号',
  department: 'gxj',
  level: 'county',
  publishDate: '2026-11-01',
  expiryDate: '2028-12-31',
  contentHtml: '<h2>第一条</h2><table><tr><td>项目</td><td>标准</td></tr></table><p>正文</p>',
  interpretationHtml: '',
  attachments: [],
  ...over,
});

const guideInput = (policyId: number, over: Partial<GuideInput> = {}): GuideInput => ({
  policyId,
  title: '数字化转型标杆企业奖励',
  summary: '对评为数字化转型标杆的企业给予奖励',
  beneficiaries: '县内规模以上工业企业',
  conditionsText: '上年度研发费用不低于 100 万元',
  supportStandard: '一次性奖励 30 万元',
  eligibility: { groups: [[{ field: 'rdExpense', op: 'gte', value: 100, year: 'last' }], [{ field: 'qualification', op: 'has', value: 'hightech' }]] },
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
  materials: ['申请表'],
  steps: ['网上申报'],
  onlineUrl: 'https://www.yunxi.gov.cn/sb',
  ...over,
});

const marketTitles = async (keyword: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/v1/govbecalculator/getpolicyguidepage', payload: { currentPage: 1, pageSize: 50, keyword } });
  return (res.json() as { data: { list: GuideSummary[] } }).data.list.map((g) => g.title);
};
const lastAudit = async () => (await app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

describe('policies, guides and topics: 草稿 → 已发布 → 已撤回', () => {
  let policyId: number;
  let guideId: number;

  it('a new policy is a draft with who made it, its HTML sanitised, its creation audited', async () => {
    const created = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.policyCreate, policyInput({ contentHtml: '<h2 onclick="steal()">第一条</h2><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>' }));
    expect(created.body.code).toBe(200);
    policyId = created.body.data.id;
    const read = await call<ConsolePolicy>('GET', consolePath(POLICY_CONSOLE_PATHS.policy, { id: policyId }));
    expect(read.body.data).toMatchObject({ status: 'draft', createdBy: { id: staffId, name: '王科员' }, publishedAt: null });
    const html = read.body.data.contentHtml;
    expect(html).toContain('<h2>第一条</h2>');
    for (const inert of ['<script', 'onclick', 'onerror', 'javascript:']) expect(html).not.toContain(inert);
    expect(await lastAudit()).toMatchObject({ action: 'policy.created', accountId: staffId });
  });

  it('a guide of an unpublished policy cannot be published', async () => {
    const created = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.guideCreate, guideInput(policyId));
    expect(created.body.code).toBe(200);
    guideId = created.body.data.id;
    const publish = await call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), { action: 'publish' });
    expect(publish.body).toMatchObject({ code: 400, msg: '所属政策文件尚未发布，请先发布政策文件' });
    expect(await marketTitles('数字化转型标杆')).toEqual([]);
  });

  it('published, both reach the portal; withdrawn, the guide leaves it', async () => {
    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.policyState, { id: policyId }), { action: 'publish' })).body.code).toBe(200);
    expect(await marketTitles('数字化转型标杆')).toEqual([]);
    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), { action: 'publish' })).body).toMatchObject({ code: 200, msg: '已发布' });
    expect(await marketTitles('数字化转型标杆')).toEqual(['数字化转型标杆企业奖励']);
    const detail = await app.inject({ method: 'GET', url: `/api/v1/govbecalculator/getfullguideinfo/${guideId}` });
    expect(detail.json().data.conditionGroups).toEqual([['上年度研发费用 ≥ 100 万元'], ['资质：高新技术企业']]);

    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), { action: 'withdraw' })).body).toMatchObject({ code: 200, msg: '已撤回' });
    expect(await marketTitles('数字化转型标杆')).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/v1/govbecalculator/getfullguideinfo/${guideId}` })).json().code).toBe(404);
    const read = await call<ConsoleGuide>('GET', consolePath(POLICY_CONSOLE_PATHS.guide, { id: guideId }));
    expect(read.body.data).toMatchObject({ status: 'withdrawn', withdrawnBy: { id: staffId, name: '王科员' }, publishedBy: { id: staffId } });
    expect(await lastAudit()).toMatchObject({ action: 'guide.withdrawn', detail: { id: guideId, before: { status: 'published' }, after: { status: 'withdrawn' } } });
  });

  it('an incomplete guide is not published, and staff are told what it lacks; one open to all says so and reaches the portal as 面向所有企业', async () => {
    const publish = (id: number) => call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id }), { action: 'publish' });
    const ownPolicy = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.policyCreate, policyInput({ title: '指南完整性检查政策', docNo: '云工信发〔2026〕77号' }));
    const policyId = ownPolicy.body.data.id;
    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.policyState, { id: policyId }), { action: 'publish' })).body.code).toBe(200);
    const bare = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.guideCreate, guideInput(policyId, { title: '空白指南', beneficiaries: '', conditionsText: ' ', supportStandard: '', materials: [], eligibility: { groups: [] } }));
    expect(bare.body.code).toBe(200); // a draft may be incomplete
    const before = await app.db.$count(auditLog);
    expect((await publish(bare.body.data.id)).body).toMatchObject({ code: 400, msg: '申报指南内容不完整，不能发布：请填写申报对象、申报条件、支持标准、申报材料、认定条件（设置条件组，或选择「面向所有企业」）' });
    expect(await app.db.$count(auditLog)).toBe(before);
    expect(await marketTitles('空白指南')).toEqual([]);

    const conflicting = await call('POST', POLICY_CONSOLE_PATHS.guideCreate, guideInput(policyId, { eligibility: { groups: [[{ field: 'staff', op: 'gte', value: 1 }]], openToAll: true } }));
    expect(conflicting.body).toMatchObject({ code: 400, msg: '规则有误：面向所有企业时不设条件组' });

    const open = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.guideCreate, guideInput(policyId, { title: '面向全部企业的指南', eligibility: { groups: [], openToAll: true } }));
    expect((await publish(open.body.data.id)).body).toMatchObject({ code: 200 });
    const read = await call<ConsoleGuide>('GET', consolePath(POLICY_CONSOLE_PATHS.guide, { id: open.body.data.id }));
    expect(read.body.data.eligibility).toEqual({ groups: [], openToAll: true });
  });

  it('a published guide cannot move to a policy that is not published: it would leave the portal unseen', async () => {
    const live = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.guideCreate, guideInput(policyId, { title: '上云用云补贴' }));
    await call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: live.body.data.id }), { action: 'publish' });
    const draftPolicy = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.policyCreate, policyInput({ title: '尚未发布的政策', docNo: '云工信发〔2026〕99号' }));
    const move = await call('PUT', consolePath(POLICY_CONSOLE_PATHS.guide, { id: live.body.data.id }), guideInput(draftPolicy.body.data.id, { title: '上云用云补贴' }));
    expect(move.body).toMatchObject({ code: 400, msg: '所属政策文件尚未发布，请先发布政策文件' });
    expect(await marketTitles('上云用云补贴')).toEqual(['上云用云补贴']);
  });

  it('refuses to withdraw what is not published, and answers 404 for what does not exist', async () => {
    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), { action: 'withdraw' })).body).toMatchObject({ code: 409, msg: '当前状态为「已撤回」，不能撤回' });
    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.policyState, { id: 999999 }), { action: 'publish' })).body).toMatchObject({ code: 404, msg: '政策文件不存在' });
    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.policyState, { id: policyId }), { action: 'delete' })).status).toBe(400);
  });

  it('an edit records before and after in the audit log', async () => {
    const res = await call('PUT', consolePath(POLICY_CONSOLE_PATHS.guide, { id: guideId }), guideInput(policyId, { title: '数字化转型标杆企业奖励（2027）', amountRule: { kind: 'fixed', amount: 40 } }));
    expect(res.body.code).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'guide.updated',
      detail: { id: guideId, before: { title: '数字化转型标杆企业奖励', amountRule: { kind: 'fixed', amount: 30 } }, after: { title: '数字化转型标杆企业奖励（2027）', amountRule: { kind: 'fixed', amount: 40 } } },
    });
  });

  it('lists with search and state filters', async () => {
    const drafts = await call<{ list: { id: number; status: string }[]; total: number }>('POST', POLICY_CONSOLE_PATHS.guidePage, { currentPage: 1, pageSize: 20, keyword: '数字化转型', status: 'withdrawn' });
    expect(drafts.body.data.list.map((g) => g.id)).toEqual([guideId]);
    const policiesPage = await call<{ list: { id: number; guideCount: number; departmentLabel: string }[] }>('POST', POLICY_CONSOLE_PATHS.policyPage, { currentPage: 1, pageSize: 20, keyword: '云工信发〔2026〕9号' });
    expect(policiesPage.body.data.list).toEqual([expect.objectContaining({ id: policyId, guideCount: 2, departmentLabel: '云溪县工业和信息化局' })]);
  });

  it('a topic keeps its members in the chosen order and shows only when published and active', async () => {
    const other = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.guideCreate, guideInput(policyId, { title: '数字化车间认定奖励' }));
    const input: TopicInput = { title: '数字化转型专题', summary: '数字化转型支持政策', cover: '#0e8f7e', startsAt: new Date(Date.now() - 1000).toISOString(), endsAt: null, sort: 0, guideIds: [other.body.data.id, guideId] };
    const created = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.topicCreate, input);
    expect(created.body.code).toBe(200);
    const topicId = created.body.data.id;
    const read = await call<ConsoleTopic>('GET', consolePath(POLICY_CONSOLE_PATHS.topic, { id: topicId }));
    expect(read.body.data.guideIds).toEqual([other.body.data.id, guideId]);
    await call('PUT', consolePath(POLICY_CONSOLE_PATHS.topic, { id: topicId }), { ...input, guideIds: [guideId, other.body.data.id] });
    expect((await call<ConsoleTopic>('GET', consolePath(POLICY_CONSOLE_PATHS.topic, { id: topicId }))).body.data.guideIds).toEqual([guideId, other.body.data.id]);

    const portal = () => app.inject({ method: 'GET', url: `/api/v1/govbecalculator/getpolicytopicinfo/${topicId}` });
    expect((await portal()).json().code).toBe(404);
    await call('POST', consolePath(POLICY_CONSOLE_PATHS.topicState, { id: topicId }), { action: 'publish' });
    expect((await portal()).json().code).toBe(200);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['an unknown department', () => policyInput({ department: 'nope' }), '未知的发文部门：nope'],
    ['an expiry before publishing', () => policyInput({ expiryDate: '2026-01-01' }), '失效日期须晚于发布日期'],
    ['a malformed date', () => policyInput({ publishDate: '2026/11/01' }), '发布日期格式应为 YYYY-MM-DD'],
    ['an empty title', () => policyInput({ title: '' }), '标题不能少于2个字符'],
    ['a script attachment', () => policyInput({ attachments: [{ name: '附件', url: 'javascript:alert(1)' }] }), '附件「附件」的地址须以 http(s):// 开头，或为已上传的文件'],
    ['an attachment address that only starts like an upload', () => policyInput({ attachments: [{ name: '附件', url: '/uploads/x" onmouseover=alert(1) x="' }] }), '附件「附件」的地址须以 http(s):// 开头，或为已上传的文件'],
    ['an upload address whose file does not exist', () => policyInput({ attachments: [{ name: '附件', url: `/uploads/${'ab'.repeat(32)}.png` }] }), '附件「附件」的地址须以 http(s):// 开头，或为已上传的文件'],
  ])('a policy with %s', async (_what, body, msg) => {
    const before = await app.db.$count(auditLog);
    const res = await call('POST', POLICY_CONSOLE_PATHS.policyCreate, body());
    expect(res.body).toMatchObject({ code: 400, msg });
    expect(await app.db.$count(auditLog)).toBe(before);
  });

  it.each([
    ['a rule on an unknown field', { eligibility: { groups: [[{ field: 'profit', op: 'gte', value: 1 }]] } }, '字段的取值无效'],
    ['a number field compared with text', { eligibility: { groups: [[{ field: 'revenue', op: 'gte', value: '很多' }]] } }, '规则有误：条件组 1 第 1 项：「营业收入」的值应为数字'],
    ['a code not in the dictionary', { eligibility: { groups: [[{ field: 'qualification', op: 'has', value: 'unicorn' }]] } }, '规则有误：条件组 1 第 1 项：「unicorn」不在「资质」字典中'],
    ['a year on a field without years', { eligibility: { groups: [[{ field: 'patents', op: 'gte', value: 1, year: 'last' }]] } }, '规则有误：条件组 1 第 1 项：「有效发明专利」不分年度'],
    ['tiers out of order', { amountRule: { kind: 'tiered', base: 'revenue', tiers: [{ min: 5000, amount: 5 }, { min: 2000, amount: 3 }] } }, '规则有误：金额规则：第 2 档的门槛须高于第 1 档'],
    ['a rate on a dictionary field', { amountRule: { kind: 'rate', base: 'industry', rate: 0.1 } }, '规则有误：金额规则：计算基数「所属行业」不是数值'],
    ['a window that ends before it starts', { windowStart: '2026-12-01T00:00:00.000Z', windowEnd: '2026-11-01T00:00:00.000Z' }, '申报截止时间须晚于开始时间'],
    ['an online address that is a script', { onlineUrl: 'javascript:alert(1)' }, '在线申报地址须以 http:// 或 https:// 开头'],
  ])('a guide with %s', async (_what, over, msg) => {
    const policy = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.policyCreate, policyInput());
    const before = await app.db.$count(auditLog);
    const res = await call('POST', POLICY_CONSOLE_PATHS.guideCreate, { ...guideInput(policy.body.data.id), ...over });
    expect(res.body).toMatchObject({ code: 400, msg });
    expect(await app.db.$count(auditLog)).toBe(before);
  });

  it('an attachment that is a file uploaded here is accepted', async () => {
    const name = `${'cd'.repeat(32)}.png`;
    fs.writeFileSync(path.join(uploadsDir, name), Buffer.from('89504e470d0a1a0a', 'hex'));
    const res = await call('POST', POLICY_CONSOLE_PATHS.policyCreate, policyInput({ attachments: [{ name: '申报表', url: `/uploads/${name}` }] }));
    expect(res.body).toMatchObject({ code: 200 });
  });

  it('a topic with an unknown guide, a cover that is a script address, or an end before its start', async () => {
    const base: TopicInput = { title: '专题', summary: '', cover: '#1658d8', startsAt: '2026-11-01T00:00:00.000Z', endsAt: null, sort: 0, guideIds: [] };
    expect((await call('POST', POLICY_CONSOLE_PATHS.topicCreate, { ...base, guideIds: [987654] })).body).toMatchObject({ code: 400, msg: '申报指南 987654 不存在' });
    expect((await call('POST', POLICY_CONSOLE_PATHS.topicCreate, { ...base, cover: 'javascript:alert(1)' })).body).toMatchObject({ code: 400, msg: '封面须为颜色（如 #1658d8）或上传的图片' });
    expect((await call('POST', POLICY_CONSOLE_PATHS.topicCreate, { ...base, endsAt: '2026-10-01T00:00:00.000Z' })).body).toMatchObject({ code: 400, msg: '专题结束时间须晚于开始时间' });
    expect((await call('POST', POLICY_CONSOLE_PATHS.topicCreate, { ...base, guideIds: [1, 1] })).status).toBe(400);
  });

  it('an enterprise token reaches none of it', async () => {
    expect((await call('POST', POLICY_CONSOLE_PATHS.policyCreate, policyInput(), enterprise)).body).toMatchObject({ code: 403, msg: '权限不足！' });
    expect((await call('GET', CONSOLE_PATHS.workbench, undefined, enterprise)).status).toBe(403);
    expect((await call('GET', CONSOLE_PATHS.workbench, undefined, {})).status).toBe(401);
  });
});

describe('工作台', () => {
  it('lists drafts and guides closing this week, and the portal figures', async () => {
    const policy = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.policyCreate, policyInput({ title: '待发布的草稿政策' }));
    await call('POST', consolePath(POLICY_CONSOLE_PATHS.policyState, { id: policy.body.data.id }), { action: 'publish' });
    const soon = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.guideCreate, guideInput(policy.body.data.id, { title: '本周截止的指南', windowEnd: new Date(Date.now() + 2 * 86_400_000).toISOString() }));
    await call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: soon.body.data.id }), { action: 'publish' });
    const draft = await call<{ id: number }>('POST', POLICY_CONSOLE_PATHS.policyCreate, policyInput({ title: '一份草稿' }));

    const { body } = await call<Workbench>('GET', CONSOLE_PATHS.workbench);
    expect(body.data.drafts[0]).toMatchObject({ kind: 'policy', id: draft.body.data.id, title: '一份草稿' });
    expect(body.data.closingThisWeek.map((g) => g.title)).toContain('本周截止的指南');
    expect(body.data.figures.publishedPolicies).toBeGreaterThanOrEqual(2);
    expect(body.data.figures.openGuides).toBeGreaterThanOrEqual(1);
  });
});

it('keeps the record of who published in the audit log with the staff member named', async () => {
  const rows = await app.db.select().from(auditLog).where(eq(auditLog.action, 'policy.published'));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.accountId === staffId)).toBe(true);
});
