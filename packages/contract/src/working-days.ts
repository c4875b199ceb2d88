// Working days in China time (UTC+8, no daylight saving): pure functions over the calendar an
// administrator keeps (services/calendar/ on the server; docs/working-days.md). A day is written
// 'YYYY-MM-DD'. Monday to Friday work and the weekend rests, except the State Council's holidays
// (放假) and the weekend days it makes working days (调休上班). A day of a year the calendar does not
// cover is never guessed as Monday–Friday: it throws CalendarYearMissingError, and the caller decides.

/** The calendar's data, as the functions need them. */
export interface WorkingDayCalendar {
  /** The years whose arrangement is published: only their days can be answered. */
  years: ReadonlySet<number>;
  /** 放假: days off, weekdays or not. */
  holidays: ReadonlySet<string>;
  /** 调休上班: weekend days that are working days. */
  workdays: ReadonlySet<string>;
}

/** A calendar day 'YYYY-MM-DD', or an instant (taken as the day it is in China). */
export type DayOrInstant = string | Date;

export const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Thrown for a day of a year the calendar has no published data for. */
export class CalendarYearMissingError extends Error {
  readonly code = 'CALENDAR_YEAR_MISSING';
  constructor(readonly year: number) {
    super(`${year}年的工作日历尚未发布，无法计算工作日`);
    this.name = 'CalendarYearMissingError';
  }
}

/** The day an instant falls on in China, 'YYYY-MM-DD'. */
export function chinaDate(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date');
  return new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The China day and minute of an instant, `2026-12-02 09:30`, as messages show a time. */
export const chinaMinute = (instant: Date): string => `${chinaDate(instant)} ${new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(11, 16)}`;

/** The day as a UTC midnight timestamp (for stepping and the weekday); refuses what is not a real day. */
function dayMs(day: string): number {
  const m = DAY_PATTERN.exec(day);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`Not a day: ${day}`);
  return ms;
}

const asDay = (d: DayOrInstant): string => (typeof d === 'string' ? (dayMs(d), d) : chinaDate(d));
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isDay(value: string): boolean {
  try {
    dayMs(value);
    return true;
  } catch {
    return false;
  }
}

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: string): number => new Date(dayMs(day)).getUTCDay();
export const isWeekend = (day: string): boolean => [0, 6].includes(weekdayOf(day));

/** The instant the day ends in China (the next day's 00:00 +08:00): a deadline on that day is before it. */
export const chinaDayEnd = (day: string): Date => new Date(dayMs(day) + DAY_MS - CHINA_OFFSET_MS);

/** Whether the day (or the day the instant falls on in China) is a working day. */
export function isWorkingDay(calendar: WorkingDayCalendar, date: DayOrInstant): boolean {
  const day = asDay(date);
  const year = Number(day.slice(0, 4));
  if (!calendar.years.has(year)) throw new CalendarYearMissingError(year);
  if (calendar.holidays.has(day)) return false;
  if (calendar.workdays.has(day)) return true;
  return !isWeekend(day);
}

/**
 * The day on which `n` working days after `from` are complete: the start day itself does not
 * count (办理时限's rule: the clock starts on the next working day), so a request filed on Friday
 * with n = 1 is due on Monday, whenever on Friday it came. n = 0 answers the start day.
 * Throws CalendarYearMissingError when the count reaches a year the calendar does not cover.
 */
export function addWorkingDays(calendar: WorkingDayCalendar, from: DayOrInstant, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`A whole number of working days, not ${n}`);
  let ms = dayMs(asDay(from));
  for (let left = n; left > 0; ) {
    ms += DAY_MS;
    if (isWorkingDay(calendar, fromMs(ms))) left--;
  }
  return fromMs(ms);
}

/** The working days from the first published day up to and including each day, over the published years when they run without a gap. */
interface DayIndex {
  firstMs: number;
  lastMs: number;
  count: Int32Array;
}
const dayIndexes = new WeakMap<WorkingDayCalendar, DayIndex | null>();

/**
 * A calendar's running count of working days, built once per calendar (its sets are never changed:
 * a new arrangement is a new calendar): every list row's 剩余 N 个工作日 is then two reads, not a walk
 * over the days between (a queue page of long clocks took longer than its query).
 */
