// 政策申兑 (services/apply): a guide's versioned form and budget, the 材料库, what applying starts
// from (prefill, verdict), the submission with its checks, APPLY_FLOW as taken through the calls
// (补正 pausing the clock, 复审 by another person, 联审, 拟支持 within the rule and the budget), and
// what another enterprise cannot reach.
import { and, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@hqt/contract/auth';
import { APPLY_CLOCK_STATES, APPLY_MSG, APPLY_PATHS, type ApplyDetail, type ApplyItem, type ApplyStart, type Material } from '@hqt/contract/apply';
import { APPLY_CONSOLE_PATHS, type ApplyConsoleDetail, type ApplyCounts, type FormlessPolicy } from '@hqt/contract/apply-console';
import { consolePath } from '@hqt/contract/console';
import { POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import { chinaDate } from '@hqt/contract/working-days';
import type { App } from '../../src/app';
import { enterprises, guides, messages } from '../../src/db/schema/index';
import { calendarYears } from '../../src/services/calendar/schema';
import { applications } from '../../src/services/apply/schema';
import { bearer, createAccount, createTestApp, loginAs } from '../helpers/app';
import { applyWorld, bank, FORM, NAME, withId, type Headers } from '../helpers/apply-world';
import { insertDraftGuide, insertPolicy } from '../helpers/content';

let app: App;
let as: Record<'ent' | 'other' | 'staff' | 'staff2', Headers>;
let entId: number;
let otherId: number;
let entAccountId: number;

const world = applyWorld(
  () => app,
  () => as.staff,
);
const { call, ok, upload, material, guideWith } = world;
const submission = (guideId: number, enterpriseId = entId, headers = as.ent) => world.submission(guideId, enterpriseId, headers);

const step = (id: number, headers: Headers, body: object) => call<ApplyConsoleDetail>('POST', withId(APPLY_PATHS.step, id), headers, body);
const stepOk = async (id: number, headers: Headers, body: object) => {
  const res = await step(id, headers, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  app = await createTestApp();
  const ent = await createAccount(app, { name: NAME });
  const other = await createAccount(app, { name: '乙方企业有限公司' });
  const staff = await createAccount(app, { roleId: ROLES.staff.id, name: '张初审' });
  const staff2 = await createAccount(app, { roleId: ROLES.staff.id, name: '李复审' });
  entAccountId = ent.id;
  as = {
    ent: bearer((await loginAs(app, ent)).access_token),
    other: bearer((await loginAs(app, other)).access_token),
    staff: bearer((await loginAs(app, staff)).access_token),
    staff2: bearer((await loginAs(app, staff2)).access_token),
  };
  const enterpriseOf = async (a: { id: number }) => (await app.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, a.id)))[0]!.id;
  [entId, otherId] = [await enterpriseOf(ent), await enterpriseOf(other)];
  await app.db.update(enterprises).set({ legalPerson: '王建国', contactPhone: '13800138000' }).where(inArray(enterprises.id, [entId, otherId]));
  // Stages count working days into this year and the next: published whenever this runs.
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  await app.db.insert(calendarYears).values([{ year: year - 1 }, { year }, { year: year + 1 }]).onConflictDoNothing();
  await vi.waitFor(() => app.calendar.addWorkingDays(new Date(), 200), { timeout: 10_000 });
});
afterAll(() => app.close());

