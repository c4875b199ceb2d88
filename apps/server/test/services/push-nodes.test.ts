// 政策推送 across server nodes, as a client notices it: a browser connected to one node hears of a
// guide published through another (and of nothing meant for someone else); the hub admits only a
// live login, never reads the token from a URL, ends a connection when its token expires and takes
// it back with a fresh one; a node killed in the middle of a fan-out leaves a job that another node
// finishes with exactly one message per account.
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_PATHS } from '@hqt/contract/account';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { ACCOUNT_CONSOLE_PATHS } from '@hqt/contract/account-console';
import { consolePath } from '@hqt/contract/console';
import { POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import type { PageOf } from '@hqt/contract/envelope';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { HUB_NOTICE_EVENT, HUB_PATH, INBOX_PATHS, type HubNotice, type InboxMessage } from '@hqt/contract/inbox';
import { PUSH_PATHS } from '@hqt/contract/push';
import type { App } from '../../src/app';
import { accounts, pushEvents } from '../../src/db/schema/index';
import { bearer, CAPTCHA, createAccount, createTestApp, databaseUrlOf, loginAs, type TestAccount } from '../helpers/app';
import { insertDraftGuide, insertPolicy } from '../helpers/content';
import { freePort, spawnServer, untilUp } from '../helpers/server-process';

// ---- everything opened here is closed in afterAll, whatever a test did --------------------------------

const closers: (() => Promise<unknown>)[] = [];
/** Registers a close; answers it, run at most once (a test closes early, afterAll catches the rest). */
function onCleanup(close: () => unknown): () => Promise<void> {
  let done: Promise<void> | null = null;
  const once = () => (done ??= Promise.resolve().then(close).then(() => undefined));
  closers.push(once);
  return once;
}
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
});

async function testApp(env: Record<string, string> = {}, databaseUrl?: string) {
  const app = await createTestApp(env, databaseUrl ? { databaseUrl } : {});
  const close = onCleanup(() => app.close());
  return { app, close };
}

async function listening(env: Record<string, string> = {}, databaseUrl?: string) {
  const node = await testApp(env, databaseUrl);
  await node.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...node, url: `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}` };
}

// ---- the hub's client -----------------------------------------------------------------------------------

type Auth = { token: string } | ((cb: (data: { token: string }) => void) => void);

/** A browser's hub connection: what it received, and a record of its connects and disconnects. */
function hubClient(url: string, auth: Auth, opts: { reconnection?: boolean } = {}) {
  const socket: Socket = io(url, { path: HUB_PATH, auth, forceNew: true, reconnection: opts.reconnection ?? false, timeout: 10_000 });
  const received: HubNotice[] = [];
  socket.on(HUB_NOTICE_EVENT, (m: HubNotice) => received.push(m));
  const close = onCleanup(() => socket.close());
  return { socket, received, close };
}

/** Resolves on connect, rejects with the connect_error's message. */
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });

/** The message of the connect_error a refused handshake answers. */
async function refusal(url: string, auth: Auth | undefined): Promise<string> {
  const socket = io(url, { path: HUB_PATH, forceNew: true, reconnection: false, timeout: 10_000, ...(auth ? { auth } : {}) });
  const close = onCleanup(() => socket.close());
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the hub admitted the handshake')));
      socket.once('connect_error', (err) => resolve(err.message));
    });
  } finally {
    await close();
  }
}

// ---- content ----------------------------------------------------------------------------------------------

const createPolicy = (app: App) => insertPolicy(app);
const draftGuide = (app: App, policyId: number, title: string) => insertDraftGuide(app, policyId, title);

const guideLink = (guideId: number) => `/policyMarket/policyMarket?guide=${guideId}`;
const publishPath = (guideId: number) => consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId });

async function publish(app: App, staffToken: string, guideId: number) {
  const res = await app.inject({ method: 'POST', url: publishPath(guideId), headers: bearer(staffToken), payload: { action: 'publish' } });
  expect(res.json(), res.body).toMatchObject({ code: 200 });
}