function dayIndexOf(calendar: WorkingDayCalendar): DayIndex | null {
  const known = dayIndexes.get(calendar);
  if (known !== undefined) return known;
  const years = [...calendar.years].sort((x, y) => x - y);
  const gapless = years.length > 0 && years.every((y, i) => y === years[0]! + i);
  let index: DayIndex | null = null;
  if (gapless) {
    const firstMs = Date.UTC(years[0]!, 0, 1);
    const lastMs = Date.UTC(years.at(-1)!, 11, 31);
    const count = new Int32Array((lastMs - firstMs) / DAY_MS + 1);
    let n = 0;
    for (let i = 0; i < count.length; i++) count[i] = n += isWorkingDay(calendar, fromMs(firstMs + i * DAY_MS)) ? 1 : 0;
    index = { firstMs, lastMs, count };
  }
  dayIndexes.set(calendar, index);
  return index;
}

/**
 * The working days after `from`'s day up to and including `to`'s day (the same rule as
 * addWorkingDays: workingDaysBetween(c, d, addWorkingDays(c, d, n)) === n). When `to` is before
 * `from` the count is negative: how many working days overdue. Throws CalendarYearMissingError
 * for a day of an uncovered year in between.
 */
export function workingDaysBetween(calendar: WorkingDayCalendar, from: DayOrInstant, to: DayOrInstant): number {
  const a = dayMs(asDay(from));
  const b = dayMs(asDay(to));
  if (b < a) return -workingDaysBetween(calendar, to, from);
  const index = dayIndexOf(calendar);
  if (index && a >= index.firstMs - DAY_MS && b <= index.lastMs) return index.count[(b - index.firstMs) / DAY_MS]! - (a < index.firstMs ? 0 : index.count[(a - index.firstMs) / DAY_MS]!);
  let count = 0;
  for (let ms = a + DAY_MS; ms <= b; ms += DAY_MS) if (isWorkingDay(calendar, fromMs(ms))) count++;
  return count;
}

/** How long before a year starts its missing calendar is warned about. */
export const CALENDAR_WARN_DAYS = 60;

/** A deadline refused for want of a published calendar: what the person is told. */
export const calendarMissingMsg = (year: number) => `${year} 年工作日历尚未发布，无法计算办理时限，请联系管理员`;

/**
 * The years the 工作台 warns about: this year (in China) when it is not covered, and next year
 * when it is not and it starts within CALENDAR_WARN_DAYS days.
 */
export function missingCalendarYears(covered: ReadonlySet<number>, now: Date): number[] {
  const today = chinaDate(now);
  const year = Number(today.slice(0, 4));
  const daysToNext = (Date.UTC(year + 1, 0, 1) - dayMs(today)) / DAY_MS;
  return [year, ...(daysToNext <= CALENDAR_WARN_DAYS ? [year + 1] : [])].filter((y) => !covered.has(y));
}

export type CalendarDayKind = 'holiday' | 'workday';
export interface CalendarDay {
  date: string;
  kind: CalendarDayKind;
  name: string;
}

/** The calendar's data from its rows and its published years. */
export function workingDayCalendar(days: readonly CalendarDay[], years: Iterable<number>): WorkingDayCalendar {
  return {
    years: new Set(years),
    holidays: new Set(days.filter((d) => d.kind === 'holiday').map((d) => d.date)),
    workdays: new Set(days.filter((d) => d.kind === 'workday').map((d) => d.date)),
  };
}

/** Every day from `first` to `last`, both included. */
function range(first: string, last: string): string[] {
  const days: string[] = [];
  for (let ms = dayMs(first); ms <= dayMs(last); ms += DAY_MS) days.push(fromMs(ms));
  return days;
}

const off = (name: string, first: string, last = first): CalendarDay[] => range(first, last).map((date) => ({ date, kind: 'holiday', name }));
const on = (name: string, ...dates: string[]): CalendarDay[] => dates.map((date) => ({ date, kind: 'workday', name }));

/**
 * 国务院办公厅关于2026年部分节假日安排的通知: the seed of the calendar (migration, services/calendar/).
 * Administrators keep later years in the console.
 */
export const STATE_COUNCIL_2026: readonly CalendarDay[] = [
  ...off('元旦', '2026-01-01', '2026-01-03'),
  ...on('元旦调休', '2026-01-04'),
  ...off('春节', '2026-02-15', '2026-02-23'),
  ...on('春节调休', '2026-02-14', '2026-02-28'),
  ...off('清明节', '2026-04-04', '2026-04-06'),
  ...off('劳动节', '2026-05-01', '2026-05-05'),
  ...on('劳动节调休', '2026-05-09'),
  ...off('端午节', '2026-06-19', '2026-06-21'),
  ...off('中秋节', '2026-09-25', '2026-09-27'),
  ...off('国庆节', '2026-10-01', '2026-10-07'),
  ...on('国庆节调休', '2026-09-20', '2026-10-10'),
];
