// The lockout, safe under concurrency: an attempt is counted before its password is checked, in one
// atomic statement, so thirty guesses arriving at once get five checks, not thirty. The fifth
// failure in a row locks the account for 30 minutes; a success clears the count only when the
// account is not locked (a lock set meanwhile by a concurrent failure stands).
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MINUTES } from '@hqt/contract/constants';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { audit, type AuditSubject } from '../../lib/audit';
import type { Ctx } from '../../lib/ctx';

export const LOCKOUT_AUDIT = {
  failure: 'login.failure',
  locked: 'login.locked',
  lockout: 'login.lockout',
} as const;

const notLocked = (or(isNull(accounts.lockedUntil), lte(accounts.lockedUntil, sql`now()`)))!;

/** A claimed attempt: its place in the current run of attempts, or null when the account is locked. */
export type Attempt = { n: number } | null;

/**
 * Claims the right to check one password. Null: the account is locked, or this attempt is past
 * the run's budget (others already in flight will decide); either way the password is not checked.
 */
export async function claimAttempt(db: DbOrTx, ctx: Ctx, account: { id: number; username: string }): Promise<Attempt> {
  // A run left idle for the lock's length starts over: a count stranded by an attempt that never
  // finished (a restart mid-check) cannot refuse the right password for ever.
  const [row] = await db
    .update(accounts)
    .set({
      failedLogins: sql`case when ${accounts.lastAttemptAt} > now() - make_interval(mins => ${LOGIN_LOCK_MINUTES}) then ${accounts.failedLogins} + 1 else 1 end`,
      lastAttemptAt: sql`now()`,
    })
    .where(and(eq(accounts.id, account.id), notLocked))
    .returning({ n: accounts.failedLogins });
  if (!row || row.n > LOGIN_LOCK_AFTER_FAILURES) {
    await audit(db, ctx, LOCKOUT_AUDIT.locked, {}, subjectOf(account));
    return null;
  }
  return { n: row.n };
}

/** A wrong password: audited; the run's last allowed failure locks the account. */
export async function attemptFailed(db: DbOrTx, ctx: Ctx, account: { id: number; username: string }, attempt: { n: number }): Promise<void> {
  if (attempt.n >= LOGIN_LOCK_AFTER_FAILURES) {
    // The lock first: a failed audit record must not leave the account unlocked.
    await db
      .update(accounts)
      .set({ failedLogins: 0, lockedUntil: sql`now() + make_interval(mins => ${LOGIN_LOCK_MINUTES})` })
      .where(eq(accounts.id, account.id));
    await audit(db, ctx, LOCKOUT_AUDIT.lockout, { minutes: LOGIN_LOCK_MINUTES }, subjectOf(account));
  }
  await audit(db, ctx, LOCKOUT_AUDIT.failure, { reason: 'password', failures: attempt.n }, subjectOf(account));
}

/** A right password: the run starts over, unless a concurrent failure has locked the account meanwhile. */
export async function attemptSucceeded(db: DbOrTx, accountId: number): Promise<void> {
  await db.update(accounts).set({ failedLogins: 0 }).where(and(eq(accounts.id, accountId), notLocked));
}

const subjectOf = (account: { id: number; username: string }): AuditSubject => ({ accountId: account.id, username: account.username });
