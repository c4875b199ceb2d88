// Working days (packages/contract/src/working-days.ts): the deadlines every workflow will count,
// in China time, over the State Council's 2026 arrangement. Pure functions: no app, no database.
import { describe, expect, test } from 'vitest';
import {
  addWorkingDays,
  CalendarYearMissingError,
  chinaDate,
  chinaDayEnd,
  isWorkingDay,
  missingCalendarYears,
  STATE_COUNCIL_2026,
  weekdayOf,
  workingDayCalendar,
  workingDaysBetween,
} from '../src/working-days';

const cal2026 = workingDayCalendar(STATE_COUNCIL_2026, [2026]);
const WEEKDAY = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const named = (name: string, kind: 'holiday' | 'workday') => STATE_COUNCIL_2026.filter((d) => d.name === name && d.kind === kind).map((d) => d.date);

describe('the State Council\'s 2026 arrangement', () => {
  test('each 调休上班 day is the weekend day the notice names', () => {
    const workdays = STATE_COUNCIL_2026.filter((d) => d.kind === 'workday').map((d) => `${d.date}${WEEKDAY[weekdayOf(d.date)]}`);
    expect(workdays.sort()).toEqual(['2026-01-04周日', '2026-02-14周六', '2026-02-28周六', '2026-05-09周六', '2026-09-20周日', '2026-10-10周六']);
  });

  test('each holiday runs the days the notice gives', () => {
    const spans = Object.fromEntries(
      ['元旦', '春节', '清明节', '劳动节', '端午节', '中秋节', '国庆节'].map((name) => {
        const days = named(name, 'holiday');
        return [name, `${days[0]}${WEEKDAY[weekdayOf(days[0]!)]}–${days.at(-1)}${WEEKDAY[weekdayOf(days.at(-1)!)]} ${days.length}天`];
      }),
    );
    expect(spans).toEqual({
      元旦: '2026-01-01周四–2026-01-03周六 3天',
      春节: '2026-02-15周日–2026-02-23周一 9天',
      清明节: '2026-04-04周六–2026-04-06周一 3天',
      劳动节: '2026-05-01周五–2026-05-05周二 5天',
      端午节: '2026-06-19周五–2026-06-21周日 3天',
      中秋节: '2026-09-25周五–2026-09-27周日 3天',
      国庆节: '2026-10-01周四–2026-10-07周三 7天',
    });
    expect(new Set(STATE_COUNCIL_2026.map((d) => d.date)).size).toBe(STATE_COUNCIL_2026.length);
  });

  test('isWorkingDay: a holiday weekday rests, a 调休 weekend works, the rest follow the week', () => {
    expect(isWorkingDay(cal2026, '2026-02-16')).toBe(false); // 春节, a Monday
    expect(isWorkingDay(cal2026, '2026-02-14')).toBe(true); // 调休, a Saturday
    expect(isWorkingDay(cal2026, '2026-03-07')).toBe(false); // an ordinary Saturday
    expect(isWorkingDay(cal2026, '2026-03-09')).toBe(true); // an ordinary Monday
  });
});

