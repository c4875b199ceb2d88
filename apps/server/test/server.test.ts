// The real entry point as a user starts it: embedded PostgreSQL, demo data, graceful stop,
// and a kill -9 followed by a clean restart with every acknowledged write still there.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../src/server.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-server-test-'));
const children: ChildProcess[] = [];

afterAll(() => {
  // Only after a failed test is anything left running.
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const pid of postgresProcesses()) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', CAPTCHA_TEST_ANSWER: 'abcd' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  // Far above a quiet start (≈ 3 s) and below the slow project's test timeout, so a busy machine
  // still gets the server's own words when it does not come up.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    const up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    base,
    child,
    exited,
    async stop() {
      child.kill('SIGTERM');
      return exited;
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

/** Live postgres processes whose working directory is this test's data folder. */
function postgresProcesses(): number[] {
  const target = path.join(dataDir, 'pg');
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' && fs.readlinkSync(`/proc/${pid}/cwd`) === target;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('npm start', () => {
  it('starts on an empty folder with the demo accounts, and SIGTERM stops it and its database cleanly', async () => {
    const server = await startServer();
    const login = await post(server.base, '/api/v1/connect/token', { username: 'demo', password: 'Demo1234', grant_type: 'password' });
    expect(login.access_token).toBeTruthy();
    expect(postgresProcesses().length).toBeGreaterThan(0);
    expect(await server.stop()).toBe(0);
    expect(postgresProcesses()).toEqual([]);
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
      vierifyCode: 'abcd',
      codeIndex: captcha.data!.codeIndex,
    });
    expect(registered.code).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(postgresProcesses().length).toBeGreaterThan(0); // the orphan is still there

    const second = await startServer();
    const login = await post(second.base, '/api/v1/connect/token', { username: 'crash_survivor', password: 'Abc12345' });
    expect(login.access_token).toBeTruthy();
    expect(await second.stop()).toBe(0);
    expect(postgresProcesses()).toEqual([]);
  });
});
