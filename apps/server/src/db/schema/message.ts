import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account';

const SOURCES = sql`('policy', 'appeal', 'visit', 'system')`;

/**
 * The message centre: one row per notice and account (any role). `dedupe_key` makes a notice sent
 * twice (a retried job, two nodes racing) one message; its words are fixed when it is made.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
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
    uniqueIndex('messages_account_dedupe_key').on(t.accountId, t.dedupeKey),
    // The inbox's order (unread first, newest first) and the badge's count, per account.
    index('messages_inbox_idx').on(t.accountId, sql`(${t.readAt} is null) desc`, t.createdAt.desc(), t.id.desc()),
    // What one notice reached (政策推送's results: every recipient of a guide's event).
    index('messages_dedupe_idx').on(t.dedupeKey),
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
