// One's own account: profile, phone, e-mail, password. Every read and write goes through the
// caller's scope (queries.ts): another account's id answers "not found" and changes nothing.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ROLES, type CreateUserBody, type UserInfo } from '@hqt/contract/auth';
import type { ProfileSaveQuery } from '@hqt/contract/account';
import { OWN_MSG } from '@hqt/contract/messages';
import { passwordProblem } from '@hqt/contract/validation';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { attemptFailed, attemptSucceeded, claimAttempt, hashPassword, revokeAccountSessions, verifyPassword } from '../auth/public';
import type { Mailer } from '../mail/public';
import { emailChange } from './email-confirm';
import { contactHeldByOther, findOwnAccount, findOwnProfile, updateOwnAccount, usernameTaken, type ContactField } from './queries';

export const ACCOUNT_AUDIT = {
  create: 'account.created',
  update: 'account.update',
  passwordChange: 'password.change',
  /** A phone or e-mail refused as another account's: what an enumeration of addresses would leave. */
  contactTaken: 'account.contact_taken',
  /** A change of phone or e-mail refused by the per-account or per-address limit. */
  contactLimited: 'account.contact_limited',
} as const;

/** What saving a phone or e-mail needs: the mailer (the confirmation) and the limits (docs/rate-limits.md). */
export interface ContactDeps {
  db: Db;
  mail: Mailer;
  rateLimits: FastifyInstance['rateLimits'];
  /** The request's reply, for the 429's Retry-After. */
  reply?: FastifyReply;
}

/** The limits' budgets (declared by the routes), per account and per client address, per hour. */
export const CONTACT_BUDGET = 'contact';
export const CONTACT_ADDRESS_BUDGET = 'contact-address';

export const roleName = (roleId: number) => Object.values(ROLES).find((r) => r.id === roleId)?.name ?? '';