describe("a guide's form and budget", () => {
  it('saves each form as a new version, refuses an inconsistent one, and answers the current one', async () => {
    const id = await guideWith(null);
    expect((await ok<{ form: unknown }>('GET', withId(APPLY_CONSOLE_PATHS.form, id), as.staff)).form).toBeNull();
    const twice = { ...FORM, sections: [{ title: '重复', fields: [FORM.sections[0]!.fields[0]!, FORM.sections[0]!.fields[0]!] }] };
    const refused = await call('PUT', withId(APPLY_CONSOLE_PATHS.form, id), as.staff, twice);
    expect(refused).toMatchObject({ status: 400, body: { msg: '字段标识「name」重复' } });
    const unknownDept = await call('PUT', withId(APPLY_CONSOLE_PATHS.form, id), as.staff, { ...FORM, departments: ['nowhere'] });
    expect(unknownDept).toMatchObject({ status: 400, body: { msg: APPLY_MSG.departmentNotJoint } });
    const first = await ok<{ form: { version: number } }>('PUT', withId(APPLY_CONSOLE_PATHS.form, id), as.staff, FORM);
    const second = await ok<{ form: { version: number; commitment: string } }>('PUT', withId(APPLY_CONSOLE_PATHS.form, id), as.staff, { ...FORM, commitment: '新的承诺书' });
    expect([first.form.version, second.form.version]).toEqual([1, 2]);
    expect((await ok<{ form: { commitment: string } }>('GET', withId(APPLY_CONSOLE_PATHS.form, id), as.staff)).form.commitment).toBe('新的承诺书');
    // The console's calls are staff-only.
    expect((await call('PUT', withId(APPLY_CONSOLE_PATHS.form, id), as.ent, FORM)).status).toBe(403);
  });
});

describe('publishing a guide one applies for', () => {
  it('is refused without a form or an outside address, and taken once the form is saved', async () => {
    const guideId = await insertDraftGuide(app, await insertPolicy(app), '需要申报表单的指南', { onlineUrl: null });
    const publish = () => call('POST', consolePath(POLICY_CONSOLE_PATHS.guideState, { id: guideId }), as.staff, { action: 'publish' });
    expect(await publish()).toMatchObject({ status: 409, body: { msg: APPLY_MSG.publishNoForm } });
    expect((await app.db.select({ status: guides.status }).from(guides).where(eq(guides.id, guideId)))[0]!.status).toBe('draft');
    await ok('PUT', withId(APPLY_CONSOLE_PATHS.form, guideId), as.staff, FORM);
    expect((await publish()).status).toBe(200);
  });
});

describe("the 工作台's mark", () => {
  it('lists a policy published 7 working days ago or more whose guides cannot be applied for, until its guide has a form', async () => {
    const old = await insertPolicy(app, { title: '十日前发布的政策', publishedAt: new Date(Date.now() - 30 * 86_400_000) });
    const fresh = await insertPolicy(app, { title: '刚发布的政策', publishedAt: new Date(Date.now() - 3_600_000) });
    const guideId = await insertDraftGuide(app, old, '尚无申报表单的指南', { onlineUrl: null });
    await insertDraftGuide(app, fresh, '新政策的指南', { onlineUrl: null });
    const marked = await ok<FormlessPolicy[]>('GET', APPLY_CONSOLE_PATHS.formless, as.staff);
    expect(marked.find((p) => p.policyId === old)).toMatchObject({ policyTitle: '十日前发布的政策', guides: [{ id: guideId, title: '尚无申报表单的指南' }] });
    expect(marked.find((p) => p.policyId === old)!.days).toBeGreaterThanOrEqual(7);
    expect(marked.some((p) => p.policyId === fresh)).toBe(false);
    await ok('PUT', withId(APPLY_CONSOLE_PATHS.form, guideId), as.staff, FORM);
    expect((await ok<FormlessPolicy[]>('GET', APPLY_CONSOLE_PATHS.formless, as.staff)).some((p) => p.policyId === old)).toBe(false);
    expect((await call('GET', APPLY_CONSOLE_PATHS.formless, as.ent)).status).toBe(403);
  });
});

