// Two server processes (server.ts as deployed) on one database behind a round-robin proxy
// (./proxy.ts: no sticky sessions, websockets passed through), as a client notices it: whichever
// node a request lands on, a captcha made by one is answered on the other, a login and its refreshes
// work, wrong passwords and the login budget are counted across both, an upload is used and read
// anywhere, appeal numbers stay unique and consecutive, a 企业码 is looked up, a hub message reaches
// a browser on either node from either node. Then one node is killed (SIGKILL) in the middle of a run
// of filings: every filing that was acknowledged is there, and the proxy sends the rest to the survivor.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPEAL_PATHS, appealPortalLink, type AppealDetail } from '@hqt/contract/appeal';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, type EnterpriseBody } from '@hqt/contract/calculator';
import { ENTCODE_PATHS, type EntcodeCard, type MyEntcode } from '@hqt/contract/entcode';
import { FILE_PATHS, fileUrl, type UploadedFile } from '@hqt/contract/files';
import { HUB_NOTICE_EVENT, HUB_PATH, type HubNotice } from '@hqt/contract/inbox';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import { enterprises } from '../../src/db/schema/index';
import { calendarYears } from '../../src/services/calendar/schema';
import { CAPTCHA, createAccount, createTestApp, databaseUrlOf, type TestAccount } from '../helpers/app';
import { earlyInAMinute } from '../helpers/clock';
import { freePort, spawnServer, type ServerProcess } from '../helpers/server-process';
import { startProxy, UPSTREAM_HEADER, type Proxy } from './proxy';

/** The login budget per address and minute on both nodes (each section speaks from an address of its own). */
const LOGIN_LIMIT = 20;

// ---- the client: real HTTP through the proxy, from a loopback address of its choosing ------------

interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T } & Record<string, unknown>;
  raw: Buffer;
  /** The node that answered (the proxy's index), -1 for the proxy's own 502. */
  upstream: number;
}

interface CallOptions {
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** The client's own address (127.0.0.0/8 is all loopback): the proxy names it in X-Forwarded-For. */
  from?: string;
}

function call<T = unknown>(method: 'GET' | 'POST', url: string, { json, body, headers = {}, from = '127.0.0.1' }: CallOptions = {}): Promise<Answer<T>> {
  const payload = json !== undefined ? Buffer.from(JSON.stringify(json)) : body;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${proxy.url}${url}`,
      { method, localAddress: from, agent: false, headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const isJson = String(res.headers['content-type'] ?? '').includes('json');
          resolve({ status: res.statusCode ?? 0, body: isJson ? JSON.parse(raw.toString('utf8')) : {}, raw, upstream: Number(res.headers[UPSTREAM_HEADER] ?? -1) });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function captcha(from: string) {
  const res = await call<{ codeIndex: string }>('GET', AUTH_PATHS.captcha, { from });
  expect(res.status, res.raw.toString()).toBe(200);
  return { codeIndex: res.body.data.codeIndex, upstream: res.upstream };
}

interface Tokens {
  access_token: string;
  refresh_token: string;
}
function login(account: TestAccount, from: string, extra: Record<string, string> = {}, password = account.password) {
  return call<Tokens>('POST', AUTH_PATHS.token, { from, json: { username: account.username, password, grant_type: 'password', ...extra } });
}
async function signIn(account: TestAccount, from = '127.0.0.1'): Promise<Record<string, string>> {
  const res = await login(account, from);
  expect(res.status, res.raw.toString()).toBe(200);
  return bearer(res.body.access_token as string);
}

// ---- the nodes, the proxy, the accounts ---------------------------------------------------------

/** untilUp's wait, as a loop: expect.poll is for tests, not hooks. */
async function up(node: ServerProcess): Promise<void> {
  for (const started = Date.now(); ; ) {
    const health = await node.health();
    if (health === 200) return;
    if (typeof health === 'string') throw new Error(health);
    if (Date.now() - started > 150_000) throw new Error(`a node did not come up in 150 s: ${node.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
});

let databaseUrl: string;
let nodes: ServerProcess[];
let proxy: Proxy;
let ent: TestAccount;
let entId: number;
let staff: TestAccount;
/** The account whose lockout is tried. */
let victim: TestAccount;
let entHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;

