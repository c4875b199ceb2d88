// 公示 and 拨付 (services/payout) through the calls, on real PostgreSQL: a 公示 of 拟支持
// applications, real-name objections (anonymous and incomplete ones refused, the objector's
// identity kept from the objected), the end by the flows' timer, 资金下达 (never for an entry with an
// open objection, a replay never duplicating), 授权 by another person within the 资金额度 (50 at once
// never over it), the batch exported and its return file read (xlsx and JSON written here), and the
// enterprise's confirmation and corrected account.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSheet } from 'read-excel-file/node';
import { ROLES } from '@hqt/contract/auth';
import { APPLY_MSG, APPLY_PATHS, type ApplyDetail } from '@hqt/contract/apply';
import { APPLY_CONSOLE_PATHS } from '@hqt/contract/apply-console';
import { APPLY_STATS_PATHS, type ApplyFiguresResult, type ApplyTotals } from '@hqt/contract/apply-stats';
import { FILE_MSG, FILE_PATHS, UPLOAD_CLAIM_HEADER, UPLOAD_CLAIM_PATTERN, type UploadedFile, type VisitorUpload } from '@hqt/contract/files';
import { BATCH_COLUMNS, PAYOUT_CONSOLE_PATHS, PAYOUT_MSG, PAYOUT_PATHS, TREASURY_FORMAT, type Batch, type BatchFile, type Candidate, type ConsolePublicity, type MyObjection, type ObjectionItem, type Offer, type Payment, type PublicityDetail, type Recovery } from '@hqt/contract/payout';
import { chinaDate } from '@hqt/contract/working-days';
import type { App } from '../../src/app';
import { enterprises, messages } from '../../src/db/schema/index';
import { applications } from '../../src/services/apply/schema';
import { calendarYears } from '../../src/services/calendar/schema';
import { appeals } from '../../src/services/appeal/schema';
import { objections, payments, publicities } from '../../src/services/payout/schema';
import { returnXlsx } from '../../src/services/payout/treasury';
import { matchAndRemind } from '../../src/services/payout/auto';
import { insertDraftGuide, insertPolicy } from '../helpers/content';
import { bearer, CAPTCHA, createAccount, createTestApp, loginAs } from '../helpers/app';
import { applyWorld, FORM, NAME, withId, type Headers } from '../helpers/apply-world';
import { multipart, pdf } from '../resilience/ownership-world';

let app: App;
let as: Record<'ent' | 'other' | 'staff' | 'staff2' | 'admin', Headers>;
let entId: number;
let staff2Id: number;
const OBJECTOR = { name: '赵举报', phone: '13911112222' };
const world = applyWorld(
  () => app,
  () => as.staff,
);
const { call, ok, guideWith } = world;
const year = () => Number(chinaDate(new Date()).slice(0, 4));
const today = () => chinaDate(new Date());

/** An application of the demo enterprise taken to 拟支持: 初审 by staff, 复审 and 拟支持 by staff2 (the approver). */
async function approved(guideId: number, amount = 18): Promise<number> {
  const a = await ok<ApplyDetail>('POST', APPLY_PATHS.submit, as.ent, await world.submission(guideId, entId, as.ent));
  const stepOk = (h: Headers, body: object) => ok('POST', withId(APPLY_PATHS.step, a.id), h, body);
  await stepOk(as.staff, { step: 'accept' });
  await stepOk(as.staff, { step: 'firstReview', note: '材料齐全', amount });
  await stepOk(as.staff2, { step: 'secondReview', note: '同意' });
  await stepOk(as.staff2, { step: 'approve', amount });
  return a.id;
}

const NO_JOINT = { ...FORM, departments: [] };
async function publish(ids: number[], days = 7): Promise<ConsolePublicity> {
  return ok<ConsolePublicity>('POST', PAYOUT_CONSOLE_PATHS.publish, as.staff, { title: '2026 年技改设备补助拟支持项目公示', applicationIds: ids, startsOn: today(), days });
}
/** Today when it is a working day, else the next one: where a 公示 chosen to start today begins. */
async function nextWorkingDay(): Promise<string> {
  return (await app.calendar.isWorkingDay(today())) ? today() : app.calendar.addWorkingDays(today(), 1);
}
const statusOf = async (id: number) => (await app.db.select({ s: applications.status }).from(applications).where(eq(applications.id, id)))[0]!.s;

async function upload(headers: Headers, name: string, content: Buffer): Promise<number> {
  const m = multipart(name, content);
  const res = await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...headers, ...m.headers }, payload: m.payload });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as UploadedFile[])[0]!.id;
}
const evidence = (headers: Headers) => world.upload(headers, '证明材料.pdf');

/** Moves the app's clock into the 公示's first day when it starts on a later one (today is not a working day). */
async function intoStart(published: ConsolePublicity) {
  if (published.startsOn > today()) app.clock.travel(Date.parse(`${published.startsOn}T10:00:00+08:00`) - Date.now());
}

/** Moves the app's clock past the 公示's end and runs the flows' timers, as the hourly job would. */
async function pastEnd(publicityId: number) {
  const [p] = await app.db.select({ endsAt: publicities.endsAt }).from(publicities).where(eq(publicities.id, publicityId));
  const at = new Date(p!.endsAt.getTime() + 60_000);
  app.clock.travel(at.getTime() - Date.now());
  await app.flowTimers.run(app.db, app.calendar, at);
}

beforeAll(async () => {
  app = await createTestApp();
  const ent = await createAccount(app, { name: NAME });
  const other = await createAccount(app, { name: '乙方企业有限公司' });
  const staff = await createAccount(app, { roleId: ROLES.staff.id, name: '张初审' });
  const staff2 = await createAccount(app, { roleId: ROLES.staff.id, name: '李审定' });
  const admin = await createAccount(app, { roleId: ROLES.admin.id, name: '王管理' });
  staff2Id = staff2.id;
  as = {
    ent: bearer((await loginAs(app, ent)).access_token),
    other: bearer((await loginAs(app, other)).access_token),
    staff: bearer((await loginAs(app, staff)).access_token),
    staff2: bearer((await loginAs(app, staff2)).access_token),
    admin: bearer((await loginAs(app, admin)).access_token),
  };
  entId = (await app.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, ent.id)))[0]!.id;
  await app.db.update(enterprises).set({ legalPerson: '王建国', contactPhone: '13800138000' }).where(eq(enterprises.id, entId));
  const y = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  await app.db.insert(calendarYears).values([{ year: y - 1 }, { year: y }, { year: y + 1 }]).onConflictDoNothing();
  await vi.waitFor(() => app.calendar.addWorkingDays(new Date(), 200), { timeout: 10_000 });
});
afterAll(() => app.close());

