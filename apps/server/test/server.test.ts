// The real entry point as a user starts it: embedded PostgreSQL, demo data, graceful stop,
// and a kill -9 followed by a clean restart with every acknowledged write still there.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, postgresProcesses, spawnServer, untilUp } from './helpers/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-server-test-'));
const pgDir = path.join(dataDir, 'pg');
const children: ChildProcess[] = [];

afterAll(() => {
  // Only after a failed test is anything left running.
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const pid of postgresProcesses(pgDir)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer() {
  const server = spawnServer(await freePort(), { DATA_DIR: dataDir, NODE_ENV: 'development', CAPTCHA_TEST_ANSWER: '1234' });
  children.push(server.child);
  await untilUp(server);
  return {
    ...server,
    async stop() {
      server.child.kill('SIGTERM');
      return server.exited;
    },
  };
}

interface Answer {
  code: number;
  access_token?: string;
  data: { codeIndex: string } | null;
}
const post = (base: string, url: string, body: unknown) =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Answer>);

describe('npm start', () => {
  it('starts on an empty folder with the demo accounts, and SIGTERM stops it and its database cleanly', async () => {
    const server = await startServer();
    const login = await post(server.base, '/api/v1/connect/token', { username: 'demo', password: 'Demo1234', grant_type: 'password' });
    expect(login.access_token).toBeTruthy();
    expect(postgresProcesses(pgDir).length).toBeGreaterThan(0);
    expect(await server.stop()).toBe(0);
    expect(postgresProcesses(pgDir)).toEqual([]);
  });

  it('after kill -9, the next start takes over the orphaned database and keeps every acknowledged write', async () => {
    const first = await startServer();
    const captcha = await fetch(`${first.base}/api/v1/connect/vierifycode`).then((r) => r.json() as Promise<Answer>);
    const registered = await post(first.base, '/api/v1/connect/register', {
      username: 'crash_survivor',
      password: 'Abc12345',
      enterpriseName: '云溪县坚韧机械有限公司',
      creditCode: '91511234MA6CNR7T27',
      contactPhone: '13700000000',
      vierifyCode: '1234',
      codeIndex: captcha.data!.codeIndex,
    });
    expect(registered.code).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(postgresProcesses(pgDir).length).toBeGreaterThan(0); // the orphan is still there

    const second = await startServer();
    const login = await post(second.base, '/api/v1/connect/token', { username: 'crash_survivor', password: 'Abc12345' });
    expect(login.access_token).toBeTruthy();
    expect(await second.stop()).toBe(0);
    expect(postgresProcesses(pgDir)).toEqual([]);
  });
});