beforeAll(async () => {
  // The database: migrated, an enterprise account and a staff account, this year's and next year's calendar published.
  const setup = await createTestApp();
  databaseUrl = databaseUrlOf(setup);
  ent = await createAccount(setup, { name: '双节点测试企业有限公司' });
  staff = await createAccount(setup, { roleId: ROLES.staff.id, name: '双节点受理员' });
  victim = await createAccount(setup, { name: '锁定测试企业' });
  entId = (await setup.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, ent.id)))[0]!.id;
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  await setup.db.insert(calendarYears).values([{ year }, { year: year + 1 }]).onConflictDoNothing();
  await setup.close();

  // Every node shares the database, the signing secret and the uploads folder (README: Settings).
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-two-nodes-uploads-'));
  closers.push(async () => fs.rmSync(uploads, { recursive: true, force: true }));
  const jwtSecret = randomBytes(32).toString('hex');
  nodes = await Promise.all(
    [0, 1].map(async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-two-nodes-'));
      const node = spawnServer(await freePort(), {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        UPLOADS_DIR: uploads,
        JWT_SECRET: jwtSecret,
        CAPTCHA_TEST_ANSWER: CAPTCHA,
        DEMO: 'false',
        WEB_DIST: '/nonexistent',
        TRUST_PROXY: 'true',
        LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      });
      closers.push(async () => {
        if (node.child.exitCode === null && node.child.signalCode === null) {
          node.child.kill('SIGKILL');
          await node.exited;
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      return node;
    }),
  );
  await Promise.all(nodes.map(up));
  proxy = await startProxy(nodes.map((n) => ({ host: '127.0.0.1', port: Number(new URL(n.base).port) })));
  closers.push(() => proxy.close());

  entHeaders = await signIn(ent);
  staffHeaders = await signIn(staff);
});

// ---- appeals --------------------------------------------------------------------------------------

const appealBody = (title: string, extra: Record<string, unknown> = {}) => ({
  enterpriseId: entId,
  category: 'policy',
  title,
  content: '双节点部署下提交的诉求，内容用于核对编号与附件。',
  contact: '王经理',
  phone: '13800138000',
  ...extra,
});
const file = (title: string, extra: Record<string, unknown> = {}) => call<AppealDetail>('POST', APPEAL_PATHS.save, { headers: entHeaders, json: appealBody(title, extra) });

/** SQ20261128-0007 → ['SQ20261128', 7] */
const numberParts = (n: string) => {
  const [series, seq] = n.split('-');
  return [series!, Number(seq)] as const;
};
/** Numbers of one series and day that follow one another without a gap or a repeat. */
function expectConsecutive(numbers: string[]) {
  const byDay = new Map<string, number[]>();
  for (const n of numbers) {
    const [day, seq] = numberParts(n);
    byDay.set(day, [...(byDay.get(day) ?? []), seq]);
  }
  for (const seqs of byDay.values()) {
    const sorted = [...seqs].sort((a, b) => a - b);
    expect(sorted).toEqual(sorted.map((_, i) => sorted[0]! + i));
  }
}

// ---- tests ------------------------------------------------------------------------------------------

