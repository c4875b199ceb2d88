// The real entry point, as `npm start` runs it, when its embedded PostgreSQL is killed under it:
// the same server process restarts the database (crash recovery), answers 503 with a Chinese
// message meanwhile, serves again, and has lost none of the writes it acknowledged. Three rounds.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { OWN_MSG } from '@hqt/contract/messages';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import { createDatabase } from '../helpers/app';
import { relay } from '../helpers/relay';
import { freePort, postgresProcesses, spawnServer, untilUp } from '../helpers/server-process';

const ROUNDS = 3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-crash-recovery-'));
const pgDir = path.join(dataDir, 'pg');
const children: ChildProcess[] = [];

afterAll(() => {
  // Only after a failed test is anything left running.
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const pid of postgresProcesses(pgDir)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server as `npm start` runs it on this test's data folder (its log kept for a failure's message). */
async function startServer(env: Record<string, string> = {}) {
  const server = spawnServer(await freePort(), { DATA_DIR: dataDir, NODE_ENV: 'development', CAPTCHA_TEST_ANSWER: '1234', LOGIN_RATE_LIMIT: '10000', ...env });
  children.push(server.child);
  return server;
}

/** An answer, or status 0 when none came (the connection failed). */
interface Answer {
  status: number;
  code?: number;
  msg?: string;
}

const call = async (url: string, init?: RequestInit): Promise<Answer & { body?: { data?: { codeIndex?: string }; access_token?: string } }> => {
  try {
    const res = await fetch(url, init);
    const body = (await res.json()) as { code: number; msg: string; data?: { codeIndex?: string }; access_token?: string };
    return { status: res.status, code: body.code, msg: body.msg, body };
  } catch {
    return { status: 0 };
  }
};
const post = (url: string, body: unknown) => call(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it(`restarts its embedded PostgreSQL after kill -9, ${ROUNDS} times, answering 503 meanwhile and keeping every acknowledged write`, async () => {
  const server = await startServer();
  await untilUp(server);
  const acknowledged: string[] = [];
  const failures: Answer[] = [];
  let n = 0;

  /** Registers a new enterprise account: a write the server acknowledges with 200, or refuses. */
  const register = async (): Promise<Answer> => {
    n += 1;
    const captcha = await call(`${server.base}/api/v1/connect/vierifycode`);
    if (captcha.status !== 200) return captcha;
    const username = `survivor_${n}`;
    const base = `91511234${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`;
    const answer = await post(`${server.base}/api/v1/connect/register`, {
      username,
      password: 'Abc12345',
      enterpriseName: '云溪县坚韧机械有限公司',
      creditCode: base + creditCodeCheckChar(base),
      contactPhone: `137${String(n).padStart(8, '0')}`,
      vierifyCode: '1234',
      codeIndex: captcha.body!.data!.codeIndex,
    });
    if (answer.status === 200) acknowledged.push(username);
    return answer;
  };

  for (let round = 1; round <= ROUNDS; round++) {
    for (let i = 0; i < 3; i++) expect(await register()).toMatchObject({ status: 200, code: 200 });

    const postmaster = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');

    // Writes go on being tried while the database comes back; the same process serves again.
    await expect
      .poll(
        async () => {
          expect(server.child.exitCode, server.output()).toBeNull();
          const answer = await register();
          if (answer.status !== 200) failures.push({ status: answer.status, code: answer.code, msg: answer.msg });
          return answer.status;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(200);
    expect(postgresProcesses(pgDir).length).toBeGreaterThan(0);
    expect(Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0])).not.toBe(postmaster);
  }

  // Meanwhile: a 503 in the envelope with the Chinese message, or no answer at all; never a 500.
  for (const f of failures) {
    if (f.status !== 0) expect(f).toEqual({ status: 503, code: 503, msg: OWN_MSG.databaseUnavailable });
  }
  expect(failures.some((f) => f.status === 503)).toBe(true);

  // Every write the server acknowledged is there.
  expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * 4);
  for (const username of acknowledged) {
    const login = await post(`${server.base}/api/v1/connect/token`, { username, password: 'Abc12345' });
    expect(login.body?.access_token, username).toBeTruthy();
  }
  expect(server.child.exitCode).toBeNull();
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
  expect(postgresProcesses(pgDir)).toEqual([]);
}, 180_000);

it('exits 70 when its embedded PostgreSQL cannot be restarted, rather than serving without it', async () => {
  const server = await startServer();
  await untilUp(server);
  // The cluster's folder moves away under the running postgres, which is then killed: the restart
  // must not make a fresh empty cluster in its place, and gives up after its last try.
  const moved = `${pgDir}.moved`;
  fs.renameSync(pgDir, moved);
  const postmaster = Number(fs.readFileSync(path.join(moved, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(postmaster, 'SIGKILL');
  await expect.poll(() => server.child.exitCode, { timeout: 90_000, interval: 500 }).toBe(70);
  expect(server.output()).toContain('embedded PostgreSQL could not be restarted: stopping the server');
  expect(fs.existsSync(pgDir)).toBe(false);
}, 180_000);

it('with DATABASE_URL, waits for a database that is not up yet, answers 503 while it goes away again, and never exits', async () => {
  const link = relay(new URL(await createDatabase()), await freePort());
  const server = await startServer({ DATABASE_URL: link.url(), DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'external-')) });
  await expect.poll(server.output, { timeout: 60_000 }).toContain('database unreachable: waiting for it');
  expect(server.child.exitCode).toBeNull();

  await link.listen();
  await expect.poll(server.health, { timeout: 60_000, interval: 200 }).toBe(200);

  await link.cut();
  await expect
    .poll(() => call(`${server.base}/healthz`).then(({ status, code, msg }) => ({ status, code, msg })), { timeout: 30_000 })
    .toEqual({ status: 503, code: 503, msg: OWN_MSG.databaseUnavailable });
  expect(server.child.exitCode).toBeNull();

  await link.listen();
  await expect.poll(server.health, { timeout: 60_000, interval: 200 }).toBe(200);
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
  await link.cut();
}, 180_000);