export async function userInfo(db: Db, ctx: SignedInCtx): Promise<UserInfo> {
  const row = await findOwnProfile(db, ctx.scope);
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

const TAKEN: Record<ContactField, string> = { phone: OWN_MSG.phoneTaken, email: OWN_MSG.emailTaken };

/** Which unique value a racing writer took, by the index PostgreSQL names. */
function uniqueViolationMessage(err: unknown): string {
  const constraint = (err as { cause?: { constraint?: string } }).cause?.constraint ?? '';
  return constraint.includes('phone') ? TAKEN.phone : constraint.includes('email') ? TAKEN.email : OWN_MSG.usernameTaken;
}

/** The fields whose value differs from the account's own (e-mails compare without case). */
function changedFields(own: { phone: string | null; email: string | null }, values: Partial<Record<ContactField, string>>, fields: ContactField[]): ContactField[] {
  return fields.filter((f) => (f === 'email' ? values.email!.toLowerCase() !== (own.email ?? '').toLowerCase() : values.phone !== own.phone));
}

/**
 * Sets the caller's phone and/or e-mail; a value another account holds is refused. Whether one is
 * held is what an enumeration of addresses would ask, so a change (a value other than the
 * account's own) spends the per-account and the per-address budget first, and a refusal as taken
 * or as too frequent is audited. A new e-mail is not confirmed until its owner opens the link
 * mailed to it (when mail is on: email-confirm.ts).
 */
export async function updateContacts(deps: ContactDeps, ctx: SignedInCtx, id: number | undefined, values: Partial<Record<ContactField, string>>): Promise<void> {
  const { db } = deps;
  const fields = (Object.keys(values) as ContactField[]).filter((f) => values[f] !== undefined);
  if (!fields.length) return;
  const own = await findOwnAccount(db, ctx.scope, id);
  if (!own) throw notFound();
  const changed = changedFields(own, values, fields);
  if (changed.length) {
    try {
      await deps.rateLimits.spend(db, CONTACT_BUDGET, ctx.scope.accountId, deps.reply);
      if (ctx.ip) await deps.rateLimits.spend(db, CONTACT_ADDRESS_BUDGET, ctx.ip, deps.reply);
    } catch (err) {
      if (err instanceof AppError && err.status === 429) await audit(db, ctx, ACCOUNT_AUDIT.contactLimited, { fields: changed });
      throw err;
    }
  }
  for (const field of changed) {
    if (await contactHeldByOther(db, ctx.scope, field, values[field]!)) {
      const value = values[field]!;
      await audit(db, ctx, ACCOUNT_AUDIT.contactTaken, field === 'phone' ? { fields: [field], phone: value } : { fields: [field], email: value });
      throw conflict(TAKEN[field]);
    }
  }
  const change = emailChange(own, values.email);
  try {
    await db.transaction(async (tx) => {
      if (!(await updateOwnAccount(tx, ctx.scope, id, { ...values, ...change.values }))) throw notFound();
      await audit(tx, ctx, ACCOUNT_AUDIT.update, { fields });
      await change.confirm(tx, deps.mail);
    });
  } catch (err) {
    // Two accounts claiming the same value at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(uniqueViolationMessage(err));
    throw err;
  }
}

/**
 * The spec's profile save through getinfo. The route stays open while an administrator's password
 * reset holds the account (to show who is signed in), but saving is not: nothing before the new password.
 */
export async function saveProfile(deps: ContactDeps, ctx: SignedInCtx, query: ProfileSaveQuery) {
  const own = await findOwnAccount(deps.db, ctx.scope);
  if (own?.mustChangePassword) throw forbidden(OWN_MSG.mustChangePassword);
  await updateContacts(deps, ctx, query.id, { phone: query.phone, email: query.email });
}

/**
 * Changes the password. A wrong old password counts toward the lockout like a failed login;
 * success ends every login of the account, this one included, and lifts an administrator's reset.
 */
export async function changePassword(db: Db, ctx: SignedInCtx, oldPassword: string, newPassword: string) {
  const problem = passwordProblem(oldPassword, { onConfirm: true }) ?? passwordProblem(newPassword, { onConfirm: true });
  if (problem) throw badRequest(problem);
  if (oldPassword === newPassword) throw badRequest(OWN_MSG.samePassword);
  const row = await findOwnAccount(db, ctx.scope);
  if (!row) throw notFound();
  const attempt = await claimAttempt(db, ctx, row);
  if (!attempt) throw badRequest(OWN_MSG.oldPasswordWrong);
  if (!(await verifyPassword(oldPassword, row.passwordHash))) {
    await attemptFailed(db, ctx, row, attempt);
    throw badRequest(OWN_MSG.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await attemptSucceeded(tx, row.id, attempt);
    await updateOwnAccount(tx, ctx.scope, undefined, { passwordHash, mustChangePassword: false });
    await revokeAccountSessions(tx, ctx.scope.accountId, 'password-change');
    await audit(tx, ctx, ACCOUNT_AUDIT.passwordChange);
  });
}

/** An administrator opens an account of any role (the route admits administrators only). */
export async function createAccount(db: Db, ctx: SignedInCtx, body: CreateUserBody): Promise<{ id: number }> {
  if (await usernameTaken(db, body.username)) throw conflict(OWN_MSG.usernameTaken);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(accounts)
        .values({ username: body.username, passwordHash, name: body.name, roleId: body.roleId, phone: body.phone ?? null, email: body.email ?? null })
        .returning({ id: accounts.id });
      const { username, name, roleId, phone = null, email = null } = body; // never the password
      await audit(tx, ctx, ACCOUNT_AUDIT.create, { after: { id: row!.id, username, name, roleId, phone, email } });
      return { id: row!.id };
    });
  } catch (err) {
    // Two creations of one name at once: the unique index lets one through, the other is told.
    if (isUniqueViolation(err)) throw conflict(uniqueViolationMessage(err));
    throw err;
  }
}