/** Payable applications (through a 公示 that ended) for one guide. */
async function payable(n: number, budget: number, amount = 10): Promise<{ guideId: number; ids: number[] }> {
  const guideId = await guideWith(NO_JOINT, budget);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await approved(guideId, amount));
  const published = await publish(ids, 5);
  await pastEnd(published.id);
  app.clock.travel(0);
  for (const id of ids) expect(await statusOf(id)).toBe('payable');
  return { guideId, ids };
}
const release = (ids: number[], docNumber = '云工信〔2026〕8号') => call<{ releaseId: number; issued: number }>('POST', PAYOUT_CONSOLE_PATHS.release, as.staff, { docNumber, docDate: today(), fund: '工业发展专项资金', applicationIds: ids });
const ledger = async (ids: number[]) => app.db.select().from(payments).where(inArray(payments.applicationId, ids));

/** `n` more 待拨付 applications like one that came through a 公示, its 拟支持 by staff2 (rows cloned: the flow is the other tests'). */
async function payableClones(n: number, budget = 1e7): Promise<{ ids: number[] }> {
  const { ids } = await payable(1, budget);
  const [template] = await app.db.select().from(applications).where(eq(applications.id, ids[0]!));
  const clones: number[] = [];
  for (let i = 0; i < n - 1; i += 1000) {
    const part = await app.db
      .insert(applications)
      .values(Array.from({ length: Math.min(1000, n - 1 - i) }, (_, j) => ({ ...template!, id: undefined, number: `${template!.number}-C${i + j}` })))
      .returning({ id: applications.id });
    clones.push(...part.map((c) => c.id));
  }
  await app.db.execute(sql`insert into workflow_steps (subject_kind, subject_id, step, from_state, to_state, actor_id, actor_role) select 'application', id, 'approve', 'rechecked', 'approved', ${staff2Id}, 'staff' from unnest(${`{${clones.join(',')}}`}::int[]) id`);
  return { ids: [...ids, ...clones] };
}