describe('the 材料库', () => {
  it("keeps an enterprise's documents, flags the expired, and never shows or removes another's", async () => {
    const valid = await material(as.ent, entId, 'tax', '2099-01-01');
    const expired = await material(as.ent, entId, 'social', '2020-01-01');
    const list = await ok<Material[]>('GET', withId(APPLY_PATHS.materials, entId), as.ent);
    expect(list.find((m) => m.id === valid.id)).toMatchObject({ kindLabel: '纳税证明', expired: false });
    expect(list.find((m) => m.id === expired.id)).toMatchObject({ kindLabel: '社保缴纳证明', expired: true });
    expect(list.findIndex((m) => m.id === expired.id)).toBeGreaterThan(list.findIndex((m) => m.id === valid.id));
    // Another enterprise: its list of ours, our file, our removal — none.
    expect(await call('GET', withId(APPLY_PATHS.materials, entId), as.other)).toMatchObject({ status: 404, body: { msg: APPLY_MSG.enterpriseNotFound } });
    expect((await app.inject({ method: 'GET', url: valid.fileUrl, headers: as.other })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: valid.fileUrl, headers: as.ent })).statusCode).toBe(200);
    expect(await call('DELETE', withId(APPLY_PATHS.removeMaterial, valid.id), as.other)).toMatchObject({ status: 404, body: { msg: APPLY_MSG.materialNotFound } });
    // A file that is not the caller's own upload is refused, and nothing is kept.
    const foreign = await upload(as.other);
    const before = (await ok<Material[]>('GET', withId(APPLY_PATHS.materials, entId), as.ent)).length;
    expect((await call('POST', APPLY_PATHS.saveMaterial, as.ent, { enterpriseId: entId, kind: 'tax', name: '纳税证明', issuer: '', validUntil: null, fileId: foreign })).status).toBe(400);
    expect(await call('POST', APPLY_PATHS.saveMaterial, as.ent, { enterpriseId: entId, kind: 'tax', name: '纳税证明', issuer: '', validUntil: '2026-02-30', fileId: await upload(as.ent) })).toMatchObject({
      status: 400,
      body: { msg: APPLY_MSG.validUntilWrong },
    });
    expect((await ok<Material[]>('GET', withId(APPLY_PATHS.materials, entId), as.ent)).length).toBe(before);
    await ok('DELETE', withId(APPLY_PATHS.removeMaterial, valid.id), as.ent);
  });
});

