// 企业走访 (services/visit): every state of VISIT_FLOW and its refusals, clashes of the staff's
// time, problems of a summary filed as appeals exactly once, the .ics file, ownership on every
// call, the messages of each side, and the reminder of the working day before, once per visit.
import type { Response } from 'light-my-request';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { APPEAL_MSG, APPEAL_PATHS, type AppealItem } from '@hqt/contract/appeal';
import { FILE_PATHS, fileUrl, type UploadedFile } from '@hqt/contract/files';
import { VISIT_MAX_HOURS, VISIT_MSG, VISIT_PATHS, type VisitClash, type VisitDetail } from '@hqt/contract/visit';
import { VISIT_CONSOLE_PATHS } from '@hqt/contract/visit-console';
import { chinaDate, chinaDayEnd } from '@hqt/contract/working-days';
import type { App } from '../../src/app';
import { enterprises, messages, workflowSteps } from '../../src/db/schema/index';
import { appeals } from '../../src/services/appeal/schema';
import { ofVisit } from '../../src/services/appeal/visit-problems';
import { calendarYears } from '../../src/services/calendar/schema';
import { remindVisits } from '../../src/services/visit/jobs';
import { visits } from '../../src/services/visit/schema';
import { bearer, createAccount, createTestApp, loginAs, type TestAccount } from '../helpers/app';
import { expectOwnedCall, type Caller } from '../helpers/ownership';

let app: App;
let ent: TestAccount;
let entId: number;
let lead: TestAccount;
let member: TestAccount;
let outsider: TestAccount;
let admin: TestAccount;
let as: Record<'ent' | 'lead' | 'member' | 'outsider' | 'admin', Record<string, string>>;

const enterpriseOf = async (account: TestAccount) => (await app.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, account.id)))[0]!.id;

beforeAll(async () => {
  app = await createTestApp();
  ent = await createAccount(app, { name: '云溪精工机械有限公司' });
  entId = await enterpriseOf(ent);
  lead = await createAccount(app, { roleId: ROLES.staff.id, name: '赵带队' });
  member = await createAccount(app, { roleId: ROLES.staff.id, name: '钱随行' });
  outsider = await createAccount(app, { roleId: ROLES.staff.id, name: '孙局外' });
  admin = await createAccount(app, { roleId: ROLES.admin.id, name: '周局长' });
  const token = async (a: TestAccount, ip: string) => bearer((await loginAs(app, a, ip)).access_token);
  as = { ent: await token(ent, '10.9.0.1'), lead: await token(lead, '10.9.0.2'), member: await token(member, '10.9.0.3'), outsider: await token(outsider, '10.9.0.4'), admin: await token(admin, '10.9.0.5') };
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  await app.db.insert(calendarYears).values([{ year }, { year: year + 1 }]).onConflictDoNothing();
  await vi.waitFor(() => app.calendar.addWorkingDays(new Date(), 40), { timeout: 10_000 });
});
afterAll(() => app.close());

// ---- helpers -------------------------------------------------------------------------------------

const HOUR = 3_600_000;
/** A China day `days` from today at hours [from, to) (China time), as ISO instants. */
function slot(days: number, from: number, to: number) {
  const day = chinaDate(new Date(Date.now() + days * 86_400_000));
  const midnight = chinaDayEnd(day).getTime() - 86_400_000;
  return { startsAt: new Date(midnight + from * HOUR).toISOString(), endsAt: new Date(midnight + to * HOUR).toISOString() };
}
/** Each test its own days, so its staff's visits clash with nothing of another test's. */
let nextDay = 20;
const freshDay = () => (nextDay += 3);
/**
 * A day found from a fresh one (the next working day: over a weekend or a holiday it may be a week
 * on) is that test's too: the days after it go to the next tests, whatever today's weekday.
 */
const reserveThrough = (day: string) => {
  nextDay = Math.max(nextDay, Math.ceil((chinaDayEnd(day).getTime() - Date.now()) / 86_400_000) + 1);
};