describe('a 公示', () => {
  it('lists 拟支持 applications only, shows the public their names, projects and amounts, and takes real-name objections', async () => {
    const guideId = await guideWith(NO_JOINT, 100);
    const [a, b] = [await approved(guideId), await approved(await guideWith(NO_JOINT, 100), 12)];
    const submitted = await ok<ApplyDetail>('POST', APPLY_PATHS.submit, as.ent, await world.submission(await guideWith(NO_JOINT, 100), entId, as.ent));
    // A list with one not 拟支持 is refused whole, naming it.
    const refused = await call('POST', PAYOUT_CONSOLE_PATHS.publish, as.staff, { title: '公示', applicationIds: [a, submitted.id], startsOn: await nextWorkingDay(), days: 7 });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(submitted.number);
    expect(await statusOf(a)).toBe('approved');
    expect((await call('POST', PAYOUT_CONSOLE_PATHS.publish, as.staff, { title: '公示', applicationIds: [a], startsOn: '2020-01-06', days: 7 })).body.msg).toBe(PAYOUT_MSG.startPast);
    expect((await call('POST', PAYOUT_CONSOLE_PATHS.publish, as.ent, { title: '公示', applicationIds: [a], startsOn: today(), days: 7 })).status).toBe(403);

    const published = await publish([a, b]);
    await intoStart(published);
    expect(published).toMatchObject({ days: 7, count: 2, total: 30, stateLabel: expect.stringMatching(/公示中|未开始/) });
    // From the first working day on or after the chosen one, seven working days, the start counted.
    expect(published.startsOn).toBe(await nextWorkingDay());
    expect(published.endsOn).toBe(await app.calendar.addWorkingDays(published.startsOn, 6));
    expect([await statusOf(a), await statusOf(b)]).toEqual(['publicizing', 'publicizing']);
    const told = await app.db.select({ title: messages.title }).from(messages).where(eq(messages.kind, 'apply.publicized'));
    expect(told.length).toBeGreaterThanOrEqual(2);

    const open = (await ok<PublicityDetail>('GET', withId(PAYOUT_PATHS.publicity, published.id), {}));
    expect(open.entries.map((e) => Object.keys(e).sort())).toEqual([
      ['amount', 'enterpriseName', 'guideTitle', 'id'],
      ['amount', 'enterpriseName', 'guideTitle', 'id'],
    ]);
    expect(open.stateLabel).toBe('公示中');
    expect(open.entries[0]).toMatchObject({ enterpriseName: NAME, amount: 18 });
    expect(JSON.stringify(open)).not.toContain('6222020000123456789');
    expect(open.rules).toContain('匿名异议不予受理');

    // Anonymous, without facts, without evidence, a unit without its stamped letter: each refused, nothing filed.
    const entryId = open.entries[0]!.id;
    const base = { publicityId: published.id, entryId, ...OBJECTOR, facts: '该企业项目设备系租赁取得，并非自购，不符合补助条件。', evidence: [await evidence(as.other)] };
    const refusals = [
      [{ ...base, name: '', phone: '' }, PAYOUT_MSG.anonymous],
      [{ ...base, name: '匿名' }, PAYOUT_MSG.anonymous],
      [{ ...base, phone: '12345' }, PAYOUT_MSG.anonymous],
      [{ ...base, facts: '不符合' }, PAYOUT_MSG.factsRequired],
      [{ ...base, evidence: [] }, PAYOUT_MSG.evidenceRequired],
      [{ ...base, unitName: '某某科技有限公司' }, PAYOUT_MSG.unitLetter],
    ] as const;
    for (const [body, msg] of refusals) expect((await call('POST', PAYOUT_PATHS.object, as.other, body)).body.msg, JSON.stringify(body)).toBe(msg);
    expect((await call('POST', PAYOUT_PATHS.object, {}, base)).status).toBe(401);

    // Another enterprise's objection is a 举报; the listed enterprise's own, an 异议.
    const report = await ok<MyObjection>('POST', PAYOUT_PATHS.object, as.other, base);
    expect(report).toMatchObject({ kindLabel: '举报', statusLabel: '待核查', enterpriseName: NAME });
    const own = await ok<MyObjection>('POST', PAYOUT_PATHS.object, as.ent, { ...base, name: '王建国', phone: '13800138000', facts: '公示金额与核定金额不一致，请核实。', evidence: [await evidence(as.ent)] });
    expect(own.kindLabel).toBe('异议');
    const staffView = await ok<ObjectionItem>('GET', withId(PAYOUT_CONSOLE_PATHS.objection, report.id), as.staff);
    expect(staffView.objector).toMatchObject({ name: OBJECTOR.name, phone: OBJECTOR.phone });
    expect(staffView.files).toHaveLength(1);
    expect(staffView.steps).toEqual(['uphold', 'dismiss']);
    // Nothing the objected enterprise can read names the objector: its application, its messages, the objection itself.
    const entSees = JSON.stringify([
      await ok('GET', withId(APPLY_PATHS.detail, a), as.ent),
      await app.db.select().from(messages).where(inArray(messages.accountId, (await app.db.select({ id: enterprises.accountId }).from(enterprises).where(eq(enterprises.id, entId))).map((r) => r.id))),
      await ok('GET', PAYOUT_PATHS.myObjections, as.ent),
    ]);
    expect(entSees).not.toContain(OBJECTOR.name);
    expect(entSees).not.toContain(OBJECTOR.phone);
    expect((await call('GET', withId(PAYOUT_CONSOLE_PATHS.objection, report.id), as.ent)).status).toBe(403);
    expect((await app.inject({ method: 'GET', url: staffView.files[0]!.url, headers: as.ent })).statusCode).toBe(404);

    // A 资金下达 for an entry with an open objection: none.
    expect((await call('POST', PAYOUT_CONSOLE_PATHS.release, as.staff, { docNumber: '云工信〔2026〕1号', docDate: today(), fund: '工业发展专项资金', applicationIds: [a] })).body.msg).toBe(PAYOUT_MSG.openObjection((await ok<ApplyDetail>('GET', withId(APPLY_PATHS.detail, a), as.ent)).number));

    // The end by the timer: the clear entry moves on, the objected one waits for its decisions.
    await pastEnd(published.id);
    try {
      expect((await app.db.select({ s: publicities.status }).from(publicities).where(eq(publicities.id, published.id)))[0]!.s).toBe('ended');
      expect([await statusOf(a), await statusOf(b)]).toEqual(['publicizing', 'payable']);
      expect((await call('POST', PAYOUT_PATHS.object, as.other, base)).body.msg).toBe(PAYOUT_MSG.ended(published.endsOn));
      // 不成立 for one; the other still open keeps the entry; the last 不成立 moves it on.
      expect((await call('POST', withId(PAYOUT_CONSOLE_PATHS.decide, report.id), as.staff, { step: 'dismiss' })).status).toBe(400);
      await ok('POST', withId(PAYOUT_CONSOLE_PATHS.decide, report.id), as.staff, { step: 'dismiss', note: '经核实，设备发票和付款凭证齐全，系企业自购，异议不成立。' });
      expect(await statusOf(a)).toBe('publicizing');
      await ok('POST', withId(PAYOUT_CONSOLE_PATHS.decide, own.id), as.staff, { step: 'dismiss', note: '公示金额即核定金额 18 万元。' });
      expect(await statusOf(a)).toBe('payable');
      const mine = await ok<{ list: MyObjection[] }>('GET', PAYOUT_PATHS.myObjections, as.other);
      expect(mine.list.find((o) => o.id === report.id)).toMatchObject({ statusLabel: '异议不成立', outcome: expect.stringContaining('系企业自购') });
    } finally {
      app.clock.travel(0);
    }
  });

  it("takes a visitor's objection without an account: evidence under its claim, a captcha, the outcome looked up by number and phone", async () => {
    const a = await approved(await guideWith(NO_JOINT, 100));
    const published = await publish([a]);
    await intoStart(published);
    const entryId = (await ok<PublicityDetail>('GET', withId(PAYOUT_PATHS.publicity, published.id), {})).entries[0]!.id;
    // Uploads without an account: the first answers a claim, the next carries it back; a malformed claim is refused.
    const visitorUpload = async (name: string, claim?: string) => {
      const m = multipart(name, pdf(name));
      return app.inject({ method: 'POST', url: FILE_PATHS.visitorUpload, headers: { ...m.headers, ...(claim ? { [UPLOAD_CLAIM_HEADER]: claim } : {}) }, payload: m.payload });
    };
    const first = (await visitorUpload('现场照片.pdf')).json().data as VisitorUpload;
    expect(first.claim).toMatch(new RegExp(UPLOAD_CLAIM_PATTERN));
    const second = (await visitorUpload('盖章异议书.pdf', first.claim)).json().data as VisitorUpload;
    expect(second.claim).toBe(first.claim);
    expect((await visitorUpload('x.pdf', 'not-a-claim')).statusCode).toBe(400);
    const captcha = async () => (await app.inject({ method: 'GET', url: '/api/v1/connect/vierifycode' })).json().data.codeIndex as string;
    const body = {
      publicityId: published.id,
      entryId,
      name: '孙实名',
      phone: '13722223333',
      unitName: '云溪县某某设备有限公司',
      letterFileId: second.files[0]!.id,
      facts: '该项目所列设备为我公司出租给该企业使用，并非其自购。',
      evidence: [first.files[0]!.id],
      claim: first.claim,
      vierifyCode: CAPTCHA,
    };
    const file = (over: object) => captcha().then((codeIndex) => call<MyObjection>('POST', PAYOUT_PATHS.visitorObject, {}, { ...body, codeIndex, ...over }));
    // Incomplete, another claim, another's file, no captcha, a wrong one: each refused, nothing filed.
    expect((await file({ name: '匿名' })).body.msg).toBe(PAYOUT_MSG.anonymous);
    expect((await file({ claim: 'A'.repeat(43) })).body.msg).toBe(FILE_MSG.unavailable);
    expect((await file({ evidence: [await evidence(as.other)] })).body.msg).toBe(FILE_MSG.unavailable);
    expect((await file({ vierifyCode: '' })).status).toBe(400);
    expect((await file({ vierifyCode: 'WRONG' })).status).toBe(400);
    expect(await app.db.$count(objections, eq(objections.entryId, entryId))).toBe(0);
    const filed = await file({});
    expect(filed.body.msg).toBe(PAYOUT_MSG.visitorFiled(filed.body.data.number));
    expect(filed.body.data).toMatchObject({ kindLabel: '举报', statusLabel: '待核查' });
    // Its files are staff's to read, not the visitor's nor anyone else's; staff see who, and that it came without an account.
    const staffView = await ok<ObjectionItem>('GET', withId(PAYOUT_CONSOLE_PATHS.objection, filed.body.data.id), as.staff);
    expect(staffView.objector).toEqual({ name: '孙实名', phone: '13722223333', unitName: '云溪县某某设备有限公司', account: '无，未登录提交' });
    expect(staffView.files.map((f) => f.role).sort()).toEqual(['盖章书面材料', '证明材料'].sort());
    expect((await app.inject({ method: 'GET', url: staffView.files[0]!.url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: staffView.files[0]!.url, headers: as.other })).statusCode).toBe(404);
    // The claim's files are taken: filing them again is refused.
    expect((await file({ entryId })).body.msg).toBe(FILE_MSG.unavailable);

    // Looked up by its number and the phone given: another phone (or number) reads as not found.
    const lookup = (number: string, phone: string) => call<MyObjection>('POST', PAYOUT_PATHS.lookup, {}, { number, phone });
    expect((await lookup(filed.body.data.number, '13700000000')).body).toMatchObject({ code: 404, msg: PAYOUT_MSG.lookupNotFound });
    expect((await lookup(filed.body.data.number, '13722223333')).body.data).toMatchObject({ statusLabel: '待核查', outcome: null });
    await ok('POST', withId(PAYOUT_CONSOLE_PATHS.decide, filed.body.data.id), as.staff, { step: 'dismiss', note: '经核实，设备购置合同和发票齐全，系企业自购。' });
    expect((await lookup(filed.body.data.number.toLowerCase(), '13722223333')).body.data).toMatchObject({ statusLabel: '异议不成立', outcome: expect.stringContaining('系企业自购') });
    app.clock.travel(0);
  });

  it('takes an entry out when an objection is upheld: 不予支持 with the reason to the enterprise, or back to 复审', async () => {
    const [a, b] = [await approved(await guideWith(NO_JOINT, 100)), await approved(await guideWith(NO_JOINT, 100))];
    const published = await publish([a, b]);
    await intoStart(published);
    const detail = await ok<PublicityDetail>('GET', withId(PAYOUT_PATHS.publicity, published.id), {});
    const object = async (entryId: number) => ok<MyObjection>('POST', PAYOUT_PATHS.object, as.other, { publicityId: published.id, entryId, ...OBJECTOR, facts: '该企业已于本年度获得同类资金支持。', evidence: [await evidence(as.other)] });
    const [x, y] = [await object(detail.entries[0]!.id), await object(detail.entries[1]!.id)];
    expect((await call('POST', withId(PAYOUT_CONSOLE_PATHS.decide, x.id), as.staff, { step: 'uphold', note: '情况属实' })).body.msg).toBe(PAYOUT_MSG.outcomeRequired);
    await ok('POST', withId(PAYOUT_CONSOLE_PATHS.decide, x.id), as.staff, { step: 'uphold', note: '经核实已获同类支持', outcome: 'reject' });
    await ok('POST', withId(PAYOUT_CONSOLE_PATHS.decide, y.id), as.staff, { step: 'uphold', note: '项目投资额需重新核定', outcome: 'review' });
    expect([await statusOf(a), await statusOf(b)]).toEqual(['rejected', 'reviewed']);
    const seen = await ok<ApplyDetail>('GET', withId(APPLY_PATHS.detail, a), as.ent);
    expect(seen.timeline.at(-1)).toMatchObject({ step: 'upholdReject', note: expect.stringContaining('经核实已获同类支持') });
    expect(JSON.stringify(seen)).not.toContain(OBJECTOR.name);
    // The step is the 公示's: never one the enterprise or staff may ask for.
    expect((await call('POST', withId(APPLY_PATHS.step, b), as.staff, { step: 'clearPublicity' })).status).toBe(400);
    app.clock.travel(0);
  });
});

