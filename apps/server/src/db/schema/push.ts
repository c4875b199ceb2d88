import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account';
import { guides } from './policy';

const KINDS = sql`('qualified', 'topic', 'supportType', 'industry', 'department', 'keyword')`;
const EVENTS = sql`('published', 'opened', 'closing')`;

/** What an enterprise account follows (one row per thing followed; cancelling deletes it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** A topic's id, a dictionary code, a keyword (lower case); '' for `qualified`. */
    value: text('value').notNull(),
    /** What is followed, in words, as it was when subscribed (the message says why it came). */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_account_kind_value_key').on(t.accountId, t.kind, t.value),
    // The audience of a guide is found by kind and value.
    index('push_subscriptions_kind_value_idx').on(t.kind, t.value),
    check('push_subscriptions_kind_check', sql`${t.kind} in ${KINDS}`),
  ],
);

/**
 * One row per guide and event, ever: the row is the event's claim (several nodes may notice a window
 * open at once; one insert wins) and its fan-out job's record.
 */
export const pushEvents = pgTable(
  'push_events',
  {
    id: serial('id').primaryKey(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the fan-out once every message is persisted. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Messages written for it so far (moved with each batch of them). */
    messageCount: integer('message_count').notNull().default(0),
  },
  (t) => [uniqueIndex('push_events_guide_event_key').on(t.guideId, t.event), check('push_events_event_check', sql`${t.event} in ${EVENTS}`)],
);