async function subscribe(app: App, token: string, keyword: string) {
  const res = await app.inject({ method: 'POST', url: PUSH_PATHS.saveSubscription, headers: bearer(token), payload: { kind: 'keyword', value: keyword } });
  expect(res.json(), res.body).toMatchObject({ code: 200 });
}

async function inbox(app: App, token: string): Promise<InboxMessage[]> {
  const res = await app.inject({ method: 'POST', url: INBOX_PATHS.page, headers: bearer(token), payload: { currentPage: 1, pageSize: 50 } });
  const body = res.json() as { code: number; data: PageOf<InboxMessage> };
  expect(body.code, res.body).toBe(200);
  return body.data.list;
}

async function finished(app: App, guideId: number) {
  await expect
    .poll(async () => (await app.db.select({ finishedAt: pushEvents.finishedAt }).from(pushEvents).where(eq(pushEvents.guideId, guideId)))[0]?.finishedAt ?? null, { timeout: 15_000, interval: 50 })
    .not.toBeNull();
}

// ---- tests ------------------------------------------------------------------------------------------------

describe('the hub across nodes', () => {
  it('a browser on node A hears of a guide published through node B, after its message is in the inbox; another account hears nothing of it', async () => {
    const a = await listening();
    const b = await testApp({}, databaseUrlOf(a.app));
    // Node A answers browsers only: every fan-out runs on B, so what A's browsers hear crossed PostgreSQL.
    await a.app.jobs.stop();

    const policyId = await createPolicy(b.app);
    const staffToken = (await loginAs(b.app, await createAccount(b.app, { roleId: ROLES.staff.id, name: '王科员' }))).access_token;
    const follower = await createAccount(a.app, { name: '跨节点订阅企业' });
    const followerToken = (await loginAs(a.app, follower)).access_token;
    await subscribe(a.app, followerToken, '跨节点推送');
    const other = await createAccount(a.app, { name: '另一家企业' });
    const otherToken = (await loginAs(a.app, other)).access_token;
    await subscribe(a.app, otherToken, '哨兵指南');

    const mine = hubClient(a.url, { token: followerToken });
    const theirs = hubClient(a.url, { token: otherToken });
    await Promise.all([connected(mine.socket), connected(theirs.socket)]);
    expect(a.app.hub.localSockets()).toBe(2);
    expect(b.app.hub.localSockets()).toBe(0);

    // What the follower's page does on an announcement: read the inbox, at once.
    const inboxOnArrival: Promise<InboxMessage[]>[] = [];
    mine.socket.on(HUB_NOTICE_EVENT, () => inboxOnArrival.push(inbox(a.app, followerToken)));

    const guideId = await draftGuide(b.app, policyId, '跨节点推送示范项目补助');
    await publish(b.app, staffToken, guideId);
    await expect.poll(() => mine.received.length, { timeout: 15_000, interval: 20 }).toBeGreaterThan(0);
    expect(mine.received).toEqual([{ source: 'policy', kind: 'push.published', title: '跨节点推送示范项目补助', link: guideLink(guideId) }]);
    const seen = await inboxOnArrival[0]!;
    expect(seen.filter((m) => m.link === guideLink(guideId))).toEqual([expect.objectContaining({ kind: 'push.published', title: '跨节点推送示范项目补助', read: false })]);

    // The other account: a guide of its own, published after, is the first and only thing it hears.
    await finished(b.app, guideId);
    const sentinelId = await draftGuide(b.app, policyId, '哨兵指南');
    await publish(b.app, staffToken, sentinelId);
    await expect.poll(() => theirs.received.length, { timeout: 15_000, interval: 20 }).toBeGreaterThan(0);
    await finished(b.app, sentinelId);
    expect(theirs.received.map((m) => m.link)).toEqual([guideLink(sentinelId)]);
    expect(mine.received.map((m) => m.link)).toEqual([guideLink(guideId)]);

    await Promise.all([mine.close(), theirs.close()]);
    await b.close();
    await a.close();
  });

  it('admits only a live login, sent in the handshake, never in a URL; an expired token ends the connection and a fresh one takes it back', async () => {
    const node = await listening({ ACCESS_TOKEN_TTL: '3' });
    const urls: string[] = [];
    const record = (req: IncomingMessage) => void urls.push(req.url ?? '');
    node.app.server.on('request', record);
    node.app.server.on('upgrade', record);
    const { app } = node;
    const policyId = await createPolicy(app);
    const staff = await createAccount(app, { roleId: ROLES.staff.id, name: '王科员' });
    const account = await createAccount(app, { name: '令牌测试企业' });
    const tokens: string[] = [];
    const login = async (who: TestAccount = account) => {
      const t = (await loginAs(app, who)).access_token;
      tokens.push(t);
      return t;
    };
    await subscribe(app, await login(), '令牌续期');

    // Refused: no token, a garbage one, one whose login was ended.
    expect(await refusal(node.url, undefined)).toBe(OWN_MSG.notLoggedIn);
    expect(await refusal(node.url, { token: '' })).toBe(OWN_MSG.notLoggedIn);
    expect(await refusal(node.url, { token: 'not.a.token' })).toBe(MSG.verifyFailed);
    const loggedOut = await login();
    const out = await app.inject({ method: 'POST', url: '/user/logout', headers: bearer(loggedOut), payload: {} });
    expect(out.json()).toMatchObject({ code: 200 });
    expect(await refusal(node.url, { token: loggedOut })).toBe(OWN_MSG.refreshInvalid);
    expect(app.hub.localSockets()).toBe(0);

    // A client that takes a fresh token (logs in again) for every handshake, and reconnects when the
    // server ends the connection (socket.io leaves that to the client: reason 'io server disconnect').
    const connects: number[] = [];
    const disconnects: string[] = [];
    const client = hubClient(node.url, (cb) => void login().then((token) => cb({ token })), { reconnection: true });
    client.socket.on('connect', () => connects.push(Date.now()));
    client.socket.on('disconnect', (reason) => {
      disconnects.push(reason);
      if (reason === 'io server disconnect') client.socket.connect();
    });
    await connected(client.socket);
    const firstToken = tokens.at(-1)!;

    // The token expires within three seconds: the server ends the connection, the client comes back.
    await expect.poll(() => connects.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    expect(disconnects[0]).toBe('io server disconnect');
    expect(await refusal(node.url, { token: firstToken })).toBe(MSG.loginExpired);

    // And hears again. Each connection lives under three seconds, so a message announced in the gap
    // between two is missed (the page reads the inbox then): publish until one lands, on a connection
    // after the first.
    const published: number[] = [];
    // Bounded by attempts, not time: a busy machine only needs more of them.
    for (let attempt = 0; attempt < 20 && !client.received.length; attempt++) {
      await connected(client.socket);
      const generation = connects.length;
      const guideId = await draftGuide(app, policyId, `令牌续期指南${attempt + 1}`);
      published.push(guideId);
      await publish(app, await login(staff), guideId);
      await expect
        .poll(() => client.received.length > 0 || connects.length > generation + 1, { timeout: 30_000, interval: 20 })
        .toBe(true);
    }
    expect(client.received.length).toBeGreaterThan(0);
    expect(published.map(guideLink)).toContain(client.received[0]!.link);
    expect(connects.length).toBeGreaterThanOrEqual(2);

    // Every handshake carried its token in `auth`: none reached the server in a URL.
    expect(urls.some((u) => u.startsWith(HUB_PATH))).toBe(true);
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    for (const token of tokens) for (const u of urls) expect(u).not.toContain(token.split('.')[2]!);

    await client.close();
    await node.close();
  });
});

// ---- a node killed mid-way ---------------------------------------------------------------------------------

const AUDIENCE = 20_000;
const KEYWORD = '断点续推';

/** server.ts as deployed, on the given database, with its own secret. */
async function startNode(databaseUrl: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-push-node-'));
  const server = spawnServer(await freePort(), {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'push-nodes-test-secret-0123456789abcdef',
    CAPTCHA_TEST_ANSWER: CAPTCHA,
    DEMO: 'false',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const close = onCleanup(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await untilUp(server);
  return { ...server, close };
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

describe('a login ended elsewhere', () => {
  it('loses its hub connection: logged out, or its account disabled', async () => {
    const node = await listening();
    const { app } = node;
    const staying = await createAccount(app, { name: '继续在线企业' });
    const leaving = await createAccount(app, { name: '退出登录企业' });
    const disabled = await createAccount(app, { name: '被停用企业' });
    const tokenOf = async (who: TestAccount) => (await loginAs(app, who)).access_token;
    const leavingToken = await tokenOf(leaving);
    const clients = [hubClient(node.url, { token: await tokenOf(staying) }), hubClient(node.url, { token: leavingToken }), hubClient(node.url, { token: await tokenOf(disabled) })];
    await Promise.all(clients.map((c) => connected(c.socket)));
    const reasons = clients.map(() => [] as string[]);
    clients.forEach((c, i) => c.socket.on('disconnect', (reason) => reasons[i]!.push(reason)));

    await app.inject({ method: 'POST', url: '/user/logout', headers: bearer(leavingToken), payload: {} });
    await app.db.update(accounts).set({ disabled: true }).where(eq(accounts.id, disabled.id));
    await app.hub.dropEndedLogins();
    await expect.poll(() => reasons.map((r) => r.join())).toEqual(['', 'io server disconnect', 'io server disconnect']);
    expect(clients[0]!.socket.connected).toBe(true);
    expect(app.hub.localSockets()).toBe(1);
    await node.close();
  });

  it('ended through another node (logout, password change, disabled) loses its connection at once, not at the sweep', async () => {
    // A sweep an hour away: only hearing the change can end these connections within the test.
    const sweep = { HUB_SESSION_CHECK: '3600' };
    const nodeA = await listening(sweep);
    const nodeB = await listening(sweep, databaseUrlOf(nodeA.app));
    const staying = await createAccount(nodeA.app, { name: '继续在线企业' });
    const leaving = await createAccount(nodeA.app, { name: '退出登录企业' });
    const changing = await createAccount(nodeA.app, { name: '改密码企业' });
    const disabled = await createAccount(nodeA.app, { name: '被停用企业' });
    const admin = await createAccount(nodeA.app, { roleId: ROLES.admin.id, name: '管理员' });
    const tokens = await Promise.all([staying, leaving, changing, disabled].map(async (who) => (await loginAs(nodeA.app, who)).access_token));
    const clients = tokens.map((token) => hubClient(nodeA.url, { token }));
    await Promise.all(clients.map((c) => connected(c.socket)));
    const reasons = clients.map(() => [] as string[]);
    clients.forEach((c, i) => c.socket.on('disconnect', (reason) => reasons[i]!.push(reason)));

    const [, leavingToken, changingToken] = tokens as [string, string, string, string];
    const adminToken = (await loginAs(nodeB.app, admin)).access_token;
    const viaB = (url: string, token: string, payload: object = {}) => postJson<{ code: number }>(`${nodeB.url}${url}`, payload, bearer(token));
    expect(await viaB(AUTH_PATHS.logout, leavingToken)).toMatchObject({ code: 200 });
    expect(await viaB(ACCOUNT_PATHS.updatePassword, changingToken, { oldPassword: changing.password, newPassword: 'Newpass123' })).toMatchObject({ code: 200 });
    expect(await viaB(consolePath(ACCOUNT_CONSOLE_PATHS.accountAction, { id: disabled.id, action: 'disable' }), adminToken)).toMatchObject({ code: 200 });
    await expect.poll(() => reasons.map((r) => r.join())).toEqual(['', 'io server disconnect', 'io server disconnect', 'io server disconnect']);
    expect(clients[0]!.socket.connected).toBe(true);
    expect(nodeA.app.hub.localSockets()).toBe(1);
    await nodeB.close();
    await nodeA.close();
  });
});

describe('a node killed in the middle of a fan-out', () => {
  it('leaves a job another node finishes: every matching account gets exactly one message', async ({ annotate }) => {
    // The database: AUDIENCE enterprise accounts that all follow the guide's keyword, one staff account.
    const setup = await testApp();
    const databaseUrl = databaseUrlOf(setup.app);
    const policyId = await createPolicy(setup.app);
    const guideId = await draftGuide(setup.app, policyId, `${KEYWORD}专项资金补助`);
    const staff = await createAccount(setup.app, { roleId: ROLES.staff.id, name: '王科员' });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const closeDb = onCleanup(() => db.end());
    await db.query(
      `insert into accounts (username, password_hash, name, role_id)
       select 'bulk_' || g, 'not-a-hash', '批量企业' || g, 1 from generate_series(1, $1::int) g`,
      [AUDIENCE],
    );
    await db.query(
      `insert into push_subscriptions (account_id, kind, value, label)
       select id, 'keyword', $1, $1 from accounts where username like 'bulk\\_%'`,
      [KEYWORD],
    );
    // No node but the spawned one may run workers on this database.
    await setup.close();

    const messages = async () => Number((await db.query<{ n: string }>('select count(*) as n from messages where dedupe_key = $1', [`guide:${guideId}:published`])).rows[0]!.n);

    const server = await startNode(databaseUrl, { PUSH_BATCH_SIZE: '200' });
    const login = await postJson<{ access_token?: string }>(`${server.base}/api/v1/connect/token`, { username: staff.username, password: staff.password, grant_type: 'password' });
    expect(login.access_token, server.output()).toBeTruthy();
    const published = await postJson<{ code: number }>(`${server.base}${publishPath(guideId)}`, { action: 'publish' }, bearer(login.access_token!));
    expect(published.code).toBe(200);

    // Kill it as soon as the first batches are in.
    const t0 = Date.now();
    let atKill = 0;
    while (atKill === 0 && Date.now() - t0 < 120_000) atKill = await messages();
    server.child.kill('SIGKILL');
    await server.exited;
    const killedAfterMs = Date.now() - t0;
    expect(atKill).toBeGreaterThan(0);
    // Its connections gone (a statement in flight may still commit), what it wrote is all there is.
    await expect
      .poll(async () => Number((await db.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows[0]!.n), { timeout: 60_000, interval: 50 })
      .toBe(0);
    const afterKill = await messages();
    expect(afterKill).toBeGreaterThan(0);
    expect(afterKill).toBeLessThan(AUDIENCE);
    const [event] = (await db.query<{ finished_at: Date | null }>('select finished_at from push_events where guide_id = $1', [guideId])).rows;
    expect(event!.finished_at).toBeNull();

    // Another node: it notices the job's missed heartbeats and runs it again.
    const t1 = Date.now();
    const second = await testApp({ JOB_MONITOR_INTERVAL: '1' }, databaseUrl);
    await expect
      .poll(async () => (await db.query<{ finished_at: Date | null }>('select finished_at from push_events where guide_id = $1', [guideId])).rows[0]!.finished_at, { timeout: 180_000, interval: 200 })
      .not.toBeNull();
    const recoveredAfterMs = Date.now() - t1;
    const { rows } = await db.query<{ n: string; accounts: string; counted: number }>(
      `select count(*) as n, count(distinct m.account_id) as accounts, (select message_count from push_events where guide_id = $1) as counted
       from messages m where m.dedupe_key = $2`,
      [guideId, `guide:${guideId}:published`],
    );
    expect(rows[0]).toEqual({ n: String(AUDIENCE), accounts: String(AUDIENCE), counted: AUDIENCE });
    await annotate(`killed after ${killedAfterMs} ms with ${afterKill}/${AUDIENCE} messages; finished ${recoveredAfterMs} ms after the second node started`);

    await second.close();
    await closeDb();
  });
});