describe('the payment ledger', () => {
  it('issues one instruction per entry, never twice, authorised by another person within the 资金额度, and pays it through the treasury files', async () => {
    const { guideId, ids } = await payable(2, 25);
    expect((await release(ids)).body).toMatchObject({ code: 200, data: { issued: 2 } });
    // A replay (a lost answer, a retry) answers the same instructions; nothing more is issued.
    expect((await release(ids)).body.data.issued).toBe(2);
    expect((await release(ids, '另一文号')).status).toBe(409);
    const rows = await ledger(ids);
    expect(rows.map((r) => [r.status, r.attempt, r.amount])).toEqual([
      ['pending', 1, 10],
      ['pending', 1, 10],
    ]);
    const pids = rows.map((r) => r.id).sort((x, y) => x - y);
    // The approver may not authorise; over the 资金额度 (25: both 10s fit, a third would not) is refused.
    expect((await call('POST', PAYOUT_CONSOLE_PATHS.authorise, as.staff2, { ids: pids })).body.msg).toMatch(/由您审定/);
    expect((await call('POST', PAYOUT_CONSOLE_PATHS.authorise, as.ent, { ids: pids })).status).toBe(403);
    expect((await ok<{ authorised: number }>('POST', PAYOUT_CONSOLE_PATHS.authorise, as.staff, { ids: pids })).authorised).toBe(2);
    expect((await call('POST', PAYOUT_CONSOLE_PATHS.authorise, as.staff, { ids: pids })).status).toBe(409);

    const batch = await ok<Batch>('POST', PAYOUT_CONSOLE_PATHS.batch, as.staff, { ids: pids });
    expect(batch).toMatchObject({ count: 2, total: 20, number: expect.stringMatching(/^PC\d{8}-\d{4}$/) });
    const json = await app.inject({ method: 'GET', url: `${withId(PAYOUT_CONSOLE_PATHS.exportBatch, batch.id)}?format=json`, headers: as.staff });
    const file = json.json() as BatchFile;
    expect(file).toMatchObject({ format: TREASURY_FORMAT.batch, batch: batch.number, count: 2, total: '200000.00' });
    expect(file.instructions[0]).toMatchObject({ amount: '100000.00', payee: { name: NAME, account: '6222020000123456789' } });
    const xlsx = await app.inject({ method: 'GET', url: `${withId(PAYOUT_CONSOLE_PATHS.exportBatch, batch.id)}?format=xlsx`, headers: as.staff });
    const sheet = await readSheet(xlsx.rawPayload);
    expect(sheet[0]).toEqual([...BATCH_COLUMNS]);
    expect(sheet.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual(file.instructions.map((i) => [i.key, i.payee.account, i.amount]));
    expect((await app.inject({ method: 'GET', url: `${withId(PAYOUT_CONSOLE_PATHS.exportBatch, batch.id)}?format=json`, headers: as.ent })).statusCode).toBe(403);

    // The return file: a row for a key not in the batch, a return without its reason — refused whole.
    const [paid, bounced] = file.instructions;
    const importFile = async (name: string, content: Buffer) => call<{ paid: number; returned: number }>('POST', withId(PAYOUT_CONSOLE_PATHS.importReturn, batch.id), as.staff, { fileId: await upload(as.staff, name, content) });
    expect((await importFile('return.xlsx', await returnXlsx([{ key: 'SB00000000-0000-1', result: 'paid' }]))).body.msg).toBe(PAYOUT_MSG.returnRow(1, PAYOUT_MSG.returnKey('SB00000000-0000-1')));
    expect((await importFile('return.xlsx', await returnXlsx([{ key: paid!.key, result: 'paid' }, { key: bounced!.key, result: 'returned' }]))).body.msg).toBe(PAYOUT_MSG.returnRow(2, PAYOUT_MSG.returnReason));
    expect((await ledger(ids)).every((r) => r.status === 'sent')).toBe(true);
    const back = await returnXlsx([
      { key: paid!.key, result: 'paid', paidOn: today() },
      { key: bounced!.key, result: 'returned', reason: '账号户名不符' },
    ]);
    expect((await importFile('return.xlsx', back)).body.data).toEqual({ paid: 1, returned: 1 });
    // Read twice (the treasury sent it again): nothing moves twice.
    expect((await importFile('return.xlsx', back)).body.data).toEqual({ paid: 0, returned: 0 });
    const byKey = new Map((await ledger(ids)).map((r) => [r.key, r]));
    expect(byKey.get(paid!.key)).toMatchObject({ status: 'paid', paidOn: today() });
    expect(byKey.get(bounced!.key)).toMatchObject({ status: 'returned', returnReason: '账号户名不符' });
    const paidApp = byKey.get(paid!.key)!.applicationId;
    expect(await statusOf(paidApp)).toBe('paid');

    // The enterprise confirms what arrived (another amount: refused), and corrects the returned account.
    const mine = await ok<Payment[]>('GET', withId(PAYOUT_PATHS.payments, paidApp), as.ent);
    expect(mine[0]!.steps).toEqual(['confirm', 'reportMissing']);
    expect((await call('GET', withId(PAYOUT_PATHS.payments, paidApp), as.other)).status).toBe(404);
    expect((await call('POST', withId(PAYOUT_PATHS.paymentStep, mine[0]!.id), as.ent, { step: 'confirm', amount: 9 })).body.msg).toBe(PAYOUT_MSG.amountMismatch(10));
    expect((await call('POST', withId(PAYOUT_PATHS.paymentStep, mine[0]!.id), as.other, { step: 'confirm', amount: 10 })).status).toBe(404);
    expect((await ok<Payment[]>('POST', withId(PAYOUT_PATHS.paymentStep, mine[0]!.id), as.ent, { step: 'confirm', amount: 10 }))[0]).toMatchObject({ status: 'confirmed', confirmedAmount: 10 });
    // 兑现评价: a 差评 needs its comment, and becomes an 诉求 for 整改 linked to the application.
    const rate = (body: object) => call<ApplyDetail>('POST', withId(APPLY_PATHS.step, paidApp), as.ent, body);
    expect((await rate({ step: 'rate' })).body.msg).toBe(APPLY_MSG.ratingRequired);
    expect((await rate({ step: 'rate', rating: 'dissatisfied' })).body.msg).toBe(APPLY_MSG.commentRequired);
    expect((await call('POST', withId(APPLY_PATHS.step, paidApp), as.other, { step: 'rate', rating: 'satisfied' })).status).toBe(404);
    const rated = await rate({ step: 'rate', rating: 'dissatisfied', comment: '资金到账比承诺时限晚了一个月。' });
    expect(rated.body.data).toMatchObject({ status: 'rated', rating: { label: '不满意', comment: '资金到账比承诺时限晚了一个月。' }, appeals: [{ title: expect.stringMatching(/^政策兑现差评整改：/), statusLabel: '已提交' }] });
    // 申报遇到困难 on it: another 诉求, linked; too short, or another enterprise's application, refused.
    const difficulty = (h: Headers, content: string) => call<{ number: string }>('POST', withId(APPLY_PATHS.difficulty, paidApp), h, { content });
    expect((await difficulty(as.ent, '太难了')).body.msg).toBe(APPLY_MSG.difficultyRequired);
    expect((await difficulty(as.other, '想了解另一家企业的申报进度和账户。')).status).toBe(404);
    const filed = await difficulty(as.ent, '财政已支付但银行流水中查不到这笔款项，请协助核实。');
    expect(filed.body.msg).toBe(APPLY_MSG.difficultyFiled(filed.body.data.number));
    expect((await ok<ApplyDetail>('GET', withId(APPLY_PATHS.detail, paidApp), as.ent)).appeals.map((x) => x.number)).toContain(filed.body.data.number);
    // 申兑统计: the paid one counted with its working days to 到账, by every grouping; the public totals say the same.
    const figures = async (by: string) => ok<ApplyFiguresResult>('GET', `${APPLY_STATS_PATHS.figures}?year=${year()}&by=${by}`, as.staff);
    const byMode = await figures('mode');
    expect(byMode.totals).toMatchObject({ paid: expect.any(Number), medianDays: expect.any(Number), rated: expect.any(Number) });
    expect(byMode.totals.paid).toBeGreaterThanOrEqual(1);
    expect(byMode.totals.onTimeRate).toBe(1);
    expect((await figures('month')).rows).toHaveLength(12);
    for (const by of ['guide', 'department']) expect((await figures(by)).rows.reduce((sum, r) => sum + r.applications, 0)).toBe(byMode.totals.applications);
    expect((await call('GET', `${APPLY_STATS_PATHS.figures}?year=${year()}&by=mode`, as.ent)).status).toBe(403);
    expect(await ok<ApplyTotals>('GET', APPLY_STATS_PATHS.totals, {})).toMatchObject({ applications: byMode.totals.applications, paidAmount: byMode.totals.paidAmount });
    // 满意率 as 诉求's: the 差评 counts as its 整改 诉求's rating once the enterprise gives one; 首次满意率 keeps the 差评.
    const guideRow = async () => (await figures('guide')).rows.find((r) => r.key === String(guideId))!;
    expect(await guideRow()).toMatchObject({ rated: 1, satisfactionRate: 0, firstSatisfactionRate: 0, badRatings: 1 });
    await app.db.update(appeals).set({ rating: 'satisfied' }).where(and(eq(appeals.sourceKind, 'application'), eq(appeals.sourceId, paidApp), eq(appeals.sourceKey, 'rating')));
    expect(await guideRow()).toMatchObject({ rated: 1, satisfactionRate: 1, firstSatisfactionRate: 0, badRatings: 1 });
    // 追回: within what was paid, with a reason; the enterprise is told and sees it beside the payment.
    const paidId = byKey.get(paid!.key)!.id;
    const recover = (body: object) => call<Recovery>('POST', PAYOUT_CONSOLE_PATHS.recover, as.staff, body);
    expect((await recover({ paymentId: paidId, amount: 11, reason: '虚报投资额' })).body.msg).toBe(PAYOUT_MSG.recoveryOver(10));
    expect((await recover({ paymentId: paidId, amount: 2, reason: '  ' })).body.msg).toBe(PAYOUT_MSG.recoveryReason);
    expect((await recover({ paymentId: byKey.get(bounced!.key)!.id, amount: 1, reason: '虚报投资额' })).body.msg).toBe(PAYOUT_MSG.notRecoverable);
    const raised = (await recover({ paymentId: paidId, amount: 4, reason: '项目验收核减投资额' })).body.data;
    expect(raised).toMatchObject({ statusLabel: '待追回', amount: 4 });
    expect((await recover({ paymentId: paidId, amount: 6.5, reason: '再次核减' })).body.msg).toBe(PAYOUT_MSG.recoveryOver(6));
    expect((await ok<Payment[]>('GET', withId(PAYOUT_PATHS.payments, paidApp), as.ent))[0]!.recoveries).toEqual([{ id: raised.id, amount: 4, reason: '项目验收核减投资额', statusLabel: '待追回' }]);
    expect(await app.db.$count(messages, and(eq(messages.kind, 'payout.recovery'), eq(messages.link, `/policyApply/mine?id=${paidApp}`)))).toBeGreaterThanOrEqual(1);
    expect((await ok<Recovery>('POST', withId(PAYOUT_CONSOLE_PATHS.recovered, raised.id), as.staff, {})).statusLabel).toBe('已追回');
    expect((await call('POST', withId(PAYOUT_CONSOLE_PATHS.recovered, raised.id), as.staff, {})).status).toBe(409);
    const returnedId = byKey.get(bounced!.key)!.id;
    const wrongName = { name: '别家公司', bank: '中国银行云溪支行', number: '6217000011112222' };
    expect((await call('POST', withId(PAYOUT_PATHS.paymentStep, returnedId), as.ent, { step: 'correctAccount', bankAccount: wrongName })).body.msg).toBe(PAYOUT_MSG.accountNameMismatch);
    const corrected = await ok<Payment[]>('POST', withId(PAYOUT_PATHS.paymentStep, returnedId), as.ent, { step: 'correctAccount', bankAccount: { ...wrongName, name: NAME } });
    expect(corrected.map((p) => [p.key.slice(-2), p.status])).toEqual([
      ['-2', 'pending'],
      ['-1', 'reissued'],
    ]);
    expect(corrected[0]!.bankAccount.number).toBe('6217000011112222');
  });

  it('never authorises over the 资金额度 when 50 authorisations come at once', async () => {
    // 50 instructions of 10 万元 against a 资金额度 of 100: exactly ten pass, whoever comes first.
    const { ids: all } = await payableClones(50, 100);
    expect((await release(all)).body.data.issued).toBe(50);
    const pids = (await ledger(all)).map((r) => r.id);
    const answers = await Promise.all(pids.map((id) => call('POST', PAYOUT_CONSOLE_PATHS.authorise, id % 2 ? as.staff : as.admin, { ids: [id] })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.msg.startsWith('超出《'))).toBe(true);
    const [{ committed }] = (await app.db.execute<{ committed: string }>(sql`select sum(amount) as committed from payments where application_id in ${sql.raw(`(${all.join(',')})`)} and status = 'authorised'`)).rows as [{ committed: string }];
    expect(Number(committed)).toBe(100);
    expect(await app.db.$count(payments, and(inArray(payments.applicationId, all), eq(payments.status, 'pending')))).toBe(40);
  });
});

describe('预拨/结算', () => {
  /** Authorised by staff (not the approver), sent in a batch, and read back paid from the treasury's return file. */
  async function payThrough(pids: number[]) {
    expect((await ok<{ authorised: number }>('POST', PAYOUT_CONSOLE_PATHS.authorise, as.staff, { ids: pids })).authorised).toBe(pids.length);
    const batch = await ok<Batch>('POST', PAYOUT_CONSOLE_PATHS.batch, as.staff, { ids: pids });
    const keys = (await app.db.select({ key: payments.key }).from(payments).where(inArray(payments.id, pids))).map((p) => p.key);
    const fileId = await upload(as.staff, 'return.xlsx', await returnXlsx(keys.map((key) => ({ key, result: 'paid' as const, paidOn: today() }))));
    expect((await ok<{ paid: number }>('POST', withId(PAYOUT_CONSOLE_PATHS.importReturn, batch.id), as.staff, { fileId })).paid).toBe(pids.length);
  }
  const candidateOf = async (ids: number[]) => (await ok<Candidate[]>('GET', PAYOUT_CONSOLE_PATHS.payable, as.staff)).filter((c) => ids.includes(c.applicationId)).map((c) => [c.applicationId, c.amount, c.partLabel]);

  it('pays a form with a 预拨 share in two parts: 预拨 first, the 结算 of the rest after 验收; 验收不通过 leaves the support at the 预拨', async () => {
    const guideId = await guideWith({ ...NO_JOINT, advancePercent: 40 }, 100);
    const ids = [await approved(guideId, 10), await approved(guideId, 10)];
    const published = await publish(ids, 5);
    await pastEnd(published.id);
    app.clock.travel(0);
    expect(await candidateOf(ids)).toEqual(ids.map((id) => [id, 4, '预拨 40%']));
    expect((await release(ids)).body.data.issued).toBe(2);
    expect((await release(ids)).body.data.issued).toBe(2); // a replay: the same two
    const advances = await ledger(ids);
    expect(advances.map((r) => [r.part, r.amount, r.key.replace(/^.*-/, '-')])).toEqual([
      ['advance', 4, '-Y1'],
      ['advance', 4, '-Y1'],
    ]);
    await payThrough(advances.map((r) => r.id));
    for (const id of ids) expect(await statusOf(id)).toBe('advanced');
    expect(await app.db.$count(messages, and(eq(messages.kind, 'apply.advanced'), eq(messages.link, `/policyApply/mine?id=${ids[0]}`)))).toBe(1);
    // The enterprise confirms the 预拨 as any arrival; nothing more is issued before the 验收.
    const mine = await ok<Payment[]>('GET', withId(PAYOUT_PATHS.payments, ids[0]!), as.ent);
    expect(mine[0]).toMatchObject({ partLabel: '预拨', amount: 4, steps: ['confirm', 'reportMissing'] });
    await ok('POST', withId(PAYOUT_PATHS.paymentStep, mine[0]!.id), as.ent, { step: 'confirm', amount: 4 });
    expect(await candidateOf(ids)).toEqual([]);
    expect((await release([ids[0]!], '云工信〔2026〕9号')).status).toBe(409);

    // 验收: staff only, with their opinion; passed, the rest is 待拨付 as the 结算.
    const inspect = (h: Headers, id: number, body: object) => call<ApplyDetail>('POST', withId(APPLY_PATHS.step, id), h, body);
    expect((await inspect(as.ent, ids[0]!, { step: 'inspect', note: '自行验收' })).status).toBe(403);
    expect((await inspect(as.staff, ids[0]!, { step: 'inspect' })).status).toBe(400);
    expect((await inspect(as.staff, ids[0]!, { step: 'inspect', note: '项目已通过竣工验收' })).body.data.status).toBe('payable');
    // Not passed: no 结算, and the support (and the year's 资金额度) is what the 预拨 paid.
    expect((await inspect(as.staff, ids[1]!, { step: 'failInspection', note: '项目未按期建成投产' })).body.data).toMatchObject({ status: 'unsettled', approvedAmount: 4 });
    expect((await ok<{ approved: number }>('GET', `${withId(APPLY_CONSOLE_PATHS.budget, guideId)}?year=${year()}`, as.staff)).approved).toBe(14);
    expect(await candidateOf(ids)).toEqual([[ids[0], 6, '结算']]);
    expect((await release([ids[0]!], '云工信〔2026〕9号')).body.data.issued).toBe(1);
    const settle = (await ledger([ids[0]!])).find((r) => r.part === 'settle')!;
    expect([settle.amount, settle.key.replace(/^.*-/, '-')]).toEqual([6, '-J1']);
    await payThrough([settle.id]);
    expect(await statusOf(ids[0]!)).toBe('paid');
    expect((await ok<Payment[]>('GET', withId(PAYOUT_PATHS.payments, ids[0]!), as.ent)).map((p) => [p.partLabel, p.amount, p.status])).toEqual([
      ['结算', 6, 'paid'],
      ['预拨', 4, 'confirmed'],
    ]);
  });
});

describe('a batch past one statement\'s parameters', () => {
  it('issues and authorises 5,600 instructions at once (12 columns each: more than PostgreSQL takes in one insert)', async () => {
    const { ids } = await payableClones(5_600);
    expect((await release(ids, '云工信〔2026〕88号')).body.data.issued).toBe(5_600);
    const pids = (await ledger(ids)).map((r) => r.id);
    expect((await ok<{ authorised: number }>('POST', PAYOUT_CONSOLE_PATHS.authorise, as.staff, { ids: pids })).authorised).toBe(5_600);
    expect(await app.db.$count(payments, and(inArray(payments.applicationId, ids), eq(payments.status, 'authorised')))).toBe(5_600);
  });
});

describe('免申即享', () => {
  it('offers an auto guide to the enterprises the data prove eligible, once, and files the confirmed at 拟支持 without a form', async () => {
    const policyId = await insertPolicy(app);
    const guideId = await insertDraftGuide(app, policyId, `规上工业企业稳增长奖励 ${Math.random().toString(36).slice(2, 6)}`, { status: 'published', mode: 'auto', onlineUrl: null, amountRule: { kind: 'fixed', amount: 8 } });
    const matched = await ok<{ offered: number }>('POST', withId(PAYOUT_CONSOLE_PATHS.match, guideId), as.staff);
    expect(matched.offered).toBeGreaterThanOrEqual(2);
    // A guide whose rule admits nobody offers nothing (and stops no other guide's matching).
    const nobody = await insertDraftGuide(app, policyId, '无人符合的免申即享', { status: 'published', mode: 'auto', onlineUrl: null, eligibility: { groups: [[{ field: 'rdExpense', op: 'gte', value: 1e9, year: 'last' }]] } });
    expect((await ok<{ offered: number }>('POST', withId(PAYOUT_CONSOLE_PATHS.match, nobody), as.staff)).offered).toBe(0);
    // Matched again (nightly, at a start): nobody is offered it twice.
    expect((await ok<{ offered: number }>('POST', withId(PAYOUT_CONSOLE_PATHS.match, guideId), as.staff)).offered).toBe(0);
    const mine = (await ok<Offer[]>('GET', PAYOUT_PATHS.offers, as.ent)).find((o) => o.guideId === guideId)!;
    expect(mine).toMatchObject({ statusLabel: '待确认', amount: 8, steps: ['confirm', 'decline'], commitment: expect.stringContaining('对公账户') });
    const told = await app.db.select({ body: messages.body }).from(messages).where(and(eq(messages.kind, 'payout.offer'), eq(messages.link, `/policyApply/auto?id=${mine.id}`)));
    expect(told.map((m) => m.body)).toEqual([expect.stringMatching(/^您符合《规上工业企业稳增长奖励 \w+》，预计可享 8 万元，请确认$/)]);
    // Another enterprise's offer: not there for it.
    expect((await call('GET', withId(PAYOUT_PATHS.offer, mine.id), as.other)).status).toBe(404);
    expect((await call('POST', withId(PAYOUT_PATHS.offerStep, mine.id), as.other, { step: 'decline' })).status).toBe(404);

    const account = { name: NAME, bank: '中国农业银行云溪支行', number: '6228480000001111' };
    const answer = (body: object) => call<Offer>('POST', withId(PAYOUT_PATHS.offerStep, mine.id), as.ent, body);
    expect((await answer({ step: 'confirm' })).body.msg).toBe(PAYOUT_MSG.offerAccount);
    expect((await answer({ step: 'confirm', bankAccount: { ...account, name: '别家公司' } })).body.msg).toBe(PAYOUT_MSG.accountNameMismatch);
    expect((await answer({ step: 'confirm', bankAccount: account, signer: '王建国' })).body.msg).toBe(PAYOUT_MSG.offerCommitment);
    const confirmed = await answer({ step: 'confirm', bankAccount: account, signer: '王建国', agreed: true });
    expect(confirmed.body.msg).toMatch(/^已确认享受，编号 SB\d{8}-\d{4}$/);
    expect(confirmed.body.data).toMatchObject({ statusLabel: '已确认', applicationStatus: 'approved', steps: [] });
    const filed = await ok<ApplyDetail>('GET', withId(APPLY_PATHS.detail, confirmed.body.data.applicationId!), as.ent);
    expect(filed).toMatchObject({ status: 'approved', approvedAmount: 8, bankAccount: account, materials: [], timeline: [{ step: 'confirmAuto' }] });
    expect((await answer({ step: 'decline' })).status).toBe(409);
    // A confirmation is an approval: with the year's 资金额度 set at 10 万元, 8 are taken and a second
    // enterprise's 8 is refused with what is left, and nothing is filed for it.
    expect((await call('PUT', withId(APPLY_CONSOLE_PATHS.budget, guideId), as.staff, { year: year(), amount: 10 })).status).toBe(200);
    const theirs = (await ok<Offer[]>('GET', PAYOUT_PATHS.offers, as.other)).find((o) => o.guideId === guideId)!;
    const over = await call('POST', withId(PAYOUT_PATHS.offerStep, theirs.id), as.other, { step: 'confirm', bankAccount: { ...account, name: '乙方企业有限公司' }, signer: '李四', agreed: true });
    expect([over.status, over.body.msg]).toEqual([409, APPLY_MSG.budgetExceeded(2)]);
    expect(await app.db.$count(applications, and(eq(applications.guideId, guideId), eq(applications.enterpriseId, theirs.enterpriseId)))).toBe(0);
    expect((await ok<Offer>('GET', withId(PAYOUT_PATHS.offer, theirs.id), as.other)).statusLabel).toBe('待确认');

    // Straight to 待拨付 (no 公示) for 免申即享 only: a manual application is refused.
    const manual = await approved(await guideWith(NO_JOINT, 100));
    expect((await call('POST', PAYOUT_CONSOLE_PATHS.payDirectly, as.staff, { applicationIds: [manual] })).status).toBe(409);
    expect((await ok<{ moved: number }>('POST', PAYOUT_CONSOLE_PATHS.payDirectly, as.staff, { applicationIds: [filed.id] })).moved).toBe(1);
    expect(await statusOf(filed.id)).toBe('payable');
    const listed = await ok<{ counts: Record<string, number> }>('GET', `${PAYOUT_CONSOLE_PATHS.offers}?currentPage=1&pageSize=20&guideId=${guideId}`, as.staff);
    expect(listed.counts.confirmed).toBe(1);
  });

  it("reminds an unanswered offer once after 5 working days and lets it expire at the window's end", async () => {
    const windowEnd = new Date(Date.now() + 40 * 86_400_000);
    const guideId = await insertDraftGuide(app, await insertPolicy(app), `专精特新企业奖励 ${Math.random().toString(36).slice(2, 6)}`, { status: 'published', mode: 'auto', onlineUrl: null, windowEnd, amountRule: { kind: 'fixed', amount: 5 } });
    await ok('POST', withId(PAYOUT_CONSOLE_PATHS.match, guideId), as.staff);
    const offer = (await ok<Offer[]>('GET', PAYOUT_PATHS.offers, as.other)).find((o) => o.guideId === guideId)!;
    const deps = { db: app.db, events: app.events, calendar: app.calendar, bureau: '', facts: app.enterpriseFacts };
    // Too soon: nobody is reminded; ten calendar days on (at least 5 working days): once, and only once.
    expect((await matchAndRemind(deps, new Date(Date.now() + 86_400_000))).reminded).toBe(0);
    const later = new Date(Date.now() + 10 * 86_400_000);
    expect((await matchAndRemind(deps, later)).reminded).toBeGreaterThanOrEqual(1);
    expect((await matchAndRemind(deps, later)).reminded).toBe(0);
    expect(await app.db.$count(messages, and(eq(messages.kind, 'payout.offerReminder'), eq(messages.link, `/policyApply/auto?id=${offer.id}`)))).toBe(1);
    await app.flowTimers.run(app.db, app.calendar, new Date(windowEnd.getTime() + 60_000));
    expect((await ok<Offer>('GET', withId(PAYOUT_PATHS.offer, offer.id), as.other)).statusLabel).toBe('已过期');
  });
});

describe('the budget', () => {
  it('counts an application in 公示 or paid against the 资金额度 and 不重复享受 as it counted at 拟支持', async () => {
    const { ids } = await (async () => {
      const guideId = await guideWith(NO_JOINT, 20);
      return { guideId, ids: [await approved(guideId, 18)] };
    })();
    await publish(ids);
    const guideId = (await app.db.select({ g: applications.guideId }).from(applications).where(eq(applications.id, ids[0]!)))[0]!.g;
    const budget = await ok<{ approved: number }>('GET', `${withId(APPLY_CONSOLE_PATHS.budget, guideId)}?year=${year()}`, as.staff);
    expect(budget.approved).toBe(18);
  });
});
