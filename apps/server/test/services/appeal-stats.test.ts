// 企业诉求's figures (services/appeal/stats.ts): appeals built through the real calls, their times
// then set in the table to chosen China days of 2026 (its State Council calendar is seeded), and
// every figure asserted exactly — 响应率 in working days, 按时办结率, 满意率 without 未评价, 首次满意率,
// 差评 and 整改 counts, 整改率, average working days to the first reply — per category, department
// and month.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { APPEAL_PATHS, type AppealDetail } from '@hqt/contract/appeal';
import { APPEAL_STATS_PATHS, type AppealFiguresResult, type AppealFiguresRow } from '@hqt/contract/appeal-stats';
import type { App } from '../../src/app';
import { enterprises, workflowSteps } from '../../src/db/schema/index';
import { calendarYears } from '../../src/services/calendar/schema';
import { appeals } from '../../src/services/appeal/schema';
import { appealTotals } from '../../src/services/appeal/stats';
import { bearer, createAccount, createTestApp, loginAs, startJobsDone, type TestAccount } from '../helpers/app';

let app: App;
let as: Record<'ent' | 'ent2' | 'staff', Record<string, string>>;
let staff: TestAccount;
let entId: number;
let ent2Id: number;

const enterpriseOf = async (account: TestAccount) => (await app.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, account.id)))[0]!.id;

async function file(headers: Record<string, string>, enterpriseId: number, category: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: APPEAL_PATHS.save,
    headers,
    payload: { enterpriseId, category, title: '诉求统计测试', content: '统计口径测试用诉求。', contact: '王经理', phone: '13800138000' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as AppealDetail).id;
}

