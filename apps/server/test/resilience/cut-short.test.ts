// What a crash cuts short, one piece at a time (crash.test.ts finds them under real kills):
// a transaction whose BEGIN fails on a dead connection gives its client back to the pool (else
// the pool's end() waits forever and a SIGTERM after a database crash times out), and the
// files' clean-up removes what an upload cut short left on disk (bytes without a row, temp files).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool } from '../../src/db/client';
import { files } from '../../src/db/schema/index';
import { isDatabaseUnavailable } from '../../src/lib/errors';
import { removeStray } from '../../src/services/files/cleanup';
import type { App } from '../../src/app';
import { createAccount, createDatabase, createTestApp } from '../helpers/app';

describe('a transaction whose connection dies before its BEGIN', () => {
  it('gives the client back: the pool empties and ends', async () => {
    const pool = createPool(await createDatabase(), () => {}, 2);
    const db = createDb(pool);
    await db.execute(sql`select 1`);
    // The next checkout's connection dies under it, as a killed postgres's would.
    pool.once('acquire', (client: pg.PoolClient) => (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy());
    await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toSatisfy(isDatabaseUnavailable);
    await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);
    // The pool serves again, and ends (a leaked client would keep end() waiting forever).
    expect((await db.transaction((tx) => tx.execute(sql`select 1 as one`))).rows).toEqual([{ one: 1 }]);
    await pool.end();
  });
});

describe('the files clean-up after an upload cut short', () => {
  let app: App;
  let uploadsDir: string;
  beforeAll(async () => {
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-stray-'));
    app = await createTestApp({ UPLOADS_DIR: uploadsDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('removes bytes no row holds and temp files, and keeps every file a row holds and what is not its own', async () => {
    const uploader = await createAccount(app);
    const hash = (c: string) => c.repeat(64);
    const privateDir = path.join(uploadsDir, 'private');
    fs.mkdirSync(privateDir, { recursive: true });
    const put = (file: string) => fs.writeFileSync(file, 'bytes');
    await app.db.insert(files).values([
      { kind: 'attachment', sha256: hash('a'), type: 'application/pdf', name: 'a.pdf', size: 5, uploaderId: uploader.id },
      { kind: 'image', sha256: hash('c'), type: 'image/png', name: 'c.png', size: 5, uploaderId: uploader.id },
    ]);
    const kept = [path.join(privateDir, hash('a')), path.join(uploadsDir, `${hash('c')}.png`), path.join(uploadsDir, 'README.txt'), path.join(privateDir, 'notes')];
    const removed = [
      path.join(privateDir, hash('b')), // an attachment whose transaction never committed
      path.join(privateDir, `.${hash('a')}.${randomUUID()}.tmp`), // a write cut short, of content a row holds
      path.join(uploadsDir, `${hash('d')}.gif`), // an image whose transaction never committed
      path.join(uploadsDir, `.${hash('e')}.png.${randomUUID()}.tmp`),
    ];
    for (const file of [...kept, ...removed]) put(file);

    expect(await removeStray(app.db, uploadsDir)).toBe(removed.length);
    expect(kept.filter((f) => !fs.existsSync(f))).toEqual([]);
    expect(removed.filter((f) => fs.existsSync(f))).toEqual([]);
  });
});
