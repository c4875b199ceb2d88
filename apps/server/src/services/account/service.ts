// One's own account: profile, phone, e-mail, password. Every write names the account by id and
// must name the caller's own (an enterprise can never change another's account).
import type { FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { ROLES, type UserInfo } from '@hqt/contract/auth';
import type { ProfileSaveQuery } from '@hqt/contract/account';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { passwordProblem } from '@hqt/contract/validation';
import type { Db } from '../../db/client';
import { accounts, authSessions } from '../../db/schema/index';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AuthAccount } from '../../plugins/auth';
import { audit } from '../auth/audit';
import { countPasswordFailure } from '../auth/lockout';
import { hashPassword, verifyPassword } from '../auth/password';

export const roleName = (roleId: number) => Object.values(ROLES).find((r) => r.id === roleId)?.name ?? '';

export async function userInfo(db: Db, accountId: number): Promise<UserInfo> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    roleId: row.roleId,
    roleName: roleName(row.roleId),
    phone: row.phone,
    email: row.email,
    avatar: row.avatar,
  };
}

function assertOwn(caller: AuthAccount, id: number | undefined) {
  if (id !== undefined && id !== caller.id) throw forbidden(MSG.forbidden);
}

type ContactField = 'phone' | 'email';
const TAKEN: Record<ContactField, string> = { phone: OWN_MSG.phoneTaken, email: OWN_MSG.emailTaken };

/** Sets the caller's phone and/or e-mail; a value another account holds is refused. */
export async function updateContacts(
  db: Db,
  request: FastifyRequest,
  caller: AuthAccount,
  id: number | undefined,
  values: Partial<Record<ContactField, string>>,
): Promise<void> {
  assertOwn(caller, id);
  const fields = (Object.keys(values) as ContactField[]).filter((f) => values[f] !== undefined);
  if (!fields.length) return;
  for (const field of fields) {
    const same = field === 'phone' ? eq(accounts.phone, values.phone!) : eq(sql`lower(${accounts.email})`, values.email!.toLowerCase());
    const [other] = await db.select({ id: accounts.id }).from(accounts).where(and(same, ne(accounts.id, caller.id)));
    if (other) throw conflict(TAKEN[field]);
  }
  try {
    await db
      .update(accounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(accounts.id, caller.id));
  } catch (err) {
    // Two accounts claiming the same value at once: the unique index decides.
    if ((err as { cause?: { code?: string } }).cause?.code === '23505') throw conflict(TAKEN[fields[0]!]);
    throw err;
  }
  await audit(db, request, 'account.update', { fields });
}

/** The spec's profile save through GET getinfo: only phone and e-mail are editable. */
export async function saveProfile(db: Db, request: FastifyRequest, caller: AuthAccount, query: ProfileSaveQuery) {
  await updateContacts(db, request, caller, query.id, { phone: query.phone, email: query.email });
}

/**
 * Changes the password. A wrong old password counts toward the lockout like a failed login;
 * success ends every login of the account, this one included.
 */
export async function changePassword(db: Db, request: FastifyRequest, caller: AuthAccount, oldPassword: string, newPassword: string) {
  const problem = passwordProblem(oldPassword, { onConfirm: true }) ?? passwordProblem(newPassword, { onConfirm: true });
  if (problem) throw badRequest(problem);
  if (oldPassword === newPassword) throw badRequest(OWN_MSG.samePassword);
  const [row] = await db.select().from(accounts).where(eq(accounts.id, caller.id));
  if (!row) throw notFound();
  if (!(await verifyPassword(oldPassword, row.passwordHash))) {
    await countPasswordFailure(db, request, row);
    throw badRequest(OWN_MSG.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash, failedLogins: 0, updatedAt: new Date() }).where(eq(accounts.id, caller.id));
    await tx
      .update(authSessions)
      .set({ revokedAt: new Date(), revokedReason: 'password-change' })
      .where(and(eq(authSessions.accountId, caller.id), sql`${authSessions.revokedAt} is null`));
    await audit(tx, request, 'password.change');
  });
}