const post = (url: string, headers: Record<string, string>, payload: unknown) => app.inject({ method: 'POST', url, headers, payload: payload as object });
const planBody = (enterpriseId: number, time: { startsAt: string; endsAt: string }, extra: Record<string, unknown> = {}) => ({
  enterpriseId,
  subject: '走访了解技改项目进展',
  type: 'project',
  method: 'onsite',
  place: '云溪经济开发区创业路 8 号',
  staff: [
    { accountId: lead.id, lead: true },
    { accountId: member.id, lead: false },
  ],
  ...time,
  ...extra,
});
async function plan(enterpriseId = entId, time = slot(freshDay(), 9, 11), extra: Record<string, unknown> = {}): Promise<VisitDetail> {
  const res = await post(VISIT_CONSOLE_PATHS.plan, as.lead, planBody(enterpriseId, time, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const approval = (headers: Record<string, string>, body: Record<string, unknown>) => post(VISIT_PATHS.approval, headers, body);
const staffStep = (headers: Record<string, string>, id: number, body: Record<string, unknown>) => post(VISIT_CONSOLE_PATHS.step.replace(':id', String(id)), headers, body);
const summary = (headers: Record<string, string>, id: number, body: Record<string, unknown>) => post(VISIT_CONSOLE_PATHS.summary.replace(':id', String(id)), headers, body);
/**
 * The visit's day comes: the app's clock moved to a minute after its start (visits are planned
 * ahead, and a summary is written only after the start). Each test starts on the wall's time.
 */
const begun = async (id: number) => {
  const [v] = await app.db.select({ startsAt: visits.startsAt }).from(visits).where(eq(visits.id, id));
  app.clock.travel(v!.startsAt!.getTime() + 60_000 - Date.now());
};
afterEach(() => app.clock.travel(0));
const appraise = (headers: Record<string, string>, body: Record<string, unknown>) => post(VISIT_PATHS.appraisal, headers, body);
const ics = (headers: Record<string, string>, id: number) => app.inject({ method: 'GET', url: VISIT_PATHS.ics.replace(':id', String(id)), headers });
const statusOf = async (id: number) => (await app.db.select({ status: visits.status }).from(visits).where(eq(visits.id, id)))[0]!.status;
const detail = async (headers: Record<string, string>, id: number, url: string = VISIT_PATHS.detail): Promise<VisitDetail> => {
  const res = await app.inject({ method: 'GET', url: url.replace(':id', String(id)), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** The kinds of the messages an account holds about one visit, oldest first. */
const kindsOf = async (accountId: number, visitId: number) =>
  (
    await app.db
      .select({ kind: messages.kind })
      .from(messages)
      .where(and(eq(messages.accountId, accountId), like(messages.link, `%visits?id=${visitId}`)))
      .orderBy(asc(messages.id))
  ).map((m) => m.kind);
const portalKindsOf = async (accountId: number, visitId: number) =>
  (
    await app.db
      .select({ kind: messages.kind })
      .from(messages)
      .where(and(eq(messages.accountId, accountId), like(messages.link, `%enterpriseVisit?id=${visitId}`)))
      .orderBy(asc(messages.id))
  ).map((m) => m.kind);
const confirmed = async () => {
  const v = await plan();
  expect((await approval(as.ent, { id: v.id, action: 'approve' })).statusCode).toBe(200);
  return v;
};
const problems = [
  { category: 'finance', title: '技改贷款贴息申请进度慢', content: '去年申请的技改贷款贴息至今未到账，希望了解进度。' },
  { category: 'talent', title: '高级技工招聘困难', content: '数控高级技工缺口 12 人，希望对接职业院校。' },
];

// ---- the whole loop ------------------------------------------------------------------------------

describe('the visit loop', () => {
  it('plans, the enterprise proposes another time, staff accept, .ics, a summary with two problems as appeals, appraised once', async () => {
    const planned = await plan();
    expect(planned).toMatchObject({ status: 'pending', statusLabel: '待确认', typeName: '项目服务', methodName: '实地走访', leadName: '赵带队' });
    expect(planned.number).toMatch(/^ZF\d{8}-\d{4}$/);
    expect(planned.timeline.map((t) => t.step)).toEqual(['plan']);
    expect(await portalKindsOf(ent.id, planned.id)).toEqual(['visit.invited']);
    // the invitation names the visit's number (it read 走访编号 null: sent before the number was given)
    const [invitation] = await app.db.select({ body: messages.body }).from(messages).where(and(eq(messages.accountId, ent.id), like(messages.link, `%enterpriseVisit?id=${planned.id}`)));
    expect(invitation!.body.split('\n')[0]).toBe(`走访编号 ${planned.number}`);

    // the enterprise sees it to confirm, with its steps
    const toConfirm = await post(VISIT_PATHS.appointmentPage, as.ent, { currentPage: 1, pageSize: 50, filter: 'toConfirm' });
    expect(toConfirm.json().data.list.map((v: { id: number }) => v.id)).toContain(planned.id);
    expect((await detail(as.ent, planned.id)).steps).toEqual(['approve', 'decline', 'propose']);

    // another time, then staff accept it: the proposed time becomes the time
    const other = slot(freshDay(), 14, 16);
    const proposed = await approval(as.ent, { id: planned.id, action: 'propose', proposed: { start: other.startsAt, end: other.endsAt }, note: '上午有客户来访' });
    expect(proposed.json()).toMatchObject({ code: 200, data: { status: 'rescheduling', proposed: { start: other.startsAt, end: other.endsAt } } });
    expect(await kindsOf(lead.id, planned.id)).toEqual(['visit.proposed']);
    const accepted = await staffStep(as.member, planned.id, { step: 'accept' });
    expect(accepted.json()).toMatchObject({ code: 200, data: { status: 'confirmed', startsAt: other.startsAt, endsAt: other.endsAt, proposed: null } });
    expect(await portalKindsOf(ent.id, planned.id)).toEqual(['visit.invited', 'visit.confirmed']);

    // the calendar file
    const file = await ics(as.ent, planned.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/calendar');
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace('.000', '');
    expect(file.body).toContain(`DTSTART:${stamp(other.startsAt)}\r\n`);
    expect(file.body).toContain(`DTEND:${stamp(other.endsAt)}\r\n`);
    expect(file.body).toContain('SUMMARY:走访了解技改项目进展\r\n');
    expect(file.body).toMatch(new RegExp(`UID:visit-${planned.id}@[^\\r]+\\r\\n`));

    // not before the visit: refused with its time, nothing changes, and the detail offers no summary
    const early = await summary(as.lead, planned.id, { content: '提前写的纪要', problems });
    expect(early.json()).toEqual({ code: 409, msg: VISIT_MSG.notHeldYet(`${chinaDate(new Date(other.startsAt))} 14:00`), data: null });
    expect(await statusOf(planned.id)).toBe('confirmed');
    expect(await app.db.$count(appeals, ofVisit(planned.id))).toBe(0);
    expect((await detail(as.lead, planned.id, VISIT_CONSOLE_PATHS.detail)).steps).toEqual(['cancel']);

    // the lead writes the summary once the visit has begun: two problems become appeals of the enterprise, the visit named
    await begun(planned.id);
    expect((await detail(as.lead, planned.id, VISIT_CONSOLE_PATHS.detail)).steps).toEqual(['cancel', 'summarize']);
    const written = await summary(as.lead, planned.id, { content: '了解了技改项目进展，宣讲了技改补贴政策。', problems });
    expect(written.json(), written.body).toMatchObject({ code: 200, data: { status: 'visited' } });
    const filed = (written.json().data as VisitDetail).problems;
    expect(filed.map((p) => [p.title, p.statusLabel])).toEqual([
      ['技改贷款贴息申请进度慢', '已提交'],
      ['高级技工招聘困难', '已提交'],
    ]);
    const list = await app.inject({ method: 'GET', url: `${APPEAL_PATHS.list.replace(':id', String(entId))}?currentPage=1&pageSize=50`, headers: as.ent });
    const fromVisit = (list.json().data.list as AppealItem[]).filter((a) => a.visitId === planned.id);
    expect(fromVisit.map((a) => [a.title, a.visitNumber])).toEqual([
      ['高级技工招聘困难', planned.number],
      ['技改贷款贴息申请进度慢', planned.number],
    ]);
    const appealDetail = await app.inject({ method: 'GET', url: APPEAL_PATHS.detail.replace(':id', String(filed[0]!.appealId)), headers: as.ent });
    expect(appealDetail.json().data).toMatchObject({ visitId: planned.id, visitNumber: planned.number, number: filed[0]!.appealNumber });

    // saved again (edited, the same problems): still two appeals, each once
    const again = await summary(as.lead, planned.id, { content: '补充：已约定下月回访。', problems });
    expect(again.statusCode, again.body).toBe(200);
    expect(await app.db.$count(appeals, ofVisit(planned.id))).toBe(2);

    // the problem's appeal runs its own course, and the visit shows its state
    await app.db.update(appeals).set({ status: 'accepted' }).where(eq(appeals.id, filed[0]!.appealId));
    expect((await detail(as.ent, planned.id)).problems[0]).toMatchObject({ status: 'accepted', statusLabel: '办理中' });

    // the enterprise reads the summary and appraises it once
    const summaries = await post(VISIT_PATHS.summaryPage, as.ent, { currentPage: 1, pageSize: 50 });
    expect(summaries.json().data.list.map((v: { id: number }) => v.id)).toContain(planned.id);
    const appraised = await appraise(as.ent, { id: planned.id, rating: 'verySatisfied', comment: '讲解清楚' });
    expect(appraised.json()).toMatchObject({ code: 200, data: { status: 'appraised', ratingLabel: '非常满意' } });
    expect(await kindsOf(lead.id, planned.id)).toEqual(['visit.proposed', 'visit.appraised']);
    const twice = await appraise(as.ent, { id: planned.id, rating: 'satisfied' });
    expect(twice.json()).toEqual({ code: 409, msg: '当前状态为「已评价」，不能评价', data: null });
    expect((await detail(as.ent, planned.id)).ratingLabel).toBe('非常满意');
    expect((await detail(as.ent, planned.id)).timeline.map((t) => t.step)).toEqual(['plan', 'propose', 'accept', 'summarize', 'summarize', 'appraise']);
  });

  it('an enterprise asks for a visit; staff schedule it, the enterprise approves; another request is refused with a reason', async () => {
    const times = [slot(freshDay(), 9, 10), slot(freshDay(), 14, 15)].map((t) => ({ start: t.startsAt, end: t.endsAt }));
    const asked = await post(VISIT_PATHS.request, as.ent, { enterpriseId: entId, subject: '希望了解专精特新申报', preferredTimes: times, topics: '专精特新申报条件' });
    expect(asked.json(), asked.body).toMatchObject({ code: 200, data: { status: 'requested', statusLabel: '企业申请', origin: 'enterprise', preferredTimes: times } });
    const id = (asked.json().data as VisitDetail).id;
    expect(await kindsOf(admin.id, id)).toEqual(['visit.requested']);
    // one preferred time is not enough
    const one = await post(VISIT_PATHS.request, as.ent, { enterpriseId: entId, subject: '申请', preferredTimes: times.slice(0, 1), topics: '内容' });
    expect(one.json()).toMatchObject({ code: 400, msg: '请填写 2–3 个期望的走访时间' });

    const time = { startsAt: times[1]!.start, endsAt: times[1]!.end };
    const incomplete = await staffStep(as.lead, id, { step: 'schedule', ...time });
    expect(incomplete.json()).toMatchObject({ code: 400, msg: VISIT_MSG.staffRequired });
    const scheduled = await staffStep(as.lead, id, { step: 'schedule', type: 'policy', method: 'video', place: '腾讯会议', staff: [{ accountId: lead.id, lead: true }], ...time });
    expect(scheduled.json(), scheduled.body).toMatchObject({ code: 200, data: { status: 'pending', startsAt: time.startsAt, methodName: '视频连线', leadName: '赵带队' } });
    expect((await approval(as.ent, { id, action: 'approve' })).json()).toMatchObject({ code: 200, data: { status: 'confirmed' } });
    expect(await kindsOf(lead.id, id)).toEqual(['visit.confirmed']);

    const other = await post(VISIT_PATHS.request, as.ent, { enterpriseId: entId, subject: '再次申请', preferredTimes: times, topics: '内容' });
    const otherId = (other.json().data as VisitDetail).id;
    expect((await staffStep(as.lead, otherId, { step: 'refuse' })).json()).toMatchObject({ code: 400, msg: '不予安排须填写说明' });
    expect((await staffStep(as.lead, otherId, { step: 'refuse', note: '本月已安排同主题宣讲会' })).json()).toMatchObject({ code: 200, data: { status: 'declined', note: '本月已安排同主题宣讲会' } });
    expect(await portalKindsOf(ent.id, otherId)).toEqual(['visit.declined']);
  });

  it('declines with a note; staff propose again after a proposal; cancel with a reason before the visit, never after', async () => {
    const declined = await plan();
    expect((await approval(as.ent, { id: declined.id, action: 'decline' })).json()).toMatchObject({ code: 400, msg: '拒绝走访须填写说明' });
    expect(await statusOf(declined.id)).toBe('pending');
    expect((await approval(as.ent, { id: declined.id, action: 'decline', note: '近期停产检修' })).json()).toMatchObject({ code: 200, data: { status: 'declined' } });
    expect(await kindsOf(lead.id, declined.id)).toEqual(['visit.declined']);

    const v = await plan();
    expect((await approval(as.ent, { id: v.id, action: 'propose' })).json()).toMatchObject({ code: 400, msg: VISIT_MSG.proposedRequired });
    const theirs = slot(freshDay(), 9, 10);
    await approval(as.ent, { id: v.id, action: 'propose', proposed: { start: theirs.startsAt, end: theirs.endsAt } });
    const ours = slot(freshDay(), 15, 16);
    const again = await staffStep(as.lead, v.id, { step: 'repropose', ...ours, note: '该日全天有会' });
    expect(again.json()).toMatchObject({ code: 200, data: { status: 'pending', startsAt: ours.startsAt, proposed: null } });
    expect(await portalKindsOf(ent.id, v.id)).toEqual(['visit.invited', 'visit.invited']);
    expect((await staffStep(as.lead, v.id, { step: 'cancel' })).json()).toMatchObject({ code: 400, msg: '取消走访须填写说明' });
    expect((await staffStep(as.lead, v.id, { step: 'cancel', note: '企业搬迁' })).json()).toMatchObject({ code: 200, data: { status: 'cancelled', note: '企业搬迁' } });
    expect(await portalKindsOf(ent.id, v.id)).toEqual(['visit.invited', 'visit.invited', 'visit.cancelled']);
    // the team hears of it on the console, but not the lead who cancelled it
    expect(await kindsOf(member.id, v.id)).toEqual(['visit.proposed', 'visit.cancelled']);
    expect(await kindsOf(lead.id, v.id)).toEqual(['visit.proposed']);

    // approving a cancelled visit: refused, nothing changes
    const late = await approval(as.ent, { id: v.id, action: 'approve' });
    expect(late.json()).toEqual({ code: 409, msg: '当前状态为「已取消」，不能确认走访', data: null });
    expect(await statusOf(v.id)).toBe('cancelled');

    // a visit held cannot be cancelled
    const held = await confirmed();
    await begun(held.id);
    await summary(as.lead, held.id, { content: '走访纪要' });
    expect((await staffStep(as.lead, held.id, { step: 'cancel', note: '误操作' })).json()).toMatchObject({ code: 409, msg: '当前状态为「已走访」，不能取消走访' });
    expect(await statusOf(held.id)).toBe('visited');
  });
});

describe('an appeal about a visit', () => {
  it('the enterprise files an appeal about one of its visits; another enterprise\'s visit is refused and nothing is filed', async () => {
    const visit = await plan();
    const body = { enterpriseId: entId, category: 'policy', title: '走访中提到的贴息问题', content: '走访时反映的贴息问题，补充说明。', contact: '王经理', phone: '13800138000' };
    const res = await post(APPEAL_PATHS.save, as.ent, { ...body, visitId: visit.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ visitId: visit.id, visitNumber: visit.number });
    const read = await app.inject({ method: 'GET', url: APPEAL_PATHS.detail.replace(':id', String(res.json().data.id)), headers: as.ent });
    expect(res.json().data).toEqual(read.json().data);

    const other = await createAccount(app, { name: `另一企业${randomBytes(3).toString('hex')}有限公司` });
    const othersVisit = await plan(await enterpriseOf(other));
    const before = await app.db.$count(appeals);
    expect((await post(APPEAL_PATHS.save, as.ent, { ...body, visitId: othersVisit.id })).json()).toMatchObject({ code: 400, msg: APPEAL_MSG.visitNotFound });
    expect(await app.db.$count(appeals)).toBe(before);
  });
});

describe('the calendar file and the summary\'s attachments', () => {
  it('escapes the subject and place per RFC 5545, only for a confirmed visit', async () => {
    const v = await plan(entId, slot(freshDay(), 9, 11), { subject: '政策宣讲;技改,贷款\\答疑', place: '创业路 8 号\nB 座 3 楼' });
    expect((await ics(as.ent, v.id)).json()).toEqual({ code: 409, msg: VISIT_MSG.notConfirmed, data: null });
    await approval(as.ent, { id: v.id, action: 'approve' });
    const file = await ics(as.lead, v.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${v.number}.ics"`);
    expect(file.body).toContain('SUMMARY:政策宣讲\\;技改\\,贷款\\\\答疑\r\n');
    expect(file.body).toContain('LOCATION:创业路 8 号\\nB 座 3 楼\r\n');
    expect(file.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(file.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('the summary\'s files: the enterprise and staff read them, another enterprise gets 404', async () => {
    const boundary = `----hqt${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.from(`%PDF-1.4\n${randomBytes(16).toString('hex')}\n%%EOF\n`),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...as.lead, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = (uploaded.json().data as UploadedFile[])[0]!.id;
    const v = await confirmed();
    await begun(v.id);
    const written = await summary(as.lead, v.id, { content: '纪要', fileIds: [fileId] });
    expect((written.json().data as VisitDetail).attachments.map((a) => a.id)).toEqual([fileId]);
    expect((await app.inject({ method: 'GET', url: fileUrl(fileId), headers: as.ent })).statusCode).toBe(200);
    const other = await createAccount(app, { name: '丙方企业有限公司' });
    const otherHeaders = bearer((await loginAs(app, other, '10.9.1.1')).access_token);
    expect((await app.inject({ method: 'GET', url: fileUrl(fileId), headers: otherHeaders })).statusCode).toBe(404);
  });
});

// ---- refusals ------------------------------------------------------------------------------------

describe('who may do what', () => {
  it('a summary: not by an enterprise token, not by staff outside the visit, not by a member who is not the lead, not before it is confirmed', async () => {
    const pending = await plan();
    expect((await summary(as.lead, pending.id, { content: '纪要' })).json()).toMatchObject({ code: 409, msg: '当前状态为「待确认」，不能填写走访纪要' });
    await approval(as.ent, { id: pending.id, action: 'approve' });
    const byEnterprise = await summary(as.ent, pending.id, { content: '纪要', problems });
    expect(byEnterprise.statusCode).toBe(403);
    const byOutsider = await summary(as.outsider, pending.id, { content: '纪要', problems });
    expect(byOutsider.json()).toEqual({ code: 403, msg: VISIT_MSG.notOnVisit, data: null });
    const byAdmin = await summary(as.admin, pending.id, { content: '纪要', problems });
    expect(byAdmin.json()).toMatchObject({ code: 403, msg: VISIT_MSG.notOnVisit });
    const byMember = await summary(as.member, pending.id, { content: '纪要', problems });
    expect(byMember.json()).toMatchObject({ code: 403, msg: VISIT_MSG.leadOnly });
    expect(await statusOf(pending.id)).toBe('confirmed');
    expect(await app.db.$count(appeals, ofVisit(pending.id))).toBe(0);
    // the member's detail offers no summary; the lead's does
    expect((await detail(as.member, pending.id, VISIT_CONSOLE_PATHS.detail)).steps).toEqual(['cancel']);
    expect((await detail(as.lead, pending.id, VISIT_CONSOLE_PATHS.detail)).steps).toEqual(['cancel']); // not before the visit begins
    await begun(pending.id);
    expect((await detail(as.lead, pending.id, VISIT_CONSOLE_PATHS.detail)).steps).toEqual(['cancel', 'summarize']);
    // an enterprise may not take staff's steps, nor staff the enterprise's
    expect((await approval(as.lead, { id: pending.id, action: 'approve' })).statusCode).toBe(403);
  });

  it('a problem of an unknown category files nothing and leaves the visit confirmed', async () => {
    const v = await confirmed();
    const res = await summary(as.lead, v.id, { content: '纪要', problems: [{ category: 'nope', title: '问题', content: '描述' }] });
    expect(res.json()).toMatchObject({ code: 400, msg: VISIT_MSG.appealCategoryNotFound });
    expect(await statusOf(v.id)).toBe('confirmed');
    expect(await app.db.$count(appeals, ofVisit(v.id))).toBe(0);
  });

  it('两人同时操作: approving and declining at once, one wins', async () => {
    const v = await plan();
    const both = await Promise.all([approval(as.ent, { id: v.id, action: 'approve' }), approval(as.ent, { id: v.id, action: 'decline', note: '不需要' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await app.db.$count(workflowSteps, and(eq(workflowSteps.subjectKind, 'visit'), eq(workflowSteps.subjectId, v.id)))).toBe(2);
  });

  it('a 差评 needs a comment and goes to the leadership: a message to administrators and the badAppraisal filter', async () => {
    const v = await confirmed();
    await begun(v.id);
    await summary(as.lead, v.id, { content: '纪要' });
    expect((await appraise(as.ent, { id: v.id, rating: 'dissatisfied' })).json()).toMatchObject({ code: 400, msg: VISIT_MSG.commentRequired });
    expect(await statusOf(v.id)).toBe('visited');
    expect((await appraise(as.ent, { id: v.id, rating: 'dissatisfied', comment: '问题没有回应' })).statusCode).toBe(200);
    expect(await kindsOf(admin.id, v.id)).toEqual(['visit.bad-appraisal']);
    const bad = await post(VISIT_CONSOLE_PATHS.page, as.admin, { currentPage: 1, pageSize: 100, badAppraisal: true });
    const ids = bad.json().data.list.map((r: { id: number }) => r.id);
    expect(ids).toContain(v.id);
    expect(bad.json().data.list.every((r: { rating: string }) => ['dissatisfied', 'veryDissatisfied'].includes(r.rating))).toBe(true);
  });

  it("another enterprise's account: 404 on every call, nothing changes", async () => {
    const mine = new Map<number, { id: number; confirmed: number; visited: number }>();
    /** The owner's three visits (to confirm, confirmed, held), made once per owner. */
    const visitsOf = async (owner: Caller) => {
      if (!mine.has(owner.account.id)) {
        const enterpriseId = await enterpriseOf(owner.account);
        const a = await plan(enterpriseId, slot(freshDay(), 9, 10));
        const b = await plan(enterpriseId, slot(freshDay(), 9, 10));
        await approval(owner.headers, { id: b.id, action: 'approve' });
        const c = await plan(enterpriseId, slot(freshDay(), 9, 10));
        await approval(owner.headers, { id: c.id, action: 'approve' });
        await begun(c.id);
        await summary(as.lead, c.id, { content: '纪要' });
        app.clock.travel(0); // the next owner's visits are planned from today
        mine.set(owner.account.id, { id: a.id, confirmed: b.id, visited: c.id });
      }
      return mine.get(owner.account.id)!;
    };
    const snapshot = async (owner: Caller) => {
      const v = await visitsOf(owner);
      return app.db.select({ id: visits.id, status: visits.status, startsAt: visits.startsAt, rating: visits.rating }).from(visits).where(eq(visits.enterpriseId, await enterpriseOf(owner.account))).orderBy(asc(visits.id)).then((rows) => ({ v, rows }));
    };
    const owned = (call: (caller: Caller, v: { id: number; confirmed: number; visited: number }, owner: Caller) => Promise<Response>) =>
      expectOwnedCall(app, { snapshot, call: async (caller, owner) => call(caller, await visitsOf(owner), owner) });

    await owned((c, v) => app.inject({ method: 'GET', url: VISIT_PATHS.detail.replace(':id', String(v.id)), headers: c.headers }));
    await owned((c, v) => approval(c.headers, { id: v.id, action: 'approve' }));
    await owned((c, v) => approval(c.headers, { id: v.id, action: 'decline', note: '不需要' }));
    await owned((c, v) => approval(c.headers, { id: v.id, action: 'propose', proposed: { start: slot(nextDay + 1, 9, 10).startsAt, end: slot(nextDay + 1, 9, 10).endsAt } }));
    await owned((c, v) => appraise(c.headers, { id: v.visited, rating: 'satisfied' }));
    await owned((c, v) => ics(c.headers, v.confirmed));
    await owned(async (c, _v, owner) => post(VISIT_PATHS.appointmentPage, c.headers, { currentPage: 1, pageSize: 10, enterpriseId: await enterpriseOf(owner.account) }));
    await owned(async (c, _v, owner) => post(VISIT_PATHS.summaryPage, c.headers, { currentPage: 1, pageSize: 10, enterpriseId: await enterpriseOf(owner.account) }));
    await owned(async (c, _v, owner) => {
      const t = [slot(freshDay(), 9, 10), slot(freshDay(), 10, 11)].map((s) => ({ start: s.startsAt, end: s.endsAt }));
      return post(VISIT_PATHS.request, c.headers, { enterpriseId: await enterpriseOf(owner.account), subject: '申请走访', preferredTimes: t, topics: '内容' });
    });
    // an enterprise's own list holds only its own visits
    const own = await post(VISIT_PATHS.appointmentPage, as.ent, { currentPage: 1, pageSize: 100 });
    expect(own.json().data.list.every((v: { enterpriseId: number }) => v.enterpriseId === entId)).toBe(true);
  });
});

// ---- clashes -------------------------------------------------------------------------------------

describe('clashes of the staff time', () => {
  it('an overlap is a clash (409 with the visits, unless forced); back-to-back and another day are not', async () => {
    const day = freshDay();
    const first = await plan(entId, slot(day, 9, 11));
    const check = (time: { startsAt: string; endsAt: string }, staffIds = [member.id]) => post(VISIT_CONSOLE_PATHS.clashes, as.lead, { staffIds, ...time });

    const overlapping = slot(day, 10, 12);
    const asked = await check(overlapping);
    expect((asked.json().data as VisitClash[]).map((c) => [c.id, c.staff.map((s) => s.name)])).toEqual([[first.id, ['钱随行']]]);
    expect((await check(slot(day, 11, 12))).json().data).toEqual([]);
    expect((await check(slot(day, 8, 9))).json().data).toEqual([]);
    expect((await check(slot(day + 1, 9, 11))).json().data).toEqual([]);
    expect((await check(overlapping, [outsider.id])).json().data).toEqual([]);

    const refused = await post(VISIT_CONSOLE_PATHS.plan, as.lead, planBody(entId, overlapping));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(VISIT_MSG.clash(1));
    expect((refused.json().data as VisitClash[]).map((c) => c.id)).toEqual([first.id]);
    const backToBack = await plan(entId, slot(day, 11, 12));
    const forced = await plan(entId, overlapping, { force: true });
    expect(forced.status).toBe('pending');

    // rescheduling into a clash is refused too (the visit's own time is not a clash with itself)
    const moved = await staffStep(as.lead, backToBack.id, { step: 'cancel', note: '调整' });
    expect(moved.statusCode).toBe(200);
    await approval(as.ent, { id: first.id, action: 'propose', proposed: { start: slot(day, 9, 10).startsAt, end: slot(day, 9, 10).endsAt } });
    const ownTime = await staffStep(as.lead, first.id, { step: 'repropose', ...slot(day, 8, 11) });
    expect(ownTime.json()).toMatchObject({ code: 409 });
    expect((ownTime.json().data as VisitClash[]).map((c) => c.id)).toEqual([forced.id]);
    expect((await staffStep(as.lead, first.id, { step: 'repropose', ...slot(day, 7, 9) })).statusCode).toBe(200);
    // a cancelled visit holds no time: only the forced one is in 11–12 now
    expect((await check(slot(day, 11, 12))).json().data.map((c: VisitClash) => c.id)).toEqual([forced.id]);

    // the longest visit (VISIT_MAX_HOURS) clashes with one starting in its last hour, not with one after it
    const long = await plan(entId, slot(day + 2, 0, VISIT_MAX_HOURS));
    expect((await check(slot(day + 2, VISIT_MAX_HOURS - 1, VISIT_MAX_HOURS + 1))).json().data.map((c: VisitClash) => c.id)).toEqual([long.id]);
    expect((await check(slot(day + 2, VISIT_MAX_HOURS, VISIT_MAX_HOURS + 1))).json().data).toEqual([]);
  });
});

// ---- reminders -----------------------------------------------------------------------------------

describe('the reminder of the working day before', () => {
  it('tells both sides of a confirmed visit once, on the working day before it', async () => {
    // a working day ahead, and the working day before it
    const visitDay = await app.calendar.addWorkingDays(new Date(Date.now() + freshDay() * 86_400_000), 1);
    reserveThrough(visitDay);
    const base = chinaDayEnd(visitDay).getTime() - 86_400_000;
    const time = { startsAt: new Date(base + 9 * HOUR).toISOString(), endsAt: new Date(base + 10 * HOUR).toISOString() };
    const v = await plan(entId, time);
    const pending = await plan(entId, { startsAt: new Date(base + 14 * HOUR).toISOString(), endsAt: new Date(base + 15 * HOUR).toISOString() });
    await approval(as.ent, { id: v.id, action: 'approve' });
    let dayBefore = new Date(base - 86_400_000 + 9 * HOUR);
    while (!(await app.calendar.isWorkingDay(dayBefore))) dayBefore = new Date(dayBefore.getTime() - 86_400_000);
    const twoBefore = new Date(dayBefore.getTime() - 86_400_000);

    const deps = { db: app.db, calendar: app.calendar, dicts: app.dicts, events: app.events, followUps: app.visitFollowUps };
    if (await app.calendar.isWorkingDay(twoBefore)) {
      await remindVisits(deps, twoBefore);
      expect(await portalKindsOf(ent.id, v.id)).not.toContain('visit.reminder');
    }
    await remindVisits(deps, dayBefore);
    expect(await portalKindsOf(ent.id, v.id)).toEqual(['visit.invited', 'visit.reminder']);
    expect(await kindsOf(lead.id, v.id)).toEqual(['visit.confirmed', 'visit.reminder']);
    expect(await kindsOf(member.id, v.id)).toEqual(['visit.confirmed', 'visit.reminder']);
    // a visit still to confirm is not reminded; a second run reminds nobody again
    expect(await portalKindsOf(ent.id, pending.id)).toEqual(['visit.invited']);
    expect(await remindVisits(deps, dayBefore)).toBe(0);
    expect(await portalKindsOf(ent.id, v.id)).toEqual(['visit.invited', 'visit.reminder']);
  });
});

// ---- the console ---------------------------------------------------------------------------------

describe('the console', () => {
  it('lists with filters, the calendar of a range, the detail with the timeline, and the figures', async () => {
    const day = freshDay();
    const time = slot(day, 9, 10);
    const v = await plan(entId, time);
    const byStaff = await post(VISIT_CONSOLE_PATHS.page, as.admin, { currentPage: 1, pageSize: 100, staffId: member.id, month: time.startsAt.slice(0, 7), keyword: v.number });
    expect(byStaff.json().data.list.map((r: { id: number }) => r.id)).toEqual([v.id]);
    expect((await post(VISIT_CONSOLE_PATHS.page, as.admin, { currentPage: 1, pageSize: 100, staffId: outsider.id, keyword: v.number })).json().data.list).toEqual([]);
    const day0 = chinaDate(new Date(time.startsAt));
    const calendar = await post(VISIT_CONSOLE_PATHS.calendar, as.admin, { from: day0, to: day0 });
    expect(calendar.json().data.map((r: { id: number }) => r.id)).toContain(v.id);
    const staffCalendar = (staffId: number) => post(VISIT_CONSOLE_PATHS.calendar, as.admin, { from: day0, to: day0, staffId });
    expect((await staffCalendar(member.id)).json().data.map((r: { id: number }) => r.id)).toEqual([v.id]);
    expect((await staffCalendar(outsider.id)).json().data).toEqual([]);
    expect((await post(VISIT_CONSOLE_PATHS.page, as.ent, { currentPage: 1, pageSize: 10 })).statusCode).toBe(403);

    const held = await confirmed();
    await begun(held.id);
    await summary(as.lead, held.id, { content: '纪要', problems: [problems[0]] });
    const year = Number(chinaDate(new Date((await detail(as.admin, held.id, VISIT_CONSOLE_PATHS.detail)).startsAt!)).slice(0, 4));
    const figures = (await post(VISIT_CONSOLE_PATHS.figures, as.admin, { year })).json().data;
    expect(figures.byMonth).toHaveLength(12);
    expect(figures.byStaff.find((r: { label: string }) => r.label === '赵带队').visits).toBeGreaterThanOrEqual(1);
    expect(figures.problemsRaised).toBeGreaterThanOrEqual(1);
    expect(figures.enterprisesVisited).toBeGreaterThanOrEqual(1);
    expect(figures.appraisals.map((r: { label: string }) => r.label)).toEqual(['非常满意', '满意', '基本满意', '不满意', '非常不满意']);
  });
});
