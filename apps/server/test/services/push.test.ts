// 政策推送: subscriptions (good input, bad input, another account's ids), one message per account
// and event whatever runs it (two nodes, a rerun), the inbox and its read state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { consolePath } from '@hqt/contract/console';
import { POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import type { PageOf } from '@hqt/contract/envelope';
import { withId } from '@hqt/contract/calculator';
import { INBOX_MSG, INBOX_PATHS, type InboxMessage, type UnreadCount } from '@hqt/contract/inbox';
import { MAX_SUBSCRIPTIONS, PUSH_MSG, PUSH_PATHS, pushMessageKey, type PushEvent, type Subscription } from '@hqt/contract/push';
import type { App } from '../../src/app';
import { accounts, auditLog, enterprises, guides, messages, pushEvents, pushSubscriptions, topicGuides, topics } from '../../src/db/schema/index';
import { bearer, createAccount, createTestApp, databaseUrlOf, loginAs } from '../helpers/app';
import { insertDraftGuide, insertPolicy } from '../helpers/content';
import { notify } from '../../src/services/message/public';
import { expectOwnedCall, type Caller } from '../helpers/ownership';

let app: App;
let staff: Record<string, string>;
let staffId: number;
const day = 86_400_000;

type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T } };
async function call<T = unknown>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Answer<T>> {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

async function enterpriseCaller(name = '云溪精工机械有限公司'): Promise<Caller> {
  const account = await createAccount(app, { name });
  return { account, headers: bearer((await loginAs(app, account)).access_token) };
}
const subscribe = (c: Caller, kind: string, value = '') => call<Subscription>('POST', PUSH_PATHS.saveSubscription, c.headers, { kind, value });
const inbox = (c: Caller, query: object = {}) => call<PageOf<InboxMessage>>('POST', INBOX_PATHS.page, c.headers, { currentPage: 1, pageSize: 50, ...query });
const unread = async (c: Caller) => (await call<UnreadCount>('GET', INBOX_PATHS.unreadCount, c.headers)).body.data.unread;

let policyId: number;
let topicId: number;
/** A draft guide that admits enterprises with ≥ 50 staff last year (staff publish it through the console). */
const draftGuide = (title: string, over: Partial<typeof guides.$inferInsert> = {}) =>
  insertDraftGuide(app, policyId, title, { eligibility: { groups: [[{ field: 'staff', op: 'gte', value: 50, year: 'last' }]] }, amountRule: { kind: 'fixed', amount: 20 }, ...over });
const publish = (guideId: number) => call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), staff, { action: 'publish' });
const messagesOf = (guideId: number, event: PushEvent = 'published') => app.db.select().from(messages).where(eq(messages.dedupeKey, pushMessageKey(guideId, event)));
/** The guide a 政策推送 message is about, from its link. */
const guideOf = (m: { link: string | null }) => Number(new URL(m.link!, 'http://x').searchParams.get('guide'));
/** The fan-out runs as a job: its event is finished once every message is written. */
async function finished(guideId: number, event = 'published') {
  await expect
    .poll(async () => (await app.db.select({ finishedAt: pushEvents.finishedAt }).from(pushEvents).where(and(eq(pushEvents.guideId, guideId), eq(pushEvents.event, event))))[0]?.finishedAt ?? null, { timeout: 60_000, interval: 100 })
    .not.toBeNull();
}

beforeAll(async () => {
  app = await createTestApp();
  const staffAccount = await createAccount(app, { roleId: ROLES.staff.id, name: '王科员' });
  staffId = staffAccount.id;
  staff = bearer((await loginAs(app, staffAccount)).access_token);
  policyId = await insertPolicy(app);
  const [topic] = await app.db
    .insert(topics)
    .values({ title: '专精特新专题', summary: '专精特新企业政策汇编', cover: '/cover.png', startsAt: new Date(Date.now() - day) })
    .returning({ id: topics.id });
  topicId = topic!.id;
});
afterAll(() => app.close());

