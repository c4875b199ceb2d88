import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MINUTES } from '@hqt/contract/constants';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { audit } from './audit';

/**
 * Counts a wrong password (at login or at a password change) toward the lockout: the fifth in a
 * row locks the account for 30 minutes. Atomic, so parallel guesses cannot slip past the count.
 */
export async function countPasswordFailure(db: Db, request: FastifyRequest, account: { id: number; username: string }): Promise<void> {
  const [row] = await db
    .update(accounts)
    .set({ failedLogins: sql`${accounts.failedLogins} + 1` })
    .where(eq(accounts.id, account.id))
    .returning({ failures: accounts.failedLogins });
  const failures = row?.failures ?? 0;
  const actor = { accountId: account.id, username: account.username };
  await audit(db, request, 'login.failure', { reason: 'password', failures }, actor);
  if (failures >= LOGIN_LOCK_AFTER_FAILURES) {
    await db
      .update(accounts)
      .set({ failedLogins: 0, lockedUntil: new Date(Date.now() + LOGIN_LOCK_MINUTES * 60_000) })
      .where(eq(accounts.id, account.id));
    await audit(db, request, 'login.lockout', { minutes: LOGIN_LOCK_MINUTES }, actor);
  }
}
