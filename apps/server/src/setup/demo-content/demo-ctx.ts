// Who the demo's filings and steps are taken as: an account of the demo data, signed in as it would
// be (its enterprises in scope), so the services check and record them as they would a person's.
import type { SignedInCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';

export const demoCtx = (account: { id: number; username: string; name: string; roleId: number }, enterpriseIds: number[] = []): SignedInCtx => ({
  ip: null,
  actor: { accountId: account.id, username: account.username, name: account.name, roleId: account.roleId, sessionId: 'demo-seed' },
  scope: { accountId: account.id, roleId: account.roleId, enterpriseIds },
});

/** A part of the demo the service refuses (a closed window, a missing calendar year) is left out; anything else is a bug. */
export async function tolerate(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
}
