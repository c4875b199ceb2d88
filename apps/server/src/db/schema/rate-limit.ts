import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Requests per budget, client address and window (plugins/rate-limit.ts). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** `<budget>:<address>` */
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ name: 'rate_limit_hits_pkey', columns: [t.bucket, t.windowStart] }), index('rate_limit_hits_window_idx').on(t.windowStart)],
);