describe('applying', () => {
  it('starts from the form with what the bureau knows prefilled, the verdict and the library', async () => {
    const guideId = await guideWith(FORM);
    const start = await ok<ApplyStart>('GET', `${APPLY_PATHS.start}?guideId=${guideId}&enterpriseId=${entId}`, as.ent);
    expect(start).toMatchObject({ enterpriseName: NAME, allowed: true, verdict: { verdict: 'eligible', amount: 20 }, draft: null, inProgress: null });
    const [ent] = await app.db.select().from(enterprises).where(eq(enterprises.id, entId));
    expect(start.prefill).toEqual({ name: NAME, creditCode: ent!.creditCode, legal: '王建国', phone: '13800138000', amount: '20' });
    // Another enterprise's id, a guide without a form, a 免申即享 guide, a closed window: refused.
    expect((await call('GET', `${APPLY_PATHS.start}?guideId=${guideId}&enterpriseId=${otherId}`, as.ent)).status).toBe(404);
    expect((await call('GET', `${APPLY_PATHS.start}?guideId=${await guideWith(null)}&enterpriseId=${entId}`, as.ent)).body.msg).toBe(APPLY_MSG.noForm);
    expect((await call('GET', `${APPLY_PATHS.start}?guideId=${await guideWith(FORM, null, { mode: 'auto' })}&enterpriseId=${entId}`, as.ent)).body.msg).toBe(APPLY_MSG.guideAuto);
    const closed = await guideWith(FORM, null, { windowStart: new Date(Date.now() - 40 * 86_400_000), windowEnd: new Date(Date.now() - 86_400_000) });
    expect((await call('GET', `${APPLY_PATHS.start}?guideId=${closed}&enterpriseId=${entId}`, as.ent)).body.msg).toBe(APPLY_MSG.windowClosed);
  });

  it('keeps one draft per enterprise and guide, shared by its accounts with who saved it last', async () => {
    const guideId = await guideWith(FORM);
    const saved = await ok<{ updatedBy: string }>('POST', APPLY_PATHS.draft, as.ent, { guideId, enterpriseId: entId, values: { project: '半成品' }, materials: {} });
    expect(saved.updatedBy).toBe(NAME);
    const start = await ok<ApplyStart>('GET', `${APPLY_PATHS.start}?guideId=${guideId}&enterpriseId=${entId}`, as.ent);
    expect(start.draft).toMatchObject({ values: { project: '半成品' }, updatedBy: NAME });
    expect(await call('POST', APPLY_PATHS.draft, as.ent, { guideId, enterpriseId: entId, values: { nothere: 'x' }, materials: {} })).toMatchObject({ status: 400, body: { msg: APPLY_MSG.unknownField('nothere') } });
    expect((await call('POST', APPLY_PATHS.draft, as.other, { guideId, enterpriseId: entId, values: {}, materials: {} })).status).toBe(404);
  });

  it('refuses an incomplete, expired, mismatched or repeated submission, changing nothing', async () => {
    const guideId = await guideWith(FORM);
    const good = await submission(guideId);
    const refusals: [object, string][] = [
      [{ values: { ...good.values, project: '' } }, APPLY_MSG.fieldRequired('项目名称')],
      [{ values: { ...good.values, invest: '很多' } }, APPLY_MSG.fieldNumber('项目投资额')],
      [{ materials: { license: good.materials.license } }, APPLY_MSG.materialRequired('上年度审计报告')],
      [{ materials: { ...good.materials, audit: (await material(as.ent, entId, 'audit', '2020-12-31')).id } }, APPLY_MSG.materialExpired('上年度审计报告')],
      [{ materials: { ...good.materials, audit: good.materials.license } }, APPLY_MSG.materialWrongKind('上年度审计报告')],
      [{ materials: { ...good.materials, audit: (await material(as.other, otherId, 'audit')).id } }, APPLY_MSG.materialNotFound],
      [{ bankAccount: { ...bank, name: '别的公司' } }, APPLY_MSG.accountNameMismatch],
      [{ bankAccount: { ...bank, number: '12ab' } }, '账号应为 8–30 位数字'],
      [{ agreed: false }, APPLY_MSG.commitmentRequired],
      [{ formVersion: good.formVersion + 1 }, APPLY_MSG.formChanged],
    ];
    for (const [change, msg] of refusals) {
      const res = await call('POST', APPLY_PATHS.submit, as.ent, { ...good, ...change });
      expect(res.body.msg, JSON.stringify(change)).toBe(msg);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect(await app.db.$count(applications, eq(applications.guideId, guideId))).toBe(0);
    const first = await ok<ApplyDetail>('POST', APPLY_PATHS.submit, as.ent, good);
    expect(first.number).toMatch(/^SB\d{8}-\d{4}$/);
    const again = await call('POST', APPLY_PATHS.submit, as.ent, good);
    expect(again).toMatchObject({ status: 409, body: { msg: APPLY_MSG.alreadyApplied(first.number) } });
  });

  it('refuses an enterprise the guide’s data rule out, and warns where the data cannot tell', async () => {
    const largeOnly = { groups: [[{ field: 'scale', op: 'in', value: ['large'] }]] } as never;
    const guideId = await guideWith(FORM, null, { eligibility: largeOnly });
    const start = await ok<ApplyStart>('GET', `${APPLY_PATHS.start}?guideId=${guideId}&enterpriseId=${entId}`, as.ent);
    // The profile has no scale: the calculator cannot tell (缺少数据): allowed, with the warning.
    expect(start).toMatchObject({ allowed: true, verdict: { verdict: 'missing' }, warnings: [APPLY_MSG.unchecked] });
    await app.db.update(enterprises).set({ scale: 'small' }).where(eq(enterprises.id, entId));
    try {
      const ruledOut = await ok<ApplyStart>('GET', `${APPLY_PATHS.start}?guideId=${guideId}&enterpriseId=${entId}`, as.ent);
      expect(ruledOut).toMatchObject({ allowed: false, verdict: { verdict: 'ineligible' } });
      const res = await call('POST', APPLY_PATHS.submit, as.ent, await submission(guideId));
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/^不符合申报条件：/);
    } finally {
      await app.db.update(enterprises).set({ scale: null }).where(eq(enterprises.id, entId));
    }
  });
});

