// The demo's 政策申兑, made through the service itself at chosen times: a form (and this year's
// 资金额度) for every guide one applies for, the demo enterprise's 材料库 (a valid 营业执照 and 审计报告,
// an expired 社保缴纳证明), and its applications in the states it meets — one 拟支持 after 初审 and
// 复审 by two people, one staff asked to 补正, one waiting for 受理, each for a guide open then —
// leaving 企业研发投入补助 free to apply for; other enterprises' in the queue's other states (待初审,
// 待复审, 待审定, 不予支持, 不予受理). A step the service refuses (a calendar year not published, a guide not open) leaves
// its application where it stands: demo data never stop the start.
import { eq, ne } from 'drizzle-orm';
import type { ApplyFormBody } from '@hqt/contract/apply';
import { PROFILE_SECTION } from '@hqt/contract/apply-form';
import { ROLES } from '@hqt/contract/auth';
import { AUTO_MODE } from '@hqt/contract/calculator-engine';
import { accounts, enterprises, guides } from '../../db/schema/index';
import type { SignedInCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { applyStart, saveBudget, saveForm, saveMaterial, submitApplication, takeStep, type ApplyDeps } from '../../services/apply/service';
import { checkAttachment, storeAttachments } from '../../services/files/service';
import { demoCtx, tolerate } from './demo-ctx';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The form every demo guide asks: what the bureau knows (prefilled), the project, two materials. */
const FORM: ApplyFormBody = {
  sections: [
    {
      ...PROFILE_SECTION,
      fields: [
        ...PROFILE_SECTION.fields,
        { key: 'revenue', label: '上年度营业收入（万元）', type: 'money', required: true, prefill: 'indicator.revenue' },
        { key: 'rdExpense', label: '上年度研发费用（万元）', type: 'money', required: false, prefill: 'indicator.rdExpense' },
        { key: 'staff', label: '上年度从业人数（人）', type: 'number', required: true, prefill: 'indicator.staff' },
      ],
    },
    {
      title: '申报事项',
      fields: [
        { key: 'amount', label: '申请金额', type: 'money', required: true, prefill: 'calculator.amount', help: '按政策标准测算，可按实际情况调整（不超过测算金额）' },
        { key: 'contact', label: '经办人', type: 'text', required: true, max: 20 },
        { key: 'summary', label: '项目情况说明', type: 'textarea', required: true, max: 1000, help: '简述项目内容、投入和成效' },
      ],
    },
  ],
  materials: [
    { kind: 'license', required: true },
    { kind: 'audit', label: '上年度财务审计报告', required: true },
    { kind: 'social', label: '社保缴纳证明', required: false },
  ],
  commitment:
    '本企业郑重承诺：所填报的信息和提交的材料真实、准确、完整，无虚假内容；同一项目未重复申报同类财政资金；如有弄虚作假，自愿退回已获得的扶持资金，并承担相应法律责任，接受将失信信息纳入信用记录。',
  acceptDays: 2,
  reviewDays: 10,
  maxCorrections: 2,
  promiseDays: 60,
  departments: [],
  exclusiveGroup: null,
};

/** 研发投入补助 is also reviewed by the 科技局 and the 财政局 (联审). */
const JOINT: Record<string, Partial<ApplyFormBody>> = { 企业研发投入补助: { departments: ['kjj', 'czj'] } };

const pdf = (title: string) => Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

export async function seedApplyDemo(deps: ApplyDeps, uploadsDir: string, demoUsername: string, now = new Date()): Promise<void> {
  const [demo] = await deps.db.select().from(accounts).where(eq(accounts.username, demoUsername));
  const [enterprise] = await deps.db.select({ id: enterprises.id, name: enterprises.name }).from(enterprises).where(eq(enterprises.accountId, demo!.id));
  const staffAccounts = await deps.db.select().from(accounts).where(eq(accounts.roleId, ROLES.staff.id));
  const [adminAccount] = await deps.db.select().from(accounts).where(eq(accounts.roleId, ROLES.admin.id));
  const staff = demoCtx(staffAccounts[0]!);
  const admin = demoCtx(adminAccount!);
  const year = Number(new Date(now.getTime() + 8 * HOUR).toISOString().slice(0, 4));
  const ago = (ms: number) => new Date(now.getTime() - ms);

  // Every guide one applies for gets the form and a budget of 500 万元 a year.
  const applicable = (await deps.db.select({ id: guides.id, title: guides.title, mode: guides.mode, windowStart: guides.windowStart, windowEnd: guides.windowEnd }).from(guides).orderBy(guides.id)).filter(
    (g) => g.mode !== AUTO_MODE,
  );
  for (const g of applicable) {
    await tolerate(() => saveForm(deps, staff, g.id, { ...FORM, ...JOINT[g.title] }, ago(60 * DAY)));
    // This year's and, early in a year, last year's: the stories are approved up to 44 days ago.
    for (const y of new Set([year, Number(new Date(ago(60 * DAY).getTime() + 8 * HOUR).toISOString().slice(0, 4))])) await tolerate(() => saveBudget(deps.db, staff, g.id, { year: y, amount: 500 }));
  }

  /** An applicant: an enterprise, its account, and its 材料库 (a valid 营业执照 and 审计报告, an expired 社保缴纳证明). */
  const applicant = async (account: typeof demo, e: { id: number; name: string }) => {
    const who = demoCtx(account!, [e.id]);
    const library: Record<string, number> = {};
    const documents = [
      { kind: 'license' as const, name: '营业执照（副本）', issuer: '云溪县市场监督管理局', validUntil: null },
      { kind: 'audit' as const, name: `${year - 1} 年度财务审计报告`, issuer: '四川明信会计师事务所', validUntil: `${year + 1}-06-30` },
      { kind: 'social' as const, name: '社保缴纳证明（上半年）', issuer: '云溪县社会保险事业管理局', validUntil: `${year - 1}-12-31` },
    ];
    for (const d of documents) {
      const [file] = await storeAttachments(deps.db, who, uploadsDir, [checkAttachment(pdf(d.name), `${d.name}.pdf`)!]);
      library[d.kind] = (await saveMaterial(deps, who, { enterpriseId: e.id, ...d, fileId: file!.id }, ago(30 * DAY))).id;
    }
    return { who, enterprise: e, library, taken: new Set<string>() };
  };
  type Applicant = Awaited<ReturnType<typeof applicant>>;

  /**
   * The applicant applies, `days` ago, for the first guide open then that it may apply for (not one
   * it took, nor 企业研发投入补助, left for a person to try; one the calculator estimates an amount for,
   * when a step will propose or approve an amount: `supported`), with the prefill, its own words where the profile says nothing,
   * and its valid documents.
   */
  const apply = async (a: Applicant, days: number, supported = false) => {
    const at = ago(days * DAY);
    for (const guide of applicable.filter((g) => g.title !== '企业研发投入补助' && !a.taken.has(g.title) && g.windowStart <= at && at < g.windowEnd)) {
      try {
        const start = await applyStart(deps, a.who, { guideId: guide.id, enterpriseId: a.enterprise.id }, at);
        // One to be supported asks for the calculator's estimate: a guide that estimates it nothing could not be approved.
        if (!start.allowed || (supported && !(Number(start.prefill.amount) > 0))) continue;
        const typed = { legalPerson: '李建华', phone: '13800000002', revenue: '3000', staff: '80', amount: '10', contact: '王晓敏', summary: `${guide.title}：项目已按计划实施完成，相关投入已入账并经审计。` };
        const detail = await submitApplication(
          deps,
          a.who,
          {
            guideId: guide.id,
            enterpriseId: a.enterprise.id,
            formVersion: start.form.version,
            values: { ...typed, ...start.prefill, contact: typed.contact, summary: typed.summary },
            materials: { license: a.library.license!, audit: a.library.audit! },
            signer: '陈立新',
            agreed: true,
            bankAccount: { name: a.enterprise.name, bank: '中国农业银行云溪县支行', number: '22886601040012345' },
          },
          at,
        );
        a.taken.add(guide.title);
        // What it asked for: the calculator's estimate, prefilled (else, or when it estimates nothing, its own figure).
        return { id: detail.id, at, amount: Number(start.prefill.amount) || Number(typed.amount) };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    return null;
  };
  type Body = Parameters<typeof takeStep>[3];
  /** A step: who takes it, and what (from the amount the application asked for, where it names one). */
  type Step = readonly [SignedInCtx, Body | ((amount: number) => Body)];
  /** An application of `a` filed `days` ago and taken through `steps`, each a day after the one before. */
  const story = (a: Applicant, days: number, steps: readonly Step[]) =>
    tolerate(async () => {
      const filed = await apply(a, days, steps.some(([, body]) => typeof body === 'function'));
      if (!filed) return;
      let n = 0;
      for (const [who, body] of steps) await takeStep(deps, who, filed.id, typeof body === 'function' ? body(filed.amount) : body, new Date(filed.at.getTime() + ++n * DAY - 4 * HOUR));
    });
  const accept: Step = [staff, { step: 'accept' }];
  const firstReview: Step = [staff, (amount) => ({ step: 'firstReview', note: '符合支持条件，材料齐全', amount })];
  const secondReview: Step = [admin, { step: 'secondReview', note: '同意初审意见' }];
  const approve: Step = [admin, (amount) => ({ step: 'approve', note: '经研究，拟予支持', amount })];

  const own = await applicant(demo, enterprise!);
  // 拟支持: 受理, 初审, 复审 by another person, then 拟支持.
  await story(own, 14, [accept, firstReview, secondReview, approve]);
  // 补正中: 受理, then staff asked for the project's figures and a newer audit report.
  await story(own, 9, [
    [staff, { step: 'accept', note: '材料初步齐全，予以受理' }],
    [staff, { step: 'askCorrection', note: '项目情况说明未写明投资额，请补充设备或项目投入的金额；审计报告请提供含相关明细的版本。', fields: ['summary'], materialKinds: ['audit'] }],
  ]);
  // 待受理: submitted two hours ago.
  await story(own, 2 / 24, []);

  // Other enterprises' applications, for the queue's other states.
  const others = await deps.db
    .select({ account: accounts, id: enterprises.id, name: enterprises.name })
    .from(enterprises)
    .innerJoin(accounts, eq(accounts.id, enterprises.accountId))
    .where(ne(enterprises.id, enterprise!.id))
    .orderBy(enterprises.id)
    .limit(5);
  const outcomes: [number, Step[]][] = [
    [12, [accept, firstReview]], // 待复审
    [13, [accept, firstReview, secondReview]], // 待审定
    [11, [accept, [staff, { step: 'reject', note: '项目不在本政策支持范围内（属于一般性设备更新）' }]]], // 不予支持
    [6, [[staff, { step: 'refuse', note: '申报主体不在本县注册，不予受理' }]]], // 不予受理
    [3, [accept]], // 待初审
  ];
  for (const [i, other] of others.entries()) {
    const [days, steps] = outcomes[i]!;
    const a = await applicant(other.account, other);
    await story(a, days, steps);
    // The first three were also approved a month and more ago: the 公示 and payments of the demo (payout.ts).
    if (i < 3) await story(a, 44 - 2 * i, [accept, firstReview, secondReview, approve]);
  }
}
