// The lockout, safe under concurrency: an attempt is counted before its password is checked, in one
// atomic statement, so thirty guesses arriving at once get five checks, not thirty. The fifth
// failure in a row locks the account for 30 minutes. "In a row" is in the order PostgreSQL granted
// the claims: a success clears only the attempts claimed up to it, so wrong passwords claimed while
// the right one was being checked still count, and a lock set meanwhile stands.
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
  // finished (a restart mid-check) cannot refuse the right password for ever. A claim past the
  // budget changes nothing, so the count is always the attempts of the run that were checked.
  const runIsLive = sql`${accounts.lastAttemptAt} > now() - make_interval(mins => ${LOGIN_LOCK_MINUTES})`;
  const [row] = await db
    .update(accounts)
    .set({
      failedLogins: sql`case when ${runIsLive} then ${accounts.failedLogins} + 1 else 1 end`,
      lastAttemptAt: sql`now()`,
    })
    .where(and(eq(accounts.id, account.id), notLocked, or(sql`${accounts.failedLogins} < ${LOGIN_LOCK_AFTER_FAILURES}`, sql`not coalesce(${runIsLive}, false)`)))
    .returning({ n: accounts.failedLogins });
  if (!row) {
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

/**
 * A right password clears its own attempt and those claimed before it; attempts claimed after it
 * (still being checked) stay in the run. Nothing changes once a concurrent failure has locked the account.
 */
export async function attemptSucceeded(db: DbOrTx, accountId: number, attempt: { n: number }): Promise<void> {
  await db
    .update(accounts)
    .set({ failedLogins: sql`greatest(${accounts.failedLogins} - ${attempt.n}, 0)` })
    .where(and(eq(accounts.id, accountId), notLocked));
}

const subjectOf = (account: { id: number; username: string }): AuditSubject => ({ accountId: account.id, username: account.username });
