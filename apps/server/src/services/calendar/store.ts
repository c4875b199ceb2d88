// The working-day calendar is read by every deadline and changes a few times a year: each node
// keeps it in memory (lib/notified-cache.ts) and drops its copy when a trigger on calendar_days or
// calendar_years notifies `hqt_calendar_changed` (migration 0016).
import { addWorkingDays, isWorkingDay, workingDayCalendar, workingDaysBetween, type DayOrInstant, type WorkingDayCalendar } from '@hqt/contract/working-days';
import type { Db } from '../../db/client';
import { calendarDays, calendarYears } from './schema';
import { NotifiedCache } from '../../lib/notified-cache';

export class CalendarStore {
  private readonly cache: NotifiedCache<WorkingDayCalendar>;

  constructor(
    private readonly db: Db,
    connectionString: string,
    onError: (err: Error) => void,
  ) {
    this.cache = new NotifiedCache({ connectionString, channel: 'hqt_calendar_changed', load: () => this.load(), onError });
  }

  start = () => this.cache.start();
  stop = () => this.cache.stop();
  invalidate = () => this.cache.invalidate();
  /** The published calendar (only published years are covered; the others' days throw). */
  calendar = () => this.cache.get();

  /** These throw CalendarYearMissingError (contract working-days.ts) for a year not published. */
  isWorkingDay = async (date: DayOrInstant) => isWorkingDay(await this.calendar(), date);
  addWorkingDays = async (from: DayOrInstant, n: number) => addWorkingDays(await this.calendar(), from, n);
  workingDaysBetween = async (from: DayOrInstant, to: DayOrInstant) => workingDaysBetween(await this.calendar(), from, to);

  private async load(): Promise<WorkingDayCalendar> {
    const [days, years] = await Promise.all([this.db.select().from(calendarDays), this.db.select({ year: calendarYears.year }).from(calendarYears)]);
    return workingDayCalendar(days, years.map((y) => y.year));
  }
}
