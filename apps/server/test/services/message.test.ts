// The message centre, as an account notices it: a notice written in a transaction reaches the
// inbox and the browser only if that transaction commits; the same notice twice is one message;
// staff have an inbox and a live connection too; and nobody reads another account's messages.
import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@hqt/contract/auth';
import type { PageOf } from '@hqt/contract/envelope';
import { HUB_NOTICE_EVENT, HUB_PATH, INBOX_MSG, INBOX_PATHS, type HubNotice, type InboxMessage } from '@hqt/contract/inbox';
import { withId } from '@hqt/contract/calculator';
import type { App } from '../../src/app';
import { notify, type Notice } from '../../src/services/message/public';
import { bearer, createAccount, createTestApp, loginAs } from '../helpers/app';

let app: App;
let url: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app?.close());

const notice = (title: string, over: Partial<Notice> = {}): Notice => ({ source: 'system', kind: 'system.test', title, body: `${title}的内容`, link: '/personalCenter/personalCenter', dedupeKey: title, ...over });

async function signedIn(roleId: number = ROLES.enterprise.id) {
  const account = await createAccount(app, { roleId });
  const token = (await loginAs(app, account)).access_token;
  const headers = bearer(token);
  const inbox = async (query: object = {}) => {
    const res = await app.inject({ method: 'POST', url: INBOX_PATHS.page, headers, payload: { currentPage: 1, pageSize: 50, ...query } });
    return res.json() as { code: number; msg: string; data: PageOf<InboxMessage> };
  };
  const unread = async () => (await app.inject({ method: 'GET', url: INBOX_PATHS.unreadCount, headers })).json().data.unread as number;
  return { account, token, headers, inbox, unread };
}

/** A browser's live connection: the notices it was told. */
async function browser(token: string) {
  const socket = io(url, { path: HUB_PATH, auth: { token }, forceNew: true, reconnection: false, transports: ['websocket'] });
  const told: HubNotice[] = [];
  socket.on(HUB_NOTICE_EVENT, (n: HubNotice) => told.push(n));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { told, close: () => socket.close() };
}

describe('notify', () => {
  it('a notice in a rolled-back transaction reaches neither the inbox nor the browser; a committed one reaches both', async () => {
    const me = await signedIn();
    const live = await browser(me.token);
    try {
      await expect(
        app.db.transaction(async (tx) => {
          await notify(tx, [me.account.id], notice('撤回的通知'));
          throw new Error('the request failed');
        }),
      ).rejects.toThrow('the request failed');
      await app.db.transaction((tx) => notify(tx, [me.account.id], notice('提交的通知')));
      await expect.poll(() => live.told.map((n) => n.title)).toEqual(['提交的通知']);
      expect(live.told[0]).toEqual({ source: 'system', kind: 'system.test', title: '提交的通知', link: '/personalCenter/personalCenter' });
      const page = await me.inbox();
      expect(page.data.list.map((m) => [m.title, m.sourceLabel, m.read])).toEqual([['提交的通知', '系统', false]]);
      expect(await me.unread()).toBe(1);
    } finally {
      live.close();
    }
  });

  it('the same notice sent twice (a retried job) is one message, told once', async () => {
    const me = await signedIn();
    const first = await app.db.transaction((tx) => notify(tx, [me.account.id], notice('重复的通知')));
    const again = await app.db.transaction((tx) => notify(tx, [me.account.id], notice('重复的通知')));
    expect(first).toEqual([me.account.id]);
    expect(again).toEqual([]);
    expect((await me.inbox()).data.total).toBe(1);
  });

  it('staff have an inbox, a badge and a live connection like an enterprise', async () => {
    const staff = await signedIn(ROLES.staff.id);
    const live = await browser(staff.token);
    try {
      await app.db.transaction((tx) => notify(tx, [staff.account.id], notice('待办提醒', { source: 'appeal', kind: 'appeal.test', link: '/admin/workbench' })));
      await expect.poll(() => live.told.map((n) => n.title)).toEqual(['待办提醒']);
      expect((await staff.inbox({ source: 'appeal' })).data.list.map((m) => [m.title, m.sourceLabel, m.link])).toEqual([['待办提醒', '诉求', '/admin/workbench']]);
      expect((await staff.inbox({ source: 'policy' })).data.total).toBe(0);
      expect(await staff.unread()).toBe(1);
    } finally {
      live.close();
    }
  });
});

describe('the inbox', () => {
  it('another account’s message answers 404 and stays unread; bad filters are refused in Chinese', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await app.db.transaction((tx) => notify(tx, [owner.account.id], notice('别人的通知')));
    const [mine] = (await owner.inbox()).data.list;
    const res = await app.inject({ method: 'POST', url: withId(INBOX_PATHS.read, mine!.id), headers: other.headers });
    expect(res.json()).toMatchObject({ code: 404, msg: INBOX_MSG.notFound });
    expect((await other.inbox()).data.total).toBe(0);
    expect(await owner.unread()).toBe(1);
    const bad = await other.inbox({ source: 'weather' });
    expect(bad).toMatchObject({ code: 400, msg: expect.stringContaining('消息来源不正确') });
    const read = await app.inject({ method: 'POST', url: withId(INBOX_PATHS.read, mine!.id), headers: owner.headers });
    expect(read.json()).toMatchObject({ code: 200, data: { read: true } });
    expect(await owner.unread()).toBe(0);
  });
});
