// server.ts as `npm start` runs it, in a child process of its own: for the tests of the real entry
// point (start and stop, kill -9, a crashed database, a node killed mid-job).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
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
