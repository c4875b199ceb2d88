// server.ts as `npm start` runs it, in a child process of its own: for the tests of the real entry
// point (start and stop, kill -9, a crashed database, a node killed mid-job).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { CAPTCHA } from './app';
import { TEST_LIMITS } from './limits';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../src/server.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Live postgres processes whose working directory is `pgDir` (a cluster's folder). */
export function postgresProcesses(pgDir: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' && fs.readlinkSync(`/proc/${pid}/cwd`) === pgDir;
      } catch {
        return false;
      }
    })
    .map(Number);
}

export type ServerProcess = ReturnType<typeof spawnServer>;

/** Starts server.ts on `port` with `env` over the test's environment; what it says is kept for a failure's message. */
export function spawnServer(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    // The test limits too (a node killed mid-run of filings files dozens from one account).
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...TEST_LIMITS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    child,
    /** The exit code, once it has exited. */
    exited,
    output: () => output,
    /** /healthz's status (0: no answer), or why there is none when the process has exited. */
    health: async () => (child.exitCode !== null ? `exited ${child.exitCode}: ${output}` : fetch(`${base}/healthz`).then((r) => r.status, () => 0)),
  };
}

/** Waits for /healthz: far above a quiet start (≈ 3 s), below the slow project's test timeout. */
export async function untilUp(server: ServerProcess): Promise<void> {
  await expect.poll(server.health, { timeout: 150_000, interval: 200 }).toBe(200);
}

/**
 * One data folder for servers started as `npm start` runs them and killed by the test (the crash
 * suites): `start` on a port with `env` over the suite's settings, `up` (untilUp, with what the
 * server said when it does not come up), the server's own database as its embedded PostgreSQL
 * serves it now, and `remove` for afterAll (whatever a failed test left running is killed).
 */
export function crashFolder(prefix: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const pgDir = path.join(dataDir, 'pg');
  const children: ChildProcess[] = [];
  return {
    dataDir,
    pgDir,
    start(port: number): ServerProcess {
      const server = spawnServer(port, { DATA_DIR: dataDir, NODE_ENV: 'development', CAPTCHA_TEST_ANSWER: CAPTCHA, LOGIN_RATE_LIMIT: '100000', ...env });
      children.push(server.child);
      return server;
    },
    async up(server: ServerProcess): Promise<void> {
      try {
        await untilUp(server);
      } catch (err) {
        throw new Error(`${String(err)}\n${server.output()}`, { cause: err });
      }
    },
    async database(): Promise<pg.Client> {
      const port = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
      const password = fs.readFileSync(`${pgDir}.password`, 'utf8').trim();
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'huiqitong' });
      // A restart of the server may restart its PostgreSQL too, ending this connection: the next read opens another.
      client.on('error', () => {});
      await client.connect();
      return client;
    },
    remove(): void {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      for (const pid of postgresProcesses(pgDir)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