describe('APPLY_FLOW as taken', () => {
  it('受理, 补正 with the clock paused, 初审, 复审 by another person, 联审, 拟支持 — told to the enterprise at each step', async () => {
    const guideId = await guideWith(FORM);
    const submitted = await ok<ApplyDetail>('POST', APPLY_PATHS.submit, as.ent, await submission(guideId));
    expect(submitted).toMatchObject({ status: 'submitted', statusLabel: '待受理', steps: ['withdraw'], commitment: { signer: '王建国', text: FORM.commitment } });
    expect(submitted.dueText).toMatch(/^剩余 \d+ 个工作日$/);
    const id = submitted.id;

    const accepted = await stepOk(id, as.staff, { step: 'accept' });
    expect(accepted).toMatchObject({ status: 'accepted', promiseWarn: false });
    expect(accepted.promiseDueAt).not.toBeNull();
    // 补正: everything at once; the clocks pause and say so.
    expect((await step(id, as.staff, { step: 'askCorrection', note: '请补正', fields: ['nothere'] })).body.msg).toBe(APPLY_MSG.correctionUnknown);
    expect((await step(id, as.staff, { step: 'askCorrection', note: '请补正' })).body.msg).toBe(APPLY_MSG.correctionNothing);
    const asked = await stepOk(id, as.staff, { step: 'askCorrection', note: '投资额与审计报告不一致，请核对', fields: ['invest'], materialKinds: ['audit'] });
    expect(asked).toMatchObject({ status: 'correcting', stageDueAt: null, promiseDueAt: null, dueText: APPLY_MSG.paused, asked: '投资额与审计报告不一致，请核对' });
    expect(asked.corrections[0]).toMatchObject({ fields: [{ key: 'invest', label: '项目投资额' }], materials: [{ kind: 'audit', label: '上年度审计报告' }], answeredAt: null });
    const mine = await ok<{ list: ApplyItem[] }>('GET', `${APPLY_PATHS.list}?currentPage=1&pageSize=10`, as.ent);
    expect(mine.list.find((a) => a.id === id)).toMatchObject({ status: 'correcting', dueText: APPLY_MSG.paused, asked: '投资额与审计报告不一致，请核对' });
    // The answer: every item asked, nothing else.
    expect((await step(id, as.ent, { step: 'correct', values: { invest: '750' } })).body.msg).toBe(APPLY_MSG.correctionIncomplete('上年度审计报告'));
    const newAudit = await material(as.ent, entId, 'audit', '2099-06-30');
    expect((await step(id, as.ent, { step: 'correct', values: { invest: '750', project: '改名' }, materials: { audit: newAudit.id } })).body.msg).toBe(APPLY_MSG.correctionUnknown);
    expect((await step(id, as.other, { step: 'correct', values: { invest: '750' }, materials: { audit: newAudit.id } })).status).toBe(404);
    const corrected = await stepOk(id, as.ent, { step: 'correct', values: { invest: '750' }, materials: { audit: newAudit.id } });
    expect(corrected).toMatchObject({ status: 'accepted', values: { invest: '750', project: '智能产线技术改造' } });
    expect(corrected.stageDueAt).not.toBeNull();
    expect(corrected.materials.find((m) => m.kind === 'audit')?.material?.id).toBe(newAudit.id);
    expect(corrected.corrections[0]!.answeredAt).not.toBeNull();

    // 初审 within the rule; 复审 by the same person refused, by another taken.
    expect((await step(id, as.staff, { step: 'firstReview', note: '材料齐全', amount: 25 })).body.msg).toBe(APPLY_MSG.amountOverRule(20));
    await stepOk(id, as.staff, { step: 'firstReview', note: '材料齐全，符合条件', amount: 18 });
    expect(await step(id, as.staff, { step: 'secondReview', note: '同意' })).toMatchObject({ status: 409, body: { msg: APPLY_MSG.sameReviewer } });
    const rechecked = await stepOk(id, as.staff2, { step: 'secondReview', note: '同意初审意见' });
    expect(rechecked).toMatchObject({ status: 'rechecked', firstReviewer: '张初审', proposedAmount: 18 });
    // 联审: each named department once, all before 拟支持.
    expect((await step(id, as.staff, { step: 'approve', amount: 18 })).body.msg).toBe(APPLY_MSG.jointPending('云溪县财政局、云溪县科学技术局'));
    await stepOk(id, as.staff, { step: 'jointOpinion', department: 'kjj', note: '同意' });
    expect((await step(id, as.staff, { step: 'jointOpinion', department: 'kjj', note: '再次' })).body.msg).toBe(APPLY_MSG.departmentDone);
    expect((await step(id, as.staff, { step: 'jointOpinion', department: 'swj', note: '同意' })).body.msg).toBe(APPLY_MSG.departmentNotJoint);
    await stepOk(id, as.staff2, { step: 'jointOpinion', department: 'czj', note: '资金已落实' });
    // Nothing to pay is no support (its 资金下达 would issue an instruction of 0): refused, nothing changed.
    expect(await step(id, as.staff, { step: 'approve', amount: 0 })).toMatchObject({ status: 400, body: { msg: APPLY_MSG.approvedPositive } });
    const approved = await stepOk(id, as.staff, { step: 'approve', amount: 18, note: '拟支持 18 万元' });
    expect(approved).toMatchObject({ status: 'approved', statusLabel: '拟支持', approvedAmount: 18, budget: { amount: 100, approved: 18 } });

    // The enterprise's view: no 联审, no internal step, staff by role; a message at each step that concerns it.
    const own = await ok<ApplyDetail>('GET', withId(APPLY_PATHS.detail, id), as.ent);
    expect(own.joint).toEqual([]);
    expect(own.timeline.map((t) => t.step)).toEqual(['submit', 'accept', 'askCorrection', 'correct', 'firstReview', 'secondReview', 'approve']);
    expect(own.timeline.filter((t) => t.role !== 'enterprise').every((t) => t.actor === null)).toBe(true);
    const told = await app.db.select({ kind: messages.kind, title: messages.title, link: messages.link }).from(messages).where(and(eq(messages.accountId, entAccountId), eq(messages.source, 'apply')));
    const ofThis = told.filter((m) => m.title.endsWith(submitted.number));
    expect(ofThis.map((m) => m.kind).sort()).toEqual(['apply.accepted', 'apply.approved', 'apply.correction', 'apply.reviewed']);
    expect(ofThis.every((m) => m.link === `/policyApply/mine?id=${id}`)).toBe(true);
    // Another enterprise reads nothing of it.
    expect(await call('GET', withId(APPLY_PATHS.detail, id), as.other)).toMatchObject({ status: 404, body: { msg: APPLY_MSG.notFound } });
    expect((await ok<{ list: ApplyItem[] }>('GET', `${APPLY_PATHS.list}?currentPage=1&pageSize=50`, as.other)).list).toEqual([]);
  });

  it('asks for 补正 at most the form’s number of times; withdraws only before 受理; refuses with a reason', async () => {
    const guideId = await guideWith({ ...FORM, maxCorrections: 1, departments: [] });
    const a = await ok<ApplyDetail>('POST', APPLY_PATHS.submit, as.ent, await submission(guideId));
    await stepOk(a.id, as.staff, { step: 'accept' });
    expect((await step(a.id, as.ent, { step: 'withdraw' })).status).toBe(409);
    await stepOk(a.id, as.staff, { step: 'askCorrection', note: '补正项目名称', fields: ['project'] });
    await stepOk(a.id, as.ent, { step: 'correct', values: { project: '智能产线二期' } });
    expect((await step(a.id, as.staff, { step: 'askCorrection', note: '再补', fields: ['project'] })).body.msg).toBe(APPLY_MSG.tooManyCorrections(1));
    const rejected = await stepOk(a.id, as.staff, { step: 'reject', note: '项目不在支持范围' });
    expect(rejected).toMatchObject({ status: 'rejected', stageDueAt: null });

    const other = await guideWith(FORM);
    const b = await ok<ApplyDetail>('POST', APPLY_PATHS.submit, as.ent, await submission(other));
    expect((await step(b.id, as.staff, { step: 'refuse' })).status).toBe(400); // the reason is required
    await stepOk(b.id, as.ent, { step: 'withdraw' });
    // Withdrawn: a new application for the guide may follow.
    expect((await ok<ApplyDetail>('POST', APPLY_PATHS.submit, as.ent, await submission(other))).status).toBe('submitted');
  });

  it('keeps a submitted application on its form version when the guide’s form changes', async () => {
    const guideId = await guideWith(FORM);
    const a = await ok<ApplyDetail>('POST', APPLY_PATHS.submit, as.ent, await submission(guideId));
    await ok('PUT', withId(APPLY_CONSOLE_PATHS.form, guideId), as.staff, { ...FORM, sections: [{ title: '新表', fields: [{ key: 'only', label: '唯一字段', type: 'text', required: true }] }], commitment: '新承诺' });
    const detail = await ok<ApplyConsoleDetail>('GET', withId(APPLY_CONSOLE_PATHS.detail, a.id), as.staff);
    expect(detail.formVersion).toBe(1);
    expect(detail.sections.map((s) => s.title)).toEqual(['企业基本情况', '项目情况']);
    expect(detail.commitment.text).toBe(FORM.commitment);
    // And a 补正 asks for the frozen form's fields, not the new one's.
    await stepOk(a.id, as.staff, { step: 'accept' });
    expect((await step(a.id, as.staff, { step: 'askCorrection', note: '补正', fields: ['only'] })).body.msg).toBe(APPLY_MSG.correctionUnknown);
    await stepOk(a.id, as.staff, { step: 'askCorrection', note: '补正', fields: ['invest'] });
  });
});