describe('addWorkingDays: the start day does not count', () => {
  test('across a weekend: Friday plus one is Monday', () => {
    expect(addWorkingDays(cal2026, '2026-03-06', 1)).toBe('2026-03-09');
    expect(addWorkingDays(cal2026, '2026-03-07', 1)).toBe('2026-03-09'); // filed on Saturday
    expect(addWorkingDays(cal2026, '2026-03-06', 5)).toBe('2026-03-13');
  });

  test('an instant counts by its day in China, not in UTC', () => {
    // Thursday 23:30 in China (15:30 UTC): due Friday.
    expect(addWorkingDays(cal2026, new Date('2026-03-05T15:30:00Z'), 1)).toBe('2026-03-06');
    // Friday 00:30 in China, still Thursday in UTC: due Monday.
    expect(addWorkingDays(cal2026, new Date('2026-03-05T16:30:00Z'), 1)).toBe('2026-03-09');
    expect(chinaDate(new Date('2026-03-05T16:30:00Z'))).toBe('2026-03-06');
    // The deadline's instant: the end of its day in China.
    expect(chinaDayEnd('2026-03-09').toISOString()).toBe('2026-03-09T16:00:00.000Z');
  });

  test('across the 2026 Spring Festival, its 调休 Saturdays counted', () => {
    // Thu 12 → Fri 13 (1), Sat 14 调休 (2), 15–23 off, Tue 24 (3), Wed 25 (4), Thu 26 (5).
    expect(addWorkingDays(cal2026, '2026-02-12', 5)).toBe('2026-02-26');
    expect(addWorkingDays(cal2026, '2026-02-14', 1)).toBe('2026-02-24');
    // Fri 27 + 1: Sat 28 is a 调休 working day.
    expect(addWorkingDays(cal2026, '2026-02-27', 1)).toBe('2026-02-28');
  });

  test('onto a 调休 Saturday and a 调休 Sunday', () => {
    expect(addWorkingDays(cal2026, '2026-10-09', 1)).toBe('2026-10-10'); // Saturday after 国庆节
    expect(addWorkingDays(cal2026, '2026-09-18', 1)).toBe('2026-09-20'); // the Sunday before it
    expect(addWorkingDays(cal2026, '2026-09-30', 1)).toBe('2026-10-08'); // over 国庆节
  });

  test('zero is the start day; a negative or fractional count is refused', () => {
    expect(addWorkingDays(cal2026, '2026-02-16', 0)).toBe('2026-02-16');
    expect(() => addWorkingDays(cal2026, '2026-03-06', -1)).toThrow(RangeError);
    expect(() => addWorkingDays(cal2026, '2026-03-06', 1.5)).toThrow(RangeError);
    expect(() => addWorkingDays(cal2026, '2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('workingDaysBetween', () => {
  test('counts the working days after the first day up to the last, negative when overdue', () => {
    expect(workingDaysBetween(cal2026, '2026-02-12', '2026-02-26')).toBe(5);
    expect(workingDaysBetween(cal2026, '2026-02-26', '2026-02-12')).toBe(-5);
    expect(workingDaysBetween(cal2026, '2026-03-06', '2026-03-06')).toBe(0);
    expect(workingDaysBetween(cal2026, '2026-03-06', '2026-03-08')).toBe(0); // a weekend
    // 2026: 261 weekdays, 19 of them 放假, 6 调休 weekend days (1 January is 元旦, so it does not matter that it is left out).
    expect(workingDaysBetween(cal2026, '2026-01-01', '2026-12-31')).toBe(261 - 19 + 6);
  });

  test('undoes addWorkingDays on every day of 2026', () => {
    const mismatches: string[] = [];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2026, 11, 1); ms += 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10);
      for (const n of [0, 1, 3, 10]) if (workingDaysBetween(cal2026, day, addWorkingDays(cal2026, day, n)) !== n) mismatches.push(`${day}+${n}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('a year with no calendar data is never taken as Monday to Friday', () => {
  test('each function throws CalendarYearMissingError naming the year', () => {
    const missing = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof CalendarYearMissingError ? err.year : err;
      }
      return 'no error';
    };
    expect(missing(() => isWorkingDay(cal2026, '2027-01-04'))).toBe(2027);
    expect(missing(() => addWorkingDays(cal2026, '2026-12-30', 5))).toBe(2027);
    expect(missing(() => workingDaysBetween(cal2026, '2026-12-30', '2027-01-05'))).toBe(2027);
    expect(missing(() => addWorkingDays(workingDayCalendar([], []), '2026-03-06', 1))).toBe(2026);
    // Within the covered year the same calls answer.
    expect(addWorkingDays(cal2026, '2026-12-28', 3)).toBe('2026-12-31');
  });

  test('the 工作台 warns about this year, and about next year from 60 days before it', () => {
    expect(missingCalendarYears(new Set([2026]), new Date('2026-06-01T00:00:00Z'))).toEqual([]);
    expect(missingCalendarYears(new Set(), new Date('2026-06-01T00:00:00Z'))).toEqual([2026]);
    // 1 November in China: 61 days before 2027.
    expect(missingCalendarYears(new Set([2026]), new Date('2026-10-31T16:00:00Z'))).toEqual([]);
    // 2 November in China (still 1 November in UTC): 60 days.
    expect(missingCalendarYears(new Set([2026]), new Date('2026-11-01T16:00:00Z'))).toEqual([2027]);
    expect(missingCalendarYears(new Set([2026, 2027]), new Date('2026-12-20T00:00:00Z'))).toEqual([]);
    // New Year's Day in China while UTC is still in 2026.
    expect(missingCalendarYears(new Set([2026]), new Date('2026-12-31T16:00:00Z'))).toEqual([2027]);
  });
});
