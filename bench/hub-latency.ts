// The real-time hub across server nodes (apps/server/src/plugins/hub.ts: Socket.IO, one room per
// account, emits to this node's sockets only, no adapter) told by the message centre: `notify(tx, …)`
// (services/message/notify.ts) writes the messages and queues `pg_notify('hqt_messages', …)` (≤ 400
// accounts per NOTIFY) in the caller's transaction; at commit PostgreSQL tells every node's listener
// (services/message/live.ts) and each node emits `message` (HubNotice) to its own browsers.
// Measured: how long BENCH_CLIENTS socket.io-client clients (websocket transport, each its own
// enterprise account, access token and auth_sessions row; bulk-inserted with SQL, account ids of six
// digits as at 100,000 accounts) take to connect, and the delivery latency of a notice from the
// start of the writing transaction to its receipt, for clients on the emitting node and on the other:
//   (a) one at a time: one committed notify() transaction for one account on the emitting node's
//       database pool, the next once it arrived;
//   (b) bursts, ×BENCH_RUNS each, latency from the burst's start:
//       (b1) one notify transaction per client, all at once (they queue on the node's pool of 10);
//       (b2) one notify to every client in one transaction (NOTIFYs of 400 accounts);
//   (c) the real path: one guide published through the console route (app.inject as a staff
//       account) to every client's account (a keyword subscription), the push-fanout job on the
//       node's worker writing the messages through notify (one batch of ≤ PUSH_BATCH_SIZE accounts:
//       one transaction); latency from the publish call and from the batch transaction's start
//       (messages.created_at, the database's clock on this same machine), ×BENCH_RUNS guides.
// Each phase starts with one burst of each kind not counted (warm-up: the pool's connections open). The clients check every notice is for
// their own account (the notice's link carries its key) and comes once.
// Baseline in the same run: the same on a single node (every notify from it and every client on it).
// Then two nodes (two buildApp on one database, each listening on its own port), half the clients on
// each, every notify through node B (node A's job workers stopped with app.jobs.stop(), so B runs the
// fan-out).
// Last, node B is closed: how many of node A's clients that disconnects (it should be none).
// The clients run in this process beside the nodes (one event loop, 2 cores: the figures include
// that). Timings never fail the run; a lost, duplicated or misdelivered notice does.
// Usage: npm run bench (or tsx bench/hub-latency.ts); BENCH_CLIENTS, BENCH_RUNS (bursts and fan-outs per phase).
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { ROLES } from '@hqt/contract/auth';
import { consolePath } from '@hqt/contract/console';
import { HUB_NOTICE_EVENT, HUB_PATH, type HubNotice } from '@hqt/contract/inbox';
import { POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import { pushMessageKey } from '@hqt/contract/push';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type {} from '../apps/server/src/plugins/auth'; // its app.tokens declaration
import type {} from '../apps/server/src/plugins/db'; // its app.db declaration
import type {} from '../apps/server/src/plugins/hub'; // its app.hub declaration
import type {} from '../apps/server/src/plugins/jobs'; // its app.jobs declaration
import { notify, type Notice } from '../apps/server/src/services/message/public';
import { startBenchDatabase } from './support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const KEYWORD = '推送时延';
const JWT_SECRET = 'bench-hub-latency';
/** A notice not delivered by then is lost. */
const WAIT_MS = 10_000;
/** Bursts and fan-outs per phase (their samples pooled). */
const REPEAT = Number(process.env.BENCH_RUNS ?? 3);
/** The bench's own notices carry their key in the link (a guide's carries `?guide=<id>`). */
const BENCH_LINK = '/bench/hub-latency?key=';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => {
  const s = sorted(xs);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)]! : NaN;
};
const ms = (x: number) => `${x.toFixed(1).padStart(7)}`;
const stats = (xs: number[]) => `${ms(pct(xs, 0.5))} ${ms(pct(xs, 0.99))} ${ms(Math.max(...xs))}`;
const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t));

/** The key of a notice: the bench's own ('t…' one account, 'a…' every client) or 'g<guideId>' a guide's. */
function keyOf(notice: HubNotice): string | null {
  if (notice.link?.startsWith(BENCH_LINK)) return notice.link.slice(BENCH_LINK.length);
  const guide = /[?&]guide=(\d+)/.exec(notice.link ?? '');
  return guide ? `g${guide[1]}` : null;
}

interface Client {
  accountId: number;
  node: 'A' | 'B';
  socket: Socket;
  /** Receipt time per notice key. */
  got: Map<string, number>;
  duplicates: number;
  waiting: Map<string, (at: number) => void>;
}

