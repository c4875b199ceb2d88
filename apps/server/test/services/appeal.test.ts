// 企业诉求 (services/appeal): filing with numbers, the whole APPEAL_FLOW with its refusals, due dates
// in working days, ownership on every call, the messages the enterprise gets, and the jobs.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { APPEAL_MSG, APPEAL_PATHS, type AppealDetail } from '@hqt/contract/appeal';
import { APPEAL_CONSOLE_PATHS, appealConsoleLink } from '@hqt/contract/appeal-console';
import { FILE_MSG, FILE_PATHS, fileUrl, type UploadedFile } from '@hqt/contract/files';
import { POLICY_PATHS } from '@hqt/contract/policy';
import { consolePath } from '@hqt/contract/console';
import { DICT_CONSOLE_MSG, DICT_CONSOLE_PATHS } from '@hqt/contract/dict-console';
import { chinaDayEnd } from '@hqt/contract/working-days';
import type { App } from '../../src/app';
import { accounts, dictItems, enterprises, messages, workflowSteps } from '../../src/db/schema/index';
import type { SignedInCtx } from '../../src/lib/ctx';
import { calendarYears } from '../../src/services/calendar/schema';
import { flagDue, inviteRatings } from '../../src/services/appeal/jobs';
import { appeals } from '../../src/services/appeal/schema';
import { acceptDueSql, appealDetail, categoryLimit, dueState, enterpriseList, queueCounts, queuePage } from '../../src/services/appeal/service';
import { dueAfter } from '../../src/services/calendar/public';
import { bearer, createAccount, createTestApp, databaseUrlOf, loginAs, type TestAccount } from '../helpers/app';
import { expectOwnedCall, type Caller } from '../helpers/ownership';

let app: App;
let ent: TestAccount;
let entId: number;
let staff: TestAccount;
let as: Record<'ent' | 'staff' | 'staff2', Record<string, string>>;

const enterpriseOf = async (a: App, account: TestAccount) =>
  (await a.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, account.id)))[0]!.id;

beforeAll(async () => {
  app = await createTestApp();
  ent = await createAccount(app, { name: '云溪智造科技有限公司' });
  entId = await enterpriseOf(app, ent);
  staff = await createAccount(app, { roleId: ROLES.staff.id, name: '张受理' });
  const staff2 = await createAccount(app, { roleId: ROLES.staff.id, name: '李受理' });
  as = {
    ent: bearer((await loginAs(app, ent)).access_token),
    staff: bearer((await loginAs(app, staff)).access_token),
    staff2: bearer((await loginAs(app, staff2)).access_token),
  };
  // Steps taken now count working days into this year and maybe the next: published (only 2026's
  // arrangement is seeded; an unmarked year follows the week) whenever this runs.
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  await app.db.insert(calendarYears).values([{ year }, { year: year + 1 }]).onConflictDoNothing();
  await vi.waitFor(() => app.calendar.addWorkingDays(new Date(), 40), { timeout: 10_000 });
});
afterAll(() => app.close());

// ---- helpers -------------------------------------------------------------------------------------

function multipart(contents: Buffer[], filename = 'a.pdf') {
  const boundary = `----hqt${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const content of contents) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`), content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const pdf = () => Buffer.from(`%PDF-1.4\n${randomBytes(16).toString('hex')}\n%%EOF\n`);

async function uploadPdfs(headers: Record<string, string>, n = 1, a: App = app): Promise<number[]> {
  const body = multipart(Array.from({ length: n }, pdf));
  const res = await a.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as UploadedFile[]).map((f) => f.id);
}

const goodBody = (enterpriseId: number, extra: Record<string, unknown> = {}) => ({
  enterpriseId,
  category: 'policy', // 惠企政策, 5 working days
  title: '研发费用加计扣除政策咨询',
  content: '我公司今年研发投入较大，想了解加计扣除的申报流程。',
  contact: '王经理',
  phone: '13800138000',
  ...extra,
});

const submit = (headers: Record<string, string>, body: Record<string, unknown>, a: App = app) =>
  a.inject({ method: 'POST', url: APPEAL_PATHS.save, headers, payload: body });

