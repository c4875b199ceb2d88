// Dictionaries are cached per node and dropped on every node when they change.
import { eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { dictItems } from '../../src/db/schema/index';
import { createTestApp, databaseUrlOf } from '../helpers/app';

let a: App;
let b: App;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { databaseUrl: databaseUrlOf(a) });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const levels = async (app: App) =>
  (await app.inject({ method: 'GET', url: `/api/v1/dictdata/getsondatalist?Dict_Type=${encodeURIComponent('政策层级')}` })).json().data as { code: string; label: string }[];

it('a change made through one node is seen by another without a restart', async () => {
  expect((await levels(a)).find((l) => l.code === 'county')?.label).toBe('县级'); // node A has it cached now
  await b.db.update(dictItems).set({ label: '县（区）级' }).where(and(eq(dictItems.dictType, 'policyLevel'), eq(dictItems.code, 'county')));
  // How fast is bench material; here only that the notification reaches the other node's cache.
  await expect.poll(async () => (await levels(a)).find((l) => l.code === 'county')?.label, { timeout: 30_000, interval: 25 }).toBe('县（区）级');
});

it('the cache answers without asking the database while nothing changes', async () => {
  await levels(a);
  let queries = 0;
  const count = () => queries++;
  a.pgPool.on('acquire', count);
  await levels(a);
  await levels(a);
  a.pgPool.off('acquire', count);
  expect(queries).toBe(0);
});
