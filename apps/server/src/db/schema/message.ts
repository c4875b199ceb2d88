import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account';

const SOURCES = sql`('policy', 'appeal', 'visit', 'apply', 'system')`;

/**
 * The message centre: one row per notice and account (any role). `dedupe_key` makes a notice sent
 * twice (a retried job, two nodes racing) one message; its words are fixed when it is made.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * The account (any role). No foreign key: its check locked the account's row for every message
     * written (a WAL record and a dirtied page of accounts each, a third of a fan-out's insert);
     * migration 0028's statement triggers keep what it kept, once per statement — a message names
     * an account that exists, its account never changes, and deleting an account deletes its
     * messages (accounts are never deleted by the app: disabled, or an enterprise soft-deleted).
     */
    accountId: integer('account_id').notNull(),
    source: text('source').notNull(),
    /** `<service>.<what>`, declared beside the service's contract. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    /** Why this account got it, where the service says (政策推送's subscriptions). */
    reasons: text('reasons').array().notNull().default(sql`'{}'`),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One message per notice and account, and what one notice reached (政策推送's results: every
    // recipient of a guide's event). Key first: a fan-out's rows go in at the end of its key's range,
    // one index where (account, key) unique and (key) were two.
    uniqueIndex('messages_dedupe_account_key').on(t.dedupeKey, t.accountId),
    // The inbox's order (unread first, newest first) and the badge's count, per account.
    index('messages_inbox_idx').on(t.accountId, sql`(${t.readAt} is null) desc`, t.createdAt.desc(), t.id.desc()),
    check('messages_source_check', sql`${t.source} in ${SOURCES}`),
  ],
);

/** Which sources of notices an account chose to also receive by e-mail (docs/messages.md). */
export const messageMailPrefs = pgTable('message_mail_prefs', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  sources: text('sources').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages still to be mailed: written by `notify()` in the sender's transaction for the accounts
 * that chose the notice's source and have a confirmed e-mail; drained into mail jobs.
 */
export const messageMailOutbox = pgTable('message_mail_outbox', {
  messageId: bigint('message_id', { mode: 'number' })
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
