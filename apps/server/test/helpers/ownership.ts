// The ownership check every owned call gets: aimed at one enterprise's data by another enterprise
// account, it answers "not found" and changes nothing; by the owner, it works.
import type { Response } from 'light-my-request';
import { expect } from 'vitest';
import { OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { bearer, createAccount, loginAs, type TestAccount } from './app';

export interface Caller {
  account: TestAccount;
  headers: Record<string, string>;
}

export interface OwnedCall {
  /** Makes the call as `caller`, naming the owner's data (ids, values) wherever the call takes them. */
  call: (caller: Caller, owner: Caller) => Promise<Response>;
  /** Everything of the owner's that the call could change. */
  snapshot: (owner: Caller) => Promise<unknown>;
  /** The refusal another account gets; "not found" unless the call names no id at all (a password change). */
  refused?: { code: number; msg: string };
}

let seq = 0;
async function caller(app: App, name: string): Promise<Caller> {
  // Each caller its own password: a call that takes one must not work by coincidence.
  const account = await createAccount(app, { name, password: `Passw0rd${++seq}` });
  const tokens = await loginAs(app, account, `10.77.${Math.floor(seq / 250)}.${seq % 250}`);
  return { account, headers: bearer(tokens.access_token) };
}

export async function expectOwnedCall(app: App, spec: OwnedCall): Promise<void> {
  const owner = await caller(app, '甲方企业有限公司');
  const intruder = await caller(app, '乙方企业有限公司');
  const before = await spec.snapshot(owner);
  const refused = await spec.call(intruder, owner);
  expect(refused.json(), 'another enterprise account is refused').toEqual({ ...(spec.refused ?? { code: 404, msg: OWN_MSG.notFound }), data: null });
  expect(refused.statusCode).toBe((spec.refused ?? { code: 404 }).code);
  expect(await spec.snapshot(owner), 'nothing of the owner changed').toEqual(before);
  const own = await spec.call(owner, owner);
  expect(own.statusCode, `the owner's own call works: ${own.body}`).toBe(200);
}