describe('two nodes behind a round-robin proxy', () => {
  it('a captcha made by one node is answered on the other; login and refreshes work on either', async () => {
    const from = '127.0.0.2';
    const made = await captcha(from);
    const loggedIn = await login(ent, from, { vierifyCode: CAPTCHA, codeIndex: made.codeIndex });
    expect(loggedIn.status, loggedIn.raw.toString()).toBe(200);
    // It crossed: the login's node found the captcha the other node made.
    expect(loggedIn.upstream).not.toBe(made.upstream);
    // Used up everywhere: the same captcha again, on the node that made it, is refused.
    const again = await login(ent, from, { vierifyCode: CAPTCHA, codeIndex: made.codeIndex });
    expect(again.body).toEqual({ code: 400, msg: OWN_MSG.captchaExpired, data: null });

    // Each refresh rotates the pair, whichever node answers; the last access token works on both.
    let tokens = loggedIn.body as unknown as Tokens;
    const refreshedOn = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const res = await call<Tokens>('POST', AUTH_PATHS.refresh, { from, json: { refresh_token: tokens.refresh_token } });
      expect(res.status, res.raw.toString()).toBe(200);
      expect(res.body.refresh_token).not.toBe(tokens.refresh_token);
      refreshedOn.add(res.upstream);
      tokens = res.body as unknown as Tokens;
    }
    expect([...refreshedOn].sort()).toEqual([0, 1]);
    const infoOn = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const info = await call<{ username: string }>('GET', AUTH_PATHS.userInfo, { headers: bearer(tokens.access_token) });
      expect(info.body.data.username).toBe(ent.username);
      infoOn.add(info.upstream);
    }
    expect(infoOn.size).toBe(2);
  });

  it('five wrong passwords spread over both nodes lock the account on both', async () => {
    const from = '127.0.0.3';
    // The captchas first, then the attempts one after another: round robin spreads the attempts over both nodes.
    const captchas: string[] = [];
    for (let i = 0; i < 5; i++) captchas.push((await captcha(from)).codeIndex);
    const triedOn = new Set<number>();
    for (const codeIndex of captchas) {
      const res = await login(victim, from, { vierifyCode: CAPTCHA, codeIndex }, 'Wrong9999');
      expect(res.body).toEqual({ code: 400, msg: MSG.badCredentials, data: null });
      triedOn.add(res.upstream);
    }
    expect([...triedOn].sort()).toEqual([0, 1]);
    // Locked: the right password is refused, on either node, with the same words.
    for (let i = 0; i < 2; i++) {
      const c = await captcha(from);
      const right = await login(victim, from, { vierifyCode: CAPTCHA, codeIndex: c.codeIndex });
      expect(right.body).toEqual({ code: 400, msg: MSG.badCredentials, data: null });
    }
  });

  it('the login budget is one per address over both nodes, and another address keeps its own', async () => {
    // Fixed one-minute windows: the burst starts early in one, so it is counted in one. (Retrying a
    // burst that straddled two from a fresh address failed when all three tries fell around :00.)
    await earlyInAMinute();
    const from = '127.0.0.10';
    const answers: Answer[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) answers.push(await call('GET', AUTH_PATHS.captcha, { from }));
    expect(answers.slice(0, LOGIN_LIMIT).map((a) => a.status)).toEqual(Array(LOGIN_LIMIT).fill(200));
    expect(new Set(answers.slice(0, LOGIN_LIMIT).map((a) => a.upstream))).toEqual(new Set([0, 1]));
    const refused = answers[LOGIN_LIMIT]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 429, msg: OWN_MSG.tooManyRequests, data: null });
    // The other node refuses it too: each node saw only half, so only a shared count refuses at all.
    const next = await call('POST', AUTH_PATHS.token, { from, json: { username: 'x', password: 'y' } });
    expect(next.upstream).not.toBe(refused.upstream);
    expect(next.status).toBe(429);
    expect((await call('GET', AUTH_PATHS.captcha, { from: '127.0.0.20' })).status).toBe(200);
  });

  it('a file uploaded through one node is attached on the other and read from both', async () => {
    const content = Buffer.from(`%PDF-1.4\n${randomBytes(16).toString('hex')}\n%%EOF\n`);
    const boundary = `----hqt${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="营业执照.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await call<UploadedFile[]>('POST', FILE_PATHS.upload, { headers: { ...entHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    expect(uploaded.status, uploaded.raw.toString()).toBe(200);
    const fileId = uploaded.body.data[0]!.id;
    const filed = await file('附件跨节点使用', { fileIds: [fileId] });
    expect(filed.status, filed.raw.toString()).toBe(200);
    expect(filed.upstream).not.toBe(uploaded.upstream);
    expect(filed.body.data.attachments.map((f) => f.id)).toEqual([fileId]);
    const readOn = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const read = await call('GET', fileUrl(fileId), { headers: entHeaders });
      expect(read.status).toBe(200);
      expect(read.raw.equals(content)).toBe(true);
      readOn.add(read.upstream);
    }
    expect(readOn.size).toBe(2);
  });

  it('appeals filed at once on both nodes get unique, consecutive numbers', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => file(`并发编号诉求${i + 1}`)));
    for (const a of answers) expect(a.status, a.raw.toString()).toBe(200);
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set([0, 1]));
    const numbers = answers.map((a) => a.body.data.number);
    expect(new Set(numbers).size).toBe(16);
    expectConsecutive(numbers);
    expect(new Set(numbers.map((n) => numberParts(n)[0])).size).toBeLessThanOrEqual(2);
  });

  it('a 企业码 made through one node is looked up on both', async () => {
    const base = `91520000${String(process.pid % 1000).padStart(3, '0')}777001`;
    const profile: EnterpriseBody = {
      name: '云溪双节点赋码有限公司',
      creditCode: base + creditCodeCheckChar(base),
      legalPerson: '张伟',
      nature: 'private',
      contactPhone: '13912345678',
      foundedOn: '2019-03-01',
      registeredCapital: 1000,
      patents: 3,
      industry: 'C',
      scale: 'small',
      region: 'park',
      qualifications: [],
      indicators: [],
    };
    const saved = await call('POST', CALCULATOR_PATHS.saveEnterprise, { headers: entHeaders, json: profile });
    expect(saved.status, saved.raw.toString()).toBe(200);
    const mine = await call<MyEntcode[]>('GET', ENTCODE_PATHS.mine, { headers: entHeaders });
    const code = mine.body.data.find((c) => c.creditCode === profile.creditCode)?.code;
    expect(code).toBeTruthy();
    const seenOn = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const card = await call<EntcodeCard>('GET', `${ENTCODE_PATHS.card}?code=${code}`, { from: '127.0.0.30' });
      expect(card.status, card.raw.toString()).toBe(200);
      expect(card.body.data).toMatchObject({ viewer: 'visitor', code, name: profile.name });
      seenOn.add(card.upstream);
    }
    expect(seenOn.size).toBe(2);
  });

  it('a hub message reaches browsers on both nodes, whichever node sent it', async () => {
    // Websocket only: behind a balancer without sticky sessions long-polling cannot work (docs/push.md).
    const upgradesBefore = proxy.routed.filter((r) => r.upgrade).length;
    const sockets: Socket[] = [];
    const received: HubNotice[][] = [];
    for (let i = 0; i < 2; i++) {
      const socket = io(proxy.url, { path: HUB_PATH, transports: ['websocket'], auth: { token: entHeaders.authorization!.slice(7) }, forceNew: true, reconnection: false, timeout: 20_000 });
      closers.push(async () => socket.close());
      const got: HubNotice[] = [];
      socket.on(HUB_NOTICE_EVENT, (m: HubNotice) => got.push(m));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
      received.push(got);
    }
    expect(proxy.routed.filter((r) => r.upgrade).slice(upgradesBefore).map((r) => r.upstream).sort()).toEqual([0, 1]);

    // Staff accept appeals (two filed, then two accepted one after the other) until each node has
    // accepted one: every acceptance is told to both browsers.
    const acceptedOn = new Map<number, string>();
    for (let round = 0; round < 3 && acceptedOn.size < 2; round++) {
      const filed = await Promise.all([1, 2].map((i) => file(`推送跨节点诉求${round}-${i}`)));
      for (const f of filed) {
        expect(f.status, f.raw.toString()).toBe(200);
        const accepted = await call('POST', APPEAL_PATHS.step.replace(':id', String(f.body.data.id)), { headers: staffHeaders, json: { step: 'accept' } });
        expect(accepted.status, accepted.raw.toString()).toBe(200);
        if (!acceptedOn.has(accepted.upstream)) acceptedOn.set(accepted.upstream, appealPortalLink(f.body.data.id));
      }
    }
    expect([...acceptedOn.keys()].sort()).toEqual([0, 1]);
    for (const got of received) {
      for (const link of acceptedOn.values()) {
        await expect.poll(() => got.filter((m) => m.link === link).map((m) => m.kind)).toEqual(['appeal.accepted']);
      }
    }
    for (const s of sockets) s.close();
  });

  it('a node killed mid-run of filings loses no acknowledged filing, and the proxy sends the rest to the survivor', async () => {
    const acknowledged: { id: number; number: string; upstream: number }[] = [];
    let failed = 0;
    let killedAt = -1;
    let seq = 0;
    const done = () => killedAt >= 0 && acknowledged.length - killedAt >= 24;
    // Four clients filing one after another; bounded by attempts, not by time.
    const worker = async () => {
      for (let tries = 0; tries < 200 && !done(); tries++) {
        const title = `宕机演练诉求${++seq}`;
        const res = await file(title).catch(() => null);
        if (res?.status === 200) acknowledged.push({ id: res.body.data.id, number: res.body.data.number, upstream: res.upstream });
        else failed++;
        if (killedAt < 0 && acknowledged.filter((a) => a.upstream === 1).length >= 5 && acknowledged.filter((a) => a.upstream === 0).length >= 5) {
          killedAt = acknowledged.length;
          nodes[1]!.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    await nodes[1]!.exited;
    expect(done()).toBe(true);

    // Every acknowledged filing is there, with the number it was given; the numbers stay gap-free.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    closers.push(() => db.end());
    const { rows } = await db.query<{ id: number; number: string }>('select id, number from appeals');
    const stored = new Map(rows.map((r) => [r.id, r.number]));
    for (const a of acknowledged) expect(stored.get(a.id)).toBe(a.number);
    expectConsecutive(rows.map((r) => r.number));

    // The survivor answers everything after the kill: past the few answers already on their way when
    // it came (one per other client), every filing was its.
    const afterKill = acknowledged.slice(killedAt + 3);
    expect(afterKill.length).toBeGreaterThanOrEqual(20);
    expect(afterKill.map((a) => a.upstream)).toEqual(afterKill.map(() => 0));
    const after = await Promise.all([0, 1, 2, 3].map(() => call('GET', APPEAL_PATHS.list.replace(':id', String(entId)), { headers: entHeaders })));
    expect(after.map((a) => [a.status, a.upstream])).toEqual(Array(4).fill([200, 0]));
    // At most the filings in flight on the killed node failed (one per client).
    expect(failed).toBeLessThanOrEqual(4);
  });
});
