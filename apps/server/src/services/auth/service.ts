// Login, refresh, logout and registration: the rules, callable without HTTP.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  LOGIN_ADDRESS_FAILURES_FOR_CAPTCHA,
  LOGIN_FAILURE_WINDOW_MIN,
  REFRESH_ABSOLUTE_TTL_S,
  REFRESH_IDLE_TTL_S,
  REFRESH_REUSE_GRACE_S,
} from '@hqt/contract/constants';
import { ROLES, type RegisterBody, type TokenBody, type TokenResponse } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { isCreditCode } from '@hqt/contract/validation';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, authSessions, enterprises, loginFailures, refreshTokens } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { Ctx } from '../../lib/ctx';
import type { Events } from '../../lib/events';
import { badRequest, conflict, isUniqueViolation, unauthorized } from '../../lib/errors';
import { checkCaptcha } from './captcha';
import { attemptFailed, attemptSucceeded, claimAttempt, LOCKOUT_AUDIT } from './lockout';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';
import { hashToken, newRefreshToken, type TokenSigner } from '../../lib/tokens';

export const AUTH_AUDIT = {
  loginSuccess: 'login.success',
  refresh: 'token.refresh',
  reuse: 'token.reuse',
  logout: 'session.logout',
  register: 'account.register',
} as const;

export interface AuthDeps {
  db: Db;
  tokens: TokenSigner;
}

const secondsFromNow = (s: number) => new Date(Date.now() + s * 1000);
const usernameKey = (username: string) => username.trim().toLowerCase();

/**
 * A captcha is demanded once the name has failed a login in the last 15 minutes, or the address has
 * failed LOGIN_ADDRESS_FAILURES_FOR_CAPTCHA of them (an address is often a whole network's).
 */
export async function captchaRequired(db: Db, username: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MIN * 60_000);
  const [row] = await db
    .select({
      byName: sql<number>`count(*) filter (where ${loginFailures.usernameKey} = ${usernameKey(username)})::int`,
      byAddress: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.at, since), or(eq(loginFailures.usernameKey, usernameKey(username)), eq(loginFailures.ip, ip))));
  return (row?.byName ?? 0) > 0 || (row?.byAddress ?? 0) >= LOGIN_ADDRESS_FAILURES_FOR_CAPTCHA;
}

async function issueTokens(
  db: DbOrTx,
  tokens: TokenSigner,
  account: { id: number; roleId: number; mustChangePassword: boolean },
  sessionId: string,
): Promise<TokenResponse> {
  const refresh = newRefreshToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(refresh),
    expiresAt: secondsFromNow(REFRESH_IDLE_TTL_S),
  });
  const access = await tokens.sign({ accountId: account.id, sessionId, roleId: account.roleId });
  const answer: TokenResponse = { access_token: access, refresh_token: refresh, expires_in: tokens.accessTtlS, token_type: 'Bearer' };
  // Said only when set, so the spec's client sees the answer it knows.
  return account.mustChangePassword ? { ...answer, must_change_password: true } : answer;
}

/**
 * The password grant. Every refusal answers the same "账号或密码有误" (unknown name, disabled,
 * locked, wrong password) and counts toward the captcha requirement for the name and the address.
 */
export async function login(deps: AuthDeps, ctx: Ctx, body: TokenBody, userAgent?: string): Promise<TokenResponse> {
  const { db, tokens } = deps;
  const username = body.username.trim();
  const captchaGiven = Boolean(body.vierifyCode?.trim());
  if (captchaGiven || (await captchaRequired(db, username, ctx.ip ?? ''))) {
    await checkCaptcha(db, body.codeIndex, body.vierifyCode, true);
  }
  const refuse = async () => {
    await db.insert(loginFailures).values({ usernameKey: usernameKey(username), ip: ctx.ip });
    return badRequest(MSG.badCredentials);
  };
  const [account] = await db.select().from(accounts).where(eq(sql`lower(${accounts.username})`, usernameKey(username)));
  if (!account || account.disabled) {
    // The same work as a real check, so the answer's timing does not tell which names exist.
    await verifyPassword(body.password, DUMMY_HASH);
    await audit(db, ctx, LOCKOUT_AUDIT.failure, { reason: account ? 'disabled' : 'unknown-user' }, { username });
    throw await refuse();
  }
  const attempt = await claimAttempt(db, ctx, account);
  if (!attempt) {
    await verifyPassword(body.password, DUMMY_HASH); // a locked account answers in the same time
    throw await refuse();
  }
  if (!(await verifyPassword(body.password, account.passwordHash))) {
    await attemptFailed(db, ctx, account, attempt);
    throw await refuse();
  }
  return db.transaction(async (tx) => {
    await attemptSucceeded(tx, account.id, attempt);
    const [session] = await tx
      .insert(authSessions)
      .values({ accountId: account.id, expiresAt: secondsFromNow(REFRESH_ABSOLUTE_TTL_S), ip: ctx.ip, userAgent: userAgent?.slice(0, 300) ?? null })
      .returning({ id: authSessions.id });
    await audit(tx, ctx, AUTH_AUDIT.loginSuccess, {}, { accountId: account.id, username: account.username });
    return issueTokens(tx, tokens, account, session!.id);
  });
}

/**
 * Rotates a refresh token. A token used a second time within the grace (two tabs at once) gets
 * the very pair its first use got, never a new branch of the login; used later, it is taken as
 * stolen and its whole login is revoked.
 */
