// Crash safety over every service (issue 25): a steady mix of writes over every service
// (writers.ts) while kill -9 hits the server process (round A, 5 times: restarted with the README's
// command on the same data folder) and then the embedded PostgreSQL's postmaster (round B, 5 times:
// the server restarts it itself). Afterwards, restarted once more: every acknowledged write is there,
// nothing is half-written (an item's state without its timeline row, a push message without its
// event or an event's count without its messages, a file row without its bytes, bytes or a temp file
// without a row), and the fan-out jobs that were running have finished, once.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CALCULATOR_PATHS } from '@hqt/contract/calculator';
import { PUSH_PATHS } from '@hqt/contract/push';
import { CAPTCHA } from '../helpers/app';
import { crashFolder, freePort, postgresProcesses } from '../helpers/server-process';
import {
  activeCodes,
  call,
  enterpriseRound,
  guideTemplate,
  KEYWORD,
  login,
  newLedger,
  register,
  staffRound,
  type EnterpriseWriter,
  type Ledger,
  type StaffWriter,
} from './writers';

const ROUNDS = 5;
const ENTERPRISES = 3;
// The server as `npm start` runs it, always on this data folder (and, within the test, this port);
// a fan-out job whose node was killed is handed on within seconds, not half a minute.
const folder = crashFolder('hqt-crash-', { JOB_MONITOR_INTERVAL: '2' });
const { pgDir, up, database } = folder;
const startServer = folder.start;
const uploadsDir = path.join(folder.dataDir, 'uploads');
afterAll(folder.remove);

