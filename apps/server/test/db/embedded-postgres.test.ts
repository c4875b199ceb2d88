import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
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
