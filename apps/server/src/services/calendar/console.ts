// The administrator keeps the working-day calendar (the staff console): marks a day 放假 or
// 调休上班 (or back to normal) and publishes a year. Writes go to calendar_days / calendar_years,
// whose triggers tell every node to drop its copy (migration 0016); this node drops its own at once.
import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import { CALENDAR_MAX_YEAR, CALENDAR_MIN_YEAR, CALENDAR_MSG, DAY_MARKS, type CalendarDayInput, type CalendarStatus, type CalendarYear } from '@hqt/contract/calendar';
import { chinaDate, isDay, isWeekend, missingCalendarYears } from '@hqt/contract/working-days';
import type { Db } from '../../db/client';
import { calendarDays, calendarYears } from './schema';
import { audit } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import type { CalendarStore } from './store';

export const CALENDAR_AUDIT = { daySet: 'calendar.day_set', published: 'calendar.published', withdrawn: 'calendar.withdrawn' } as const;

export interface CalendarDeps {
  db: Db;
  calendar: CalendarStore;
}

const yearRange = (year: number) => and(gte(calendarDays.date, `${year}-01-01`), lte(calendarDays.date, `${year}-12-31`));

export async function calendarStatus(db: Db, now = new Date()): Promise<CalendarStatus> {
  const published = (await db.select({ year: calendarYears.year }).from(calendarYears).orderBy(asc(calendarYears.year))).map((r) => r.year);
  return { today: chinaDate(now), published, missing: missingCalendarYears(new Set(published), now) };
}

export async function calendarYear(db: Db, year: number): Promise<CalendarYear> {
  const [days, [published]] = await Promise.all([
    db.select({ date: calendarDays.date, kind: calendarDays.kind, name: calendarDays.name }).from(calendarDays).where(yearRange(year)).orderBy(asc(calendarDays.date)),
    db.select().from(calendarYears).where(eq(calendarYears.year, year)),
  ]);
  return { year, published: Boolean(published), publishedAt: published?.publishedAt.toISOString() ?? null, days };
}

type Snapshot = { dayType: string; name: string };
const snapshotOf = (row: { kind: 'holiday' | 'workday'; name: string } | undefined): Snapshot =>
  row ? { dayType: DAY_MARKS[row.kind], name: row.name } : { dayType: DAY_MARKS.normal, name: '' };

/** 放假 on any day; 调休上班 only on a weekend day (a weekday works anyway); 正常 removes the mark. */
export async function setCalendarDay({ db, calendar }: CalendarDeps, ctx: SignedInCtx, date: string, input: CalendarDayInput): Promise<void> {
  if (!isDay(date)) throw badRequest(CALENDAR_MSG.invalidDay);
  const year = Number(date.slice(0, 4));
  if (year < CALENDAR_MIN_YEAR || year > CALENDAR_MAX_YEAR) throw badRequest(CALENDAR_MSG.yearOutOfRange);
  const name = input.name.trim();
  if (input.mark !== 'normal' && !name) throw badRequest(CALENDAR_MSG.nameRequired);
  if (input.mark === 'workday' && !isWeekend(date)) throw badRequest(CALENDAR_MSG.workdayOnWeekend);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(calendarDays).where(eq(calendarDays.date, date)).for('update');
    if (input.mark === 'normal') await tx.delete(calendarDays).where(eq(calendarDays.date, date));
    else {
      const values = { kind: input.mark, name, updatedAt: new Date(), updatedBy: ctx.actor.accountId };
      await tx.insert(calendarDays).values({ date, ...values }).onConflictDoUpdate({ target: calendarDays.date, set: values });
    }
    await audit(tx, ctx, CALENDAR_AUDIT.daySet, { date, before: snapshotOf(before), after: snapshotOf(input.mark === 'normal' ? undefined : { kind: input.mark, name }) });
  });
  calendar.invalidate();
}

/** A published year is the calendar's: its days are answered. One with no 放假 day is not published. */
export async function publishCalendarYear({ db, calendar }: CalendarDeps, ctx: SignedInCtx, year: number, published: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (published) {
      const [{ n }] = (await tx.select({ n: count() }).from(calendarDays).where(and(yearRange(year), eq(calendarDays.kind, 'holiday')))) as [{ n: number }];
      if (n === 0) throw badRequest(CALENDAR_MSG.emptyYear(year));
      const [row] = await tx.insert(calendarYears).values({ year, publishedBy: ctx.actor.accountId }).onConflictDoNothing().returning();
      if (row) await audit(tx, ctx, CALENDAR_AUDIT.published, { year });
    } else {
      const [row] = await tx.delete(calendarYears).where(eq(calendarYears.year, year)).returning();
      if (row) await audit(tx, ctx, CALENDAR_AUDIT.withdrawn, { year });
    }
  });
  calendar.invalidate();
}