/** The postmaster's pid as its lock file says (0 while there is none). */
const postmasterPid = () => {
  try {
    return Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
};

it(`keeps every acknowledged write of every service through ${ROUNDS} kills of the server and ${ROUNDS} of its database`, async () => {
  const port = await freePort();
  let server = startServer(port);
  await up(server);
  const base = () => server.base;

  // The writers: three registered enterprises and the demo staff account.
  const enterprises: EnterpriseWriter[] = [];
  for (let i = 1; i <= ENTERPRISES; i++) {
    const account = await register(base(), i, CAPTCHA);
    const { token, accountId } = await login(base(), account.username, account.password);
    const mine = await call<{ id: number }[]>(base(), 'GET', CALCULATOR_PATHS.allEnterprises, token);
    const enterpriseId = mine.data![0]!.id;
    // Every guide the staff publish is announced to them (the fan-out job).
    expect((await call(base(), 'POST', PUSH_PATHS.saveSubscription, token, { kind: 'keyword', value: KEYWORD })).code).toBe(200);
    enterprises.push({ token, accountId, enterpriseId, name: account.name, creditCode: account.creditCode });
  }
  const staffLogin = await login(base(), 'staff', 'Staff1234');
  const staff: StaffWriter = {
    ...staffLogin,
    enterpriseIds: enterprises.map((e) => e.enterpriseId),
    template: await guideTemplate(base(), staffLogin.token),
    codeIds: await activeCodes(base(), staffLogin.token, 2),
  };

  const ledger: Ledger = newLedger();
  let writing = true;
  const loop = async (round: (n: number) => Promise<void>) => {
    for (let n = 1; writing; n++) await round(n);
  };
  const writers = Promise.all([...enterprises.map((e) => loop((n) => enterpriseRound(base, e, ledger, n))), loop((n) => staffRound(base, staff, ledger, n))]);
  /** Lets the writers get some writes acknowledged by the server as it is now. */
  const burst = async (writes: number) => {
    const from = ledger.acknowledged;
    await expect.poll(() => ledger.acknowledged, { timeout: 120_000, interval: 100 }).toBeGreaterThanOrEqual(from + writes);
  };

  // Round A: kill -9 of the server mid-writes; the same command starts it again on the same folder.
  for (let round = 1; round <= ROUNDS; round++) {
    await burst(15);
    server.child.kill('SIGKILL');
    await server.exited;
    server = startServer(port);
    await up(server);
  }

  // Round B: kill -9 of the postmaster mid-writes; the server restarts its database by itself.
  for (let round = 1; round <= ROUNDS; round++) {
    await burst(15);
    const postmaster = postmasterPid();
    process.kill(postmaster, 'SIGKILL');
    // A new postmaster on the same folder, and the same server process serving again.
    await expect.poll(() => fs.existsSync(`/proc/${postmaster}`) ? postmaster : postmasterPid(), { timeout: 60_000, interval: 100 }).not.toBe(postmaster);
    await expect.poll(server.health, { timeout: 60_000, interval: 100 }).toBe(200);
    expect(server.child.exitCode, server.output()).toBeNull();
  }
  await burst(15);
  writing = false;
  await writers;

  // Stopped as an operator would, and started again with the README's command.
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
  server = startServer(port);
  await up(server);

  // While the server or its database was down: no answer, or 503 with the Chinese message; nothing else.
  expect(ledger.other).toEqual([]);
  expect(ledger.unavailable).toBeGreaterThan(0);

  const db = await database();
  try {
    const rows = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
    const ids = async (text: string, values: unknown[] = []) => (await rows<{ id: number }>(text, values)).map((r) => Number(r.id));

    // ---- every acknowledged write is there ----
    for (const [enterpriseId, { acked, sent }] of ledger.profiles) {
      const [row] = await rows<{ patents: number }>('select patents from enterprises where id = $1', [enterpriseId]);
      // The last acknowledged save, or a later one whose answer was lost.
      expect(row!.patents).toBeGreaterThanOrEqual(acked);
      expect(row!.patents).toBeLessThanOrEqual(sent);
    }
    expect(await ids('select id from evaluations where id = any($1)', [ledger.evaluations])).toHaveLength(ledger.evaluations.length);
    const live = new Set(await ids('select id from push_subscriptions where id = any($1)', [ledger.subscribed]));
    // Cancelled: gone. Never cancelled: there. A cancel whose answer a kill cut off: either.
    for (const id of ledger.subscribed.filter((s) => !ledger.cancelsUnanswered.includes(s))) expect(live.has(id), `subscription ${id}`).toBe(!ledger.cancelled.includes(id));
    expect(await ids('select id from messages where id = any($1) and read_at is not null', [ledger.reads])).toHaveLength(ledger.reads.length);
    expect(await ids('select id from files where id = any($1)', [ledger.uploads])).toHaveLength(ledger.uploads.length);
    for (const appeal of ledger.appeals) {
      const attached = await ids(`select file_id as id from attachments where owner_kind = 'appeal' and owner_id = $1 order by file_id`, [appeal.id]);
      expect(attached, `appeal ${appeal.id}`).toEqual(appeal.fileIds);
    }
    expect(await ids('select id from appeals where id = any($1) and number is not null', [ledger.appeals.map((a) => a.id)])).toHaveLength(ledger.appeals.length);
    for (const { id, step } of ledger.appealSteps) {
      expect(await ids(`select id from workflow_steps where subject_kind = 'appeal' and subject_id = $1 and step = $2`, [id, step]), `appeal ${id} ${step}`).toHaveLength(1);
    }
    expect(await ids(`select id from visits where id = any($1)`, [ledger.visits])).toHaveLength(ledger.visits.length);
    expect(await ids(`select id from visits where id = any($1) and status <> 'pending'`, [ledger.visitApprovals])).toHaveLength(ledger.visitApprovals.length);
    for (const [id, { titles, published }] of ledger.guides) {
      const [row] = await rows<{ title: string; status: string }>('select title, status from guides where id = $1', [id]);
      expect(titles, `guide ${id}`).toContain(row?.title);
      if (published) {
        expect(row?.status).toBe('published');
        expect(await ids(`select id from push_events where guide_id = $1 and event = 'published'`, [id])).toHaveLength(1);
      }
    }
    for (const codeId of staff.codeIds) {
      const acknowledged = ledger.entcodeSteps.filter((s) => s.id === codeId).length;
      const taken = await ids(`select id from workflow_steps where subject_kind = 'entcode' and subject_id = $1`, [codeId]);
      expect(taken.length).toBeGreaterThanOrEqual(acknowledged);
    }

    // ---- nothing half-written ----
    // An item's state is the one its last timeline row moved it to (no state without its step, no step without its state).
    for (const table of ['appeals', 'visits', 'guides', 'enterprise_codes']) {
      const kind = { appeals: 'appeal', visits: 'visit', guides: 'guide', enterprise_codes: 'entcode' }[table];
      const astray = await rows(
        `select t.id, t.status, s.to_state from ${table} t
           join lateral (select to_state from workflow_steps w where w.subject_kind = $1 and w.subject_id = t.id order by w.id desc limit 1) s on true
          where s.to_state <> t.status`,
        [kind],
      );
      expect(astray, table).toEqual([]);
    }
    // Every appeal filed has its number (given in its filing's transaction) and its filing's audit record.
    expect(await rows(`select id from appeals where number is null`)).toEqual([]);
    expect(
      await rows(`select a.id from appeals a where not exists (select 1 from audit_log l where l.action = 'appeal.file' and (l.detail->>'id')::int = a.id)`),
    ).toEqual([]);

    // The fan-out jobs running at a kill finish, once: every event is finished, and its count is its messages.
    await expect
      .poll(async () => rows(`select id from push_events where finished_at is null`), { timeout: 90_000, interval: 500 })
      .toEqual([]);
    expect(
      await rows(`select e.id, e.message_count, (select count(*)::int from messages m where m.dedupe_key = 'guide:' || e.guide_id || ':' || e.event) as messages
                    from push_events e
                   where e.message_count <> (select count(*) from messages m where m.dedupe_key = 'guide:' || e.guide_id || ':' || e.event)`),
    ).toEqual([]);
    // Every push message has its event.
    expect(
      await rows(`select m.id, m.dedupe_key from messages m where m.source = 'policy'
                   and not exists (select 1 from push_events e where m.dedupe_key = 'guide:' || e.guide_id || ':' || e.event)`),
    ).toEqual([]);
    // Every guide the writers published reached the followers of the keyword, once each.
    for (const [id, { published }] of ledger.guides) {
      if (!published) continue;
      const reached = (await rows<{ account_id: number }>(`select account_id from messages where dedupe_key = $1`, [`guide:${id}:published`])).map((r) => r.account_id);
      expect(reached, `guide ${id}`).toEqual(expect.arrayContaining(enterprises.map((e) => e.accountId)));
    }

    // Files: every row has its bytes; bytes and temp files without a row are swept at start.
    const fileRows = await rows<{ sha256: string; kind: string }>('select distinct sha256, kind from files');
    const attachmentHashes = new Set(fileRows.filter((f) => f.kind === 'attachment').map((f) => f.sha256));
    const imageHashes = new Set(fileRows.filter((f) => f.kind === 'image').map((f) => f.sha256));
    expect(attachmentHashes.size).toBeGreaterThan(0);
    for (const hash of attachmentHashes) expect(fs.existsSync(path.join(uploadsDir, 'private', hash)), hash).toBe(true);
    for (const hash of imageHashes) expect(fs.readdirSync(uploadsDir).some((name) => name.startsWith(`${hash}.`)), hash).toBe(true);
    await expect
      .poll(() => fs.readdirSync(path.join(uploadsDir, 'private')).filter((name) => !attachmentHashes.has(name)), { timeout: 60_000, interval: 500 })
      .toEqual([]);
    const strayImages = fs
      .readdirSync(uploadsDir)
      .filter((name) => name !== 'private')
      .filter((name) => !imageHashes.has(name.split('.')[0]!));
    expect(strayImages).toEqual([]);
  } finally {
    await db.end();
  }

  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
  expect(postgresProcesses(pgDir)).toEqual([]);
}, 290_000);