describe('subscriptions', () => {
  it('follows each kind of thing, labelled in words, and lists them with the spec’s pageSize 9999999', async () => {
    const c = await enterpriseCaller();
    const saved = [
      await subscribe(c, 'qualified'),
      await subscribe(c, 'topic', String(topicId)),
      await subscribe(c, 'supportType', 'subsidy'),
      await subscribe(c, 'industry', 'C'),
      await subscribe(c, 'department', 'gxj'),
      await subscribe(c, 'keyword', '  数字化  转型 '),
    ];
    for (const s of saved) expect(s.body, JSON.stringify(s.body)).toMatchObject({ code: 200, msg: PUSH_MSG.subscribed });
    const page = await call<PageOf<Subscription>>('POST', PUSH_PATHS.subscriptionPage, c.headers, { currentPage: 1, pageSize: 9999999 });
    expect(page.body.code).toBe(200);
    expect(page.body.data.pageSize).toBe(500);
    expect(page.body.data.total).toBe(6);
    expect(page.body.data.list.map((s) => [s.kindLabel, s.label])).toEqual([
      ['符合我企业条件的政策', '符合我企业条件的政策'],
      ['政策专题', '专精特新专题'],
      ['扶持方式', expect.any(String)],
      ['行业', expect.stringContaining('制造')],
      ['发文部门', expect.any(String)],
      ['关键词', '数字化 转型'],
    ]);
  });

  it('refuses bad input with a clear message and keeps nothing', async () => {
    const c = await enterpriseCaller();
    const refusals: [unknown, number, string | RegExp][] = [
      [{ kind: 'weather', value: 'x' }, 400, '订阅类型不正确'],
      [{ kind: 'supportType', value: 'nonsense' }, 400, /未知的扶持方式/],
      [{ kind: 'industry', value: '' }, 400, '请选择行业'],
      [{ kind: 'keyword', value: '研' }, 400, PUSH_MSG.keywordLength],
      [{ kind: 'keyword', value: '研发'.repeat(11) }, 400, PUSH_MSG.keywordLength],
      [{ kind: 'keyword', value: '研发\u0000费用' }, 400, /非法字符/],
      [{ kind: 'keyword', value: '研发\u0007费用' }, 400, PUSH_MSG.keywordLength],
      [{ kind: 'topic', value: '999999' }, 400, PUSH_MSG.topicNotFound],
      [{ kind: 'topic', value: '1 or 1=1' }, 400, PUSH_MSG.topicNotFound],
      [{ kind: 'keyword', value: 'x'.repeat(41) }, 400, /40/],
      [{ kind: 'keyword' }, 400, PUSH_MSG.keywordLength],
      [{}, 400, /订阅类型/],
    ];
    for (const [body, status, msg] of refusals) {
      const res = await call('POST', PUSH_PATHS.saveSubscription, c.headers, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.msg, JSON.stringify(body)).toMatch(msg);
    }
    const [draftTopic] = await app.db.insert(topics).values({ title: '草稿专题', summary: '', cover: '', startsAt: new Date(), status: 'draft' }).returning({ id: topics.id });
    expect((await subscribe(c, 'topic', String(draftTopic!.id))).body.msg).toBe(PUSH_MSG.topicNotFound);
    expect(await app.db.$count(pushSubscriptions, eq(pushSubscriptions.accountId, c.account.id))).toBe(0);
  });

  it('follows one thing once (the same keyword in other case or spacing too), and at most MAX_SUBSCRIPTIONS things', async () => {
    const c = await enterpriseCaller();
    expect((await subscribe(c, 'keyword', 'ABC软件')).body.code).toBe(200);
    expect((await subscribe(c, 'keyword', ' abc软件 ')).body).toMatchObject({ code: 409, msg: PUSH_MSG.alreadySubscribed });
    await Promise.all(Array.from({ length: MAX_SUBSCRIPTIONS + 5 }, (_, i) => subscribe(c, 'keyword', `关键词${i}`)));
    expect(await app.db.$count(pushSubscriptions, eq(pushSubscriptions.accountId, c.account.id))).toBe(MAX_SUBSCRIPTIONS);
    expect((await subscribe(c, 'keyword', '再来一个')).body).toMatchObject({ code: 400, msg: PUSH_MSG.tooMany });
  });

  it('is for enterprise accounts only', async () => {
    expect((await call('POST', PUSH_PATHS.saveSubscription, staff, { kind: 'qualified', value: '' })).status).toBe(403);
    expect((await call('POST', PUSH_PATHS.subscriptionPage, {}, { currentPage: 1, pageSize: 10 })).status).toBe(401);
  });

  it('cancelsubscribe acts on the caller’s own subscriptions only', async () => {
    const owner = await enterpriseCaller('甲方企业有限公司');
    const intruder = await enterpriseCaller('乙方企业有限公司');
    const { id } = (await subscribe(owner, 'keyword', '技术改造')).body.data;
    const refused = await call('GET', withId(PUSH_PATHS.cancelSubscription, id), intruder.headers);
    expect(refused.body).toEqual({ code: 404, msg: PUSH_MSG.subscriptionNotFound, data: null });
    expect(await app.db.$count(pushSubscriptions, eq(pushSubscriptions.id, id))).toBe(1);
    expect((await call('GET', withId(PUSH_PATHS.cancelSubscription, id), owner.headers)).body).toMatchObject({ code: 200, msg: PUSH_MSG.cancelled });
    expect(await app.db.$count(pushSubscriptions, eq(pushSubscriptions.id, id))).toBe(0);
    expect((await call('GET', withId(PUSH_PATHS.cancelSubscription, id), owner.headers)).body).toMatchObject({ code: 404, msg: PUSH_MSG.subscriptionNotFound });
    expect((await call('GET', '/api/v1/enterbecalculator/cancelsubscribe/abc', owner.headers)).status).toBe(400);
  });

  it('subscribing and cancelling are in the audit log, naming what is followed; a refused cancel records nothing', async () => {
    const owner = await enterpriseCaller('审计订阅企业有限公司');
    const intruder = await enterpriseCaller('审计旁观企业有限公司');
    const { id } = (await subscribe(owner, 'keyword', '绿色低碳')).body.data;
    expect((await call('GET', withId(PUSH_PATHS.cancelSubscription, id), intruder.headers)).status).toBe(404);
    expect((await call('GET', withId(PUSH_PATHS.cancelSubscription, id), owner.headers)).body.code).toBe(200);
    const logged = (accountId: number) =>
      app.db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog).where(and(eq(auditLog.accountId, accountId), sql`${auditLog.action} like 'subscription.%'`)).orderBy(auditLog.id);
    const detail = { subscriptionId: id, kind: '关键词', followed: '绿色低碳' };
    expect(await logged(owner.account.id)).toEqual([
      { action: 'subscription.created', detail },
      { action: 'subscription.cancelled', detail },
    ]);
    expect(await logged(intruder.account.id)).toEqual([]);
  });
});

