// The administrator's side of accounts (the staff console): the list of every account, and the
// actions on one. Each action reads the account under a row lock, changes it and records the
// change with its before and after in one transaction.
import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_CONSOLE_MSG, type AccountAction, type AccountActionBody, type AccountPageQuery, type ConsoleAccountRow } from '@hqt/contract/account-console';
import type { PageOf } from '@hqt/contract/envelope';
import { passwordProblem } from '@hqt/contract/validation';
import type { Db, DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { hashPassword, revokeAccountSessions } from '../auth/public';
import { roleName } from './service';
import { keywordMatch } from '../../lib/like';

export const CONSOLE_ACCOUNT_AUDIT = {
  disable: 'account.disabled',
  enable: 'account.enabled',
  unlock: 'account.unlocked',
  'reset-password': 'account.password_reset',
} as const satisfies Record<AccountAction, string>;

/** A keyword is matched as typed: `%` and `_` are not wildcards. */

const locked = gt(accounts.lockedUntil, sql`now()`);
const STATES: Record<NonNullable<AccountPageQuery['state']>, SQL> = {
  active: and(eq(accounts.disabled, false), or(isNull(accounts.lockedUntil), lte(accounts.lockedUntil, sql`now()`)))!,
  disabled: eq(accounts.disabled, true),
  locked,
};

export async function accountPage(db: Db, query: AccountPageQuery): Promise<PageOf<ConsoleAccountRow>> {
  const filters: (SQL | undefined)[] = [keywordMatch(query.keyword, accounts.username, accounts.name, accounts.phone)];
  if (query.roleId) filters.push(eq(accounts.roleId, query.roleId));
  if (query.state) filters.push(STATES[query.state]);
  const where = and(...filters);
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ account: accounts, locked: sql<boolean>`coalesce(${locked}, false)`, total: totalOver() })
        .from(accounts)
        .where(where)
        .orderBy(desc(accounts.createdAt), desc(accounts.id))
        .limit(limit)
        .offset(offset),
    map: ({ account: a, locked: isLocked }) => ({
      id: a.id,
      username: a.username,
      name: a.name,
      roleId: a.roleId,
      roleName: roleName(a.roleId),
      phone: a.phone,
      email: a.email,
      disabled: a.disabled,
      // A lock that has run out is no lock: the list shows none.
      lockedUntil: isLocked ? a.lockedUntil!.toISOString() : null,
      mustChangePassword: a.mustChangePassword,
      createdAt: a.createdAt.toISOString(),
    }),
  });
}

type Account = typeof accounts.$inferSelect;
type Change = { before: Record<string, unknown>; after: Record<string, unknown>; values: Partial<typeof accounts.$inferInsert>; revoke?: string };

/** As lockout.ts keeps them: the lock, and the run of failures that would lock again. */
const UNLOCKED = { lockedUntil: null, failedLogins: 0, lastAttemptAt: null };

/** What each action changes; null: the account is already in the state asked for. */
const CHANGES: Record<AccountAction, (a: Account, passwordHash: string | null) => Change | null> = {
  disable: (a) => (a.disabled ? null : { before: { disabled: false }, after: { disabled: true }, values: { disabled: true }, revoke: 'account-disabled' }),
  enable: (a) => (a.disabled ? { before: { disabled: true }, after: { disabled: false }, values: { disabled: false } } : null),
  unlock: (a) => (!(a.lockedUntil && a.lockedUntil > new Date()) && a.failedLogins === 0 ? null : { before: { lockedUntil: a.lockedUntil, failedLogins: a.failedLogins }, after: { lockedUntil: null, failedLogins: 0 }, values: UNLOCKED }),
  // One who forgot their password has often locked the account trying: the reset unlocks it too.
  'reset-password': (a, passwordHash) => ({
    before: { mustChangePassword: a.mustChangePassword, lockedUntil: a.lockedUntil },
    after: { mustChangePassword: true, lockedUntil: null },
    values: { passwordHash: passwordHash!, mustChangePassword: true, ...UNLOCKED },
    revoke: 'password-reset',
  }),
};

/** Actions an administrator may not take on their own account (they would lock themselves out). */
const NOT_ON_SELF: readonly AccountAction[] = ['disable', 'reset-password'];

export async function accountAction(db: Db, ctx: SignedInCtx, id: number, action: AccountAction, body: AccountActionBody): Promise<void> {
  if (NOT_ON_SELF.includes(action) && id === ctx.actor.accountId) throw badRequest(ACCOUNT_CONSOLE_MSG.notSelf);
  let passwordHash: string | null = null;
  if (action === 'reset-password') {
    // The confirm rule too: the user types this password as the old one when setting their own.
    const problem = passwordProblem(body.password, { onConfirm: true });
    if (problem) throw badRequest(problem);
    passwordHash = await hashPassword(body.password!);
  }
  await db.transaction(async (tx) => {
    const target = await lockAccount(tx, id);
    const change = CHANGES[action](target, passwordHash);
    if (!change) throw badRequest(ACCOUNT_CONSOLE_MSG.alreadyInState);
    await tx
      .update(accounts)
      .set({ ...change.values, updatedAt: new Date() })
      .where(eq(accounts.id, id));
    if (change.revoke) await revokeAccountSessions(tx, id, change.revoke);
    // The row names the administrator who acted; the detail names the account acted on.
    await audit(tx, ctx, CONSOLE_ACCOUNT_AUDIT[action], { target: { id, username: target.username }, before: change.before, after: change.after });
  });
}

async function lockAccount(tx: DbOrTx, id: number): Promise<Account> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
  if (!row) throw notFound(ACCOUNT_CONSOLE_MSG.accountNotFound);
  return row;
}
