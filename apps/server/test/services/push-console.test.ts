// 政策推送's results in the staff console: per guide and event, how many accounts a fan-out reached,
// the enterprises they hold, how many read it and whether it finished; the accounts it reached,
// searchable by read state and name. Staff only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { consolePath } from '@hqt/contract/console';
import { POLICY_CONSOLE_MSG, POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import { type GuidePush, PUSH_CONSOLE_PATHS, type PushRecipientRow } from '@hqt/contract/push-console';
import type { PageOf } from '@hqt/contract/envelope';
import { withId } from '@hqt/contract/calculator';
import { INBOX_PATHS, type InboxMessage } from '@hqt/contract/inbox';
import { PUSH_PATHS } from '@hqt/contract/push';
import type { App } from '../../src/app';
import { enterprises, pushEvents } from '../../src/db/schema/index';
import { bearer, createAccount, createTestApp, loginAs } from '../helpers/app';
import { insertDraftGuide, insertPolicy } from '../helpers/content';

let app: App;
let staff: Record<string, string>;
let policyId: number;

type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T } };
async function call<T = unknown>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Answer<T>> {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

async function enterpriseAccount(name: string, keyword: string) {
  const account = await createAccount(app, { name });
  const headers = bearer((await loginAs(app, account)).access_token);
  expect((await call('POST', PUSH_PATHS.saveSubscription, headers, { kind: 'keyword', value: keyword })).body.code).toBe(200);
  return { account, headers };
}

const results = (guideId: number, headers = staff) => call<GuidePush>('GET', consolePath(PUSH_CONSOLE_PATHS.guidePush, { id: guideId }), headers);
const recipients = (guideId: number, query: object = {}, headers = staff) =>
  call<PageOf<PushRecipientRow>>('POST', consolePath(PUSH_CONSOLE_PATHS.guidePushRecipients, { id: guideId }), headers, { currentPage: 1, pageSize: 50, ...query });

beforeAll(async () => {
  app = await createTestApp();
  staff = bearer((await loginAs(app, await createAccount(app, { roleId: ROLES.staff.id, name: '王科员' }))).access_token);
  policyId = await insertPolicy(app);
});
afterAll(() => app.close());

describe('a guide’s push results', () => {
  it('after a publish: the accounts and enterprises reached, none read, finished; reads move the count and the list', async () => {
    const first = await enterpriseAccount('云溪推送一号有限公司', '数字乡村');
    const second = await enterpriseAccount('云溪推送二号有限公司', '数字乡村');
    // The second account holds two enterprises; a deleted one does not count.
    await app.db.insert(enterprises).values([
      { accountId: second.account.id, name: '云溪推送二号分公司', creditCode: '91511234000000001X' },
      { accountId: second.account.id, name: '已注销的公司', creditCode: '915112340000000028', deletedAt: new Date() },
    ]);
    await enterpriseAccount('云溪无关企业有限公司', '文化旅游');
    const guideId = await insertDraftGuide(app, policyId, '数字乡村建设示范奖补');

    // Before anything is published: no event.
    expect((await results(guideId)).body.data).toEqual({ guideId, title: '数字乡村建设示范奖补', events: [] });

    expect((await call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), staff, { action: 'publish' })).body.code).toBe(200);
    await expect.poll(async () => (await results(guideId)).body.data.events[0]?.finished ?? false, { timeout: 15_000, interval: 100 }).toBe(true);

    const [event] = (await results(guideId)).body.data.events;
    expect(event).toMatchObject({ event: 'published', eventLabel: '新政策发布', finished: true, accounts: 2, enterprises: 3, read: 0 });
    expect(event!.finishedAt).not.toBeNull();
    const [row] = await app.db.select({ n: pushEvents.messageCount }).from(pushEvents).where(and(eq(pushEvents.guideId, guideId), eq(pushEvents.event, 'published')));
    expect(row!.n).toBe(2);

    const list = (await recipients(guideId)).body.data;
    expect(list.total).toBe(2);
    expect(list.list.map((r) => [r.username, r.enterprises, r.read, r.reasons])).toEqual([
      [first.account.username, ['云溪推送一号有限公司'], false, ['订阅关键词「数字乡村」']],
      [second.account.username, ['云溪推送二号有限公司', '云溪推送二号分公司'], false, ['订阅关键词「数字乡村」']],
    ]);

    // The first account reads its message.
    const inbox = await call<PageOf<InboxMessage>>('POST', INBOX_PATHS.page, first.headers, { currentPage: 1, pageSize: 10 });
    const message = inbox.body.data.list.find((m) => m.link === `/policyMarket/policyMarket?guide=${guideId}`)!;
    expect((await call('POST', withId(INBOX_PATHS.read, message.id), first.headers)).body.code).toBe(200);

    expect((await results(guideId)).body.data.events[0]).toMatchObject({ accounts: 2, read: 1 });
    const read = (await recipients(guideId, { read: 'read' })).body.data;
    expect(read.list.map((r) => [r.username, r.read])).toEqual([[first.account.username, true]]);
    expect(read.list[0]!.readAt).not.toBeNull();
    expect((await recipients(guideId, { read: 'unread' })).body.data.list.map((r) => r.username)).toEqual([second.account.username]);
    // Searched by an enterprise's name, the account's name or username (% and _ are literal).
    expect((await recipients(guideId, { keyword: '二号分公司' })).body.data.list.map((r) => r.username)).toEqual([second.account.username]);
    expect((await recipients(guideId, { keyword: first.account.username })).body.data.total).toBe(1);
    expect((await recipients(guideId, { keyword: '%' })).body.data.total).toBe(0);
    expect((await recipients(guideId, { event: 'closing' })).body.data.total).toBe(0);
  });

  it('answers 404 for a guide that does not exist and 400 for a bad filter', async () => {
    expect((await results(999_999)).body).toEqual({ code: 404, msg: POLICY_CONSOLE_MSG.guideNotFound, data: null });
    expect((await recipients(999_999)).body).toMatchObject({ code: 404, msg: POLICY_CONSOLE_MSG.guideNotFound });
    const guideId = await insertDraftGuide(app, policyId, '未发布的指南');
    expect((await recipients(guideId, { read: 'maybe' })).status).toBe(400);
    expect((await recipients(guideId, { event: 'weather' })).status).toBe(400);
  });

  it('is for staff: an enterprise token is refused, and so is no token', async () => {
    const guideId = await insertDraftGuide(app, policyId, '企业不可见的统计');
    const enterprise = await enterpriseAccount('云溪好奇企业有限公司', '好奇心');
    expect((await results(guideId, enterprise.headers)).status).toBe(403);
    expect((await recipients(guideId, {}, enterprise.headers)).status).toBe(403);
    expect((await results(guideId, {})).status).toBe(401);
  });
});