describe('messages: one per account and event', () => {
  it('publishing a guide writes one message to each account it concerns, with why, and none to the others', async () => {
    const byKeyword = await enterpriseCaller('关键词企业');
    await subscribe(byKeyword, 'keyword', '智能制造');
    const byTwo = await enterpriseCaller('两个订阅企业');
    await subscribe(byTwo, 'supportType', 'subsidy');
    await subscribe(byTwo, 'topic', String(topicId));
    const qualified = await enterpriseCaller('符合条件企业');
    await subscribe(qualified, 'qualified');
    await app.db.update(enterprises).set({ indicators: [{ year: new Date().getFullYear() - 1, staff: 80 }] }).where(eq(enterprises.accountId, qualified.account.id));
    const notQualified = await enterpriseCaller('不符合条件企业');
    await subscribe(notQualified, 'qualified');
    const unrelated = await enterpriseCaller('无关企业');
    await subscribe(unrelated, 'keyword', '文化旅游');
    const disabled = await enterpriseCaller('停用企业');
    await subscribe(disabled, 'keyword', '智能制造');
    await app.db.update(accounts).set({ disabled: true }).where(eq(accounts.id, disabled.account.id));

    const guideId = await draftGuide('智能制造示范项目补助');
    await app.db.insert(topicGuides).values({ topicId, guideId, position: 1 });
    expect((await publish(guideId)).body).toMatchObject({ code: 200 });
    await finished(guideId);

    const rows = await messagesOf(guideId);
    const of = (c: Caller) => rows.filter((r) => r.accountId === c.account.id);
    expect(of(byKeyword).map((r) => r.reasons)).toEqual([['订阅关键词「智能制造」']]);
    expect(of(byTwo)).toHaveLength(1);
    expect(of(byTwo)[0]!.reasons.sort()).toEqual(['订阅扶持方式「资金补助」', '订阅政策专题「专精特新专题」'].sort());
    expect(of(qualified).map((r) => r.reasons)).toEqual([['符合条件：符合条件企业']]);
    for (const c of [notQualified, unrelated, disabled]) expect(of(c)).toEqual([]);

    // What the account sees: the message, unread, on top.
    const page = await inbox(byKeyword);
    expect(page.body.data.list[0]).toMatchObject({ source: 'policy', sourceLabel: '政策', kind: 'push.published', kindLabel: '新政策发布', link: `/policyMarket/policyMarket?guide=${guideId}`, title: '智能制造示范项目补助', read: false });
    expect(page.body.data.list[0]!.body).toMatch(/^「智能制造示范项目补助」已发布，申报时间 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}。$/);
    expect(await unread(byKeyword)).toBe(1);

    // Withdrawn and published again: the same event, nothing new.
    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), staff, { action: 'withdraw' })).body.code).toBe(200);
    expect((await publish(guideId)).body.code).toBe(200);
    // Nothing new was queued (what would write new messages), so there is nothing to wait for.
    expect(await app.db.$count(pushEvents, eq(pushEvents.guideId, guideId))).toBe(1);
    const [event] = await app.db.select({ id: pushEvents.id }).from(pushEvents).where(eq(pushEvents.guideId, guideId));
    const { rows: jobs } = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'push-fanout' and (data->>'eventId')::int = ${event!.id}`);
    expect(jobs[0]!.n).toBe(1);
    expect(await messagesOf(guideId)).toHaveLength(rows.length);
  });

  it('a guide that lists no industry is open to every industry: each industry subscription hears of it', async () => {
    const manufacturing = await enterpriseCaller('行业订阅制造企业');
    await subscribe(manufacturing, 'industry', 'C');
    const culture = await enterpriseCaller('行业订阅文化企业');
    await subscribe(culture, 'industry', 'R');
    const forAll = await draftGuide('面向所有行业的技改补助', { industries: [] });
    const forCulture = await draftGuide('文化产业专项补助', { industries: ['R'] });
    for (const id of [forAll, forCulture]) {
      expect((await publish(id)).body.code).toBe(200);
      await finished(id);
    }
    const heard = async (c: Caller) => (await app.db.select({ link: messages.link }).from(messages).where(eq(messages.accountId, c.account.id))).map(guideOf).sort();
    expect(await heard(manufacturing)).toEqual([forAll]);
    expect(await heard(culture)).toEqual([forAll, forCulture].sort());
  });

  it('a publish refused (its policy not published) queues nothing', async () => {
    const draftPolicy = await insertPolicy(app, { title: '草稿政策', docNo: '云府发〔2026〕99号', status: 'draft' });
    const guideId = await draftGuide('草稿政策下的指南', { policyId: draftPolicy });
    expect((await publish(guideId)).body.code).toBe(400);
    expect(await app.db.$count(pushEvents, eq(pushEvents.guideId, guideId))).toBe(0);
  });

  it('window events: two nodes scanning at once claim each event once, and each account gets one message', async () => {
    const second = await createTestApp({}, { databaseUrl: databaseUrlOf(app) });
    try {
      const follower = await enterpriseCaller('窗口订阅企业');
      await subscribe(follower, 'keyword', '窗口测试');
      // Published ten days ago; the window opened an hour ago and closes in two days.
      const guideId = await draftGuide('窗口测试指南', { windowStart: new Date(Date.now() - 3600_000), windowEnd: new Date(Date.now() + 2 * day) });
      await app.db.update(guides).set({ status: 'published', publishedAt: new Date(Date.now() - 10 * day) }).where(eq(guides.id, guideId));

      const claims = await Promise.all([app.push.claimDueWindows(), second.push.claimDueWindows(), app.push.claimDueWindows()]);
      const events = await app.db.select().from(pushEvents).where(eq(pushEvents.guideId, guideId));
      expect(events.map((e) => e.event).sort()).toEqual(['closing', 'opened']);
      expect(claims.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
      await finished(guideId, 'opened');
      await finished(guideId, 'closing');
      const mine = await app.db.select().from(messages).where(and(eq(messages.accountId, follower.account.id), sql`${messages.dedupeKey} like ${`guide:${guideId}:%`}`));
      expect(mine.map((m) => m.kind).sort()).toEqual(['push.closing', 'push.opened']);
      expect(mine.find((m) => m.kind === 'push.closing')!.body).toMatch(/截止申报，请抓紧办理。$/);
      // Scanning again claims nothing.
      expect(await second.push.claimDueWindows()).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('a rerun of a fan-out (a retry after a node died) adds only what is missing', async () => {
    const followers = await Promise.all([1, 2, 3].map((i) => enterpriseCaller(`重跑企业${i}`)));
    for (const f of followers) await subscribe(f, 'keyword', '重跑测试');
    const guideId = await draftGuide('重跑测试指南');
    await publish(guideId);
    await finished(guideId);
    // As if the node had died after the first message: the rest are gone and the event unfinished.
    const [first, ...rest] = (await messagesOf(guideId)).sort((a, b) => a.id - b.id);
    await app.db.delete(messages).where(sql`${messages.id} in ${rest.map((r) => r.id)}`);
    await app.db.update(pushEvents).set({ finishedAt: null, messageCount: 1 }).where(eq(pushEvents.guideId, guideId));
    const [event] = await app.db.select().from(pushEvents).where(eq(pushEvents.guideId, guideId));
    const { fanOut } = await import('../../src/services/push/fan-out');
    const deps = { db: app.db, facts: app.enterpriseFacts, batchSize: 1 };
    expect(rest.length).toBeGreaterThanOrEqual(2); // the three followers, and whoever else the guide concerns
    expect(await fanOut(deps, event!.id)).toBe(rest.length);
    expect(await fanOut(deps, event!.id)).toBe(0);
    const after = await messagesOf(guideId);
    expect(after).toHaveLength(rest.length + 1);
    expect(new Set(after.map((m) => m.accountId)).size).toBe(after.length);
    expect(after.find((m) => m.accountId === first!.accountId)!.id).toBe(first!.id);
    const [done] = await app.db.select().from(pushEvents).where(eq(pushEvents.guideId, guideId));
    expect(done!.messageCount).toBe(after.length);
  });
  it('a message names an account that exists, keeps it, and goes when the account goes (migration 0028: what the foreign key kept)', async () => {
    const follower = await enterpriseCaller('账户约束企业');
    await subscribe(follower, 'keyword', '账户约束');
    const guideId = await draftGuide('账户约束测试指南');
    await publish(guideId);
    await finished(guideId);
    const [mine] = (await messagesOf(guideId)).filter((m) => m.accountId === follower.account.id);
    expect(mine).toBeDefined();
    const refused = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ cause: { code: '23503' } });
    // Nobody's account: the whole statement is refused, the good row with it.
    await refused(
      app.db.insert(messages).values([
        { accountId: follower.account.id, source: 'system', kind: 'system.test', title: 't', body: 'b', dedupeKey: 'test:fk:1' },
        { accountId: 2_000_000_000, source: 'system', kind: 'system.test', title: 't', body: 'b', dedupeKey: 'test:fk:1' },
      ]),
    );
    expect(await app.db.$count(messages, eq(messages.dedupeKey, 'test:fk:1'))).toBe(0);
    await refused(app.db.update(messages).set({ accountId: staffId }).where(eq(messages.id, mine!.id)));
    await app.db.update(messages).set({ readAt: new Date() }).where(eq(messages.id, mine!.id)); // any other change is fine
    // An account deleted (by hand: the app disables accounts) takes its messages with it.
    const gone = await createAccount(app, { roleId: ROLES.staff.id, name: '删除的工作人员' });
    await app.db.transaction((tx) => notify(tx, [gone.id], { source: 'system', kind: 'system.test', title: 't', body: 'b', dedupeKey: 'test:fk:2' }));
    expect(await app.db.$count(messages, eq(messages.accountId, gone.id))).toBe(1);
    await app.db.delete(accounts).where(eq(accounts.id, gone.id));
    expect(await app.db.$count(messages, eq(messages.accountId, gone.id))).toBe(0);
  });
});

describe('the inbox', () => {
  it('lists unread first, filters, marks read one or all, and shows nobody else’s', async () => {
    const c = await enterpriseCaller('收件企业');
    await subscribe(c, 'keyword', '收件测试');
    const ids: number[] = [];
    for (const title of ['收件测试一', '收件测试二', '收件测试三']) {
      const id = await draftGuide(title);
      await publish(id);
      await finished(id);
      ids.push(id);
    }
    expect(await unread(c)).toBe(3);
    const all = (await inbox(c)).body.data.list;
    expect(all.map((m) => m.title)).toEqual(['收件测试三', '收件测试二', '收件测试一']);

    const read = await call<InboxMessage>('POST', withId(INBOX_PATHS.read, all[2]!.id), c.headers);
    expect(read.body.data.read).toBe(true);
    expect(await unread(c)).toBe(2);
    // Unread first, then the read one.
    expect((await inbox(c)).body.data.list.map((m) => [m.title, m.read])).toEqual([
      ['收件测试三', false],
      ['收件测试二', false],
      ['收件测试一', true],
    ]);
    expect((await inbox(c, { read: 'read' })).body.data.list.map((m) => m.title)).toEqual(['收件测试一']);
    expect((await inbox(c, { read: 'unread', keyword: '测试二' })).body.data.list.map((m) => m.title)).toEqual(['收件测试二']);
    expect((await inbox(c, { kind: 'push.closing' })).body.data.total).toBe(0);
    expect((await inbox(c, { keyword: '100%' })).body.data.total).toBe(0);
    expect((await inbox(c, { read: 'maybe' })).status).toBe(400);

    await expectOwnedCall(app, {
      call: async (caller, owner) => {
        const guideId = await draftGuide(`他人消息${owner.account.id}`);
        await app.db.update(guides).set({ status: 'published' }).where(eq(guides.id, guideId));
        const [m] = await app.db.insert(messages).values({ accountId: owner.account.id, source: 'policy', kind: 'push.published', title: 't', body: 'b', dedupeKey: pushMessageKey(guideId, 'published') }).returning();
        return app.inject({ method: 'POST', url: withId(INBOX_PATHS.read, m!.id), headers: caller.headers });
      },
      // What a refused call could have changed: which of the owner's messages are read.
      snapshot: async (owner) => app.db.select({ id: messages.id }).from(messages).where(and(eq(messages.accountId, owner.account.id), sql`${messages.readAt} is not null`)),
      refused: { code: 404, msg: INBOX_MSG.notFound },
    });

    const all2 = await call<{ updated: number }>('POST', INBOX_PATHS.readAll, c.headers);
    expect(all2.body).toMatchObject({ code: 200, msg: INBOX_MSG.allRead, data: { updated: 2 } });
    expect(await unread(c)).toBe(0);
    const [{ n }] = (await app.db.select({ n: count() }).from(messages).where(eq(messages.accountId, c.account.id))) as [{ n: number }];
    expect(n).toBe(3);
  });
});