export async function refresh(deps: AuthDeps, ctx: Ctx, refreshToken: string): Promise<TokenResponse> {
  const { db, tokens } = deps;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        token: refreshTokens,
        session: authSessions,
        roleId: accounts.roleId,
        disabled: accounts.disabled,
        username: accounts.username,
        mustChangePassword: accounts.mustChangePassword,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .innerJoin(accounts, eq(accounts.id, authSessions.accountId))
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .for('update', { of: [refreshTokens, authSessions] });
    const now = new Date();
    if (!row || row.session.revokedAt || row.disabled || row.session.expiresAt <= now || row.token.expiresAt <= now) {
      throw unauthorized(OWN_MSG.refreshInvalid);
    }
    const actor = { accountId: row.session.accountId, username: row.username };
    if (row.token.usedAt) {
      const withinGrace = now.getTime() - row.token.usedAt.getTime() <= REFRESH_REUSE_GRACE_S * 1000;
      if (!withinGrace) {
        await tx
          .update(authSessions)
          .set({ revokedAt: now, revokedReason: 'refresh-token-reuse' })
          .where(eq(authSessions.id, row.session.id));
        await audit(tx, ctx, AUTH_AUDIT.reuse, { sessionId: row.session.id }, actor);
        // Committed on purpose: the revocation must stand even though this call fails.
        return { reused: true } as const;
      }
      const successor = row.token.successorSealed && tokens.openSuccessor<TokenResponse>(refreshToken, row.token.successorSealed);
      if (!successor) throw unauthorized(OWN_MSG.refreshInvalid);
      await audit(tx, ctx, AUTH_AUDIT.refresh, { sessionId: row.session.id, grace: true }, actor);
      return successor;
    }
    await audit(tx, ctx, AUTH_AUDIT.refresh, { sessionId: row.session.id, grace: false }, actor);
    const successor = await issueTokens(tx, tokens, { id: row.session.accountId, roleId: row.roleId, mustChangePassword: row.mustChangePassword }, row.session.id);
    await tx
      .update(refreshTokens)
      .set({ usedAt: now, successorSealed: tokens.sealSuccessor(refreshToken, successor) })
      .where(eq(refreshTokens.id, row.token.id));
    // Successors whose grace has passed are of no more use to anyone: not kept.
    await tx
      .update(refreshTokens)
      .set({ successorSealed: null })
      .where(and(eq(refreshTokens.sessionId, row.session.id), lt(refreshTokens.usedAt, new Date(now.getTime() - REFRESH_REUSE_GRACE_S * 1000))));
    return successor;
  }).then((result) => {
    if ('reused' in result) throw unauthorized(OWN_MSG.refreshInvalid);
    return result;
  });
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every login of an account (a password change or reset, a disabled account): its tokens stop at once. */
export async function revokeAccountSessions(db: DbOrTx, accountId: number, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.accountId, accountId), isNull(authSessions.revokedAt)));
}

/** Ends the login named by the access token (even an expired one) and/or by the refresh token. */
export async function logout(deps: AuthDeps, ctx: Ctx, accessToken: string | null, refreshToken?: string) {
  const { db, tokens } = deps;
  const sessionIds = new Set<string>();
  let accountId: number | null = null;
  if (accessToken) {
    const verified = await tokens.verify(accessToken, { ignoreExpiry: true });
    if (verified.ok) {
      sessionIds.add(verified.claims.sessionId);
      accountId = verified.claims.accountId;
    }
  }
  if (refreshToken) {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    if (row) sessionIds.add(row.sessionId);
  }
  if (!sessionIds.size) return;
  await db.transaction(async (tx) => {
    for (const id of sessionIds) await revokeSession(tx, id, 'logout');
    await audit(tx, ctx, AUTH_AUDIT.logout, { sessions: [...sessionIds] }, { accountId });
  });
}

/** The new enterprise is announced (`enterprise.created`) in the registration's transaction: its 企业码 is given with it. */
export async function register({ db, events }: { db: Db; events: Events }, ctx: Ctx, body: RegisterBody): Promise<void> {
  if (!isCreditCode(body.creditCode)) throw badRequest(OWN_MSG.creditCodeInvalid);
  await checkCaptcha(db, body.codeIndex, body.vierifyCode, true);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(eq(sql`lower(${accounts.username})`, usernameKey(body.username)));
    if (taken) throw conflict(OWN_MSG.usernameTaken);
    const [codeTaken] = await tx.select({ id: enterprises.id }).from(enterprises).where(and(eq(enterprises.creditCode, body.creditCode), isNull(enterprises.deletedAt)));
    if (codeTaken) throw conflict(OWN_MSG.creditCodeTaken);
    // The contact phone is the account's phone too (the profile shows it); phones are one per account.
    const [phoneTaken] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, body.contactPhone));
    if (phoneTaken) throw conflict(OWN_MSG.phoneTaken);
    const [account] = await tx
      .insert(accounts)
      .values({
        username: body.username,
        passwordHash,
        name: body.enterpriseName,
        roleId: ROLES.enterprise.id,
        phone: body.contactPhone,
      })
      .returning({ id: accounts.id });
    const [enterprise] = await tx
      .insert(enterprises)
      .values({ accountId: account!.id, name: body.enterpriseName, creditCode: body.creditCode, contactPhone: body.contactPhone })
      .returning({ id: enterprises.id, creditCode: enterprises.creditCode });
    await events.emit(tx, 'enterprise.created', enterprise!);
    await audit(tx, ctx, AUTH_AUDIT.register, { creditCode: body.creditCode }, { accountId: account!.id, username: body.username });
  }).catch((err: unknown) => {
    // Two registrations of one name or one credit code at once: the unique indexes decide.
    if (!isUniqueViolation(err)) throw err;
    const constraint = (err as { cause?: { constraint?: string } }).cause?.constraint ?? '';
    throw conflict(constraint.includes('credit_code') ? OWN_MSG.creditCodeTaken : constraint.includes('phone') ? OWN_MSG.phoneTaken : OWN_MSG.usernameTaken);
  });
}