const { url, stop } = await startBenchDatabase();
const db = new pg.Client({ connectionString: url });
await db.connect();
const nodes: App[] = [];
/** Whom each notice is for (by key), and how many reached a client of another account. */
const owners = new Map<string, Set<number>>();
let misdelivered = 0;
let clients: Client[] = [];
try {
  // ---- the data -------------------------------------------------------------------------------------
  // Ids of six digits, as at 100,000 accounts: each room name ('account:123456') and each NOTIFY
  // payload is as long as in production.
  await db.query(`select setval('accounts_id_seq', 100000)`);
  await db.query(
    `insert into accounts (username, password_hash, name, role_id) select 'hub_' || k, 'synthetic-no-login', '时延合成企业' || k, $1 from generate_series(1, $2::int) k`,
    [ROLES.enterprise.id, CLIENTS],
  );
  await db.query(`insert into enterprises (account_id, name, credit_code, region) select id, name || '有限公司', 'H' || lpad(id::text, 17, '0'), 'yunxi' from accounts where starts_with(username, 'hub_')`);
  await db.query(`insert into push_subscriptions (account_id, kind, value, label) select id, 'keyword', $1, $1 from accounts where starts_with(username, 'hub_')`, [KEYWORD]);
  const { rows: sessions } = await db.query<{ account_id: number; id: string }>(
    `insert into auth_sessions (account_id, expires_at) select id, now() + interval '1 day' from accounts where starts_with(username, 'hub_') order by id returning account_id, id`,
  );
  const everyone = new Set(sessions.map((s) => s.account_id));
  const { rows: staffRows } = await db.query<{ id: number; session: string }>(`
    with a as (insert into accounts (username, password_hash, name, role_id) values ('bench_staff', 'synthetic-no-login', '时延工作人员', ${ROLES.staff.id}) returning id)
    insert into auth_sessions (account_id, expires_at) select id, now() + interval '1 day' from a returning account_id as id, id as session`);
  const staff = staffRows[0]!;
  const { rows: policyRows } = await db.query<{ id: number }>(`
    insert into policies (title, doc_no, department, level, publish_date, content_html)
    values ('云溪县关于推送时延测试的若干措施', '云推〔2026〕2号', 'gxj', 'county', current_date, '<p>合成政策正文。</p>') returning id`);
  const draftGuide = async (label: string) =>
    (
      await db.query<{ id: number }>(
        `insert into guides (policy_id, title, summary, support_type, mode, industries, beneficiaries, conditions_text, support_standard, materials, eligibility, status,
                             window_start, window_end, dept_name, dept_address, dept_phone)
         values ($1, $2, '对符合条件的企业给予资金补助。', 'subsidy', 'normal', '{C}', '县内规模以上工业企业', '依法经营、依法纳税', '按项目给予补助', '["申报书"]', '{"groups":[],"openToAll":true}', 'draft',
                 now() - interval '1 day', now() + interval '30 days', '云溪县工业和信息化局', '人民路88号', '0839-7202345') returning id`,
        [policyRows[0]!.id, `${KEYWORD}申报指南（${label}）`],
      )
    ).rows[0]!.id;
  process.stdout.write(`${CLIENTS.toLocaleString('en')} enterprise accounts (ids ${sessions[0]!.account_id}–${sessions.at(-1)!.account_id}), each with a session and a keyword subscription\n`);

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  async function startNode(): Promise<{ app: App; address: string }> {
    const app = await buildApp({ config, databaseUrl: url, jwtSecret: JWT_SECRET });
    nodes.push(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, address };
  }

  async function connect(node: 'A' | 'B', address: string, session: { account_id: number; id: string }, signer: App): Promise<{ client: Client; ms: number }> {
    const token = await signer.tokens.sign({ accountId: session.account_id, sessionId: session.id, roleId: ROLES.enterprise.id });
    const t = performance.now();
    const socket = io(address, { path: HUB_PATH, auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false, timeout: 60_000 });
    const client: Client = { accountId: session.account_id, node, socket, got: new Map(), duplicates: 0, waiting: new Map() };
    socket.on(HUB_NOTICE_EVENT, (n: HubNotice) => {
      const at = performance.now();
      const key = keyOf(n);
      if (key === null || !owners.get(key)?.has(client.accountId)) {
        misdelivered++;
        return;
      }
      if (client.got.has(key)) client.duplicates++;
      else client.got.set(key, at);
      client.waiting.get(key)?.(at);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(new Error(`client ${session.account_id} on node ${node}: ${err.message}`)));
    });
    return { client, ms: performance.now() - t };
  }

  async function connectAll(placement: { node: 'A' | 'B'; address: string }[], signer: App) {
    const t = performance.now();
    const results = await Promise.all(sessions.map((s, i) => connect(placement[i % placement.length]!.node, placement[i % placement.length]!.address, s, signer)));
    const totalMs = performance.now() - t;
    clients = results.map((r) => r.client);
    return { totalMs, each: results.map((r) => r.ms) };
  }
  async function disconnectAll() {
    for (const c of clients) c.socket.disconnect();
    clients = [];
    await sleep(200);
  }

  let seq = 0;
  const benchNotice = (key: string): Notice => ({
    source: 'system',
    kind: 'system.bench',
    title: '时延测试',
    body: '合成通知。',
    link: `${BENCH_LINK}${key}`,
    dedupeKey: `bench:${key}`,
  });
  /** One committed notify() transaction on `emitter`'s pool: `accountIds` get the notice `key`. */
  async function tell(emitter: App, accountIds: number[], key: string) {
    owners.set(key, new Set(accountIds));
    const added = await emitter.db.transaction((tx) => notify(tx, accountIds, benchNotice(key)));
    if (added.length !== accountIds.length) throw new Error(`notice ${key}: ${added.length} messages written, expected ${accountIds.length}`);
  }

  type Samples = [Client, number][];

  /** (a) one at a time: a notify for one client, wait for it, next. Latency per client. */
  async function oneAtATime(emitter: App): Promise<{ samples: Samples; lost: number; commitMs: number[] }> {
    const samples: Samples = [];
    const commitMs: number[] = [];
    let lost = 0;
    for (const c of clients) {
      const key = `t${++seq}`;
      const arrived = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), WAIT_MS);
        c.waiting.set(key, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const t = performance.now();
      await tell(emitter, [c.accountId], key);
      commitMs.push(performance.now() - t);
      const at = await arrived;
      c.waiting.delete(key);
      if (at === null) {
        lost++;
        if (lost >= 5) throw new Error(`${lost} notices lost (one at a time): stopping`);
      } else samples.push([c, at - t]);
    }
    return { samples, lost, commitMs };
  }

  /** Waits until every client has `key` (or WAIT_MS passed): answers the receipt times, and how many never came. */
  async function collect(key: (c: Client) => string): Promise<{ at: Samples; lost: number }> {
    const deadline = performance.now() + WAIT_MS;
    while (performance.now() < deadline && clients.some((c) => !c.got.has(key(c)))) await sleep(5);
    const at: Samples = clients.filter((c) => c.got.has(key(c))).map((c) => [c, c.got.get(key(c))!]);
    return { at, lost: clients.length - at.length };
  }

  /** (b1) one notify transaction per client, all at once. Latency from the burst's start. */
  async function burstEach(emitter: App) {
    const keys = new Map(clients.map((c) => [c, `t${++seq}`]));
    const t = performance.now();
    await Promise.all(clients.map((c) => tell(emitter, [c.accountId], keys.get(c)!)));
    const sentMs = performance.now() - t;
    const { at, lost } = await collect((c) => keys.get(c)!);
    return { samples: at.map(([c, a]): [Client, number] => [c, a - t]), lost, sentMs };
  }

  /** (b2) one notify to every client in one transaction. Latency from its start. */
  async function burstAll(emitter: App) {
    const key = `a${++seq}`;
    const t = performance.now();
    await tell(
      emitter,
      clients.map((c) => c.accountId),
      key,
    );
    const sentMs = performance.now() - t;
    const { at, lost } = await collect(() => key);
    return { samples: at.map(([c, a]): [Client, number] => [c, a - t]), lost, sentMs };
  }

  /** (c) a guide published through `publisher`'s console route; its fan-out runs on a node's job worker. */
  async function fanOut(publisher: App, label: string) {
    const guideId = await draftGuide(label);
    owners.set(`g${guideId}`, everyone);
    const token = await publisher.tokens.sign({ accountId: staff.id, sessionId: staff.session, roleId: ROLES.staff.id });
    const t = performance.now();
    const res = await publisher.inject({ method: 'POST', url: consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), headers: { authorization: `Bearer ${token}` }, payload: { action: 'publish' } });
    const publishMs = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
    const { at, lost } = await collect(() => `g${guideId}`);
    const { rows } = await db.query<{ n: number; accounts: number; written: number }>(
      `select count(*)::int as n, count(distinct account_id)::int as accounts, extract(epoch from min(created_at)) * 1000 as written from messages where dedupe_key = $1`,
      [pushMessageKey(guideId, 'published')],
    );
    const { n, accounts, written } = rows[0]!;
    if (n !== CLIENTS || accounts !== CLIENTS) throw new Error(`guide ${guideId}: ${n} messages for ${accounts} accounts persisted, expected ${CLIENTS}`);
    // The batch transaction's start, on this process's clock (the database runs on this machine).
    const writeStart = Number(written) - performance.timeOrigin;
    return {
      fromPublish: at.map(([c, a]): [Client, number] => [c, a - t]),
      fromWrite: at.map(([c, a]): [Client, number] => [c, a - writeStart]),
      pickedUpMs: writeStart - t,
      lost,
      publishMs,
    };
  }

  const say = (line: string) => process.stdout.write(`${line}\n`);
  let totalLost = 0;
  let totalDuplicates = 0;
  const values = (xs: Samples, which: (c: Client) => boolean) => xs.filter(([c]) => which(c)).map(([, v]) => v);
  const row = (label: string, xs: Samples, which: (c: Client) => boolean, note = '') => {
    const v = values(xs, which);
    say(`  ${label.padEnd(70)} ${stats(v)}   (${v.length})${note ? ` ${note}` : ''}`);
  };
  const lostNote = (lost: number) => {
    totalLost += lost;
    return lost ? `LOST ${lost}` : 'none lost';
  };
  const all = () => true;
  const onA = (c: Client) => c.node === 'A';
  const onB = (c: Client) => c.node === 'B';
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  type Group = { label: string; which: (c: Client) => boolean };
  /** One row per group; the lost count on the last. */
  const rows = (label: string, xs: Samples, groups: Group[], lost?: number) =>
    groups.forEach((g, i) => row(`${label} → ${g.label}`, xs, g.which, lost !== undefined && i === groups.length - 1 ? lostNote(lost) : ''));

  /** A burst mode REPEAT times, pooled. */
  async function repeated(run: () => Promise<{ samples: Samples; lost: number; sentMs: number }>) {
    const samples: Samples = [];
    const sent: number[] = [];
    let lost = 0;
    for (let r = 0; r < REPEAT; r++) {
      const one = await run();
      samples.push(...one.samples);
      sent.push(one.sentMs);
      lost += one.lost;
      await sleep(100);
    }
    return { samples, sent, lost };
  }

  /** Every mode from `emitter` to the clients connected now; rows per group of clients. */
  async function measure(emitter: App, groups: Group[], phase: string) {
    // Warm-up, not counted: opens the node's pool connections and wakes the listeners.
    await burstEach(emitter);
    await burstAll(emitter);
    await sleep(100);
    say(`  ${''.padEnd(70)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}   ms (samples)`);
    const a = await oneAtATime(emitter);
    rows('(a) one at a time', a.samples, groups, a.lost);
    say(`    (each notify transaction committed in p50 ${pct(a.commitMs, 0.5).toFixed(1)} ms, p99 ${pct(a.commitMs, 0.99).toFixed(1)} ms; latency from its start)`);
    const b1 = await repeated(() => burstEach(emitter));
    rows(`(b1) burst ×${REPEAT}, a transaction per client`, b1.samples, groups, b1.lost);
    say(`    (each burst: ${clients.length} notify transactions of one account, all committed in ${list(b1.sent)} ms; latency from the burst's start)`);
    const b2 = await repeated(() => burstAll(emitter));
    rows(`(b2) burst ×${REPEAT}, one transaction to all`, b2.samples, groups, b2.lost);
    say(`    (each: one notify of ${clients.length} accounts, ${Math.ceil(clients.length / 400)} NOTIFY(s), committed in ${list(b2.sent)} ms; latency from its start)`);
    const cPublish: Samples = [];
    const cWrite: Samples = [];
    const publishMs: number[] = [];
    const pickedUp: number[] = [];
    let cLost = 0;
    for (let r = 0; r < REPEAT; r++) {
      const one = await fanOut(emitter, `${phase} 第 ${r + 1} 次`);
      cPublish.push(...one.fromPublish);
      cWrite.push(...one.fromWrite);
      publishMs.push(one.publishMs);
      pickedUp.push(one.pickedUpMs);
      cLost += one.lost;
      await sleep(100);
    }
    rows(`(c) fan-out ×${REPEAT}, from the publish call`, cPublish, groups, cLost);
    rows(`    … from the batch transaction's start`, cWrite, groups);
    say(`    (publish call answered in ${list(publishMs)} ms; the job's batch transaction began ${list(pickedUp)} ms after the call)`);
    totalDuplicates += clients.reduce((n, c) => n + c.duplicates, 0);
    return { a: a.samples, b1: b1.samples, b2: b2.samples, c: cPublish };
  }

  // ---- baseline: one node ---------------------------------------------------------------------------
  const A = await startNode();
  say(`\nbaseline: one node (A), ${CLIENTS} clients on it, every notify from it`);
  const c1 = await connectAll([{ node: 'A', address: A.address }], A.app);
  say(`  connecting ${CLIENTS} clients at once: ${c1.totalMs.toFixed(0)} ms in all; per client p50 ${pct(c1.each, 0.5).toFixed(0)} ms, p99 ${pct(c1.each, 0.99).toFixed(0)} ms; ${A.app.hub.localSockets()} sockets on A`);
  if (A.app.hub.localSockets() !== CLIENTS) throw new Error(`node A holds ${A.app.hub.localSockets()} sockets, expected ${CLIENTS}`);
  const base = await measure(A.app, [{ label: 'clients on A (same node)', which: all }], '单节点');
  await disconnectAll();

  // ---- two nodes --------------------------------------------------------------------------------------
  const B = await startNode();
  // Node A's workers stopped: node B runs the fan-out, so every notify is B's.
  await A.app.jobs.stop();
  say(`\ntwo nodes: ${CLIENTS / 2} clients on A, ${CLIENTS / 2} on B, every notify from B (A's job workers stopped)`);
  const c2 = await connectAll(
    [
      { node: 'A', address: A.address },
      { node: 'B', address: B.address },
    ],
    A.app,
  );
  say(
    `  connecting ${CLIENTS} clients at once: ${c2.totalMs.toFixed(0)} ms in all; per client p50 ${pct(c2.each, 0.5).toFixed(0)} ms, p99 ${pct(c2.each, 0.99).toFixed(0)} ms; ${A.app.hub.localSockets()} sockets on A, ${B.app.hub.localSockets()} on B`,
  );
  if (A.app.hub.localSockets() + B.app.hub.localSockets() !== CLIENTS) throw new Error('the nodes do not hold every client');
  const two = await measure(
    B.app,
    [
      { label: 'clients on A (other node)', which: onA },
      { label: 'clients on B (same node)', which: onB },
    ],
    '双节点',
  );

  const p50 = (xs: Samples, which: (c: Client) => boolean) => pct(values(xs, which), 0.5);
  const ratio = (xs: Samples, which: (c: Client) => boolean, baseline: Samples) => `×${(p50(xs, which) / p50(baseline, all)).toFixed(1)}`;
  say(`\np50 against the one-node baseline (same mode): clients on A (other node) / on B (same node)`);
  const ratios = (label: string, xs: Samples, baseline: Samples) => say(`  ${label.padEnd(38)} ${ratio(xs, onA, baseline)} / ${ratio(xs, onB, baseline)}`);
  ratios('(a) one at a time', two.a, base.a);
  ratios('(b1) burst, a transaction per client', two.b1, base.b1);
  ratios('(b2) burst, one transaction to all', two.b2, base.b2);
  ratios('(c) fan-out, from the publish call', two.c, base.c);
  say(`\nnotices lost: ${totalLost}; received twice: ${totalDuplicates}; received by another account's client: ${misdelivered}`);

  // A node leaving (a deploy, a scale-down): app.close() disconnects its own clients (they reconnect
  // elsewhere); the other node's clients should stay connected.
  const stayed = clients.filter(onA);
  let dropped = 0;
  for (const c of stayed) c.socket.once('disconnect', () => dropped++);
  nodes.splice(nodes.indexOf(B.app), 1);
  await B.app.close();
  await sleep(1000);
  const ownGone = clients.filter((c) => onB(c) && !c.socket.connected).length;
  say(
    `node B closed (app.close()): ${ownGone} of its ${clients.filter(onB).length} clients disconnected; clients on node A disconnected by it: ${dropped} of ${stayed.length}${dropped ? ' (expected 0: see the report)' : ''}`,
  );
  await disconnectAll();
  if (totalLost || totalDuplicates || misdelivered) throw new Error(`${totalLost} notices lost, ${totalDuplicates} received twice, ${misdelivered} misdelivered`);
} finally {
  for (const c of clients) c.socket.disconnect();
  for (const app of nodes.reverse()) await app.close();
  await db.end();
  await stop();
}
