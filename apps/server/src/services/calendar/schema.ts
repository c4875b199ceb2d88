import { check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/account';

/**
 * The working-day calendar's marked days (services/calendar/, docs/working-days.md): a 放假 day
 * (`holiday`) or a weekend day made a working day (`workday`, 调休上班). Unmarked days follow the
 * week. A change notifies every node (`hqt_calendar_changed`, the migration's trigger).
 */
export const calendarDays = pgTable(
  'calendar_days',
  {
    date: date('date', { mode: 'string' }).primaryKey(),
    kind: text('kind').notNull().$type<'holiday' | 'workday'>(),
    name: text('name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [check('calendar_days_kind_check', sql`${t.kind} in ('holiday', 'workday')`)],
);

/** The years whose arrangement is published: only their days are answered (others throw). */
export const calendarYears = pgTable('calendar_years', {
  year: integer('year').primaryKey(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  publishedBy: integer('published_by').references(() => accounts.id, { onDelete: 'set null' }),
});
