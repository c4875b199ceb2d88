// The real entry point, as `npm start` runs it, when its database cannot come back: an embedded
// PostgreSQL that cannot be restarted stops the server (exit 70); a database of DATABASE_URL is
// waited for and never stops it. The restart after kill -9 (503 meanwhile, every acknowledged
// write kept) is resilience/crash.test.ts's round B, over every service.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { OWN_MSG } from '@hqt/contract/messages';
import { createDatabase } from '../helpers/app';
import { relay } from '../helpers/relay';
import { freePort, postgresProcesses, spawnServer, untilUp } from '../helpers/server-process';

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

const call = async (url: string): Promise<Answer> => {
  try {
    const res = await fetch(url);
    const body = (await res.json()) as { code: number; msg: string };
    return { status: res.status, code: body.code, msg: body.msg };
  } catch {
    return { status: 0 };
  }
};

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
    .poll(() => call(`${server.base}/healthz`), { timeout: 30_000 })
    .toEqual({ status: 503, code: 503, msg: OWN_MSG.databaseUnavailable });
  expect(server.child.exitCode).toBeNull();

  await link.listen();
  await expect.poll(server.health, { timeout: 60_000, interval: 200 }).toBe(200);
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
  await link.cut();
}, 180_000);