async function filed(headers = as.ent, enterpriseId = entId, extra: Record<string, unknown> = {}): Promise<AppealDetail> {
  const res = await submit(headers, goodBody(enterpriseId, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const stepOn = (headers: Record<string, string>, id: number, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: APPEAL_PATHS.step.replace(':id', String(id)), headers, payload: body });

async function took(headers: Record<string, string>, id: number, body: Record<string, unknown>): Promise<AppealDetail> {
  const res = await stepOn(headers, id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const detailOf = async (headers: Record<string, string>, id: number, url: string = APPEAL_PATHS.detail): Promise<AppealDetail> => {
  const res = await app.inject({ method: 'GET', url: url.replace(':id', String(id)), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The messages an account holds about one appeal, oldest first. */
const messagesOf = (accountId: number, appealId: number) =>
  app.db
    .select({ kind: messages.kind, title: messages.title, body: messages.body })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), like(messages.link, `%?id=${appealId}`)))
    .orderBy(asc(messages.id));

/** Whoever asks, an appeal's row as stored. */
const rowOf = async (id: number) => (await app.db.select().from(appeals).where(eq(appeals.id, id)))[0]!;

// ---- categories and filing -----------------------------------------------------------------------

describe('filing an appeal', () => {
  it("takes the category's time limit from the dictionary, as getappealcatepage shows it", async () => {
    const res = await app.inject({ method: 'POST', url: POLICY_PATHS.appealCategoryPage, payload: { currentPage: 1, pageSize: 99999 } });
    expect(res.json().data.list[0]).toEqual({ code: 'policy', label: '惠企政策', limitDays: 5 });
    expect(res.json().data.list.map((c: { label: string }) => c.label)).toEqual(['惠企政策', '融资贷款', '人才需求', '用工社保', '基础设施', '证照办理', '市场经营', '其他']);
    expect(await categoryLimit(app.dicts, 'policy')).toBe(5);
    expect(await categoryLimit(app.dicts, 'nonexistent')).toBeNull();
  });

  it('keeps a category in use from being deleted in 字典管理', async () => {
    await filed(as.ent, entId, { category: 'license' });
    const admin = await createAccount(app, { roleId: ROLES.admin.id, name: '管理员' });
    const [item] = await app.db.select({ id: dictItems.id }).from(dictItems).where(and(eq(dictItems.dictType, 'appealCategory'), eq(dictItems.code, 'license')));
    const res = await app.inject({ method: 'DELETE', url: consolePath(DICT_CONSOLE_PATHS.dictItem, { id: item!.id }), headers: bearer((await loginAs(app, admin)).access_token) });
    expect(res.json().msg).toBe(DICT_CONSOLE_MSG.dictItemInUse(1));
  });

  it('files a good appeal with a number, its attachment and status 已提交; the list shows it', async () => {
    const fileIds = await uploadPdfs(as.ent, 2);
    const res = await submit(as.ent, goodBody(entId, { fileIds }));
    expect(res.statusCode, res.body).toBe(200);
    const { data, msg } = res.json() as { data: AppealDetail; msg: string };
    expect(data.number).toMatch(/^SQ\d{8}-\d{4}$/);
    expect(msg).toBe(APPEAL_MSG.submitted(data.number));
    expect(data).toMatchObject({ status: 'submitted', statusLabel: '已提交', categoryName: '惠企政策', limitDays: 5, dueAt: null, steps: ['withdraw'] });
    expect(data.attachments.map((f) => f.id)).toEqual(fileIds);
    const list = await app.inject({ method: 'GET', url: `${APPEAL_PATHS.list.replace(':id', String(entId))}?status=submitted&currentPage=1&pageSize=50`, headers: as.ent });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list.map((a: { id: number }) => a.id)).toContain(data.id);
    const none = await app.inject({ method: 'GET', url: `${APPEAL_PATHS.list.replace(':id', String(entId))}?status=closed`, headers: as.ent });
    expect(none.json().data.list.map((a: { id: number }) => a.id)).not.toContain(data.id);
  });

  it('answers a filing with the detail a read of it gives (the enterprise, the due state, what it may do next)', async () => {
    const answer = await filed(as.ent, entId, { category: 'finance' });
    // Its timeline opens with the filing, by the enterprise (written with the row, in one statement).
    const opening = expect.objectContaining({ step: 'file', from: 'submitted', to: 'submitted', role: 'enterprise', actor: expect.objectContaining({ id: ent.id }) });
    expect(answer).toMatchObject({ enterpriseName: expect.stringMatching(/有限公司$/), categoryName: '融资贷款', timeline: [opening], attachments: [], handler: null });
    expect(answer).toEqual(await detailOf(as.ent, answer.id));
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const count = () => app.db.$count(appeals);
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '长'.repeat(51) }, '诉求标题不能为空，且不能超过 50 个字'],
      [{ title: '' }, '诉求标题不能为空，且不能超过 50 个字'],
      [{ content: '字'.repeat(2001) }, '诉求内容不能为空，且不能超过 2000 个字'],
      [{ phone: '12345' }, '请填写正确的电话'],
      [{ contact: '' }, '联系人不能为空，且不能超过 20 个字'],
      [{ category: 'nonexistent' }, APPEAL_MSG.categoryNotFound],
      [{ guideId: 999999 }, APPEAL_MSG.guideNotFound],
      [{ fileIds: [1, 2, 3, 4, 5, 6] }, ''],
    ];
    for (const [extra, msg] of cases) {
      const res = await submit(as.ent, goodBody(entId, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      if (msg) expect(res.json().msg).toBe(msg);
      else expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await count()).toBe(before);
  });

  it('gives 20 concurrent filings on two server nodes consecutive numbers without a gap', async () => {
    const first = await createTestApp();
    const second = await createTestApp({}, { databaseUrl: databaseUrlOf(first) });
    try {
      const accounts = await Promise.all(Array.from({ length: 4 }, (_, i) => createAccount(first, { name: `并发企业${i}有限公司` })));
      const callers = await Promise.all(accounts.map(async (a) => ({ headers: bearer((await loginAs(first, a)).access_token), enterpriseId: await enterpriseOf(first, a) })));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const c = callers[i % callers.length]!;
          return submit(c.headers, goodBody(c.enterpriseId), i % 2 ? second : first);
        }),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const numbers = results.map((r) => (r.json().data as AppealDetail).number);
      // Per China day (a run across midnight starts again at 0001): 0001, 0002, … without a gap.
      const byDay = new Map<string, number[]>();
      for (const n of numbers) byDay.set(n.slice(0, 10), [...(byDay.get(n.slice(0, 10)) ?? []), Number(n.slice(11))]);
      for (const seq of byDay.values()) expect(seq.sort((a, b) => a - b)).toEqual(seq.map((_, i) => i + 1));
      expect(new Set(numbers).size).toBe(20);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

// ---- the state machine --------------------------------------------------------------------------

/** The SQL every connection of this process sends while `work` runs (the app runs in this process). */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    sent.push(typeof first === 'string' ? first : (first.text ?? ''));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

describe('APPEAL_FLOW', () => {
  it('the handler hears of what the enterprise does (a supplement, a 差评, a rating), with a link to the console; nobody of their own step', async () => {
    const { id } = await filed();
    await took(as.staff, id, { step: 'accept' }); // unassigned: whoever accepted it handles it
    await took(as.staff, id, { step: 'askSupplement', note: '请补充营业执照' });
    await took(as.ent, id, { step: 'supplement', note: '已上传营业执照' });
    await took(as.staff, id, { step: 'reply', note: '已协调解决' });
    await took(as.ent, id, { step: 'rate', rating: 'dissatisfied', comment: '仍未解决' });
    const handlerHeard = await app.db
      .select({ kind: messages.kind, link: messages.link, body: messages.body })
      .from(messages)
      .where(and(eq(messages.accountId, staff.id), like(messages.link, `%?id=${id}`)))
      .orderBy(asc(messages.id));
    expect(handlerHeard.map((m) => [m.kind, m.link])).toEqual([
      ['appeal.supplemented', appealConsoleLink(id)],
      ['appeal.complained', appealConsoleLink(id)],
    ]);
    expect(handlerHeard[0]!.body).toContain('已上传营业执照');
    expect(handlerHeard[1]!.body).toContain('不满意：仍未解决');
    // The enterprise hears of staff's steps only, each once.
    expect((await messagesOf(ent.id, id)).map((m) => m.kind)).toEqual(['appeal.accepted', 'appeal.supplement', 'appeal.replied']);

    // Assigned, the appeal's handler hears of the next rating, and the one who accepted it no more.
    await took(as.staff, id, { step: 'assign', department: 'gxj', handlerId: (await createAccount(app, { roleId: ROLES.staff.id, name: '赵经办' })).id });
    const [row] = await app.db.select({ handlerId: appeals.handlerId }).from(appeals).where(eq(appeals.id, id));
    await took(as.staff, id, { step: 'callBack', note: '已回访' });
    await took(as.staff, id, { step: 'reply', note: '已整改' });
    await took(as.ent, id, { step: 'rate', rating: 'satisfied' });
    const rated = await app.db.select({ accountId: messages.accountId }).from(messages).where(and(eq(messages.kind, 'appeal.rated'), like(messages.link, `%?id=${id}`)));
    expect(rated.map((m) => m.accountId)).toEqual([row!.handlerId]);
  });

  it('a rating reads the appeal once, locked, and its answer once more: every choice of the step is made from the locked row', async () => {
    const { id } = await filed();
    await took(as.staff, id, { step: 'accept' });
    await took(as.staff, id, { step: 'reply', note: '已协调解决' });
    const sent = await statementsDuring(() => took(as.ent, id, { step: 'rate', rating: 'dissatisfied', comment: '仍未解决' }));
    const reads = sent.filter((q) => /^\s*select\b/i.test(q) && /from "appeals"/.test(q));
    // The lock (select … for update), then the answer's read of the detail; the step updates with `returning`.
    expect(reads.map((q) => (/for update/.test(q) ? 'lock' : 'answer'))).toEqual(['lock', 'answer']);
    expect(sent.filter((q) => /^\s*update "appeals"/i.test(q))).toHaveLength(1);
    expect(sent.some((q) => /from "workflow_steps"/.test(q) && /count\(/i.test(q))).toBe(false); // no step counted for a key
    expect(await rowOf(id)).toMatchObject({ status: 'reopened', reopenCount: 1 });
  });

  it('takes an appeal through acceptance, supplement, reply, two 差评 with 回访, and closes it on the third 差评', async () => {
    const appeal = await filed();
    const id = appeal.id;

    // rating before a reply; a staff step with an enterprise token
    expect((await stepOn(as.ent, id, { step: 'rate', rating: 'satisfied' })).json()).toMatchObject({ code: 409, msg: '当前状态为「已提交」，不能评价' });
    expect((await stepOn(as.ent, id, { step: 'accept' })).json()).toMatchObject({ code: 403, msg: '您的角色不能受理' });
    expect((await stepOn(as.ent, id, { step: 'remark', note: '内部' })).json()).toMatchObject({ code: 403 });

    // two staff accepting at once: one wins, the other finds it accepted
    const both = await Promise.all([stepOn(as.staff, id, { step: 'accept' }), stepOn(as.staff2, id, { step: 'accept' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().msg).toBe('当前状态为「办理中」，不能受理');

    // the due date: the category's 5 working days from acceptance, to the end of that China day
    const accepted = await rowOf(id);
    expect(accepted.status).toBe('accepted');
    expect(accepted.dueAt!.toISOString()).toBe(chinaDayEnd(await app.calendar.addWorkingDays(accepted.acceptedAt!, 5)).toISOString());
    const seen = await detailOf(as.ent, id);
    // accepted today with 5 working days (a China midnight passing meanwhile would leave 4)
    expect(['剩余 5 个工作日', '剩余 4 个工作日']).toContain(seen.dueText);

    // internal business: assign and a remark
    expect((await stepOn(as.staff, id, { step: 'assign', department: 'gxj' })).json()).toMatchObject({ code: 400, msg: APPEAL_MSG.handlerRequired });
    expect((await stepOn(as.staff, id, { step: 'assign', department: '经信局', handlerId: staff.id })).json()).toMatchObject({ code: 400, msg: APPEAL_MSG.departmentNotFound });
    expect((await stepOn(as.staff, id, { step: 'assign', department: 'gxj', handlerId: ent.id })).json()).toMatchObject({ code: 400, msg: APPEAL_MSG.handlerNotFound });
    await took(as.staff, id, { step: 'assign', department: 'gxj', handlerId: staff.id });
    await took(as.staff, id, { step: 'remark', note: '内部备注：此企业去年已享受过' });

    // a supplement asked and given with a file
    await took(as.staff, id, { step: 'askSupplement', note: '请补充研发费用明细表' });
    const [supplementFile] = await uploadPdfs(as.ent);
    const supplemented = await took(as.ent, id, { step: 'supplement', note: '已补充', fileIds: [supplementFile] });
    expect(supplemented.status).toBe('accepted');
    expect(supplemented.attachments.map((f) => [f.id, f.role])).toEqual([[supplementFile, 'supplement']]);

    // a reply with a file, then 不满意 needs a comment, and reopens for 整改 with 15 working days
    const [replyFile] = await uploadPdfs(as.staff);
    await took(as.staff, id, { step: 'reply', note: '已按政策答复', fileIds: [replyFile] });
    expect((await stepOn(as.ent, id, { step: 'rate', rating: 'dissatisfied' })).json()).toMatchObject({ code: 400, msg: APPEAL_MSG.commentRequired });
    const reopened = await took(as.ent, id, { step: 'rate', rating: 'dissatisfied', comment: '没有解决实际问题' });
    expect(reopened).toMatchObject({ status: 'reopened', reopenCount: 1, rating: 'dissatisfied' });
    const reopenedRow = await rowOf(id);
    expect(reopenedRow.dueAt!.getTime()).toBeGreaterThan(accepted.dueAt!.getTime());
    expect(reopenedRow.dueAt!.toISOString()).toBe(chinaDayEnd(await app.calendar.addWorkingDays(reopenedRow.updatedAt, 15)).toISOString());

    // replying again needs a 回访 first
    expect((await stepOn(as.staff, id, { step: 'reply', note: '再次答复' })).json()).toMatchObject({ code: 409, msg: APPEAL_MSG.callBackFirst });
    await took(as.staff, id, { step: 'callBack', note: '电话回访，企业反映需要上门指导' });
    await took(as.staff, id, { step: 'reply', note: '已上门指导' });

    // the second 差评 (an explicit complain), its 回访 and reply
    expect((await took(as.ent, id, { step: 'complain', rating: 'veryDissatisfied', comment: '仍未解决' })).reopenCount).toBe(2);
    await took(as.staff, id, { step: 'callBack', note: '第二次回访' });
    await took(as.staff, id, { step: 'reply', note: '第三次答复' });

    // a third reopening is refused; the third 差评 closes it with the rating kept
    expect((await stepOn(as.ent, id, { step: 'complain', rating: 'dissatisfied', comment: '还是不行' })).json()).toMatchObject({ code: 409, msg: APPEAL_MSG.tooManyReopenings });
    const closed = await took(as.ent, id, { step: 'rate', rating: 'dissatisfied', comment: '还是不行' });
    expect(closed).toMatchObject({ status: 'closed', reopenCount: 2, rating: 'dissatisfied', ratingLabel: '不满意', comment: '还是不行', steps: [] });

    // the enterprise's timeline leaves the internal steps out and names staff by role only
    const own = await detailOf(as.ent, id);
    const ownSteps = own.timeline.map((t) => t.step);
    expect(ownSteps).toEqual(['file', 'accept', 'askSupplement', 'supplement', 'reply', 'complain', 'callBack', 'reply', 'complain', 'callBack', 'reply', 'rate']);
    expect(own.timeline.filter((t) => t.role !== 'enterprise').every((t) => t.actor === null)).toBe(true);
    expect(own.handler).toBeNull();
    const staffView = await detailOf(as.staff, id, APPEAL_CONSOLE_PATHS.detail);
    expect(staffView.timeline.map((t) => t.step)).toEqual(['file', 'accept', 'assign', 'remark', ...ownSteps.slice(2)]);
    expect(staffView.handler).toEqual({ id: staff.id, name: '张受理' });
    expect(staffView).toMatchObject({ department: 'gxj', departmentName: '云溪县工业和信息化局' });

    // every step the enterprise may see and did not take reached its message centre once; no internal note
    const got = await messagesOf(ent.id, id);
    expect(got.map((m) => m.kind)).toEqual([
      'appeal.accepted',
      'appeal.supplement',
      'appeal.replied',
      'appeal.callback',
      'appeal.replied',
      'appeal.callback',
      'appeal.replied',
    ]);
    expect(got.some((m) => m.body.includes('内部备注') || m.body.includes('工业和信息化局'))).toBe(false);
    expect(got[1]!.body).toContain('请补充研发费用明细表');
    // the staff's queue shows it with its handler
    const queue = await app.inject({ method: 'POST', url: APPEAL_CONSOLE_PATHS.page, headers: as.staff, payload: { currentPage: 1, pageSize: 20, keyword: appeal.number } });
    expect(queue.json().data.list).toMatchObject([{ id, status: 'closed', handlerName: '张受理', department: 'gxj', departmentName: '云溪县工业和信息化局' }]);
  });

  it('moves the due date by an extension an administrator approves, and keeps it when refused', async () => {
    const admin = await createAccount(app, { roleId: ROLES.admin.id, name: '钱管理' });
    const adminHeaders = bearer((await loginAs(app, admin)).access_token);
    const appeal = await filed();
    await took(as.staff, appeal.id, { step: 'accept' });
    expect((await stepOn(as.staff, appeal.id, { step: 'approveExtension' })).json()).toMatchObject({ code: 403, msg: '您的角色不能批准延期' });
    expect((await stepOn(adminHeaders, appeal.id, { step: 'approveExtension' })).json()).toMatchObject({ code: 409, msg: APPEAL_MSG.noExtensionPending });
    expect((await stepOn(as.staff, appeal.id, { step: 'requestExtension', note: '需协调多个部门' })).json()).toMatchObject({ code: 400, msg: APPEAL_MSG.extensionDaysRequired });
    expect((await took(as.staff, appeal.id, { step: 'requestExtension', note: '需协调多个部门', extensionDays: 5 })).extensionDays).toBe(5);
    expect((await stepOn(as.staff, appeal.id, { step: 'requestExtension', note: '再次申请', extensionDays: 3 })).json()).toMatchObject({ code: 409, msg: APPEAL_MSG.extensionPending });

    // Due Saturday 10 October 2026 (调休): 5 working days more are 12, 13, 14, 15, 16 October
    await app.db.update(appeals).set({ dueAt: chinaDayEnd('2026-10-10') }).where(eq(appeals.id, appeal.id));
    const approved = await took(adminHeaders, appeal.id, { step: 'approveExtension' });
    expect(approved).toMatchObject({ dueAt: chinaDayEnd('2026-10-16').toISOString(), extensionDays: null });

    // refused: the due date stays
    await took(as.staff, appeal.id, { step: 'requestExtension', note: '仍需时间', extensionDays: 2 });
    expect((await stepOn(adminHeaders, appeal.id, { step: 'refuseExtension' })).json()).toMatchObject({ code: 400, msg: '驳回延期须填写说明' });
    expect(await took(adminHeaders, appeal.id, { step: 'refuseExtension', note: '期限内可以办结' })).toMatchObject({ dueAt: chinaDayEnd('2026-10-16').toISOString(), extensionDays: null });

    // the enterprise sees the approval and its new due date, never the requests or the refusal
    const own = await detailOf(as.ent, appeal.id);
    expect(own.timeline.map((t) => t.step)).toEqual(['file', 'accept', 'approveExtension']);
    expect(own.extensionDays).toBeNull();
    const got = await messagesOf(ent.id, appeal.id);
    expect(got.map((m) => m.kind)).toEqual(['appeal.accepted', 'appeal.extended']);
    expect(got[1]!.body).toContain('办理期限：2026-10-16');
    expect(got.some((m) => m.body.includes('协调') || m.body.includes('期限内可以办结'))).toBe(false);
  });

  it('refuses replying to a rejected or withdrawn appeal, and rejecting without a reason', async () => {
    const rejected = await filed();
    expect((await stepOn(as.staff, rejected.id, { step: 'reject' })).json()).toMatchObject({ code: 400, msg: '不予受理须填写说明' });
    const r = await took(as.staff, rejected.id, { step: 'reject', note: '不属于本局职责范围' });
    expect(r.status).toBe('rejected');
    expect((await stepOn(as.staff, rejected.id, { step: 'reply', note: '答复' })).json()).toMatchObject({ code: 409, msg: '当前状态为「不予受理」，不能答复' });
    expect((await messagesOf(ent.id, rejected.id)).map((m) => [m.kind, m.body.includes('不属于本局职责范围')])).toEqual([['appeal.rejected', true]]);

    const withdrawn = await filed();
    expect((await took(as.ent, withdrawn.id, { step: 'withdraw' })).status).toBe('withdrawn');
    expect((await stepOn(as.staff, withdrawn.id, { step: 'reply', note: '答复' })).json()).toMatchObject({ code: 409, msg: '当前状态为「已撤回」，不能答复' });
    expect((await stepOn(as.staff, withdrawn.id, { step: 'accept' })).json()).toMatchObject({ code: 409 });
    expect((await stepOn(as.ent, withdrawn.id, { step: 'withdraw' })).json()).toMatchObject({ code: 409 });
    expect(await messagesOf(ent.id, withdrawn.id)).toEqual([]);
  });

  it('lets staff close a replied appeal with a reason, as 未评价, and tells the enterprise', async () => {
    const appeal = await filed();
    await took(as.staff, appeal.id, { step: 'accept' });
    expect((await stepOn(as.staff, appeal.id, { step: 'close', note: '企业来电确认已解决' })).json()).toMatchObject({ code: 409, msg: '当前状态为「办理中」，不能办结' });
    await took(as.staff, appeal.id, { step: 'reply', note: '已答复' });
    expect((await stepOn(as.ent, appeal.id, { step: 'close', note: '企业自己办结' })).json()).toMatchObject({ code: 403 });
    expect((await stepOn(as.staff, appeal.id, { step: 'close' })).json()).toMatchObject({ code: 400, msg: '办结须填写说明' });
    const closed = await took(as.staff, appeal.id, { step: 'close', note: '企业来电确认已解决' });
    expect(closed).toMatchObject({ status: 'closed', rating: null, ratingLabel: '未评价' });
    expect((await stepOn(as.ent, appeal.id, { step: 'rate', rating: 'satisfied' })).json()).toMatchObject({ code: 409 });
    expect((await messagesOf(ent.id, appeal.id)).map((m) => m.kind)).toEqual(['appeal.accepted', 'appeal.replied', 'appeal.closed']);
  });

  it('refuses a sixth attachment on one appeal and a disguised file', async () => {
    const appeal = await filed(as.ent, entId, { fileIds: await uploadPdfs(as.ent, 5) });
    expect(appeal.attachments).toHaveLength(5);
    await took(as.staff, appeal.id, { step: 'accept' });
    await took(as.staff, appeal.id, { step: 'askSupplement', note: '请补充' });
    const [sixth] = await uploadPdfs(as.ent);
    expect((await stepOn(as.ent, appeal.id, { step: 'supplement', note: '补充', fileIds: [sixth] })).json()).toMatchObject({ code: 400, msg: FILE_MSG.tooMany });
    expect((await rowOf(appeal.id)).status).toBe('supplementing');

    // a program named .pdf is refused at the upload: nothing to attach
    const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(64)]);
    const body = multipart([exe], '政策说明.pdf');
    const res = await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...as.ent, ...body.headers }, payload: body.payload });
    expect(res.json()).toMatchObject({ code: 400, msg: FILE_MSG.wrongType });
  });
});

// ---- the staff queue ----------------------------------------------------------------------------

describe('the staff queue', () => {
  it('offers every active 工作人员 and 管理员 as a handler, to staff only', async () => {
    const gone = await createAccount(app, { roleId: ROLES.staff.id, name: '离岗人员' });
    await app.db.update(accounts).set({ disabled: true }).where(eq(accounts.id, gone.id));
    const res = await app.inject({ method: 'GET', url: APPEAL_CONSOLE_PATHS.handlers, headers: as.staff });
    const names = (res.json().data as { name: string }[]).map((h) => h.name);
    expect(names).toEqual(expect.arrayContaining(['张受理', '李受理']));
    expect(names).not.toContain('离岗人员');
    expect(names).not.toContain('云溪智造科技有限公司');
    // each by its name and role, never its login name (the pick list showed 李工（staff）)
    for (const h of res.json().data) expect(Object.keys(h).sort()).toEqual(['id', 'name', 'roleName']);
    expect((res.json().data as { name: string; roleName: string }[]).find((h) => h.name === '张受理')?.roleName).toMatch(/^(工作人员|管理员)$/);
    expect((await app.inject({ method: 'GET', url: APPEAL_CONSOLE_PATHS.handlers, headers: as.ent })).statusCode).toBe(403);
  });

  it('filters by status, category, department, handler, due soon, time and keyword, and counts each status', async () => {
    const company = await createAccount(app, { name: `队列测试${randomBytes(3).toString('hex')}有限公司` });
    const companyName = (await app.db.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.accountId, company.id)))[0]!.name;
    const headers = bearer((await loginAs(app, company)).access_token);
    const enterpriseId = await enterpriseOf(app, company);
    const handler = await createAccount(app, { roleId: ROLES.staff.id, name: '赵承办' });
    const accepted = await filed(headers, enterpriseId);
    const rejected = await filed(headers, enterpriseId);
    const finance = await filed(headers, enterpriseId, { category: 'finance' });
    await took(as.staff, accepted.id, { step: 'accept' });
    await took(as.staff, accepted.id, { step: 'assign', department: 'rsj', handlerId: handler.id });
    await took(as.staff, rejected.id, { step: 'reject', note: '重复提交' });

    const page = async (filters: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url: APPEAL_CONSOLE_PATHS.page, headers: as.staff, payload: { currentPage: 1, pageSize: 50, keyword: companyName, ...filters } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as { id: number }[]).map((a) => a.id);
    };
    expect(await page({})).toEqual([finance.id, rejected.id, accepted.id]);
    expect(await page({ status: 'accepted' })).toEqual([accepted.id]);
    expect(await page({ category: 'finance' })).toEqual([finance.id]);
    expect(await page({ department: 'rsj' })).toEqual([accepted.id]);
    expect(await page({ handlerId: handler.id })).toEqual([accepted.id]);
    expect(await page({ keyword: accepted.number })).toEqual([accepted.id]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 32 * 3_600_000).toISOString().slice(0, 10);
    expect(await page({ from: today, to: today })).toHaveLength(3);
    expect(await page({ from: tomorrow })).toEqual([]);

    // due soon: within two working days from now, not 40 working days on
    await app.db.update(appeals).set({ dueAt: new Date(Date.now() + 3_600_000) }).where(eq(appeals.id, accepted.id));
    expect(await page({ dueSoon: true })).toEqual([accepted.id]);
    await app.db.update(appeals).set({ dueAt: await dueAfter(app.calendar, new Date(), 40) }).where(eq(appeals.id, accepted.id));
    expect(await page({ dueSoon: true })).toEqual([]);

    const counts = await app.inject({ method: 'POST', url: APPEAL_CONSOLE_PATHS.counts, headers: as.staff, payload: { keyword: companyName } });
    expect(counts.json().data).toEqual({
      all: 3,
      byStatus: { submitted: 1, accepted: 1, supplementing: 0, replied: 0, reopened: 0, closed: 0, rejected: 1, withdrawn: 0 },
    });
    const enterpriseCall = await app.inject({ method: 'POST', url: APPEAL_CONSOLE_PATHS.page, headers, payload: { currentPage: 1, pageSize: 20 } });
    expect(enterpriseCall.statusCode).toBe(403);
  });

  it('says 10000+ when more than 10,000 appeals match, the page still the newest ones', async () => {
    const company = await createAccount(app, { name: `万件测试${randomBytes(3).toString('hex')}有限公司` });
    const companyName = (await app.db.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.accountId, company.id)))[0]!.name;
    const enterpriseId = await enterpriseOf(app, company);
    // 10,001 filings of this enterprise, one a minute until an hour ago (submitted: no clock runs).
    await app.db.execute(sql`insert into ${appeals} (number, enterprise_id, account_id, category, title, content, contact, phone, created_at)
      select 'SQ19990101-' || lpad(g::text, 5, '0'), ${enterpriseId}, ${company.id}, 'policy', '批量诉求' || g, '内容', '王经理', '13800138000', now() - interval '1 hour' - interval '1 minute' * (10001 - g)
      from generate_series(1, 10001) g`);
    const page = async (currentPage: number) => {
      const res = await app.inject({ method: 'POST', url: APPEAL_CONSOLE_PATHS.page, headers: as.staff, payload: { currentPage, pageSize: 20, keyword: companyName } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { list: { title: string }[]; total: number; totalCapped?: boolean };
    };
    const first = await page(1);
    expect(first).toMatchObject({ total: 10_000, totalCapped: true });
    expect(first.list.map((a) => a.title).slice(0, 2)).toEqual(['批量诉求10001', '批量诉求10000']);
    // a page past the last one is empty and still says 10000+
    expect(await page(600)).toMatchObject({ list: [], total: 10_000, totalCapped: true });
    // a filter that matches fewer counts them exactly
    const few = await app.inject({ method: 'POST', url: APPEAL_CONSOLE_PATHS.page, headers: as.staff, payload: { currentPage: 1, pageSize: 20, keyword: '批量诉求10001' } });
    expect(few.json().data).toMatchObject({ total: 1, totalCapped: false });
  });
});

// ---- due dates in working days -------------------------------------------------------------------

describe('due dates across a weekend, a holiday and a 调休 working Saturday', () => {
  const china = (day: string, time = '10:00') => new Date(`${day}T${time}:00+08:00`);

  it('counts from the next working day to the end of the China day', async () => {
    // Friday → the Monday after the weekend
    expect((await dueAfter(app.calendar, china('2026-11-20'), 1)).toISOString()).toBe(chinaDayEnd('2026-11-23').toISOString());
    // the day before 国庆 (1–7 October 放假) → Thursday 8 October
    expect((await dueAfter(app.calendar, china('2026-09-30'), 1)).toISOString()).toBe(chinaDayEnd('2026-10-08').toISOString());
    // Friday 9 October → Saturday 10 October, a 调休 working day
    expect((await dueAfter(app.calendar, china('2026-10-09'), 1)).toISOString()).toBe(chinaDayEnd('2026-10-10').toISOString());
    // 5 working days from 30 September: 8, 9, 10 (调休), 12, 13 October
    expect((await dueAfter(app.calendar, china('2026-09-30'), 5)).toISOString()).toBe(chinaDayEnd('2026-10-13').toISOString());
  });

  it('refuses to start the clock in a year without a published calendar, saying so', async () => {
    const appeal = await filed();
    const years = await app.db.delete(calendarYears).returning();
    try {
      await expect.poll(() => app.calendar.addWorkingDays(new Date(), 1).then(() => 'ok', (err: Error) => err.name)).toBe('CalendarYearMissingError');
      const res = await stepOn(as.staff, appeal.id, { step: 'accept' });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toMatch(/^\d{4} 年工作日历尚未发布，无法计算办理时限，请联系管理员$/);
      expect((await rowOf(appeal.id)).status).toBe('submitted');
      expect(await messagesOf(ent.id, appeal.id)).toEqual([]);
    } finally {
      await app.db.insert(calendarYears).values(years);
      await expect.poll(() => app.calendar.addWorkingDays(new Date(), 1).then(() => 'ok', (err: Error) => err.name)).toBe('ok');
    }
  });

  it('answers 剩余 N 个工作日 or 已超期 in the detail', async () => {
    const appeal = await filed();
    await took(as.staff, appeal.id, { step: 'accept' });
    await app.db.update(appeals).set({ dueAt: chinaDayEnd('2026-10-10') }).where(eq(appeals.id, appeal.id));
    const [enterpriseIds] = [[entId]];
    const ctx: SignedInCtx = { ip: null, actor: { accountId: ent.id, username: ent.username, name: '', roleId: ROLES.enterprise.id, sessionId: 'test' }, scope: { accountId: ent.id, roleId: ROLES.enterprise.id, enterpriseIds } };
    const at = (now: Date) => appealDetail({ db: app.db, events: app.events, calendar: app.calendar, dicts: app.dicts }, ctx, appeal.id, now);
    // Thursday 8 October: Friday 9 and 调休 Saturday 10 remain
    expect(await at(china('2026-10-08'))).toMatchObject({ dueText: '剩余 2 个工作日', remainingDays: 2, overdue: false });
    // the due day itself, before its end
    expect(await at(china('2026-10-10', '23:00'))).toMatchObject({ dueText: '剩余 0 个工作日', overdue: false });
    // Monday 12 October (Sunday the 11th no working day): one working day overdue
    expect(await at(china('2026-10-12'))).toMatchObject({ dueText: '已超期', remainingDays: -1, overdue: true });
    // over a weekend: due Monday 23 November, asked Friday 20 → 1 left
    await app.db.update(appeals).set({ dueAt: chinaDayEnd('2026-11-23') }).where(eq(appeals.id, appeal.id));
    expect(await at(china('2026-11-20'))).toMatchObject({ dueText: '剩余 1 个工作日' });
    // the staff queue's overdue filter
    await app.db.update(appeals).set({ dueAt: new Date(Date.now() - 3_600_000) }).where(eq(appeals.id, appeal.id));
    const queue = await app.inject({ method: 'POST', url: APPEAL_CONSOLE_PATHS.page, headers: as.staff, payload: { currentPage: 1, pageSize: 500, overdue: true } });
    expect(queue.json().data.list.map((a: { id: number; overdue: boolean }) => [a.id, a.overdue])).toContainEqual([appeal.id, true]);
    // a closed appeal has no running clock
    expect(await dueState(app.calendar, { status: 'closed', dueAt: chinaDayEnd('2026-10-10'), acceptDueAt: null }, china('2026-10-08'))).toEqual({
      dueText: null,
      remainingDays: null,
      overdue: false,
      acceptOverdue: false,
    });
  });
});

describe('the 受理 clock: one working day from filing (APPEAL_RESPONSE_DAYS), 待受理超时 after it', () => {
  const china = (day: string, time = '10:00') => new Date(`${day}T${time}:00+08:00`);
  const deps = () => ({ db: app.db, events: app.events, calendar: app.calendar, dicts: app.dicts });
  const acceptDueOf = async (at: Date) => (await app.db.execute<{ due: Date | string | null }>(sql`select ${acceptDueSql(at)} as due`)).rows[0]!.due;

  it('is the end of the first working day after the filing, as dueAfter counts it; none in a year not published', async () => {
    const cases: [Date, string][] = [
      [china('2026-11-20'), '2026-11-23'], // Friday → Monday
      [china('2026-11-21', '15:00'), '2026-11-23'], // Saturday → Monday
      [china('2026-11-19', '23:30'), '2026-11-20'], // Thursday 23:30 China (still Thursday) → Friday
      [china('2026-11-20', '00:30'), '2026-11-23'], // 00:30 Friday China (Thursday in UTC) → Monday
      [china('2026-09-30'), '2026-10-08'], // the day before 国庆 → Thursday 8 October
      [china('2026-10-09'), '2026-10-10'], // Friday 9 October → 调休 Saturday 10 October
    ];
    for (const [at, day] of cases) {
      expect(new Date((await acceptDueOf(at))!).toISOString(), at.toISOString()).toBe(chinaDayEnd(day).toISOString());
      expect((await dueAfter(app.calendar, at, 1)).toISOString()).toBe(chinaDayEnd(day).toISOString());
    }
    expect(await acceptDueOf(china('2019-06-03'))).toBeNull();
  });

  it('is stored at filing, and the enterprise, the queue and the detail flag it past its end; accepting stops it', async () => {
    const appeal = await filed();
    const row = await rowOf(appeal.id);
    expect(row.acceptDueAt!.toISOString()).toBe((await dueAfter(app.calendar, row.createdAt, 1)).toISOString());
    expect(appeal.acceptDueAt).toBe(row.acceptDueAt!.toISOString());
    // From here on, chosen instants: filed Friday 20 November 2026, to be accepted by Monday 23rd.
    await app.db.update(appeals).set({ createdAt: china('2026-11-20'), acceptDueAt: chinaDayEnd('2026-11-23') }).where(eq(appeals.id, appeal.id));
    const ctx: SignedInCtx = { ip: null, actor: { accountId: ent.id, username: ent.username, name: '', roleId: ROLES.enterprise.id, sessionId: 'test' }, scope: { accountId: ent.id, roleId: ROLES.enterprise.id, enterpriseIds: [entId] } };
    const listed = async (now: Date) => (await enterpriseList(deps(), entId, { currentPage: 1, pageSize: 100, status: 'submitted' }, now)).list.find((a) => a.id === appeal.id)!;
    const clocks = (a: { dueText: string | null; remainingDays: number | null; overdue: boolean; acceptOverdue: boolean }) => ({
      dueText: a.dueText,
      remainingDays: a.remainingDays,
      overdue: a.overdue,
      acceptOverdue: a.acceptOverdue,
    });
    const friday = { dueText: '剩余 1 个工作日', remainingDays: 1, overdue: false, acceptOverdue: false };
    expect(clocks(await appealDetail(deps(), ctx, appeal.id, china('2026-11-20', '15:00')))).toEqual(friday);
    expect(clocks(await listed(china('2026-11-20', '15:00')))).toEqual(friday);
    // Monday 23rd before its end: still in time
    expect(clocks(await listed(china('2026-11-23', '23:00')))).toEqual({ dueText: '剩余 0 个工作日', remainingDays: 0, overdue: false, acceptOverdue: false });
    // Tuesday 24th: 待受理超时, one working day late — for the enterprise's list and detail alike
    const late = { dueText: APPEAL_MSG.acceptOverdue, remainingDays: -1, overdue: false, acceptOverdue: true };
    expect(clocks(await listed(china('2026-11-24')))).toEqual(late);
    expect(clocks(await appealDetail(deps(), ctx, appeal.id, china('2026-11-24')))).toEqual(late);
    // the staff queue: the row flagged, and a filter of its own (with the tabs' counts under it)
    const query = { currentPage: 1, pageSize: 500, acceptOverdue: true };
    const queue = await queuePage(deps(), query, china('2026-11-24'));
    expect(queue.list.find((a) => a.id === appeal.id)).toMatchObject({ status: 'submitted', acceptOverdue: true, overdue: false, dueText: '待受理超时' });
    expect(queue.list.every((a) => a.acceptOverdue && a.status === 'submitted')).toBe(true);
    expect((await queuePage(deps(), query, china('2026-11-23', '23:00'))).list.map((a) => a.id)).not.toContain(appeal.id);
    expect((await queueCounts(deps(), { acceptOverdue: true }, china('2026-11-24'))).byStatus).toMatchObject({ accepted: 0, submitted: expect.any(Number) });
    // the endpoint takes the filter too
    const res = await app.inject({ method: 'POST', url: APPEAL_CONSOLE_PATHS.page, headers: as.staff, payload: { currentPage: 1, pageSize: 500, acceptOverdue: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data.list as { id: number }[]).map((a) => a.id)).toContain(appeal.id);
    // accepted: the 受理 clock stops, the handling one runs
    await took(as.staff, appeal.id, { step: 'accept' });
    const accepted = await appealDetail(deps(), ctx, appeal.id);
    expect(accepted).toMatchObject({ status: 'accepted', acceptOverdue: false });
    expect(accepted.dueText).toMatch(/^剩余 \d+ 个工作日$/);
  });

  it("the migration gives appeals filed before it their 受理 deadline by the same rule, none in a year not published", async () => {
    const statements = readFileSync(new URL('../../drizzle/0026_appeal_accept_due.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const backfill = statements.find((st) => st.includes('UPDATE "appeals"'))!;
    const filedAt = [china('2026-11-20'), china('2026-09-30'), china('2026-10-09'), china('2026-11-21', '15:00'), china('2019-06-03')];
    const ids: number[] = [];
    for (const at of filedAt) {
      const { id } = await filed();
      await app.db.update(appeals).set({ createdAt: at, acceptDueAt: null }).where(eq(appeals.id, id));
      ids.push(id);
    }
    await app.db.execute(sql.raw(backfill));
    for (const [i, id] of ids.entries()) {
      const at = filedAt[i]!;
      const expected = at.getUTCFullYear() === 2019 ? null : (await dueAfter(app.calendar, at, 1)).toISOString();
      expect((await rowOf(id)).acceptDueAt?.toISOString() ?? null, at.toISOString()).toBe(expected);
    }
  });
});

// ---- ownership ----------------------------------------------------------------------------------

describe("another enterprise's ids answer 404 on every call", () => {
  /** The owner's appeal, filed (and moved by staff) the first time it is needed. */
  const owned = new Map<number, AppealDetail>();
  async function appealFor(owner: Caller, stage: 'submitted' | 'replied' | 'supplementing') {
    const known = owned.get(owner.account.id);
    if (known) return known;
    const enterpriseId = await enterpriseOf(app, owner.account);
    const appeal = await filed(owner.headers, enterpriseId, { fileIds: await uploadPdfs(owner.headers) });
    if (stage !== 'submitted') await took(as.staff, appeal.id, { step: 'accept' });
    if (stage === 'replied') await took(as.staff, appeal.id, { step: 'reply', note: '答复' });
    if (stage === 'supplementing') await took(as.staff, appeal.id, { step: 'askSupplement', note: '请补充' });
    owned.set(owner.account.id, appeal);
    return appeal;
  }
  const snapshotOf = (stage: 'submitted' | 'replied' | 'supplementing') => async (owner: Caller) => {
    const appeal = await appealFor(owner, stage);
    const steps = await app.db.$count(workflowSteps, and(eq(workflowSteps.subjectKind, 'appeal'), eq(workflowSteps.subjectId, appeal.id)));
    const { updatedAt: _u, ...row } = await rowOf(appeal.id);
    return { row, steps, count: await app.db.$count(appeals, eq(appeals.enterpriseId, appeal.enterpriseId)) };
  };

  it('the detail', () =>
    expectOwnedCall(app, {
      snapshot: snapshotOf('submitted'),
      call: async (c, owner) => app.inject({ method: 'GET', url: APPEAL_PATHS.detail.replace(':id', String(owned.get(owner.account.id)!.id)), headers: c.headers }),
    }));
  it('the list', () =>
    expectOwnedCall(app, {
      snapshot: snapshotOf('submitted'),
      call: async (c, owner) => app.inject({ method: 'GET', url: APPEAL_PATHS.list.replace(':id', String(owned.get(owner.account.id)!.enterpriseId)), headers: c.headers }),
    }));
  it('filing for its enterprise', () =>
    expectOwnedCall(app, {
      snapshot: snapshotOf('submitted'),
      call: async (c, owner) => submit(c.headers, goodBody(owned.get(owner.account.id)!.enterpriseId)),
    }));
  it('the attachment', () =>
    expectOwnedCall(app, {
      snapshot: snapshotOf('submitted'),
      call: async (c, owner) => app.inject({ method: 'GET', url: fileUrl(owned.get(owner.account.id)!.attachments[0]!.id), headers: c.headers }),
    }));
  it('withdrawing', () =>
    expectOwnedCall(app, {
      snapshot: snapshotOf('submitted'),
      call: async (c, owner) => stepOn(c.headers, owned.get(owner.account.id)!.id, { step: 'withdraw' }),
    }));
  it('a supplement', () =>
    expectOwnedCall(app, {
      snapshot: snapshotOf('supplementing'),
      call: async (c, owner) => stepOn(c.headers, owned.get(owner.account.id)!.id, { step: 'supplement', note: '补充说明' }),
    }));
  it('the rating', () =>
    expectOwnedCall(app, {
      snapshot: snapshotOf('replied'),
      call: async (c, owner) => stepOn(c.headers, owned.get(owner.account.id)!.id, { step: 'rate', rating: 'verySatisfied' }),
    }));
});

// ---- jobs ---------------------------------------------------------------------------------------

describe('the jobs', () => {
  const deps = () => ({ db: app.db, events: app.events, calendar: app.calendar, dicts: app.dicts });
  const DAY = 86_400_000;

  it('invites a rating three days after a reply, once, and closes as 未评价 after fifteen, once', async () => {
    const appeal = await filed();
    await took(as.staff, appeal.id, { step: 'accept' });
    await took(as.staff, appeal.id, { step: 'reply', note: '答复内容' });
    const { repliedAt } = await rowOf(appeal.id);
    const after = (days: number) => new Date(repliedAt!.getTime() + days * DAY + 60_000);
    const kinds = async () => (await messagesOf(ent.id, appeal.id)).map((m) => m.kind);

    await inviteRatings(deps(), after(2));
    expect(await kinds()).toEqual(['appeal.accepted', 'appeal.replied']);
    await inviteRatings(deps(), after(3));
    await inviteRatings(deps(), after(4));
    expect(await kinds()).toEqual(['appeal.accepted', 'appeal.replied', 'appeal.rate-invite']);

    // APPEAL_FLOW's timer, run by the flows' one job: fifteen days after the reply (the step that entered 已答复).
    const timers = (at: Date) => app.flowTimers.run(app.db, app.calendar, at);
    await timers(after(14));
    expect((await rowOf(appeal.id)).status).toBe('replied');
    await timers(after(15));
    await timers(after(16));
    const closed = await detailOf(as.ent, appeal.id);
    expect(closed).toMatchObject({ status: 'closed', rating: null, ratingLabel: APPEAL_MSG.unrated });
    expect(closed.timeline.map((t) => [t.step, t.role])).toContainEqual(['expire', 'system']);
    expect(closed.timeline.filter((t) => t.step === 'expire')).toHaveLength(1);
    expect(await kinds()).toEqual(['appeal.accepted', 'appeal.replied', 'appeal.rate-invite', 'appeal.closed']);
    // a rating now comes too late
    expect((await stepOn(as.ent, appeal.id, { step: 'rate', rating: 'satisfied' })).json()).toMatchObject({ code: 409 });
  });

  it("tells handlers each working morning of appeals due within two working days or overdue, once a day", async () => {
    const handler = await createAccount(app, { roleId: ROLES.staff.id, name: '王承办' });
    const soon = await filed();
    const later = await filed();
    for (const a of [soon, later]) {
      await took(as.staff, a.id, { step: 'accept' });
      await took(as.staff, a.id, { step: 'assign', department: 'rsj', handlerId: handler.id });
    }
    // Thursday 8 October 2026: due Saturday 10 (调休, the 2nd working day) is soon; Tuesday 13 is not
    await app.db.update(appeals).set({ dueAt: chinaDayEnd('2026-10-10') }).where(eq(appeals.id, soon.id));
    await app.db.update(appeals).set({ dueAt: chinaDayEnd('2026-10-13') }).where(eq(appeals.id, later.id));
    const morning = new Date('2026-10-08T09:00:00+08:00');
    const dueMessages = () =>
      app.db.select({ title: messages.title, link: messages.link }).from(messages).where(and(eq(messages.accountId, handler.id), eq(messages.kind, 'appeal.due'))).orderBy(asc(messages.id));
    await flagDue(deps(), morning);
    await flagDue(deps(), morning);
    expect(await dueMessages()).toEqual([{ title: `诉求即将到期：${soon.title}`, link: `/admin/appeals?id=${soon.id}` }]);
    // a holiday morning: nothing; the next working morning the soon one is overdue, the later one due soon
    await flagDue(deps(), new Date('2026-10-04T09:00:00+08:00'));
    expect(await dueMessages()).toHaveLength(1);
    await flagDue(deps(), new Date('2026-10-12T09:00:00+08:00'));
    expect((await dueMessages()).map((m) => [m.title.slice(0, 6), m.link])).toEqual([
      ['诉求即将到期', `/admin/appeals?id=${soon.id}`],
      ['诉求已超期：', `/admin/appeals?id=${soon.id}`],
      ['诉求即将到期', `/admin/appeals?id=${later.id}`],
    ]);
  });
});
