// The world the ownership matrix runs in: one owner enterprise account holding one of each owned
// resource, every one made through the API as a user would make it, and the callers who try them
// (another enterprise account, a 工作人员, an 管理员, anonymous). Also what identifies the owner in
// an answer, and a snapshot of every row of the owner's that a call could change.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { vi } from 'vitest';
import { APPEAL_PATHS, type AppealDetail } from '@hqt/contract/appeal';
import { APPLY_PATHS, type ApplyDetail, type Material } from '@hqt/contract/apply';
import { APPLY_CONSOLE_PATHS } from '@hqt/contract/apply-console';
import { ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, type Enterprise, type EnterpriseBody } from '@hqt/contract/calculator';
import { ENTCODE_PATHS, formatCode, type MyEntcode } from '@hqt/contract/entcode';
import { FILE_PATHS, type UploadedFile } from '@hqt/contract/files';
import { PAYOUT_CONSOLE_PATHS, PAYOUT_PATHS, type Batch, type Offer } from '@hqt/contract/payout';
import { PUSH_PATHS } from '@hqt/contract/push';
import { QA_PATHS, type AskAnswer } from '@hqt/contract/qa';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import { VISIT_PATHS, type VisitDetail } from '@hqt/contract/visit';
import { VISIT_CONSOLE_PATHS } from '@hqt/contract/visit-console';
import { chinaDate, chinaDayEnd } from '@hqt/contract/working-days';
import type { App } from '../../src/app';
import { accounts, attachments, enterprises, evaluations, files, guides, messageMailPrefs, messages, pushSubscriptions, workflowSteps } from '../../src/db/schema/index';
import { appeals } from '../../src/services/appeal/schema';
import { applicationDrafts, applicationMaterials, applications, enterpriseMaterials } from '../../src/services/apply/schema';
import { calendarYears } from '../../src/services/calendar/schema';
import { autoOffers, payments } from '../../src/services/payout/schema';
import { returnXlsx } from '../../src/services/payout/treasury';
import { enterpriseCodes } from '../../src/services/entcode/schema';
import { qaQuestions } from '../../src/services/qa/schema';
import { visits } from '../../src/services/visit/schema';
import { bearer, createAccount, loginAs, startJobsDone, type TestAccount } from '../helpers/app';
import { insertDraftGuide, insertPolicy } from '../helpers/content';

export interface Caller {
  account: TestAccount;
  headers: Record<string, string>;
}

/** The owner's ids, as the matrix's table fills the routes' params and bodies with them. */
export interface World {
  owner: Caller;
  intruder: Caller;
  staff: Caller;
  admin: Caller;
  /** The 工作人员 who leads the owner's visits (and took the appeal's step): not a caller of the matrix. */
  lead: Caller;
  enterpriseId: number;
  /** The other enterprise's own enterprise: a call on its own data may still name the owner's (a file). */
  intruderEnterpriseId: number;
  creditCode: string;
  evaluationId: number;
  subscriptionId: number;
  messageId: number;
  appealId: number;
  appealNumber: string;
  attachmentId: number;
  fileId: number;
  code: string;
  codeId: number;
  /** A visit to confirm, a confirmed one, and one held with its summary. */
  visitPending: VisitDetail;
  visitConfirmed: VisitDetail;
  visitHeld: VisitDetail;
  guideId: number;
  /** 政策申兑: a guide with a form, the owner's accepted application for it (and a draft), a library document and its file. */
  applyGuideId: number;
  applicationId: number;
  /** 政策兑现: the owner's 免申即享 offer, confirmed, and its application's arrived instruction. */
  paidApplicationId: number;
  paymentId: number;
  paymentAmount: number;
  offerId: number;
  questionId: number;
  materialId: number;
  materialFileId: number;
  /** Every value that identifies the owner's data in an answer's body. */
  marks: string[];
}

const OWNER_NAME = '甲方独有精工机械有限公司';
const OWNER = {
  legalPerson: '欧阳独甲',
  contactPhone: '13977770001',
  accountPhone: '13977770002',
  appealPhone: '13977770003',
  contact: '诸葛甲经理',
  appealTitle: '甲方独有诉求：厂区道路破损',
  keyword: '甲方独有关键词',
  visitSubject: '甲方独有走访主题',
  visitPlace: '甲方独有创业路 8 号',
  summary: '甲方独有纪要：了解技改进展',
  fileMark: `OWNER-SECRET-${randomBytes(6).toString('hex')}`,
  fileName: 'jiafang-duyou.pdf',
  attachmentName: 'jiafang-fujian.pdf',
  materialFileName: 'jiafang-zhizhao.pdf',
  materialName: '甲方独有营业执照副本',
  applyProject: '甲方独有技改项目',
  applyDraft: '甲方独有申报草稿',
  signer: '欧阳签甲',
  bankNumber: '6222029988776655',
};