/** An application of `enterpriseId` brought to 待审定 (初审 by staff, 复审 by staff2). */
async function atRecheck(guideId: number, enterpriseId: number, headers: Headers, amount: number): Promise<number> {
  const a = await ok<ApplyDetail>('POST', APPLY_PATHS.submit, headers, await submission(guideId, enterpriseId, headers));
  await stepOk(a.id, as.staff, { step: 'accept' });
  await stepOk(a.id, as.staff, { step: 'firstReview', note: '同意', amount });
  await stepOk(a.id, as.staff2, { step: 'secondReview', note: '同意' });
  return a.id;
}

describe('拟支持 within the money', () => {
  it('never exceeds the budget, also when two staff approve at once', async () => {
    const guideId = await guideWith({ ...FORM, departments: [] }, 30);
    const mine = await atRecheck(guideId, entId, as.ent, 18);
    const theirs = await atRecheck(guideId, otherId, as.other, 18);
    const both = await Promise.all([step(mine, as.staff, { step: 'approve', amount: 18 }), step(theirs, as.staff2, { step: 'approve', amount: 18 })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.msg).toBe(APPLY_MSG.budgetExceeded(12));
    const budget = await ok<{ amount: number; approved: number }>('GET', `${withId(APPLY_CONSOLE_PATHS.budget, guideId)}?year=${chinaDate(new Date()).slice(0, 4)}`, as.staff);
    expect(budget).toMatchObject({ amount: 30, approved: 18 });
    // Nor may the budget be set below what is approved.
    expect((await call('PUT', withId(APPLY_CONSOLE_PATHS.budget, guideId), as.staff, { year: Number(chinaDate(new Date()).slice(0, 4)), amount: 10 })).body.msg).toBe(APPLY_MSG.budgetBelowApproved(18));
  });

  it('refuses 拟支持 without a budget for the year', async () => {
    const guideId = await guideWith({ ...FORM, departments: [] }, null);
    const id = await atRecheck(guideId, entId, as.ent, 10);
    expect((await step(id, as.staff, { step: 'approve', amount: 10 })).body.msg).toBe(APPLY_MSG.budgetMissing(Number(chinaDate(new Date()).slice(0, 4))));
  });

  it('不重复享受: an enterprise approved in the group this year is warned at 申报 and refused at 拟支持, unless it gives up the lower one', async () => {
    const group = { ...FORM, departments: [], exclusiveGroup: '技改类' };
    const first = await guideWith(group);
    const second = await guideWith(group);
    const a = await atRecheck(first, entId, as.ent, 15);
    const approved = await stepOk(a, as.staff, { step: 'approve', amount: 15 });
    const start = await ok<ApplyStart>('GET', `${APPLY_PATHS.start}?guideId=${second}&enterpriseId=${entId}`, as.ent);
    expect(start.warnings).toContain(APPLY_MSG.exclusiveHint(approved.number, 15));
    const b = await atRecheck(second, entId, as.ent, 20);
    // Not higher: refused outright. Higher (从高从优): refused until the enterprise gives up the earlier one.
    expect(await step(b, as.staff, { step: 'approve', amount: 12 })).toMatchObject({ status: 409, body: { msg: APPLY_MSG.exclusive(approved.number, 15) } });
    expect(await step(b, as.staff, { step: 'approve', amount: 20 })).toMatchObject({ status: 409, body: { msg: APPLY_MSG.exclusiveHigher(approved.number, 15) } });
    expect((await app.db.select({ status: applications.status }).from(applications).where(eq(applications.id, b)))[0]!.status).toBe('rechecked');
    // Giving it up: the owner only, with a reason; staff cannot do it for it.
    expect((await step(a, as.staff, { step: 'relinquish', note: '代为放弃' })).status).toBe(403);
    expect((await step(a, as.ent, { step: 'relinquish' })).status).toBe(400);
    expect((await stepOk(a, as.ent, { step: 'relinquish', note: '同类政策从高从优，申请金额更高的一项' })).status).toBe('withdrawn');
    expect((await stepOk(b, as.staff, { step: 'approve', amount: 20 })).status).toBe('approved');
  });
});

describe('the queue', () => {
  it('lists, filters and counts for staff only, with each row’s clock', async () => {
    const guideId = await guideWith(FORM);
    const a = await ok<ApplyDetail>('POST', APPLY_PATHS.submit, as.ent, await submission(guideId));
    const page = await ok<{ list: ApplyItem[]; total: number }>('POST', APPLY_CONSOLE_PATHS.page, as.staff, { currentPage: 1, pageSize: 10, guideId });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ id: a.id, enterpriseName: NAME, statusLabel: '待受理', overdue: false });
    expect((await ok<{ total: number }>('POST', APPLY_CONSOLE_PATHS.page, as.staff, { currentPage: 1, pageSize: 10, keyword: a.number })).total).toBe(1);
    // By a 联审 department its frozen form names (科技局 and 财政局 here), and not by one it does not.
    const byDepartment = async (department: string) => (await ok<{ total: number }>('POST', APPLY_CONSOLE_PATHS.page, as.staff, { currentPage: 1, pageSize: 10, guideId, department })).total;
    expect([await byDepartment('kjj'), await byDepartment('czj'), await byDepartment('nowhere')]).toEqual([1, 1, 0]);
    expect((await ok<ApplyCounts>('POST', APPLY_CONSOLE_PATHS.counts, as.staff, { guideId, department: 'nowhere' })).all).toBe(0);
    const counts = await ok<ApplyCounts>('POST', APPLY_CONSOLE_PATHS.counts, as.staff, { guideId });
    expect(counts).toMatchObject({ all: 1, overdue: 0, byStatus: { submitted: 1, accepted: 0 } });
    // Past its 受理 date: overdue, in the row and the counts.
    await app.db.update(applications).set({ stageDueAt: new Date(Date.now() - 60_000) }).where(eq(applications.id, a.id));
    expect((await ok<ApplyCounts>('POST', APPLY_CONSOLE_PATHS.counts, as.staff, { guideId, overdue: true })).overdue).toBe(1);
    // The tabs count it overdue within one guide (in the grouping) and over the whole queue (by the clock's index).
    expect(await ok<ApplyCounts>('POST', APPLY_CONSOLE_PATHS.counts, as.staff, { guideId })).toMatchObject({ all: 1, overdue: 1 });
    const whole = await ok<ApplyCounts>('POST', APPLY_CONSOLE_PATHS.counts, as.staff, {});
    expect(whole.overdue).toBe(await app.db.$count(applications, and(inArray(applications.status, [...APPLY_CLOCK_STATES]), lt(applications.stageDueAt, new Date()))));
    expect(whole.overdue).toBeGreaterThanOrEqual(1);
    expect((await ok<{ list: ApplyItem[] }>('POST', APPLY_CONSOLE_PATHS.page, as.staff, { currentPage: 1, pageSize: 10, guideId, overdue: true })).list[0]).toMatchObject({ overdue: true, dueText: APPLY_MSG.overdue });
    expect(await call('POST', APPLY_CONSOLE_PATHS.page, as.ent, { currentPage: 1, pageSize: 10 })).toMatchObject({ status: 403 });
    expect((await call('GET', withId(APPLY_CONSOLE_PATHS.detail, a.id), as.ent)).status).toBe(403);
  });
});
