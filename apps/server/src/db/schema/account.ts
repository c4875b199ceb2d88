import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    roleId: smallint('role_id').notNull(),
    phone: text('phone'),
    email: text('email'),
    /**
     * When the owner opened the link mailed to `email` (services/auth/one-time-tokens.ts): only a
     * confirmed address receives a password reset. Cleared whenever the e-mail changes.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    avatar: text('avatar'),
    disabled: boolean('disabled').notNull().default(false),
    /** Consecutive failed logins since the last success or lock. */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** When the current run of attempts last grew: a run idle for the lock's length starts over. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Set by an administrator's password reset: until the user sets a new one, only that is allowed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_phone_key').on(t.phone),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    check('accounts_role_id_check', sql`${t.roleId} in (1, 2, 3)`),
  ],
);

/** One login: the family of refresh tokens it begets. Revoking it ends the login everywhere. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_account_idx').on(t.accountId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The pair this token was exchanged for, sealed with a key only this token's holder can derive:
     * a replay within the grace gets the same pair back, never a new branch of the login.
     */
    successorSealed: text('successor_sealed'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * One-time links mailed to an account's owner: 忘记密码 ('password-reset', 30 minutes) and the
 * confirmation of a changed e-mail ('email-confirm', 24 hours). Only the token's SHA-256 is kept;
 * a link is used once, and a new one of the same purpose ends the older ones.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address a confirmation was sent to: once the account's e-mail changes again, it confirms nothing. */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_account_idx').on(t.accountId, t.purpose),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('password-reset', 'email-confirm')`),
  ],
);

export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** Failed logins by name and by address: they decide when a captcha becomes mandatory. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usernameKey: text('username_key').notNull(),
    ip: inet('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_username_idx').on(t.usernameKey, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'no action' }),
    username: text('username'),
    action: text('action').notNull(),
    ip: inet('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  // Rows can be neither updated nor deleted, by any role the server uses (a trigger, migration 0008).
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_account_idx').on(t.accountId, t.at), index('audit_log_action_idx').on(t.action, t.at)],
);
