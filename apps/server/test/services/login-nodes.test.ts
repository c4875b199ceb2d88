// Each node holds the live logins it has checked (services/auth/logins.ts). As a client notices it:
// a login ended through one node (logout, password change, an administrator's reset or disabling,
// a reused refresh token, the account disabled in the database) is refused by another node that
// had already admitted its token, without waiting for any expiry; the node that ended it refuses
// it on the very next request; a scope a node holds picks up an enterprise added or deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { ACCOUNT_PATHS } from '@hqt/contract/account';
import { ACCOUNT_CONSOLE_PATHS } from '@hqt/contract/account-console';
import { consolePath } from '@hqt/contract/console';
import { REFRESH_REUSE_GRACE_S } from '@hqt/contract/constants';
import { OWN_MSG } from '@hqt/contract/messages';
import { PUSH_PATHS } from '@hqt/contract/push';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import type { App } from '../../src/app';
import { accounts, enterprises, refreshTokens } from '../../src/db/schema/index';
import { hashToken } from '../../src/lib/tokens';
import { bearer, createAccount, createTestApp, databaseUrlOf, loginAs, type TestAccount } from '../helpers/app';

let nodeA: App;
let nodeB: App;
beforeAll(async () => {
  nodeA = await createTestApp();
  nodeB = await createTestApp({}, { databaseUrl: databaseUrlOf(nodeA) });
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

const getinfo = (node: App, token: string) => node.inject({ method: 'GET', url: AUTH_PATHS.userInfo, headers: bearer(token) });
const statusOn = async (node: App, token: string) => (await getinfo(node, token)).statusCode;

/** A logged-in enterprise whose token both nodes have admitted (so each holds its login). */
async function admittedEverywhere(password = 'Passw0rd') {
  const account = await createAccount(nodeA, { password });
  const tokens = await loginAs(nodeA, account);
  expect(await statusOn(nodeA, tokens.access_token)).toBe(200);
  expect(await statusOn(nodeB, tokens.access_token)).toBe(200);
  // Held, not read again: node B's guard answers without asking the database (once it listens).
  await expect
    .poll(async () => {
      let queries = 0;
      const count = () => queries++;
      nodeB.pgPool.on('acquire', count);
      await nodeB.signIn(tokens.access_token, '10.0.0.1');
      nodeB.pgPool.off('acquire', count);
      return queries;
    })
    .toBe(0);
  return { account, tokens };
}

async function adminHeaders() {
  const admin = await createAccount(nodeA, { roleId: ROLES.admin.id, name: '管理员' });
  return bearer((await loginAs(nodeA, admin)).access_token);
}

/** Node B refuses the token: the notification is asynchronous, so it is waited for (no expiry is). */
async function refusedOnB(token: string) {
  await expect.poll(() => statusOn(nodeB, token)).toBe(401);
  expect((await getinfo(nodeB, token)).json()).toEqual({ code: 401, msg: OWN_MSG.refreshInvalid, data: null });
}

describe('a login ended through node A is refused by node B, which had admitted it', () => {
  it('logout: node A refuses it on the next request, node B as soon as it hears', async () => {
    const { tokens } = await admittedEverywhere();
    expect((await nodeA.inject({ method: 'POST', url: AUTH_PATHS.logout, headers: bearer(tokens.access_token), payload: {} })).statusCode).toBe(200);
    expect(await statusOn(nodeA, tokens.access_token)).toBe(401);
    await refusedOnB(tokens.access_token);
  });

  it('a password change ends every login of the account, on both nodes', async () => {
    const { account, tokens } = await admittedEverywhere();
    const other = await loginAs(nodeA, account, '10.0.0.2');
    expect(await statusOn(nodeB, other.access_token)).toBe(200);
    const change = await nodeA.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.updatePassword,
      headers: bearer(tokens.access_token),
      payload: { oldPassword: account.password, newPassword: 'Newpass123' },
    });
    expect(change.json()).toMatchObject({ code: 200 });
    expect(await statusOn(nodeA, other.access_token)).toBe(401);
    await refusedOnB(tokens.access_token);
    await refusedOnB(other.access_token);
  });

  it("an administrator's disabling and password reset", async () => {
    const headers = await adminHeaders();
    const disabled = await admittedEverywhere();
    const reset = await admittedEverywhere();
    const act = (who: TestAccount, action: string, payload?: object) =>
      nodeA.inject({ method: 'POST', url: consolePath(ACCOUNT_CONSOLE_PATHS.accountAction, { id: who.id, action }), headers, ...(payload ? { payload } : {}) });
    expect((await act(disabled.account, 'disable')).json()).toMatchObject({ code: 200 });
    expect((await act(reset.account, 'reset-password', { password: 'Reset1234' })).json()).toMatchObject({ code: 200 });
    expect(await statusOn(nodeA, disabled.tokens.access_token)).toBe(401);
    await refusedOnB(disabled.tokens.access_token);
    await refusedOnB(reset.tokens.access_token);
  });

  it('a refresh token reused after the grace revokes the login everywhere', async () => {
    const { tokens } = await admittedEverywhere();
    const first = await nodeA.inject({ method: 'POST', url: AUTH_PATHS.refresh, payload: { refresh_token: tokens.refresh_token } });
    expect(first.statusCode).toBe(200);
    // The first use as if it were long ago: the replay is taken as stolen.
    await nodeA.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_S + 5) * 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(tokens.refresh_token)));
    expect((await nodeA.inject({ method: 'POST', url: AUTH_PATHS.refresh, payload: { refresh_token: tokens.refresh_token } })).statusCode).toBe(401);
    await refusedOnB(tokens.access_token);
  });

  it('an account disabled in the database (no session revoked) and a role changed', async () => {
    const disabled = await admittedEverywhere();
    const demoted = await admittedEverywhere();
    await nodeA.db.update(accounts).set({ disabled: true }).where(eq(accounts.id, disabled.account.id));
    await refusedOnB(disabled.tokens.access_token);
    // An enterprise made staff: an enterprise-only route now refuses it with 403 on node B.
    const subscriptions = () =>
      nodeB.inject({ method: 'POST', url: PUSH_PATHS.subscriptionPage, payload: { currentPage: 1, pageSize: 10 }, headers: bearer(demoted.tokens.access_token) });
    expect((await subscriptions()).statusCode).toBe(200);
    await nodeA.db.update(accounts).set({ roleId: ROLES.staff.id }).where(eq(accounts.id, demoted.account.id));
    await expect.poll(async () => (await subscriptions()).statusCode).toBe(403);
  });
});

describe('a scope node B holds', () => {
  it('picks up an enterprise added to the account, and drops one deleted', async () => {
    const { account, tokens } = await admittedEverywhere();
    const scopeOnB = async () => (await nodeB.signIn(tokens.access_token, '10.0.0.1')).scope.enterpriseIds;
    const [held] = await scopeOnB();
    expect(held).toBeDefined();
    const base = `92511234${String(account.id).padStart(9, '0')}`;
    const [added] = await nodeA.db
      .insert(enterprises)
      .values({ accountId: account.id, name: '新设分公司', creditCode: base + creditCodeCheckChar(base) })
      .returning({ id: enterprises.id });
    await expect.poll(scopeOnB).toEqual([held, added!.id]);
    await nodeA.db.update(enterprises).set({ deletedAt: new Date() }).where(eq(enterprises.id, held!));
    await expect.poll(scopeOnB).toEqual([added!.id]);
  });
});
