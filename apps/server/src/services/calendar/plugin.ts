// The working-day calendar service: every node's cached calendar (app.calendar, for the services'
// deadlines through public.ts) and its console calls — staff read, 管理员 write (docs/working-days.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { CALENDAR_MSG, CALENDAR_PATHS, CalendarDayInput, CalendarDayParams, CalendarPublishInput, CalendarStatus, CalendarYear, CalendarYearParams } from '@hqt/contract/calendar';
import { Envelope } from '@hqt/contract/envelope';
import { MSG } from '@hqt/contract/messages';
import { ok } from '../../lib/envelope';
import { signedIn } from '../../lib/ctx';
import { calendarStatus, calendarYear, publishCalendarYear, setCalendarDay } from './console';
import { CalendarStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    calendar: CalendarStore;
  }
}

const calendarPlugin: FastifyPluginAsyncTypebox<{ connectionString: string }> = async (app, opts) => {
  const store = new CalendarStore(app.db, opts.connectionString, (err) => app.log.warn({ err }, 'calendar listener lost; reconnecting'));
  await store.start();
  app.decorate('calendar', store);
  app.addHook('onClose', () => store.stop());

  const tags = ['工作日历'];
  const deps = { db: app.db, calendar: store };

  app.get(
    CALENDAR_PATHS.status,
    { schema: { tags, summary: '工作日历发布情况（工作台提醒）', response: { 200: Envelope(CalendarStatus) } }, config: { access: 'staff' } },
    async () => ok(await calendarStatus(app.db)),
  );

  app.get(
    CALENDAR_PATHS.year,
    { schema: { tags, summary: '某年度的放假与调休上班日', params: CalendarYearParams, response: { 200: Envelope(CalendarYear) } }, config: { access: 'staff' } },
    async (request) => ok(await calendarYear(app.db, request.params.year)),
  );

  app.put(
    CALENDAR_PATHS.day,
    { schema: { tags, summary: '设置某日为放假、调休上班或正常', params: CalendarDayParams, body: CalendarDayInput, response: { 200: Envelope(Type.Null()) } }, config: { access: 'admin' } },
    async (request) => {
      await setCalendarDay(deps, signedIn(request), request.params.date, request.body);
      return ok(null, MSG.saved);
    },
  );

  app.put(
    CALENDAR_PATHS.yearPublished,
    { schema: { tags, summary: '发布或撤回某年度的工作日历', params: CalendarYearParams, body: CalendarPublishInput, response: { 200: Envelope(Type.Null()) } }, config: { access: 'admin' } },
    async (request) => {
      const { year } = request.params;
      await publishCalendarYear(deps, signedIn(request), year, request.body.published);
      return ok(null, request.body.published ? CALENDAR_MSG.published(year) : CALENDAR_MSG.withdrawn(year));
    },
  );
};

export default fp(calendarPlugin, { name: 'calendar', dependencies: ['db', 'auth'] });
