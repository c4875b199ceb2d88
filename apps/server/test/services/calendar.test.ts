// The working-day calendar (services/calendar/): seeded with the State Council's 2026 arrangement on
// every database, read by staff, kept by 管理员 (audited, validated in Chinese), and served to other
// services from a per-node copy that every node drops when it changes.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@hqt/contract/auth';
import { CALENDAR_PATHS, type CalendarDayInput, type CalendarStatus, type CalendarYear } from '@hqt/contract/calendar';
import { consolePath } from '@hqt/contract/console';
import { MSG } from '@hqt/contract/messages';
import { CalendarYearMissingError, missingCalendarYears, STATE_COUNCIL_2026 } from '@hqt/contract/working-days';
import type { App } from '../../src/app';
import { auditLog } from '../../src/db/schema/index';
import { calendarDays } from '../../src/services/calendar/schema';
import { calendarStatus } from '../../src/services/calendar/console';
import { bearer, createAccount, createTestApp, databaseUrlOf, loginAs } from '../helpers/app';

let a: App;
let b: App;
let admin: Record<string, string>;
let staff: Record<string, string>;
let enterprise: Record<string, string>;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { databaseUrl: databaseUrlOf(a) });
  admin = bearer((await loginAs(a, await createAccount(a, { roleId: ROLES.admin.id, name: '李管理' }))).access_token);
  staff = bearer((await loginAs(a, await createAccount(a, { roleId: ROLES.staff.id, name: '王科员' }))).access_token);
  enterprise = bearer((await loginAs(a, await createAccount(a))).access_token);
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const year = async (y: number, headers = staff) => {
  const res = await a.inject({ method: 'GET', url: consolePath(CALENDAR_PATHS.year, { year: y }), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CalendarYear;
};
const setDay = (date: string, body: CalendarDayInput | Record<string, unknown>, headers = admin) =>
  a.inject({ method: 'PUT', url: consolePath(CALENDAR_PATHS.day, { date }), headers, payload: body });
const publish = (y: number, published: boolean, headers = admin) =>
  a.inject({ method: 'PUT', url: consolePath(CALENDAR_PATHS.yearPublished, { year: y }), headers, payload: { published } });
const auditCount = async (action: string) => (await a.db.select().from(auditLog).where(eq(auditLog.action, action))).length;

it('a fresh database holds the State Council\'s 2026 arrangement, published', async () => {
  const y2026 = await year(2026);
  expect(y2026.published).toBe(true);
  expect(y2026.days).toEqual([...STATE_COUNCIL_2026].sort((x, y) => x.date.localeCompare(y.date)));
  expect(await a.calendar.addWorkingDays('2026-02-12', 5)).toBe('2026-02-26');
});

describe('who may do what', () => {
  it('staff read the calendar and its status but cannot change it', async () => {
    const status = await a.inject({ method: 'GET', url: CALENDAR_PATHS.status, headers: staff });
    expect(status.statusCode).toBe(200);
    const data = status.json().data as CalendarStatus;
    expect(data.published).toContain(2026);
    expect(data.missing).toEqual(missingCalendarYears(new Set(data.published), new Date()));

    const refused = await setDay('2026-03-09', { mark: 'holiday', name: '自定' }, staff);
    expect(refused.json()).toEqual({ code: 403, msg: MSG.forbidden, data: null });
    expect((await publish(2026, false, staff)).statusCode).toBe(403);
    expect((await year(2026)).published).toBe(true);
  });

  it('an enterprise account may not even read it; nobody signed in gets 401', async () => {
    for (const url of [CALENDAR_PATHS.status, consolePath(CALENDAR_PATHS.year, { year: 2026 })]) {
      expect((await a.inject({ method: 'GET', url, headers: enterprise })).json()).toEqual({ code: 403, msg: MSG.forbidden, data: null });
      expect((await a.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await setDay('2026-03-09', { mark: 'holiday', name: '自定' }, enterprise)).statusCode).toBe(403);
  });
});

describe('an administrator keeps the calendar', () => {
  it('marks a day 放假, 调休上班 and back to normal, each audited with before and after', async () => {
    const before = await auditCount('calendar.day_set');
    expect((await setDay('2027-01-01', { mark: 'holiday', name: ' 元旦 ' })).json()).toEqual({ code: 200, msg: MSG.saved, data: null });
    expect((await setDay('2027-02-06', { mark: 'workday', name: '春节调休' })).statusCode).toBe(200); // a Saturday
    expect((await year(2027)).days).toEqual([
      { date: '2027-01-01', kind: 'holiday', name: '元旦' },
      { date: '2027-02-06', kind: 'workday', name: '春节调休' },
    ]);
    expect((await setDay('2027-02-06', { mark: 'normal', name: '' })).statusCode).toBe(200);
    expect((await year(2027)).days.map((d) => d.date)).toEqual(['2027-01-01']);

    expect(await auditCount('calendar.day_set')).toBe(before + 3);
    const [last] = await a.db.select().from(auditLog).where(eq(auditLog.action, 'calendar.day_set')).orderBy(desc(auditLog.id)).limit(1);
    expect(last!.detail).toEqual({ date: '2027-02-06', before: { dayType: '调休上班', name: '春节调休' }, after: { dayType: '正常', name: '' } });
  });

  it('bad input answers a Chinese 400 and changes nothing', async () => {
    const rows = await a.db.select().from(calendarDays);
    const audits = await auditCount('calendar.day_set');
    const cases: [string, Record<string, unknown>, string][] = [
      ['2026-03-10', { mark: 'workday', name: '调休' }, '调休上班只能设在周六或周日'], // a Tuesday
      ['2026-03-09', { mark: 'holiday', name: '  ' }, '请填写名称（如：春节、国庆节调休）'],
      ['2026-02-30', { mark: 'holiday', name: '春节' }, '日期不存在'],
      ['20260309', { mark: 'holiday', name: '春节' }, '日期格式应为 YYYY-MM-DD'],
      ['2026-03-09', { mark: 'rest', name: '春节' }, '类型须为放假、调休上班或正常'],
      ['2026-03-09', { mark: 'holiday', name: '长'.repeat(21) }, '名称不能超过 20 个字'],
      ['1999-03-09', { mark: 'holiday', name: '春节' }, '年度须为 2000 至 2100 之间的整数'],
    ];
    for (const [date, body, msg] of cases) expect((await setDay(date, body)).json(), date).toEqual({ code: 400, msg, data: null });
    expect((await publish(2029, true)).json()).toEqual({ code: 400, msg: '2029年尚未标记任何放假日，不能发布', data: null });
    expect((await a.inject({ method: 'PUT', url: consolePath(CALENDAR_PATHS.yearPublished, { year: 2026 }), headers: admin, payload: { published: 'yes' } })).statusCode).toBe(400);

    expect(await a.db.select().from(calendarDays)).toEqual(rows);
    expect(await auditCount('calendar.day_set')).toBe(audits);
    expect((await year(2029)).published).toBe(false);
  });
});

describe('other services read it through app.calendar, fresh on every node', () => {
  it('a change through one node is used by both nodes', async () => {
    expect(await a.calendar.addWorkingDays('2026-03-06', 1)).toBe('2026-03-09');
    expect(await b.calendar.addWorkingDays('2026-03-06', 1)).toBe('2026-03-09'); // both hold a copy now
    expect((await setDay('2026-03-09', { mark: 'holiday', name: '县庆' })).statusCode).toBe(200);
    expect(await a.calendar.addWorkingDays('2026-03-06', 1)).toBe('2026-03-10');
    await expect.poll(() => b.calendar.addWorkingDays('2026-03-06', 1), { interval: 25 }).toBe('2026-03-10');
    expect((await setDay('2026-03-09', { mark: 'normal', name: '' })).statusCode).toBe(200);
    await expect.poll(() => b.calendar.addWorkingDays('2026-03-06', 1), { interval: 25 }).toBe('2026-03-09');
  });

  it('a year is answered only once published, and no longer once withdrawn', async () => {
    await expect(b.calendar.isWorkingDay('2027-01-04')).rejects.toBeInstanceOf(CalendarYearMissingError);
    expect((await publish(2027, true)).json()).toEqual({ code: 200, msg: '2027年工作日历已发布', data: null });
    await expect.poll(() => b.calendar.isWorkingDay('2027-01-01').catch((e: Error) => e.name), { interval: 25 }).toBe(false);
    expect(await b.calendar.isWorkingDay('2027-01-04')).toBe(true);
    expect((await year(2027)).published).toBe(true);
    expect(await auditCount('calendar.published')).toBe(1);

    expect((await publish(2027, false)).json()).toEqual({ code: 200, msg: '2027年工作日历已撤回', data: null });
    await expect.poll(() => b.calendar.isWorkingDay('2027-01-04').catch((e: Error) => e.name), { interval: 25 }).toBe('CalendarYearMissingError');
    expect(await auditCount('calendar.withdrawn')).toBe(1);
  });

  it('the copy answers without asking the database while nothing changes', async () => {
    await a.calendar.addWorkingDays('2026-03-06', 1);
    let queries = 0;
    const counted = () => queries++;
    a.pgPool.on('acquire', counted);
    await a.calendar.addWorkingDays('2026-02-12', 5);
    await a.calendar.workingDaysBetween('2026-01-01', '2026-12-31');
    a.pgPool.off('acquire', counted);
    expect(queries).toBe(0);
  });
});

it('the 工作台 is warned about this year, and next year from 60 days before it', async () => {
  // 2026 is published; 2027 is not (withdrawn above).
  expect((await calendarStatus(a.db, new Date('2026-06-01T00:00:00Z'))).missing).toEqual([]);
  expect(await calendarStatus(a.db, new Date('2026-11-25T02:00:00Z'))).toEqual({ today: '2026-11-25', published: [2026], missing: [2027] });
  expect((await calendarStatus(a.db, new Date('2028-03-01T00:00:00Z'))).missing).toEqual([2028]);
});
