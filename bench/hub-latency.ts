// 政策推送's real-time hub across server nodes: Socket.IO with @socket.io/postgres-adapter, so an emit
// on one node reaches a browser connected to another through PostgreSQL's NOTIFY (payloads over
// 8,000 bytes through the socket_io_attachments table). Measured: how long BENCH_CLIENTS
// socket.io-client clients (websocket transport, each its own enterprise account, access token and
// auth_sessions row; bulk-inserted with SQL, account ids of six digits as at 100,000 accounts) take to
// connect, and the delivery latency of `push:message` from the emit to its receipt, for clients on
// the emitting node and on the other node:
//   (a) one at a time: hub.announce([accountId]) for each client in turn, the next once it arrived;
//   (b) a burst: one announce per client, all in one go (latency from the burst's start), ×BENCH_RUNS;
//   (c) the real path: one guide published through the console route (app.inject as a staff
//       account) to every client's account (a keyword subscription), the fan-out job writing the
//       messages and announcing them (one announce of 1,000 accounts: two emits of 500 rooms);
//       latency from the job's announce (timed by wrapping the announce the job holds) and from the
//       publish call, ×BENCH_RUNS guides.
// Each phase starts with one burst not counted (warm-up). (a) and (b) time from just before
// hub.announce to the client's handler; the clients check every message is theirs and comes once.
// Baseline in the same run: the same on a single node (emit and every client on it). Then two nodes
// (two buildApp on one database, each listening on its own port), half the clients on each, every
// emit through node B (node A's job worker stopped, so B's runs the fan-out).
// Last, node B is closed: how many of node A's clients that disconnects (it should be none).
// The clients run in this process beside the nodes (one event loop, 2 cores: the figures include
// that). Timings never fail the run; a lost or duplicated message does.
// Usage: npm run bench (or tsx bench/hub-latency.ts); BENCH_CLIENTS, BENCH_RUNS (bursts and fan-outs per phase).
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { ROLES } from '@hqt/contract/auth';
import { consolePath } from '@hqt/contract/console';
import { POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import { HUB_MESSAGE_EVENT, HUB_PATH, type HubMessage } from '@hqt/contract/push';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type {} from '../apps/server/src/plugins/auth'; // its app.tokens declaration
import type {} from '../apps/server/src/services/push/routes'; // its app.push declaration
import type { FanOutDeps } from '../apps/server/src/services/push/fan-out';
import { startBenchDatabase } from './support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const KEYWORD = '推送时延';
const JWT_SECRET = 'bench-hub-latency';
/** A message not delivered by then is lost. */
const WAIT_MS = 10_000;
/** Bursts and fan-outs per phase (their samples pooled). */
const REPEAT = Number(process.env.BENCH_RUNS ?? 3);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => {
  const s = sorted(xs);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)]! : NaN;
};
const ms = (x: number) => `${x.toFixed(1).padStart(7)}`;
const stats = (xs: number[]) => `${ms(pct(xs, 0.5))} ${ms(pct(xs, 0.99))} ${ms(Math.max(...xs))}`;
const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t));

interface Client {
  accountId: number;
  node: 'A' | 'B';
  socket: Socket;
  /** Receipt time per message key ('t<seq>' targeted, 'g<guideId>' a guide's). */
  got: Map<string, number>;
  duplicates: number;
  waiting: Map<string, (at: number) => void>;
}

