// Per-account limits on filing appeals and asking for visits (docs/rate-limits.md): counted per
// account and clock hour in PostgreSQL, so a second node on the database shares the count; past the
// budget a 429 with a Chinese message saying what was refused, and nothing is filed or announced.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPEAL_PATHS } from '@hqt/contract/appeal';
import { ROLES } from '@hqt/contract/auth';
import { OWN_MSG } from '@hqt/contract/messages';
import { VISIT_PATHS } from '@hqt/contract/visit';
import type { App } from '../../src/app';
import { enterprises, messages } from '../../src/db/schema/index';
import { appeals } from '../../src/services/appeal/schema';
import { calendarYears } from '../../src/services/calendar/schema';
import { visits } from '../../src/services/visit/schema';
import { bearer, createAccount, createTestApp, databaseUrlOf, loginAs, type TestAccount } from '../helpers/app';

const apps: App[] = [];
let app: App;
let other: App;
beforeAll(async () => {
  const limits = { APPEAL_RATE_LIMIT: '3', VISIT_REQUEST_RATE_LIMIT: '2' };
  app = await createTestApp(limits);
  other = await createTestApp(limits, { databaseUrl: databaseUrlOf(app) });
  apps.push(app, other);
  // Filing an appeal counts working days into this year and maybe the next, whenever this runs.
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  await app.db.insert(calendarYears).values([{ year }, { year: year + 1 }]).onConflictDoNothing();
  await vi.waitFor(() => app.calendar.addWorkingDays(new Date(), 40), { timeout: 10_000 });
  await vi.waitFor(() => other.calendar.addWorkingDays(new Date(), 40), { timeout: 10_000 });
});
afterAll(() => Promise.all(apps.map((a) => a.close())));

/** The budgets count per clock hour: a test that spends one starts well before an hour ends. */
async function earlyInAnHour(): Promise<void> {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

let ipSeq = 0;
async function enterprise(): Promise<{ account: TestAccount; enterpriseId: number; headers: Record<string, string> }> {
  const account = await createAccount(app, { name: '云溪限额测试有限公司' });
  const [row] = await app.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, account.id));
  return { account, enterpriseId: row!.id, headers: bearer((await loginAs(app, account, `10.55.0.${++ipSeq}`)).access_token) };
}

const appealBody = (enterpriseId: number, n: number) => ({
  enterpriseId,
  category: 'policy',
  title: `研发费用加计扣除政策咨询 ${n}`,
  content: '我公司今年研发投入较大，想了解加计扣除的申报流程。',
  contact: '王经理',
  phone: '13800138000',
});

describe('filing appeals', () => {
  it('an account files 3 an hour over every node; the next is refused with its message and files nothing; another account has its own count', async () => {
    await earlyInAnHour();
    const me = await enterprise();
    const statuses: number[] = [];
    for (let n = 1; n <= 3; n++) {
      const node = n % 2 ? app : other;
      statuses.push((await node.inject({ method: 'POST', url: APPEAL_PATHS.save, headers: me.headers, payload: appealBody(me.enterpriseId, n) })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);
    for (const node of [app, other]) {
      const refused = await node.inject({ method: 'POST', url: APPEAL_PATHS.save, headers: me.headers, payload: appealBody(me.enterpriseId, 4) });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, msg: OWN_MSG.appealTooFrequent, data: null });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await app.db.$count(appeals, eq(appeals.enterpriseId, me.enterpriseId))).toBe(3);

    const neighbour = await enterprise();
    expect((await app.inject({ method: 'POST', url: APPEAL_PATHS.save, headers: neighbour.headers, payload: appealBody(neighbour.enterpriseId, 1) })).statusCode).toBe(200);
  });

  it('a request its schema refuses is not counted', async () => {
    await earlyInAnHour();
    const me = await enterprise();
    for (let i = 0; i < 5; i++) {
      const bad = await app.inject({ method: 'POST', url: APPEAL_PATHS.save, headers: me.headers, payload: { enterpriseId: me.enterpriseId } });
      expect(bad.statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'POST', url: APPEAL_PATHS.save, headers: me.headers, payload: appealBody(me.enterpriseId, 1) })).statusCode).toBe(200);
  });
});

describe('asking for visits', () => {
  it('an account asks 2 times an hour; the next is refused with its message and no administrator is told again', async () => {
    await earlyInAnHour();
    const admin = await createAccount(app, { roleId: ROLES.admin.id, name: '周局长' });
    const me = await enterprise();
    const day = (d: number, h: number) => new Date(Date.now() + d * 86_400_000 + h * 3_600_000).toISOString();
    const body = (n: number) => ({ enterpriseId: me.enterpriseId, subject: `申请走访 ${n}`, topics: '专精特新申报条件', preferredTimes: [{ start: day(10, 0), end: day(10, 1) }, { start: day(11, 0), end: day(11, 1) }] });
    const statuses: number[] = [];
    for (let n = 1; n <= 2; n++) statuses.push((await (n === 1 ? app : other).inject({ method: 'POST', url: VISIT_PATHS.request, headers: me.headers, payload: body(n) })).statusCode);
    expect(statuses).toEqual([200, 200]);
    const refused = await app.inject({ method: 'POST', url: VISIT_PATHS.request, headers: me.headers, payload: body(3) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, msg: OWN_MSG.visitRequestTooFrequent, data: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const mine = await app.db.select({ id: visits.id }).from(visits).where(eq(visits.enterpriseId, me.enterpriseId));
    expect(mine).toHaveLength(2);
    const told = await app.db.select({ id: messages.id }).from(messages).where(eq(messages.accountId, admin.id));
    expect(told).toHaveLength(2);
  });
});
