// The working-day calendar's calls and their query factory (services/calendar/ on the server): a
// change invalidates `calendarQueries.all`, so the page, its year and the 工作台's warning refresh.
import { queryOptions } from '@tanstack/react-query';
import { CALENDAR_PATHS, type CalendarDayInput, type CalendarStatus, type CalendarYear } from '@hqt/contract/calendar';
import { consolePath } from '@hqt/contract/console';
import { http, request } from '@/shared/api/http';

export const calendarApi = {
  status: () => http.get<CalendarStatus>(CALENDAR_PATHS.status),
  year: (year: number) => http.get<CalendarYear>(consolePath(CALENDAR_PATHS.year, { year })),
  setDay: (date: string, input: CalendarDayInput) => http.put<null>(consolePath(CALENDAR_PATHS.day, { date }), input),
  /** Answers the server's message (2026年工作日历已发布 / 已撤回). */
  publish: async (year: number, published: boolean) => (await request<null>({ method: 'PUT', url: consolePath(CALENDAR_PATHS.yearPublished, { year }), data: { published } })).msg,
};

export const calendarQueries = {
  all: ['console', 'calendar'] as const,
  status: () => queryOptions({ queryKey: [...calendarQueries.all, 'status'], queryFn: calendarApi.status }),
  year: (year: number) => queryOptions({ queryKey: [...calendarQueries.all, 'year', year], queryFn: () => calendarApi.year(year) }),
};