const { url, stop } = await startBenchDatabase();
const db = new pg.Client({ connectionString: url });
await db.connect();
const nodes: App[] = [];
/** Targeted messages: whose each is, and how many reached another account's client. */
const owner = new Map<number, number>();
let misdelivered = 0;
let clients: Client[] = [];
try {
  // ---- the data -------------------------------------------------------------------------------------
  // Ids of six digits, as at 100,000 accounts: each room name ('account:123456') is as long as in
  // production, so an emit to 500 rooms is as large.
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
        `insert into guides (policy_id, title, summary, support_type, mode, industries, status, window_start, window_end, dept_name, dept_address, dept_phone)
         values ($1, $2, '对符合条件的企业给予资金补助。', 'subsidy', 'normal', '{C}', 'draft', now() - interval '1 day', now() + interval '30 days', '云溪县工业和信息化局', '人民路88号', '0839-7202345') returning id`,
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
  /** Every announce the node's fan-out job makes, timed: the job holds its own reference to hub.announce. */
  function timeFanOutAnnounces(app: App, into: number[]) {
    const deps = (app.push.jobs as unknown as { opts?: { fanOut?: FanOutDeps } }).opts?.fanOut;
    if (!deps || typeof deps.announce !== 'function') throw new Error('PushJobs no longer keeps opts.fanOut.announce: update the bench');
    const announce = deps.announce;
    deps.announce = (accountIds, message) => {
      into.push(performance.now());
      announce(accountIds, message);
    };
  }

  async function connect(node: 'A' | 'B', address: string, session: { account_id: number; id: string }, signer: App): Promise<{ client: Client; ms: number }> {
    const token = await signer.tokens.sign({ accountId: session.account_id, sessionId: session.id, roleId: ROLES.enterprise.id });
    const t = performance.now();
    const socket = io(address, { path: HUB_PATH, auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false, timeout: 60_000 });
    const client: Client = { accountId: session.account_id, node, socket, got: new Map(), duplicates: 0, waiting: new Map() };
    socket.on(HUB_MESSAGE_EVENT, (m: HubMessage) => {
      const at = performance.now();
      const key = m.guideId === 0 ? `t${m.body}` : `g${m.guideId}`;
      if (m.guideId === 0 && owner.get(Number(m.body)) !== client.accountId) misdelivered++;
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
  const targeted = (s: number): HubMessage => ({ event: 'published', guideId: 0, title: '时延测试', body: String(s) });
  const announceTo = (emitter: App, c: Client) => {
    owner.set(++seq, c.accountId);
    emitter.push.hub.announce([c.accountId], targeted(seq));
    return `t${seq}`;
  };

  type Samples = [Client, number][];

  /** (a) one at a time: emit, wait for it, next. Latency per client. */
  async function oneAtATime(emitter: App): Promise<{ samples: Samples; lost: number }> {
    const samples: Samples = [];
    let lost = 0;
    for (const c of clients) {
      const key = `t${seq + 1}`;
      const arrived = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), WAIT_MS);
        c.waiting.set(key, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const t = performance.now();
      announceTo(emitter, c);
      const at = await arrived;
      c.waiting.delete(key);
      if (at === null) {
        lost++;
        if (lost >= 5) throw new Error(`${lost} messages lost (one at a time): stopping`);
      } else samples.push([c, at - t]);
    }
    return { samples, lost };
  }

  /** Waits until every client has `key` (or WAIT_MS passed): answers the receipt times, and how many never came. */
  async function collect(key: (c: Client) => string): Promise<{ at: Samples; lost: number }> {
    const deadline = performance.now() + WAIT_MS;
    while (performance.now() < deadline && clients.some((c) => !c.got.has(key(c)))) await sleep(5);
    const at: Samples = clients.filter((c) => c.got.has(key(c))).map((c) => [c, c.got.get(key(c))!]);
    return { at, lost: clients.length - at.length };
  }

  /** (b) a burst: one announce per client, all at once. Latency from the burst's start. */
  async function burst(emitter: App) {
    const keys = new Map<Client, string>();
    const t = performance.now();
    for (const c of clients) keys.set(c, announceTo(emitter, c));
    const sentMs = performance.now() - t;
    const { at, lost } = await collect((c) => keys.get(c)!);
    return { samples: at.map(([c, a]): [Client, number] => [c, a - t]), lost, sentMs };
  }

  /** (c) a guide published through `publisher`'s console route; `announces` fills as its fan-out announces. */
  async function fanOut(publisher: App, announces: number[], label: string) {
    announces.length = 0;
    const guideId = await draftGuide(label);
    const token = await publisher.tokens.sign({ accountId: staff.id, sessionId: staff.session, roleId: ROLES.staff.id });
    const t = performance.now();
    const res = await publisher.inject({ method: 'POST', url: consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), headers: { authorization: `Bearer ${token}` }, payload: { action: 'publish' } });
    const publishMs = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
    const { at, lost } = await collect(() => `g${guideId}`);
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from push_messages where guide_id = $1`, [guideId]);
    if (rows[0]!.n !== CLIENTS) throw new Error(`guide ${guideId}: ${rows[0]!.n} messages persisted, expected ${CLIENTS}`);
    if (!announces.length) throw new Error(`guide ${guideId}: the timed announce was never called (did another node run the job?)`);
    // One announce (one batch of ≤ PUSH_BATCH_SIZE accounts), split by the hub into emits of 500 rooms.
    const emitAt = announces[0]!;
    return {
      fromEmit: at.map(([c, a]): [Client, number] => [c, a - emitAt]),
      fromPublish: at.map(([c, a]): [Client, number] => [c, a - t]),
      lost,
      publishMs,
      announces: announces.length,
    };
  }

  const attachments = async () => (await db.query<{ n: number }>('select count(*)::int as n from socket_io_attachments')).rows[0]!.n;
  const say = (line: string) => process.stdout.write(`${line}\n`);
  let totalLost = 0;
  let totalDuplicates = 0;
  const values = (xs: Samples, which: (c: Client) => boolean) => xs.filter(([c]) => which(c)).map(([, v]) => v);
  const row = (label: string, xs: Samples, which: (c: Client) => boolean, note = '') => {
    const v = values(xs, which);
    say(`  ${label.padEnd(62)} ${stats(v)}   (${v.length})${note ? ` ${note}` : ''}`);
  };
  const lostNote = (lost: number) => {
    totalLost += lost;
    return lost ? `LOST ${lost}` : 'none lost';
  };
  const all = () => true;
  const onA = (c: Client) => c.node === 'A';
  const onB = (c: Client) => c.node === 'B';

  /** Every mode from `emitter` to the clients connected now; rows per group of clients. */
  async function measure(emitter: App, announces: number[], groups: { label: string; which: (c: Client) => boolean }[], phase: string) {
    await burst(emitter); // warm-up, not counted
    await sleep(100);
    say(`  ${''.padEnd(62)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}   ms (samples)`);
    const a = await oneAtATime(emitter);
    groups.forEach((g, i) => row(`(a) one at a time → ${g.label}`, a.samples, g.which, i === groups.length - 1 ? lostNote(a.lost) : ''));
    const b: Samples = [];
    const sent: number[] = [];
    let bLost = 0;
    for (let r = 0; r < REPEAT; r++) {
      const one = await burst(emitter);
      b.push(...one.samples);
      sent.push(one.sentMs);
      bLost += one.lost;
      await sleep(100);
    }
    groups.forEach((g, i) =>
      row(`(b) burst ×${REPEAT} → ${g.label}`, b, g.which, i === groups.length - 1 ? lostNote(bLost) : ''),
    );
    say(`    (each burst: ${CLIENTS} announces of one account each, made in ≤ ${Math.max(...sent).toFixed(0)} ms; latency from the burst's start)`);
    const cEmit: Samples = [];
    const cPublish: Samples = [];
    const publishMs: number[] = [];
    let cLost = 0;
    let calls = 0;
    const before = await attachments();
    for (let r = 0; r < REPEAT; r++) {
      const one = await fanOut(emitter, announces, `${phase} 第 ${r + 1} 次`);
      cEmit.push(...one.fromEmit);
      cPublish.push(...one.fromPublish);
      publishMs.push(one.publishMs);
      cLost += one.lost;
      calls += one.announces;
      await sleep(100);
    }
    const viaTable = (await attachments()) - before;
    groups.forEach((g, i) => row(`(c) fan-out ×${REPEAT}, from the announce → ${g.label}`, cEmit, g.which, i === groups.length - 1 ? lostNote(cLost) : ''));
    groups.forEach((g) => row(`    … from the publish call → ${g.label}`, cPublish, g.which));
    say(
      `    (publish call answered in ${publishMs.map((x) => x.toFixed(0)).join(', ')} ms; ${calls} announce call(s) by the job, ${viaTable} emit(s) of them through socket_io_attachments)`,
    );
    totalDuplicates += clients.reduce((n, c) => n + c.duplicates, 0);
    return { a: a.samples, b, c: cEmit };
  }

  // ---- baseline: one node ---------------------------------------------------------------------------
  const A = await startNode();
  const announcesA: number[] = [];
  timeFanOutAnnounces(A.app, announcesA);
  say(`\nbaseline: one node (A), ${CLIENTS} clients on it, every emit from it`);
  const c1 = await connectAll([{ node: 'A', address: A.address }], A.app);
  say(`  connecting ${CLIENTS} clients at once: ${c1.totalMs.toFixed(0)} ms in all; per client p50 ${pct(c1.each, 0.5).toFixed(0)} ms, p99 ${pct(c1.each, 0.99).toFixed(0)} ms; ${A.app.push.hub.localSockets()} sockets on A`);
  if (A.app.push.hub.localSockets() !== CLIENTS) throw new Error(`node A holds ${A.app.push.hub.localSockets()} sockets, expected ${CLIENTS}`);
  const base = await measure(A.app, announcesA, [{ label: 'clients on A (same node)', which: all }], '单节点');
  await disconnectAll();

  // ---- two nodes --------------------------------------------------------------------------------------
  const B = await startNode();
  const announcesB: number[] = [];
  timeFanOutAnnounces(B.app, announcesB);
  // Node A's worker stopped: node B runs the fan-out, so every emit is B's.
  await A.app.push.jobs.stop();
  say(`\ntwo nodes: ${CLIENTS / 2} clients on A, ${CLIENTS / 2} on B, every emit from B (A's job worker stopped)`);
  const c2 = await connectAll(
    [
      { node: 'A', address: A.address },
      { node: 'B', address: B.address },
    ],
    A.app,
  );
  say(
    `  connecting ${CLIENTS} clients at once: ${c2.totalMs.toFixed(0)} ms in all; per client p50 ${pct(c2.each, 0.5).toFixed(0)} ms, p99 ${pct(c2.each, 0.99).toFixed(0)} ms; ${A.app.push.hub.localSockets()} sockets on A, ${B.app.push.hub.localSockets()} on B`,
  );
  if (A.app.push.hub.localSockets() + B.app.push.hub.localSockets() !== CLIENTS) throw new Error('the nodes do not hold every client');
  const two = await measure(
    B.app,
    announcesB,
    [
      { label: 'clients on A (other node)', which: onA },
      { label: 'clients on B (same node)', which: onB },
    ],
    '双节点',
  );

  const p50 = (xs: Samples, which: (c: Client) => boolean) => pct(values(xs, which), 0.5);
  const ratio = (xs: Samples, which: (c: Client) => boolean, baseline: Samples) => `×${(p50(xs, which) / p50(baseline, all)).toFixed(1)}`;
  say(`\np50 against the one-node baseline (same mode): clients on A (other node) / on B (same node)`);
  say(`  (a) one at a time  ${ratio(two.a, onA, base.a)} / ${ratio(two.a, onB, base.a)}`);
  say(`  (b) burst          ${ratio(two.b, onA, base.b)} / ${ratio(two.b, onB, base.b)}`);
  say(`  (c) fan-out        ${ratio(two.c, onA, base.c)} / ${ratio(two.c, onB, base.c)}`);
  say(`\nmessages lost: ${totalLost}; received twice: ${totalDuplicates}; received by another account's client: ${misdelivered}`);

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
  if (totalLost || totalDuplicates || misdelivered) throw new Error(`${totalLost} messages lost, ${totalDuplicates} received twice, ${misdelivered} misdelivered`);
} finally {
  for (const c of clients) c.socket.disconnect();
  for (const app of nodes.reverse()) await app.close();
  await db.end();
  await stop();
}
