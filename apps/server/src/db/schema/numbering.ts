import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The last number each series gave in each period (lib/numbering.ts): one row per series and day,
 * incremented inside the filing's transaction, so a rolled-back filing gives its number back.
 */
export const numberCounters = pgTable(
  'number_counters',
  {
    /** The series' prefix, e.g. `SQ`. */
    series: text('series').notNull(),
    /** The day in China, 'YYYYMMDD'. */
    period: text('period').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ name: 'number_counters_pkey', columns: [t.series, t.period] })],
);