const thisYear = Number(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 4));

async function expectOk<T>(app: App, what: string, res: Awaited<ReturnType<App['inject']>>): Promise<T> {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

export function multipart(name: string, content: Buffer) {
  const boundary = `----hqt${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
export const pdf = (mark: string) => Buffer.from(`%PDF-1.4\n${mark}\n${randomBytes(8).toString('hex')}\n%%EOF\n`);

/** A China day `days` from today at hours [from, to), as ISO instants. */
export function slot(days: number, from: number, to: number) {
  const day = chinaDate(new Date(Date.now() + days * 86_400_000));
  const midnight = chinaDayEnd(day).getTime() - 86_400_000;
  return { startsAt: new Date(midnight + from * 3_600_000).toISOString(), endsAt: new Date(midnight + to * 3_600_000).toISOString() };
}

let seq = 0;
async function caller(app: App, roleId: number, name: string): Promise<Caller> {
  const account = await createAccount(app, { roleId, name, password: `Passw0rdM${++seq}` });
  return { account, headers: bearer((await loginAs(app, account, `10.88.0.${seq}`)).access_token) };
}

export async function buildWorld(app: App): Promise<World> {
  // Working days counted from now reach into this year and the next: published.
  await app.db.insert(calendarYears).values([{ year: thisYear }, { year: thisYear + 1 }]).onConflictDoNothing();
  await vi.waitFor(() => app.calendar.addWorkingDays(new Date(), 40), { timeout: 10_000 });

  const owner = await caller(app, ROLES.enterprise.id, OWNER_NAME);
  const intruder = await caller(app, ROLES.enterprise.id, '乙方企业有限公司');
  const staff = await caller(app, ROLES.staff.id, '丙工作人员');
  const admin = await caller(app, ROLES.admin.id, '丁管理员');
  const lead = await caller(app, ROLES.staff.id, '戊带队');
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  // A published guide for the calculator's calls (written directly: no push fan-out runs).
  const guideId = await insertDraftGuide(app, await insertPolicy(app), '矩阵用测试指南');
  await app.db.update(guides).set({ status: 'published' }).where(eq(guides.id, guideId));

  // The profile: the enterprise the account was made with, filled in through the calculator.
  const [own] = await app.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, owner.account.id));
  const [theirs] = await app.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, intruder.account.id));
  const base = `91513333${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const creditCode = base + creditCodeCheckChar(base);
  const body: EnterpriseBody & { id: number } = {
    id: own!.id,
    name: OWNER_NAME,
    creditCode,
    legalPerson: OWNER.legalPerson,
    nature: 'private',
    contactPhone: OWNER.contactPhone,
    foundedOn: '2019-03-01',
    registeredCapital: 1000,
    patents: 3,
    industry: 'C',
    scale: 'small',
    region: 'park',
    qualifications: [{ code: 'hightech', validUntil: `${thisYear + 1}-12-31` }],
    indicators: [{ year: thisYear - 1, revenue: 5000, tax: 200, rdExpense: 140, staff: 100, socialInsurance: 90, investment: 300 }],
  };
  const enterprise = await expectOk<Enterprise>(app, 'profile', await inject('POST', CALCULATOR_PATHS.saveEnterprise, owner.headers, body));
  await expectOk(app, 'account phone', await inject('POST', '/api/v1/admin/updatephone', owner.headers, { id: owner.account.id, phone: OWNER.accountPhone }));

  // 企业码: given when the profile is saved.
  const mine = await expectOk<MyEntcode[]>(app, 'code', await inject('GET', ENTCODE_PATHS.mine, owner.headers));
  const mineOf = mine.find((m) => m.enterpriseId === enterprise.id);
  if (!mineOf) throw new Error(`no code: ${JSON.stringify(mine)}`);
  const { code, codeId } = mineOf;

  // An evaluation and its snapshot; a subscription.
  const evaluation = await expectOk<{ id: number }>(app, 'snapshot', await inject('POST', CALCULATOR_PATHS.saveEvaluation, owner.headers, { enterpriseId: enterprise.id }));
  const subscription = await expectOk<{ id: number }>(app, 'subscription', await inject('POST', PUSH_PATHS.saveSubscription, owner.headers, { kind: 'keyword', value: OWNER.keyword }));

  // An uploaded file of its own, and an appeal with an attachment; staff accept it (a timeline step and a message).
  const upload = async (name: string) => {
    const m = multipart(name, pdf(OWNER.fileMark));
    const res = await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...owner.headers, ...m.headers }, payload: m.payload });
    return (await expectOk<UploadedFile[]>(app, 'upload', res))[0]!.id;
  };
  const fileId = await upload(OWNER.fileName);
  const attachmentId = await upload(OWNER.attachmentName);
  const appeal = await expectOk<AppealDetail>(
    app,
    'appeal',
    await inject('POST', APPEAL_PATHS.save, owner.headers, {
      enterpriseId: enterprise.id,
      category: 'policy',
      title: OWNER.appealTitle,
      content: '厂区门前道路破损，影响货车进出。',
      contact: OWNER.contact,
      phone: OWNER.appealPhone,
      fileIds: [attachmentId],
    }),
  );
  await expectOk(app, 'accept', await inject('POST', APPEAL_PATHS.step.replace(':id', String(appeal.id)), lead.headers, { step: 'accept' }));
  const [message] = await app.db.select({ id: messages.id }).from(messages).where(eq(messages.accountId, owner.account.id)).orderBy(asc(messages.id));
  if (!message) throw new Error('no message to the owner');

  // 政策申兑: a guide's form (staff), a library document, an application staff accept, a draft after it.
  const applyGuideId = await insertDraftGuide(app, await insertPolicy(app), '矩阵用申报指南', { status: 'published' });
  await expectOk(
    app,
    'form',
    await app.inject({
      method: 'PUT',
      url: APPLY_CONSOLE_PATHS.form.replace(':id', String(applyGuideId)),
      headers: lead.headers,
      payload: {
        sections: [{ title: '项目', fields: [{ key: 'project', label: '项目名称', type: 'text', required: true }] }],
        materials: [{ kind: 'license', required: true }],
        commitment: '本企业承诺所填信息真实有效。',
        acceptDays: 2,
        reviewDays: 10,
        maxCorrections: 2,
        promiseDays: 60,
        departments: [],
        exclusiveGroup: null,
      },
    }),
  );
  const materialFileId = await upload(OWNER.materialFileName);
  const material = await expectOk<Material>(
    app,
    'material',
    await inject('POST', APPLY_PATHS.saveMaterial, owner.headers, { enterpriseId: enterprise.id, kind: 'license', name: OWNER.materialName, issuer: '云溪县市场监督管理局', validUntil: null, fileId: materialFileId }),
  );
  const application = await expectOk<ApplyDetail>(
    app,
    'submit',
    await inject('POST', APPLY_PATHS.submit, owner.headers, {
      guideId: applyGuideId,
      enterpriseId: enterprise.id,
      formVersion: 1,
      values: { project: OWNER.applyProject },
      materials: { license: material.id },
      signer: OWNER.signer,
      agreed: true,
      bankAccount: { name: OWNER_NAME, bank: '中国工商银行云溪支行', number: OWNER.bankNumber },
    }),
  );
  await expectOk(app, 'accept application', await inject('POST', APPLY_PATHS.step.replace(':id', String(application.id)), lead.headers, { step: 'accept' }));
  await expectOk(app, 'draft', await inject('POST', APPLY_PATHS.draft, owner.headers, { guideId: applyGuideId, enterpriseId: enterprise.id, values: { project: OWNER.applyDraft }, materials: {} }));

  // 政策兑现: a 免申即享 guide offers the owner its support; confirmed, moved straight to 待拨付 and paid
  // through the treasury's return file — an offer and an arrived instruction of the owner's.
  const autoGuideId = await insertDraftGuide(app, await insertPolicy(app), '矩阵用免申即享指南', { status: 'published', mode: 'auto', onlineUrl: null, amountRule: { kind: 'fixed', amount: 6 } });
  await expectOk(app, 'budget', await app.inject({ method: 'PUT', url: APPLY_CONSOLE_PATHS.budget.replace(':id', String(autoGuideId)), headers: lead.headers, payload: { year: thisYear, amount: 100 } }));
  await expectOk(app, 'match', await inject('POST', PAYOUT_CONSOLE_PATHS.match.replace(':id', String(autoGuideId)), lead.headers));
  const offer = (await expectOk<Offer[]>(app, 'offers', await inject('GET', PAYOUT_PATHS.offers, owner.headers))).find((o) => o.guideId === autoGuideId && o.enterpriseId === enterprise.id);
  if (!offer) throw new Error('no offer to the owner');
  const offerStep = PAYOUT_PATHS.offerStep.replace(':id', String(offer.id));
  const confirmed = await expectOk<Offer>(app, 'confirm offer', await inject('POST', offerStep, owner.headers, { step: 'confirm', bankAccount: { name: OWNER_NAME, bank: '中国工商银行云溪支行', number: OWNER.bankNumber }, signer: OWNER.signer, agreed: true }));
  const paidApplicationId = confirmed.applicationId!;
  await expectOk(app, 'direct', await inject('POST', PAYOUT_CONSOLE_PATHS.payDirectly, lead.headers, { applicationIds: [paidApplicationId] }));
  await expectOk(app, 'release', await inject('POST', PAYOUT_CONSOLE_PATHS.release, lead.headers, { docNumber: '矩阵〔2026〕1号', docDate: chinaDate(new Date()), fund: '矩阵专项资金', applicationIds: [paidApplicationId] }));
  const [payment] = await app.db.select().from(payments).where(eq(payments.applicationId, paidApplicationId));
  await expectOk(app, 'authorise', await inject('POST', PAYOUT_CONSOLE_PATHS.authorise, lead.headers, { ids: [payment!.id] }));
  const batch = await expectOk<Batch>(app, 'batch', await inject('POST', PAYOUT_CONSOLE_PATHS.batch, lead.headers, { ids: [payment!.id] }));
  const returnFile = multipart('return.xlsx', await returnXlsx([{ key: payment!.key, result: 'paid' }]));
  const [returned] = await expectOk<UploadedFile[]>(app, 'return file', await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...lead.headers, ...returnFile.headers }, payload: returnFile.payload }));
  await expectOk(app, 'return', await inject('POST', PAYOUT_CONSOLE_PATHS.importReturn.replace(':id', String(batch.id)), lead.headers, { fileId: returned!.id }));

  // Visits proposed by staff: one to confirm, one confirmed, one held with its summary.
  let day = 20;
  const plan = async () =>
    expectOk<VisitDetail>(
      app,
      'plan',
      await inject('POST', VISIT_CONSOLE_PATHS.plan, lead.headers, {
        enterpriseId: enterprise.id,
        subject: OWNER.visitSubject,
        type: 'project',
        method: 'onsite',
        place: OWNER.visitPlace,
        staff: [{ accountId: lead.account.id, lead: true }],
        ...slot((day += 3), 9, 10),
      }),
    );
  const approve = async (v: VisitDetail) => expectOk(app, 'approve', await inject('POST', VISIT_PATHS.approval, owner.headers, { id: v.id, action: 'approve' }));
  const visitPending = await plan();
  const visitConfirmed = await plan();
  await approve(visitConfirmed);
  const visitHeld = await plan();
  await approve(visitHeld);
  // Its day comes (the app's clock a minute past its start, then back): a summary follows the visit.
  app.clock.travel(Date.parse(visitHeld.startsAt!) + 60_000 - Date.now());
  try {
    await expectOk(app, 'summary', await inject('POST', VISIT_CONSOLE_PATHS.summary.replace(':id', String(visitHeld.id)), lead.headers, { content: OWNER.summary }));
  } finally {
    app.clock.travel(0);
  }

  // 政策问答: a question of the owner's account (its history, 转人工's read of it).
  const OWNER_QUESTION = '矩阵提问：甲方设备更新贷款贴息怎么申请';
  const question = await expectOk<AskAnswer>(app, 'question', await inject('POST', QA_PATHS.ask, owner.headers, { question: OWNER_QUESTION }));

  // The start's jobs must not write while the matrix compares snapshots.
  await startJobsDone(app);

  const marks = [
    OWNER_NAME,
    OWNER_QUESTION,
    creditCode,
    code,
    formatCode(code),
    owner.account.username,
    appeal.number,
    application.number,
    confirmed.applicationNumber!,
    payment!.key,
    visitPending.number,
    visitConfirmed.number,
    visitHeld.number,
    OWNER.fileMark,
    ...Object.values(OWNER).filter((v) => v !== OWNER.fileMark),
    `"enterpriseId":${enterprise.id}`,
  ];
  return {
    owner,
    intruder,
    staff,
    admin,
    lead,
    enterpriseId: enterprise.id,
    intruderEnterpriseId: theirs!.id,
    creditCode,
    evaluationId: evaluation.id,
    subscriptionId: subscription.id,
    messageId: message.id,
    appealId: appeal.id,
    appealNumber: appeal.number,
    attachmentId,
    fileId,
    code,
    codeId,
    visitPending,
    visitConfirmed,
    visitHeld,
    guideId,
    applyGuideId,
    applicationId: application.id,
    paidApplicationId,
    paymentId: payment!.id,
    paymentAmount: payment!.amount,
    offerId: offer.id,
    questionId: question.id,
    materialId: material.id,
    materialFileId,
    marks,
  };
}

