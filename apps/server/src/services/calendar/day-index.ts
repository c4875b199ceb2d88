// Working days counted in SQL, for queries over many rows (a year's figures): the days from `from`
// to `to` with a running index of working days — 放假 0, 调休上班 1, otherwise Monday–Friday — so
// that the working days after day d1 up to and including d2 are idx(d2) − idx(d1), the count
// workingDaysBetween gives (contract working-days.ts). A day of a year not published has a null
// index: a difference with it is null, never a guess.
import { sql, type SQL } from 'drizzle-orm';
import { calendarDays, calendarYears } from './schema';

/** A subquery `(day date, idx bigint)` of every day from `from` to `to` ('YYYY-MM-DD'); join it by day. */
export const workingDayIndex = (from: string, to: string): SQL => sql`(
  select day, case when published then sum(working) over (order by day) end as idx from (
    select g.day::date as day, y.year is not null as published,
      case when cd.kind = 'holiday' then 0 when cd.kind = 'workday' then 1 when extract(isodow from g.day) < 6 then 1 else 0 end as working
    from generate_series(${from}::date, ${to}::date, interval '1 day') g(day)
    left join ${calendarDays} cd on cd.date = g.day::date
    left join ${calendarYears} y on y.year = extract(year from g.day)::int
  ) marked
)`;
