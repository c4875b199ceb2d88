// A database that goes away under a running app (an external DATABASE_URL whose server restarts or
// whose network drops): the app answers 503 in the envelope with a Chinese message meanwhile, does
// not fall over, and when the database is back its pools serve again and the dictionary cache,
// whose change notification was missed, reloads and listens again. The app reaches the real test
// database through a TCP relay that the test cuts and restores.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { dictItems } from '../../src/db/schema/index';
import { isDatabaseUnavailable } from '../../src/lib/errors';
import { bearer, createAccount, createTestApp, databaseUrlOf, loginAs } from '../helpers/app';
import { relay } from '../helpers/relay';

let direct: App;
let app: App;
let link: ReturnType<typeof relay>;

beforeAll(async () => {
  direct = await createTestApp();
  link = relay(new URL(databaseUrlOf(direct)));
  await link.listen();
  app = await createTestApp({}, { databaseUrl: link.url() });
});
afterAll(async () => {
  await app.close();
  await direct.close();
});

const levels = async () => {
  const res = await app.inject({ method: 'GET', url: `/api/v1/dictdata/getsondatalist?Dict_Type=${encodeURIComponent('政策层级')}` });
  return res.statusCode === 200 ? (res.json().data as { code: string; label: string }[]).find((l) => l.code === 'county')?.label : res.statusCode;
};
const health = async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode;

it('answers 503 with a Chinese message while the database is unreachable, and serves again, with fresh caches, once it is back', async () => {
  const account = await createAccount(app);
  const { access_token } = await loginAs(app, account);
  const me = () => app.inject({ method: 'GET', url: AUTH_PATHS.userInfo, headers: bearer(access_token) });
  expect((await me()).statusCode).toBe(200);
  expect(await levels()).toBe('县级'); // cached now, and listened for

  await link.cut();
  const calls: [string, typeof me][] = [
    ['healthz', () => app.inject({ method: 'GET', url: '/healthz' })],
    ['user info', me],
    ['captcha', () => app.inject({ method: 'GET', url: '/api/v1/connect/vierifycode' })],
    ['login', () => app.inject({ method: 'POST', url: '/api/v1/connect/token', payload: { username: account.username, password: account.password, grant_type: 'password' } })],
  ];
  for (const [name, call] of calls) {
    const res = await call();
    expect(res.statusCode, name).toBe(503);
    expect(res.json(), name).toEqual({ code: 503, msg: OWN_MSG.databaseUnavailable, data: null });
    expect(res.headers['retry-after'], name).toBeDefined();
  }
  // Changed while this app cannot hear it.
  await direct.db.update(dictItems).set({ label: '县（区）级' }).where(and(eq(dictItems.dictType, 'policyLevel'), eq(dictItems.code, 'county')));

  await link.listen();
  await expect.poll(health, { timeout: 30_000 }).toBe(200);
  expect((await me()).statusCode).toBe(200);
  await expect.poll(levels, { timeout: 30_000 }).toBe('县（区）级');

  // The listener is back: the copy is kept again and answers without asking the database.
  let queries = 0;
  const count = () => queries++;
  await expect
    .poll(
      async () => {
        await levels();
        queries = 0;
        app.pgPool.on('acquire', count);
        await levels();
        app.pgPool.off('acquire', count);
        return queries;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
});

it('a transaction whose connection drops fails with a database-unavailable error, and the process goes on', async () => {
  const cutMidway = app.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await link.cut();
    await tx.execute(sql`select 1`);
  });
  await expect(cutMidway).rejects.toSatisfy(isDatabaseUnavailable);
  await link.listen();
  await expect.poll(health, { timeout: 30_000 }).toBe(200);
});
