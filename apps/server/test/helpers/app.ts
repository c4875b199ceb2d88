// Builds the real app on a fresh database of its own (a copy of the migrated template).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import { buildApp, type App, type AppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { accounts, enterprises } from '../../src/db/schema/index';
import { hashPassword } from '../../src/services/auth/password';
import { TEMPLATE_DB } from './global-setup';
import { TEST_LIMITS } from './limits';

export const CAPTCHA = '4729';
/** Shared by every app of a test run, as every node of a deployment shares JWT_SECRET. */
const TEST_JWT_SECRET = randomBytes(32).toString('hex');

/** A fresh database of its own, copied from the migrated template; answers its URL. */
export async function createDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('testDatabasePrefix')}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const databases = new WeakMap<App, string>();

/** The database an app was built on: a second app on the same one is a second server node. */
export const databaseUrlOf = (app: App) => databases.get(app)!;

/** `beforeReady`: what a test adds to the app before it starts (a job queue of its own). */
export async function createTestApp(
  env: Record<string, string> = {},
  { beforeReady, ...extra }: Partial<Pick<AppOptions, 'loggerInstance' | 'databaseUrl'>> & { beforeReady?: (app: App) => void } = {},
): Promise<App> {
  const databaseUrl = extra.databaseUrl ?? (await createDatabase());
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA_TEST_ANSWER: CAPTCHA,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    ...TEST_LIMITS,
    // A database's own uploads folder, shared by a second node on it as in a deployment: the start's
    // clean-up removes the bytes no row of its database holds, so two databases must never share one
    // (nor a test and the demo's var/uploads).
    UPLOADS_DIR: path.join(os.tmpdir(), 'hqt-test-uploads', new URL(databaseUrl).pathname.slice(1)),
    ...env,
  });
  const app = await buildApp({ config, jwtSecret: TEST_JWT_SECRET, ...extra, databaseUrl });
  beforeReady?.(app);
  await app.ready();
  databases.set(app, databaseUrl);
  return app;
}

export interface TestAccount {
  id: number;
  username: string;
  password: string;
}

let counter = 0;
export async function createAccount(
  app: App,
  { roleId = ROLES.enterprise.id as number, password = 'Passw0rd', name = '测试企业有限公司' } = {},
): Promise<TestAccount> {
  const n = ++counter; // read once: callers create accounts concurrently
  const username = `user_${process.pid}_${n}`;
  const [row] = await app.db
    .insert(accounts)
    .values({ username, passwordHash: await hashPassword(password), name, roleId })
    .returning({ id: accounts.id });
  if (roleId === ROLES.enterprise.id) {
    const base = `91511234${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`;
    await app.db.insert(enterprises).values({ accountId: row!.id, name, creditCode: base + creditCodeCheckChar(base) });
  }
  return { id: row!.id, username, password };
}

/** Logs in through the real endpoint and answers the token pair. */
export async function loginAs(app: App, account: TestAccount, ip = '10.0.0.1') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/connect/token',
    remoteAddress: ip,
    payload: { username: account.username, password: account.password, grant_type: 'password' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string; expires_in: number };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Waits until the jobs sent at the app's start (atStart) have run: a test that writes rows with
 * past times (a reply 20 days ago) must not race the start's own runs over them.
 */
export async function startJobsDone(app: App): Promise<void> {
  const pending = async () => (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`)).rows[0]!.n;
  // A loop, not expect.poll: this runs in hooks too.
  for (const started = Date.now(); (await pending()) > 0; ) {
    // A bound for a stuck job, not a speed claim: a busy machine runs the start's jobs slowly.
    if (Date.now() - started > 180_000) {
      const left = await app.db.execute<{ name: string; state: string; retry_count: number }>(sql`select name, state, retry_count from pgboss.job where state in ('created', 'retry', 'active')`);
      throw new Error(`the start jobs did not finish in 180 s: ${JSON.stringify(left.rows)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
