// Deadlines in working days, as every workflow service counts them: a due date is the end of the
// China day on which the last working day falls; a year without a published calendar refuses the
// deadline with a message (409), never a Monday–Friday guess.
import { CalendarYearMissingError, calendarMissingMsg, chinaDayEnd } from '@hqt/contract/working-days';
import { conflict } from '../../lib/errors';
import type { CalendarStore } from './store';

/** The end of the China day on which `days` working days after `from` are done. */
export async function dueAfter(calendar: CalendarStore, from: Date, days: number): Promise<Date> {
  try {
    return chinaDayEnd(await calendar.addWorkingDays(from, days));
  } catch (err) {
    if (err instanceof CalendarYearMissingError) throw conflict(calendarMissingMsg(err.year));
    throw err;
  }
}

/** As dueAfter, or null while a year it reaches is not published (a long clock kept unknown, never guessed). */
export async function dueAfterIfPublished(calendar: CalendarStore, from: Date, days: number): Promise<Date | null> {
  try {
    return chinaDayEnd(await calendar.addWorkingDays(from, days));
  } catch (err) {
    if (err instanceof CalendarYearMissingError) return null;
    throw err;
  }
}

/**
 * The working days left at `now` before `due` (an instant that ends its day: its day is the
 * millisecond before), or null when a year on the way is not published.
 */
export async function workingDaysLeft(calendar: CalendarStore, due: Date, now: Date): Promise<number | null> {
  try {
    return await calendar.workingDaysBetween(now, new Date(due.getTime() - 1));
  } catch (err) {
    if (err instanceof CalendarYearMissingError) return null;
    throw err;
  }
}