/** Every row of the owner's a call could change, as stored (read in two parallel rounds). */
export async function ownerRows(app: App, w: World) {
  const accountId = w.owner.account.id;
  const some = (ids: number[]) => (ids.length > 0 ? ids : [-1]);
  const [account, ents, evaluationRows, subscriptions, messageRows, mailPrefs, appealRows, fileRows] = await Promise.all([
    app.db.select().from(accounts).where(eq(accounts.id, accountId)),
    app.db.select().from(enterprises).where(eq(enterprises.accountId, accountId)).orderBy(asc(enterprises.id)),
    app.db.select().from(evaluations).where(eq(evaluations.accountId, accountId)).orderBy(asc(evaluations.id)),
    app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, accountId)).orderBy(asc(pushSubscriptions.id)),
    app.db.select().from(messages).where(eq(messages.accountId, accountId)).orderBy(asc(messages.id)),
    app.db.select().from(messageMailPrefs).where(eq(messageMailPrefs.accountId, accountId)),
    app.db.select().from(appeals).where(eq(appeals.accountId, accountId)).orderBy(asc(appeals.id)),
    app.db.select().from(files).where(eq(files.uploaderId, accountId)).orderBy(asc(files.id)),
  ]);
  const own = some(ents.map((e) => e.id));
  const stepsOf = (kind: string, ids: number[]) =>
    app.db
      .select()
      .from(workflowSteps)
      .where(and(eq(workflowSteps.subjectKind, kind), inArray(workflowSteps.subjectId, some(ids))))
      .orderBy(asc(workflowSteps.id));
  const [visitRows, codeRows, attachmentRows, appealSteps, applicationRows, materialRows, draftRows, paymentRows, offerRows, questionRows] = await Promise.all([
    app.db.select().from(visits).where(inArray(visits.enterpriseId, own)).orderBy(asc(visits.id)),
    app.db.select().from(enterpriseCodes).where(inArray(enterpriseCodes.enterpriseId, own)).orderBy(asc(enterpriseCodes.id)),
    app.db.select().from(attachments).where(inArray(attachments.fileId, some(fileRows.map((f) => f.id)))).orderBy(asc(attachments.id)),
    stepsOf('appeal', appealRows.map((r) => r.id)),
    app.db.select().from(applications).where(inArray(applications.enterpriseId, own)).orderBy(asc(applications.id)),
    app.db.select().from(enterpriseMaterials).where(inArray(enterpriseMaterials.enterpriseId, own)).orderBy(asc(enterpriseMaterials.id)),
    app.db.select().from(applicationDrafts).where(inArray(applicationDrafts.enterpriseId, own)).orderBy(asc(applicationDrafts.guideId)),
    app.db.select().from(payments).where(inArray(payments.enterpriseId, own)).orderBy(asc(payments.id)),
    app.db.select().from(autoOffers).where(inArray(autoOffers.enterpriseId, own)).orderBy(asc(autoOffers.id)),
    app.db.select().from(qaQuestions).where(eq(qaQuestions.accountId, accountId)).orderBy(asc(qaQuestions.id)),
  ]);
  const [visitSteps, codeSteps, applySteps, submittedMaterials] = await Promise.all([
    stepsOf('visit', visitRows.map((r) => r.id)),
    stepsOf('entcode', codeRows.map((r) => r.id)),
    stepsOf('application', applicationRows.map((r) => r.id)),
    app.db.select().from(applicationMaterials).where(inArray(applicationMaterials.applicationId, some(applicationRows.map((r) => r.id)))).orderBy(asc(applicationMaterials.applicationId), asc(applicationMaterials.kind)),
  ]);
  return {
    account,
    enterprises: ents,
    evaluations: evaluationRows,
    subscriptions,
    messages: messageRows,
    mailPrefs,
    appeals: appealRows,
    visits: visitRows,
    codes: codeRows,
    files: fileRows,
    attachments: attachmentRows,
    applications: applicationRows,
    materials: materialRows,
    submittedMaterials,
    drafts: draftRows,
    payments: paymentRows,
    offers: offerRows,
    questions: questionRows,
    timeline: [...appealSteps, ...visitSteps, ...codeSteps, ...applySteps],
  };
}