async function took(headers: Record<string, string>, id: number, body: Record<string, unknown>): Promise<void> {
  const res = await app.inject({ method: 'POST', url: APPEAL_PATHS.step.replace(':id', String(id)), headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

/** Sets an appeal's times to chosen instants (its steps were taken now). */
const setTimes = (id: number, times: Partial<Record<'createdAt' | 'acceptedAt' | 'repliedAt' | 'dueAt', string>>) =>
  app.db
    .update(appeals)
    .set(Object.fromEntries(Object.entries(times).map(([k, v]) => [k, new Date(v)])))
    .where(eq(appeals.id, id));

/** The first reply of a reopened appeal is its earliest reply step: one is added on the chosen day. */
const firstReplyAt = (id: number, at: string) =>
  app.db.insert(workflowSteps).values({ subjectKind: 'appeal', subjectId: id, step: 'reply', fromState: 'accepted', toState: 'replied', actorRole: 'staff', note: '答复', at: new Date(at) });

const figures = async (body: Record<string, unknown>, headers = as.staff) => {
  const res = await app.inject({ method: 'POST', url: APPEAL_STATS_PATHS.figures, headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AppealFiguresResult;
};
const rowOf = (result: AppealFiguresResult, key: string | null) => result.rows.find((r) => r.key === key)!;

const zero = {
  received: 0,
  responded: 0,
  responseRate: null,
  replied: 0,
  repliedOnTime: 0,
  onTimeRate: null,
  rated: 0,
  satisfied: 0,
  satisfactionRate: null,
  firstRated: 0,
  firstSatisfied: 0,
  firstSatisfactionRate: null,
  badRatings: 0,
  reworks: 0,
  reworksAnswered: 0,
  reworkRate: null,
  avgReplyDays: null,
};

beforeAll(async () => {
  app = await createTestApp();
  await startJobsDone(app); // the rating job's start run would close the fixtures' old replies as 未评价
  const ent = await createAccount(app, { name: '云溪智造科技有限公司' });
  const ent2 = await createAccount(app, { name: '云溪农业发展有限公司' });
  staff = await createAccount(app, { roleId: ROLES.staff.id, name: '张受理' });
  entId = await enterpriseOf(ent);
  ent2Id = await enterpriseOf(ent2);
  as = {
    ent: bearer((await loginAs(app, ent)).access_token),
    ent2: bearer((await loginAs(app, ent2)).access_token),
    staff: bearer((await loginAs(app, staff)).access_token),
  };
  // The steps are taken now: this year and the next published, whenever this runs.
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  await app.db.insert(calendarYears).values([{ year }, { year: year + 1 }]).onConflictDoNothing();
  await vi.waitFor(() => app.calendar.addWorkingDays(new Date(), 40), { timeout: 10_000 });

  const accept = (id: number) => took(as.staff, id, { step: 'accept' });
  const assign = (id: number, department: string) => took(as.staff, id, { step: 'assign', department, handlerId: staff.id });
  const reply = (id: number) => took(as.staff, id, { step: 'reply', note: '已答复' });

  // A — 惠企政策, 工信局: filed Monday 2 March 10:00, accepted Tuesday (1 working day: 响应),
  // replied Thursday (2 working days) before its due date, rated 满意.
  const a = await file(as.ent, entId, 'policy');
  await accept(a);
  await assign(a, 'gxj');
  await reply(a);
  await took(as.ent, a, { step: 'rate', rating: 'satisfied' });
  await setTimes(a, { createdAt: '2026-03-02T02:00:00Z', acceptedAt: '2026-03-03T01:00:00Z', repliedAt: '2026-03-05T06:00:00Z', dueAt: '2026-03-10T16:00:00Z' });

  // B — 惠企政策, 工信局: filed Friday 6 March 16:00, accepted Tuesday 10th (Monday and Tuesday:
  // 2 working days, no 响应), replied Friday 20th after its due date (Tuesday 17th), not rated yet.
  const b = await file(as.ent, entId, 'policy');
  await accept(b);
  await assign(b, 'gxj');
  await reply(b);
  await setTimes(b, { createdAt: '2026-03-06T08:00:00Z', acceptedAt: '2026-03-10T02:00:00Z', repliedAt: '2026-03-20T02:00:00Z', dueAt: '2026-03-17T16:00:00Z' });

  // C — 融资贷款, 科技局: filed Friday 6 March 01:00 China (Thursday in UTC), accepted Monday 9th
  // (1 working day in China time: 响应), first replied Wednesday 11th (2 working days), rated
  // 不满意: reopened for 整改, so not answered.
  const c = await file(as.ent, entId, 'finance');
  await accept(c);
  await assign(c, 'kjj');
  await reply(c);
  await took(as.ent, c, { step: 'rate', rating: 'dissatisfied', comment: '没有解决问题' });
  await setTimes(c, { createdAt: '2026-03-05T17:00:00Z', acceptedAt: '2026-03-09T01:00:00Z', repliedAt: '2026-03-11T02:00:00Z', dueAt: '2026-03-31T16:00:00Z' });
  await firstReplyAt(c, '2026-03-11T02:00:00Z');

  // D — 融资贷款, no department: filed and accepted Wednesday 1 April, replied Thursday (1 working
  // day) on time, closed by staff without a rating (未评价).
  const d = await file(as.ent, entId, 'finance');
  await accept(d);
  await reply(d);
  await took(as.staff, d, { step: 'close', note: '企业来电表示无需评价' });
  await setTimes(d, { createdAt: '2026-04-01T02:00:00Z', acceptedAt: '2026-04-01T03:00:00Z', repliedAt: '2026-04-02T02:00:00Z', dueAt: '2026-04-08T16:00:00Z' });

  // E — filed 1 January 2026 00:00 China (still 2025 in UTC): January 2026, not accepted.
  const e = await file(as.ent, entId, 'policy');
  await setTimes(e, { createdAt: '2025-12-31T16:00:00Z' });
  // F — filed 31 December 2025 23:59 China: another year, whose calendar is not published; its
  // acceptance on Sunday 4 January (调休, the next working day after 元旦) is not counted as 响应,
  // since 2025's days are never guessed.
  const f = await file(as.ent, entId, 'policy');
  await setTimes(f, { createdAt: '2025-12-31T15:59:00Z', acceptedAt: '2026-01-04T02:00:00Z' });

  // G — 惠企政策, 科技局: filed Friday 8 May 16:00, accepted Monday 11th (调休 Saturday 9th works:
  // 2 working days, no 响应), first replied Wednesday 13th (2 working days); two 差评 reopen it,
  // a third closes it with 非常不满意 kept; the last reply on time.
  const g = await file(as.ent, entId, 'policy');
  await accept(g);
  await assign(g, 'kjj');
  await reply(g);
  await took(as.ent, g, { step: 'rate', rating: 'veryDissatisfied', comment: '答非所问' });
  await took(as.staff, g, { step: 'callBack', note: '电话回访' });
  await reply(g);
  await took(as.ent, g, { step: 'rate', rating: 'dissatisfied', comment: '仍未解决' });
  await took(as.staff, g, { step: 'callBack', note: '第二次回访' });
  await reply(g);
  await took(as.ent, g, { step: 'rate', rating: 'veryDissatisfied', comment: '还是不行' });
  await setTimes(g, { createdAt: '2026-05-08T08:00:00Z', acceptedAt: '2026-05-11T02:00:00Z', repliedAt: '2026-06-01T02:00:00Z', dueAt: '2026-06-05T16:00:00Z' });
  await firstReplyAt(g, '2026-05-13T02:00:00Z');

  // H — 2024 (its calendar not published): first rated 不满意, reopened, called back, answered again
  // and then rated 满意. Its last rating is satisfied (满意率 100 %), its first was not (首次满意率
  // 0 %): one 差评, one 整改, answered again (整改率 100 %).
  const h = await file(as.ent, entId, 'policy');
  await accept(h);
  await assign(h, 'gxj');
  await reply(h);
  await took(as.ent, h, { step: 'rate', rating: 'dissatisfied', comment: '材料清单不完整' });
  await took(as.staff, h, { step: 'callBack', note: '电话回访' });
  await reply(h);
  await took(as.ent, h, { step: 'rate', rating: 'satisfied' });
  await setTimes(h, { createdAt: '2024-06-03T02:00:00Z', acceptedAt: '2024-06-03T03:00:00Z', repliedAt: '2024-06-20T02:00:00Z', dueAt: '2024-06-28T16:00:00Z' });
  await firstReplyAt(h, '2024-06-05T02:00:00Z');

  // Another enterprise's appeal, filed in 2023: in its own counts only.
  await setTimes(await file(as.ent2, ent2Id, 'policy'), { createdAt: '2023-06-01T02:00:00Z' });
});
afterAll(() => app.close());

describe('the staff figures of a year', () => {
  const totals2026 = {
    received: 6,
    responded: 3,
    responseRate: 0.5,
    replied: 4,
    repliedOnTime: 3,
    onTimeRate: 0.75,
    rated: 3,
    satisfied: 1,
    satisfactionRate: 1 / 3,
    // A (满意 at once), C (不满意, 整改中), G (three 差评)
    firstRated: 3,
    firstSatisfied: 1,
    firstSatisfactionRate: 1 / 3,
    badRatings: 4,
    reworks: 3,
    // G's two, answered again; C's waits in 整改中
    reworksAnswered: 2,
    reworkRate: 0.5,
    avgReplyDays: 3,
  };

  it('counts every measure in all (未评价 outside 满意率, each 差评, 整改, working days in China time)', async () => {
    const result = await figures({ year: 2026, by: 'category' });
    expect(result.totals).toEqual(totals2026);
  });

  it('groups by category: every category of the dictionary, zero where none', async () => {
    const result = await figures({ year: 2026, by: 'category' });
    expect(result.rows.map((r) => r.label)).toEqual(['惠企政策', '融资贷款', '人才需求', '用工社保', '基础设施', '证照办理', '市场经营', '其他']);
    // A, B, E, G
    expect(rowOf(result, 'policy')).toEqual<AppealFiguresRow>({
      key: 'policy',
      label: '惠企政策',
      received: 4,
      responded: 1,
      responseRate: 0.25,
      replied: 3,
      repliedOnTime: 2,
      onTimeRate: 2 / 3,
      rated: 2,
      satisfied: 1,
      satisfactionRate: 0.5,
      firstRated: 2,
      firstSatisfied: 1,
      firstSatisfactionRate: 0.5,
      badRatings: 3,
      reworks: 2,
      reworksAnswered: 2,
      reworkRate: 2 / 3,
      avgReplyDays: 4,
    });
    // C (reopened: rated 不满意, not answered) and D (未评价: answered, not rated)
    expect(rowOf(result, 'finance')).toMatchObject({ received: 2, responded: 2, replied: 1, repliedOnTime: 1, rated: 1, satisfied: 0, satisfactionRate: 0, firstRated: 1, firstSatisfied: 0, badRatings: 1, reworks: 1, reworksAnswered: 0, reworkRate: 0, avgReplyDays: 1.5 });
    expect(rowOf(result, 'talent')).toEqual({ key: 'talent', label: '人才需求', ...zero });
  });

  it('groups by department, those not assigned yet as 未分派', async () => {
    const result = await figures({ year: 2026, by: 'department' });
    expect(rowOf(result, 'gxj')).toMatchObject({ label: '云溪县工业和信息化局', received: 2, responded: 1, replied: 2, repliedOnTime: 1, onTimeRate: 0.5, rated: 1, satisfactionRate: 1, avgReplyDays: 5 });
    expect(rowOf(result, 'kjj')).toMatchObject({ label: '云溪县科学技术局', received: 2, responded: 1, replied: 1, rated: 2, satisfied: 0, firstRated: 2, firstSatisfactionRate: 0, badRatings: 4, reworks: 3, reworksAnswered: 2, reworkRate: 0.5, avgReplyDays: 2 });
    expect(rowOf(result, null)).toMatchObject({ label: '未分派', received: 2, responded: 1, responseRate: 0.5, replied: 1, rated: 0, satisfactionRate: null, avgReplyDays: 1 });
    expect(rowOf(result, 'czj')).toMatchObject(zero);
  });

  it('groups by month in China time: twelve months, 1 January 00:00 China in January, 31 December 2025 excluded', async () => {
    const result = await figures({ year: 2026, by: 'month' });
    expect(result.rows.map((r) => r.label)).toEqual(['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月']);
    expect(rowOf(result, '2026-01')).toEqual({ key: '2026-01', label: '1月', ...zero, received: 1, responseRate: 0 });
    expect(rowOf(result, '2026-03')).toMatchObject({ received: 3, responded: 2, replied: 2, repliedOnTime: 1, onTimeRate: 0.5, rated: 2, satisfied: 1, satisfactionRate: 0.5, firstRated: 2, firstSatisfied: 1, badRatings: 1, reworks: 1, reworksAnswered: 0, reworkRate: 0, avgReplyDays: 4 });
    // D alone: answered on time, 未评价 — no 满意率 rather than 0 %
    expect(rowOf(result, '2026-04')).toMatchObject({ received: 1, responded: 1, responseRate: 1, replied: 1, onTimeRate: 1, rated: 0, satisfactionRate: null, avgReplyDays: 1 });
    expect(rowOf(result, '2026-05')).toMatchObject({ received: 1, responded: 0, responseRate: 0, replied: 1, onTimeRate: 1, rated: 1, satisfactionRate: 0, firstRated: 1, firstSatisfactionRate: 0, badRatings: 3, reworks: 2, reworksAnswered: 2, reworkRate: 2 / 3, avgReplyDays: 2 });
    expect(rowOf(result, '2026-02')).toMatchObject(zero);
    expect(result.totals).toEqual(totals2026);
  });

  it('filters by category and department; another year holds only its own appeals', async () => {
    expect((await figures({ year: 2026, by: 'month', category: 'finance' })).totals).toMatchObject({ received: 2, responded: 2, replied: 1 });
    const byDept = await figures({ year: 2026, by: 'department', department: 'gxj' });
    expect(byDept.rows.map((r) => r.key)).toEqual(['gxj']);
    expect(byDept.totals.received).toBe(2);
    // 2025's calendar is not published: F's working days are unknown, not counted Monday–Friday.
    expect((await figures({ year: 2025, by: 'month' })).totals).toMatchObject({ received: 1, responded: 0, responseRate: 0 });
    expect((await figures({ year: 2023, by: 'month' })).totals).toMatchObject({ received: 1, rated: 0, firstRated: 0 });
    expect((await figures({ year: 2022, by: 'month' })).totals).toEqual(zero);
  });

  it('首次满意率 counts the first rating: satisfied only after 整改 is in 满意率, not in 首次满意率; its 差评 was reworked', async () => {
    // H alone: 满意率 100 % beside 差评 1 / 整改 1 — the first rating tells what the last hides.
    expect((await figures({ year: 2024, by: 'month' })).totals).toEqual({
      ...zero,
      received: 1,
      responseRate: 0,
      replied: 1,
      repliedOnTime: 1,
      onTimeRate: 1,
      rated: 1,
      satisfied: 1,
      satisfactionRate: 1,
      firstRated: 1,
      firstSatisfied: 0,
      firstSatisfactionRate: 0,
      badRatings: 1,
      reworks: 1,
      reworksAnswered: 1,
      reworkRate: 1,
    });
  });

  it('is for staff only: an enterprise is refused 403, no login 401; a bad year or dimension 400', async () => {
    const asEnt = await app.inject({ method: 'POST', url: APPEAL_STATS_PATHS.figures, headers: as.ent, payload: { year: 2026, by: 'month' } });
    expect(asEnt.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: APPEAL_STATS_PATHS.figures, payload: { year: 2026, by: 'month' } });
    expect(anonymous.statusCode).toBe(401);
    for (const payload of [{ by: 'month' }, { year: 2026.5, by: 'month' }, { year: 2026, by: 'handler' }]) {
      const res = await app.inject({ method: 'POST', url: APPEAL_STATS_PATHS.figures, headers: as.staff, payload });
      expect(res.json().code, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('the public totals', () => {
  it("counts the year's appeals in China time: received, closed, 满意率, 首次满意率, 按时办结率, 差评 and 整改率 only", async () => {
    expect(await appealTotals(app.db, new Date('2026-07-01T00:00:00Z'))).toEqual({
      year: 2026,
      received: 6,
      closed: 3,
      satisfactionRate: 1 / 3,
      firstSatisfactionRate: 1 / 3,
      onTimeRate: 0.75,
      badRatings: 4,
      reworkRate: 0.5,
    });
    expect(await appealTotals(app.db, new Date('2025-12-31T16:00:00Z'))).toMatchObject({ year: 2026, received: 6 });
    expect(await appealTotals(app.db, new Date('2025-12-31T15:00:00Z'))).toEqual({
      year: 2025,
      received: 1,
      closed: 0,
      satisfactionRate: null,
      firstSatisfactionRate: null,
      onTimeRate: null,
      badRatings: 0,
      reworkRate: null,
    });
    // H: satisfied at last, not at first.
    expect(await appealTotals(app.db, new Date('2024-07-01T00:00:00Z'))).toEqual({
      year: 2024,
      received: 1,
      closed: 1,
      satisfactionRate: 1,
      firstSatisfactionRate: 0,
      onTimeRate: 1,
      badRatings: 1,
      reworkRate: 1,
    });
  });

  it('answers without a login, with no enterprise named', async () => {
    const res = await app.inject({ method: 'GET', url: APPEAL_STATS_PATHS.totals });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(['badRatings', 'closed', 'firstSatisfactionRate', 'onTimeRate', 'received', 'reworkRate', 'satisfactionRate', 'year']);
    expect(res.json().data).toEqual(await appealTotals(app.db));
  });
});

describe("an account's own counts (data overview)", () => {
  it('counts its enterprises’ open appeals and those waiting for its rating, never another’s', async () => {
    const mine = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: APPEAL_STATS_PATHS.mine, headers })).json().data;
    // B (已答复), C (整改中), E and F (已提交) are open; B waits for a rating.
    expect(await mine(as.ent)).toEqual({ open: 4, toRate: 1 });
    expect(await mine(as.ent2)).toEqual({ open: 1, toRate: 0 });
    expect(await mine(as.staff)).toEqual({ open: 0, toRate: 0 });
    expect((await app.inject({ method: 'GET', url: APPEAL_STATS_PATHS.mine })).statusCode).toBe(401);
  });
});
