// What other services may use of the calendar service: the node's cached calendar, as
// `app.calendar.addWorkingDays(from, n)`, `isWorkingDay(day)`, `workingDaysBetween(from, to)`.
// Each throws CalendarYearMissingError (contract working-days.ts) for a year not published: the
// caller decides (refuse the filing, or store no deadline and warn), never Monday–Friday by guess;
// `dueAfter` and `workingDaysLeft` (deadlines.ts) are those decisions as the workflow services make them.
export { type CalendarStore } from './store';
export { CalendarYearMissingError, chinaDayEnd } from '@hqt/contract/working-days';
export { workingDayAt, workingDayIndexes } from './day-index';
export { dueAfter, dueAfterIfPublished, workingDaysLeft } from './deadlines';
