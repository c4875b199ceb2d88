// 政策申兑 after 拟支持 (docs/payout.md): staff put approved applications into a 公示 (a public list
// for its working days), anyone signed in may object to an entry by real name with evidence (the
// listed enterprise's own objection is an 异议, anyone else's a 举报, the objector's identity kept
// from the objected), the 公示's end moves its clear entries on to 待拨付; then the payment ledger:
// 资金下达, one instruction per entry, 授权 by a second person under the year's 资金额度, the batch
// sent to the treasury in a documented file, its return file read back, the enterprise's
// confirmation of the arrival — or the account corrected and a new instruction.
import Type from 'typebox';
import { PageQuery, Id } from './envelope';
import { FileIds, UPLOAD_CLAIM_PATTERN } from './files';
import { defineService } from './service';
import { PHONE_PATTERN } from './validation';
import { defineFlow, laterSteps, TimelineEntry } from './workflow';
import { Amount, BankAccount } from './apply';

export const PAYOUT_PATHS = {
  /** The open and past 公示 (no login). */
  publicities: '/api/v1/publicity/list',
  publicity: '/api/v1/publicity/detail/:id',
  /** An objection to one entry (signed in: the evidence goes through the files piece, the answer to the account). */
  object: '/api/v1/publicity/objection',
  /** The caller's own objections and their written outcomes. */
  myObjections: '/api/v1/publicity/objections',
  /** An objection by a visitor without an account (its evidence through FILE_PATHS.visitorUpload, a captcha). */
  visitorObject: '/api/v1/publicity/objection/visitor',
  /** A visitor's objection looked up by its number and the phone given (POST: the phone stays out of addresses). */
  lookup: '/api/v1/publicity/objection/lookup',
  /** An application's payment instructions, for its enterprise. */
  payments: '/api/v1/payout/payments/:id',
  /** The enterprise's step on one instruction: 确认到账, 报告未到账, 更正账户. */
  paymentStep: '/api/v1/payout/payment/:id',
  /** 免申即享: the account's offers, one offer, and its answer (确认享受 / 放弃享受). */
  offers: '/api/v1/payout/offers',
  offer: '/api/v1/payout/offer/:id',
  offerStep: '/api/v1/payout/offer/:id/step',
} as const;

const CONSOLE = '/api/console';
export const PAYOUT_CONSOLE_PATHS = {
  publicities: `${CONSOLE}/publicities/page`,
  /** Publishes a 公示 of 拟支持 applications. */
  publish: `${CONSOLE}/publicities`,
  publicity: `${CONSOLE}/publicities/:id`,
  /** The 拟支持 applications not yet in a 公示: what a new one is made of. */
  approved: `${CONSOLE}/publicities/approved`,
  objections: `${CONSOLE}/objections/page`,
  objection: `${CONSOLE}/objections/:id`,
  decide: `${CONSOLE}/objections/:id/decide`,
  /** The 待拨付 applications without a live instruction: what a 资金下达 covers. */
  payable: `${CONSOLE}/payouts/payable`,
  release: `${CONSOLE}/payouts/releases`,
  payments: `${CONSOLE}/payouts/page`,
  authorise: `${CONSOLE}/payouts/authorise`,
  /** Sends authorised instructions to the treasury as one batch. */
  batch: `${CONSOLE}/payouts/batches`,
  batches: `${CONSOLE}/payouts/batches/page`,
  /** A batch's file for the treasury (?format=json|xlsx). */
  exportBatch: `${CONSOLE}/payouts/batches/:id/export`,
  /** 免申即享: a guide's offers by state, and matching it now. */
  offers: `${CONSOLE}/payouts/offers`,
  match: `${CONSOLE}/payouts/offers/match/:id`,
  /** 免申即享's confirmed applications straight to 待拨付 (no 公示). */
  payDirectly: `${CONSOLE}/payouts/direct`,
  /** 追回: money to be recovered from a paid instruction, and the list of them. */
  recover: `${CONSOLE}/payouts/recoveries`,
  recoveries: `${CONSOLE}/payouts/recoveries/page`,
  recovered: `${CONSOLE}/payouts/recoveries/:id/recovered`,
  /** The treasury's return file for a batch: an upload (FILE_PATHS.upload) of its .json or .xlsx, by id. */
  importReturn: `${CONSOLE}/payouts/batches/:id/return`,
} as const;

/** Number series (docs/numbering.md): 公示 GS…, objections YY…, batches PC…. */
export const PUBLICITY_NUMBER_PREFIX = 'GS';
export const OBJECTION_NUMBER_PREFIX = 'YY';
export const BATCH_NUMBER_PREFIX = 'PC';
export const PUBLICITY_KIND = 'publicity';
export const OBJECTION_KIND = 'objection';
export const PAYMENT_KIND = 'payment';
export const OFFER_KIND = 'offer';
export const RECOVERY_KIND = 'recovery';
/** 免申即享: an offer not answered is reminded after this many working days. */
export const OFFER_REMIND_DAYS = 5;
/** What the files piece keeps a batch's return file under. */
export const BATCH_KIND = 'payment-batch';

/** 深圳's practice: a 拟资助 list is public for 7 working days. */
export const PUBLICITY_DAYS = 7;
export const PAYOUT_LIMITS = { entries: 1000, title: 100, facts: 2000, name: 20, unit: 100, note: 1000, docNumber: 60, fund: 60, batch: 10_000 } as const;

export const PAYOUT_MESSAGE_KINDS = {
  'payout.objectionDecided': '公示异议已有核查结果',
  'payout.objectionFiled': '公示收到异议',
  'payout.returned': '扶持资金被退回，请更正对公账户',
  'payout.missing': '企业报告资金未到账',
  'payout.offer': '免申即享待确认',
  'payout.offerReminder': '免申即享确认提醒',
  'payout.recovery': '扶持资金追回通知',
} as const;
export type PayoutMessageKind = keyof typeof PAYOUT_MESSAGE_KINDS;

const STAFF = ['staff', 'admin'] as const;

export const PUBLICITY_FLOW = defineFlow({
  states: { open: '公示中', ended: '已结束' },
  steps: {
    publish: { label: '发布公示', from: [], to: 'open', roles: STAFF },
    end: { label: '公示期满', from: ['open'], to: 'ended', roles: ['system'] },
  },
  initial: ['publish'],
  // The end is the 公示's own: its last working day's end, fixed when it is published.
  timers: [{ in: 'open', after: { until: 'endsAt' }, take: 'end' }],
});

export const OBJECTION_FLOW = defineFlow({
  states: { submitted: '待核查', upheld: '异议成立', dismissed: '异议不成立' },
  steps: {
    file: { label: '提出异议', from: [], to: 'submitted', roles: ['enterprise', 'visitor'], notify: [{ to: 'admins', kind: 'payout.objectionFiled' }] },
    uphold: {
      label: '异议成立',
      from: ['submitted'],
      to: 'upheld',
      roles: STAFF,
      noteRequired: true,
      tone: 'danger',
      notify: [{ to: 'owner', kind: 'payout.objectionDecided' }],
      noteLabel: '核查结论和理由（书面告知异议人）',
    },
    dismiss: {
      label: '异议不成立',
      from: ['submitted'],
      to: 'dismissed',
      roles: STAFF,
      noteRequired: true,
      tone: 'primary',
      notify: [{ to: 'owner', kind: 'payout.objectionDecided' }],
      noteLabel: '核查结论和理由（书面告知异议人）',
    },
  },
  initial: ['file'],
});
export type ObjectionStatus = keyof typeof OBJECTION_FLOW.states;
export type ObjectionStep = Exclude<keyof typeof OBJECTION_FLOW.steps, 'file'>;
export const OBJECTION_STEP_LIST = laterSteps(OBJECTION_FLOW);
export const OBJECTION_STATUS_LIST = Object.keys(OBJECTION_FLOW.states) as ObjectionStatus[];

/**
 * 免申即享 (OFFER_FLOW): the calculator's reverse list names an enterprise the data prove eligible;
 * it is told (待确认), reminded after OFFER_REMIND_DAYS working days, and answers — 确认享受 (its
 * 对公账户, the 承诺书: the application is filed at 拟支持) or 放弃享受 — or the offer expires at the
 * guide's window's end (its timer).
 */
export const OFFER_FLOW = defineFlow({
  states: { told: '待确认', confirmed: '已确认', declined: '已放弃', expired: '已过期' },
  steps: {
    match: { label: '免申即享匹配', from: [], to: 'told', roles: ['system', ...STAFF] },
    confirm: { label: '确认享受', from: ['told'], to: 'confirmed', roles: ['enterprise'], ownerOnly: true, tone: 'primary' },
    decline: { label: '放弃享受', from: ['told'], to: 'declined', roles: ['enterprise'], ownerOnly: true, tone: 'danger', noteLabel: '放弃原因（选填）' },
    expire: { label: '逾期未确认', from: ['told'], to: 'expired', roles: ['system'] },
  },
  initial: ['match'],
  timers: [{ in: 'told', after: { until: 'expiresAt' }, take: 'expire' }],
});
export type OfferStatus = keyof typeof OFFER_FLOW.states;
export const OFFER_STATUS_LIST = Object.keys(OFFER_FLOW.states) as OfferStatus[];

/** 追回: money to be recovered from an arrived instruction (a reason, an amount), until it is back. */
export const RECOVERY_FLOW = defineFlow({
  states: { open: '待追回', recovered: '已追回' },
  steps: {
    raise: { label: '发起追回', from: [], to: 'open', roles: STAFF, notify: [{ to: 'owner', kind: 'payout.recovery' }] },
    recover: { label: '确认已追回', from: ['open'], to: 'recovered', roles: STAFF, tone: 'primary', noteLabel: '追回说明（选填）' },
  },
  initial: ['raise'],
});
export type RecoveryStatus = keyof typeof RECOVERY_FLOW.states;

/**
 * One payment instruction (GLA-OPS's ledger, in the treasury's words): 待授权 → 已授权 (by a person
 * other than the application's approver, within the year's 资金额度) → 已提交财政 (sent in a batch) →
 * 已到账 (the return file) → 企业已确认; or 已退回 (the account was wrong) → 已更正重发 once the
 * enterprise corrects it, which issues the next instruction.
 */
export const PAYMENT_FLOW = defineFlow({
  states: { pending: '待授权', authorised: '已授权', sent: '已提交财政', paid: '已到账', confirmed: '企业已确认', returned: '已退回', reissued: '已更正重发' },
  steps: {
    // By staff's 资金下达, or by the enterprise's corrected account after a return.
    issue: { label: '生成支付指令', from: [], to: 'pending', roles: [...STAFF, 'enterprise'] },
    authorise: { label: '授权支付', from: ['pending'], to: 'authorised', roles: STAFF, tone: 'primary', confirm: '授权须由审定（拟支持）以外的工作人员进行，且不超过本年度资金额度。' },
    send: { label: '提交财政', from: ['authorised'], to: 'sent', roles: STAFF, indirect: true },
    settle: { label: '财政已支付', from: ['sent'], to: 'paid', roles: STAFF, indirect: true },
    bounce: { label: '财政退回', from: ['sent'], to: 'returned', roles: STAFF, noteRequired: true, indirect: true, notify: [{ to: 'owner', kind: 'payout.returned' }] },
    confirm: { label: '确认到账', from: ['paid'], to: 'confirmed', roles: ['enterprise'], ownerOnly: true, tone: 'primary' },
    reportMissing: { label: '报告未到账', from: ['paid'], roles: ['enterprise'], ownerOnly: true, noteRequired: true, notify: [{ to: 'admins', kind: 'payout.missing' }], noteLabel: '情况说明' },
    correctAccount: { label: '更正对公账户', from: ['returned'], to: 'reissued', roles: ['enterprise'], ownerOnly: true, tone: 'primary' },
  },
  initial: ['issue'],
});
export type PaymentStatus = keyof typeof PAYMENT_FLOW.states;
export type PaymentStep = Exclude<keyof typeof PAYMENT_FLOW.steps, 'issue'>;
export const PAYMENT_STATUS_LIST = Object.keys(PAYMENT_FLOW.states) as PaymentStatus[];
/** The instructions that hold money of the year's 资金额度 (授权 onwards, until returned). */
export const PAYMENT_COMMITTED: readonly PaymentStatus[] = ['authorised', 'sent', 'paid', 'confirmed'];
/** The instructions still live for their application and part (a new one is not issued beside them). */
export const PAYMENT_LIVE: readonly PaymentStatus[] = ['pending', 'authorised', 'sent', 'paid', 'confirmed', 'returned'];
/** The live instructions not yet arrived: while one is, its application has nothing more to issue. */
export const PAYMENT_IN_FLIGHT: readonly PaymentStatus[] = ['pending', 'authorised', 'sent', 'returned'];

/** What an instruction pays of its application: the whole, or (a form's advancePercent) 预拨 then 结算. */
export const PAYMENT_PARTS = { whole: '全额', advance: '预拨', settle: '结算' } as const;
export type PaymentPart = keyof typeof PAYMENT_PARTS;
const PART_MARK: Record<PaymentPart, string> = { whole: '', advance: 'Y', settle: 'J' };
/** An instruction's key: the application's number, the part's mark and the attempt (SB20261122-0001-1, …-Y1 预拨, …-J1 结算). */
export const paymentKey = (applicationNumber: string, part: PaymentPart, attempt: number) => `${applicationNumber}-${PART_MARK[part]}${attempt}`;
/** The application's number a key was made of. */
export const keyApplication = (key: string) => key.replace(/-[YJ]?\d+$/, '');

export const PAYOUT_MSG = {
  published: (number: string) => `公示已发布，编号 ${number}`,
  notFound: '公示不存在',
  objectionNotFound: '异议不存在',
  paymentNotFound: '支付指令不存在',
  batchNotFound: '批次不存在',
  entryNotFound: '公示名单中没有该项目',
  notApproved: (number: string) => `${number} 不是拟支持状态，或已在公示中`,
  noEntries: '请选择要公示的拟支持项目',
  startPast: '公示开始日期不能早于今天',
  notStarted: (day: string) => `该公示 ${day} 开始，开始后方可提出异议`,
  ended: (day: string) => `公示已于 ${day} 结束，不再受理异议`,
  anonymous: '异议须实名提出：请填写真实姓名和联系电话，匿名异议不予受理',
  lookupNotFound: '未找到该异议，请核对异议编号和提交时填写的联系电话',
  visitorFiled: (number: string) => `异议已提交，编号 ${number}。请牢记编号，凭编号和联系电话查询核查结论`,
  factsRequired: '请写明异议的事实和理由（不少于 10 个字）',
  evidenceRequired: '请上传证明材料',
  unitLetter: '以单位名义提出异议的，须上传加盖单位公章的书面异议材料',
  filed: (number: string, kind: string) => `${kind}已提交，编号 ${number}，核查结果将书面告知您`,
  decided: '核查结论已告知异议人',
  outcomeRequired: '异议成立的，请选择处理方式：不予支持或退回复审',
  openObjection: (number: string) => `${number} 有尚未核查的异议，不能拨付`,
  releaseSaved: (n: number) => `资金下达已登记，生成 ${n} 条支付指令`,
  notPayable: (number: string) => `${number} 不是待拨付状态，或已有支付指令`,
  docDate: '下达日期应为日期（如 2026-12-01）',
  sameApprover: (number: string) => `${number} 由您审定（拟支持），授权须由其他工作人员进行`,
  budgetMissing: (guide: string, year: number) => `《${guide}》${year} 年度资金额度尚未设置`,
  budgetExceeded: (guide: string, left: number) => `超出《${guide}》本年度资金额度，剩余可授权 ${left} 万元`,
  authorised: (n: number) => `已授权 ${n} 条支付指令`,
  notAuthorisable: (key: string) => `${key} 不是待授权状态`,
  nothingToSend: '没有可提交财政的已授权指令',
  tooMany: (n: number) => `一次最多处理 ${n} 条`,
  sent: (number: string, n: number) => `批次 ${number} 已提交财政，共 ${n} 条`,
  returnFile: '请上传财政返回文件（.json 或 .xlsx）',
  returnRow: (row: number, why: string) => `第 ${row} 行：${why}`,
  returnKey: (key: string) => `指令 ${key} 不在本批次中`,
  returnResult: '结果应为“已到账”或“已退回”',
  returnReason: '已退回的须写明退回原因',
  returnDate: '到账日期应为日期（如 2026-12-01）',
  returnTwice: (key: string) => `指令 ${key} 在文件中出现了两次`,
  returnDone: (paid: number, returned: number) => `已读入返回文件：到账 ${paid} 条，退回 ${returned} 条`,
  returnEmpty: '返回文件中没有记录',
  returnFormat: '返回文件格式不正确（应为本系统导出格式对应的 JSON 或 Excel）',
  confirmAmount: '请填写实际到账金额（万元）',
  amountMismatch: (expected: number) => `到账金额与支付金额 ${expected} 万元不一致，请核对后选择“报告未到账”说明情况`,
  accountRequired: '请填写更正后的对公账户',
  accountNameMismatch: '对公账户户名须与企业名称一致',
  sameAccount: '更正后的账户与被退回的账户相同，请核对',
  stepDone: (label: string) => `${label}成功`,
  offerNotFound: '免申即享事项不存在',
  recoveryNotFound: '追回事项不存在',
  notRecoverable: '只有已到账的支付指令可以追回',
  recoveryOver: (left: number) => `追回金额不能超过尚未追回的 ${left} 万元`,
  recoveryReason: '请写明追回原因',
  recoveryRaised: '追回已登记，已通知企业',
  offerText: (guide: string, amount: string) => `您符合《${guide}》，预计可享 ${amount}，请确认`,
  offerReminder: (guide: string, day: string) => `《${guide}》免申即享尚待您确认，${day} 前未确认的视为放弃`,
  offerConfirmed: (number: string) => `已确认享受，编号 ${number}`,
  offerAccount: '请填写接收资金的对公账户',
  offerCommitment: '请阅读并确认承诺书',
  offerSigner: '请填写承诺人姓名',
  notAuto: '该指南不是免申即享',
  matched: (n: number) => `已匹配 ${n} 家企业并通知确认`,
  notAutoApplication: (number: string) => `${number} 不是免申即享项目，须经公示`,
  paidDirectly: (n: number) => `${n} 个免申即享项目已转入待拨付`,
} as const;

export const OBJECTION_KINDS = { objection: '异议', report: '举报' } as const;
export type ObjectionKind = keyof typeof OBJECTION_KINDS;

/** What the public page says about objecting (深工信规〔2023〕5号's terms). */
export const OBJECTION_RULES =
  '公示期内，对名单有异议的，可在本页对具体项目实名提出：写明真实姓名、联系电话、异议事实和理由，并附证明材料；以单位名义提出的，须附加盖单位公章的书面材料。匿名异议不予受理。被公示单位本身提出的为异议，其他单位或个人提出的为举报；异议人身份予以保密，核查结论书面告知异议人。';

// ---- inputs ----------------------------------------------------------------------------------------

const Day = (title: string, msg: string) => Type.String({ title, pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: msg });
const Text = (title: string, max: number, min = 1) => Type.String({ title, minLength: min, maxLength: max, errorMessage: `${title}不能为空，且不能超过 ${max} 个字` });
const Note = Type.String({ title: '说明', maxLength: PAYOUT_LIMITS.note, errorMessage: `说明不能超过 ${PAYOUT_LIMITS.note} 个字` });

export const IdParams = Type.Object({ id: Id('编号') });

export const PublishBody = Type.Object({
  title: Text('公示标题', PAYOUT_LIMITS.title),
  applicationIds: Type.Array(Id('申报'), { minItems: 1, maxItems: PAYOUT_LIMITS.entries, uniqueItems: true, title: '公示项目', errorMessage: PAYOUT_MSG.noEntries }),
  startsOn: Day('公示开始日期', '公示开始日期应为日期（如 2026-12-01）'),
  days: Type.Integer({ title: '公示期（工作日）', minimum: 5, maximum: 30, errorMessage: '公示期应为 5–30 个工作日' }),
});
export type PublishBody = Type.Static<typeof PublishBody>;

export const ObjectionBody = Type.Object({
  publicityId: Id('公示'),
  entryId: Id('公示项目'),
  name: Type.String({ title: '真实姓名', maxLength: PAYOUT_LIMITS.name, errorMessage: PAYOUT_MSG.anonymous }),
  phone: Type.String({ title: '联系电话', maxLength: 11, errorMessage: PAYOUT_MSG.anonymous }),
  /** Given: the objection is the unit's, and `letterFileId` its stamped letter. */
  unitName: Type.Optional(Type.String({ title: '单位名称', maxLength: PAYOUT_LIMITS.unit, errorMessage: `单位名称不能超过 ${PAYOUT_LIMITS.unit} 个字` })),
  letterFileId: Type.Optional(Id('盖章材料')),
  facts: Type.String({ title: '异议事实和理由', maxLength: PAYOUT_LIMITS.facts, errorMessage: `异议事实和理由不能超过 ${PAYOUT_LIMITS.facts} 个字` }),
  evidence: FileIds,
});
export type ObjectionBody = Type.Static<typeof ObjectionBody>;

/** A visitor's objection: the same facts, the claim its evidence was uploaded under, and a captcha. */
export const VisitorObjectionBody = Type.Object({
  ...ObjectionBody.properties,
  claim: Type.String({ title: '上传凭据', pattern: UPLOAD_CLAIM_PATTERN, errorMessage: PAYOUT_MSG.evidenceRequired }),
  vierifyCode: Type.String({ title: '验证码', maxLength: 8 }),
  codeIndex: Type.String({ title: '验证码编号', maxLength: 64 }),
});
export type VisitorObjectionBody = Type.Static<typeof VisitorObjectionBody>;

export const ObjectionLookupBody = Type.Object({
  number: Type.String({ title: '异议编号', maxLength: 20, errorMessage: PAYOUT_MSG.lookupNotFound }),
  phone: Type.String({ title: '联系电话', maxLength: 11, errorMessage: PAYOUT_MSG.lookupNotFound }),
});
export type ObjectionLookupBody = Type.Static<typeof ObjectionLookupBody>;
export const OBJECTION_PHONE = new RegExp(PHONE_PATTERN);

export const DecideBody = Type.Object({
  step: Type.Enum(OBJECTION_STEP_LIST, { title: '核查结论', errorMessage: '核查结论不正确' }),
  note: Type.Optional(Note),
  /** 异议成立: what becomes of the application — 不予支持, or back to 复审. */
  outcome: Type.Optional(Type.Enum(['reject', 'review'] as const, { title: '处理方式', errorMessage: PAYOUT_MSG.outcomeRequired })),
});
export type DecideBody = Type.Static<typeof DecideBody>;

export const ReleaseBody = Type.Object({
  docNumber: Text('下达文号', PAYOUT_LIMITS.docNumber),
  docDate: Day('下达日期', PAYOUT_MSG.docDate),
  fund: Text('资金名称', PAYOUT_LIMITS.fund),
  applicationIds: Type.Array(Id('申报'), { minItems: 1, maxItems: PAYOUT_LIMITS.batch, uniqueItems: true, title: '拨付项目', errorMessage: '请选择待拨付的项目' }),
});
export type ReleaseBody = Type.Static<typeof ReleaseBody>;

export const PaymentIds = Type.Object({ ids: Type.Array(Id('支付指令'), { minItems: 1, maxItems: PAYOUT_LIMITS.batch, uniqueItems: true, title: '支付指令', errorMessage: '请选择支付指令' }) });
export type PaymentIds = Type.Static<typeof PaymentIds>;

export const PaymentStepBody = Type.Object({
  step: Type.Enum(laterSteps(PAYMENT_FLOW), { title: '办理步骤', errorMessage: '办理步骤不正确' }),
  note: Type.Optional(Note),
  /** 确认到账: the amount the enterprise saw arrive (万元). */
  amount: Type.Optional(Amount('到账金额')),
  /** 更正对公账户: the corrected account. */
  bankAccount: Type.Optional(BankAccount),
});
export type PaymentStepBody = Type.Static<typeof PaymentStepBody>;

export const PublicityListQuery = Type.Object({ ...PageQuery.properties });
export const ObjectionQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum(['', ...OBJECTION_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
  publicityId: Type.Optional(Id('公示')),
});
export type ObjectionQuery = Type.Static<typeof ObjectionQuery>;
export const OfferStepBody = Type.Object({
  step: Type.Enum(laterSteps(OFFER_FLOW), { title: '办理步骤', errorMessage: '办理步骤不正确' }),
  note: Type.Optional(Note),
  /** 确认享受: where the money goes and who confirms the 承诺书. */
  bankAccount: Type.Optional(BankAccount),
  signer: Type.Optional(Type.String({ title: '承诺人', maxLength: 20, errorMessage: '承诺人不能超过 20 个字' })),
  agreed: Type.Optional(Type.Boolean({ title: '承诺' })),
});
export type OfferStepBody = Type.Static<typeof OfferStepBody>;
export const OfferQuery = Type.Object({
  ...PageQuery.properties,
  guideId: Type.Optional(Id('申报指南')),
  status: Type.Optional(Type.Enum(['', ...OFFER_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
});
export type OfferQuery = Type.Static<typeof OfferQuery>;
export const ApplicationIds = Type.Object({ applicationIds: Type.Array(Id('申报'), { minItems: 1, maxItems: PAYOUT_LIMITS.batch, uniqueItems: true, title: '项目', errorMessage: '请选择项目' }) });

export const PaymentQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum(['', ...PAYMENT_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
  batchId: Type.Optional(Id('批次')),
});
export type PaymentQuery = Type.Static<typeof PaymentQuery>;
export const ReturnBody = Type.Object({ fileId: Id('返回文件') });
export const RecoveryBody = Type.Object({
  paymentId: Id('支付指令'),
  amount: Type.Number({ title: '追回金额', minimum: 0.0001, maximum: 1e8, errorMessage: '追回金额应为大于 0 的数（万元）' }),
  reason: Type.String({ title: '追回原因', maxLength: PAYOUT_LIMITS.note, errorMessage: `追回原因不能超过 ${PAYOUT_LIMITS.note} 个字` }),
});
export type RecoveryBody = Type.Static<typeof RecoveryBody>;
export const ExportQuery = Type.Object({ format: Type.Enum(['json', 'xlsx'] as const, { title: '格式', errorMessage: '格式应为 json 或 xlsx' }) });

// ---- answers ---------------------------------------------------------------------------------------

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Number> | ReturnType<typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()]);

export const Publicity = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  title: Type.String(),
  /** 未开始 before its start, 公示中, 已结束. */
  stateLabel: Type.String(),
  open: Type.Boolean(),
  startsOn: Type.String(),
  /** Its last day (China), and the moment it ends (that day's end). */
  endsOn: Type.String(),
  days: Type.Integer(),
  count: Type.Integer(),
  total: Type.Number(),
  publishedAt: Type.String(),
});
export type Publicity = Type.Static<typeof Publicity>;

/** What the public sees of an entry: the enterprise, the project, the amount; nothing else of the enterprise. */
export const PublicEntry = Type.Object({ id: Type.Integer(), enterpriseName: Type.String(), guideTitle: Type.String(), amount: Type.Number() });
export const PublicityDetail = Type.Object({ ...Publicity.properties, entries: Type.Array(PublicEntry), rules: Type.String(), bureau: Type.String() });
export type PublicityDetail = Type.Static<typeof PublicityDetail>;

/** The objector's own view of an objection. */
export const MyObjection = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  kindLabel: Type.String(),
  publicityTitle: Type.String(),
  enterpriseName: Type.String(),
  guideTitle: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
  facts: Type.String(),
  /** The written outcome (成立 / 不成立 with reasons), once decided. */
  outcome: Nullable(Type.String()),
  createdAt: Type.String(),
  decidedAt: Nullable(Type.String()),
});
export type MyObjection = Type.Static<typeof MyObjection>;

/** Staff's view: the objector's identity included (never in an enterprise's answer). */
export const ObjectionItem = Type.Object({
  ...MyObjection.properties,
  publicityId: Type.Integer(),
  applicationId: Type.Integer(),
  applicationNumber: Type.String(),
  objector: Type.Object({ name: Type.String(), phone: Type.String(), unitName: Nullable(Type.String()), account: Type.String() }),
  files: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), url: Type.String(), role: Type.String() })),
  steps: Type.Array(Type.String()),
  timeline: Type.Array(TimelineEntry),
});
export type ObjectionItem = Type.Static<typeof ObjectionItem>;

export const ConsoleEntry = Type.Object({
  ...PublicEntry.properties,
  applicationId: Type.Integer(),
  applicationNumber: Type.String(),
  applicationStatus: Type.String(),
  applicationStatusLabel: Type.String(),
  /** Objections not yet decided. */
  openObjections: Type.Integer(),
  objections: Type.Integer(),
});
export const ConsolePublicity = Type.Object({ ...Publicity.properties, entries: Type.Array(ConsoleEntry), timeline: Type.Array(TimelineEntry) });
export type ConsolePublicity = Type.Static<typeof ConsolePublicity>;

/** A 拟支持 or 待拨付 application, as the console's pickers list it. */
export const Candidate = Type.Object({
  applicationId: Type.Integer(),
  number: Type.String(),
  enterpriseName: Type.String(),
  guideId: Type.Integer(),
  guideTitle: Type.String(),
  /** 公示: the approved amount; 资金下达: what its next instruction pays (its part's). */
  amount: Type.Number(),
  /** 资金下达 only: the part the next instruction pays (全额, 预拨 40%, 结算). */
  partLabel: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
});
export type Candidate = Type.Static<typeof Candidate>;

export const Payment = Type.Object({
  id: Type.Integer(),
  /** The instruction's key (`paymentKey`): the application's number, its part and the attempt; the treasury files carry it. */
  key: Type.String(),
  part: Type.String(),
  partLabel: Type.String(),
  applicationId: Type.Integer(),
  applicationNumber: Type.String(),
  enterpriseName: Type.String(),
  guideTitle: Type.String(),
  amount: Type.Number(),
  bankAccount: BankAccount,
  status: Type.String(),
  statusLabel: Type.String(),
  docNumber: Type.String(),
  batchNumber: Nullable(Type.String()),
  returnReason: Nullable(Type.String()),
  paidOn: Nullable(Type.String()),
  confirmedAmount: Nullable(Type.Number()),
  missingNote: Nullable(Type.String()),
  /** 追回: what is asked back of it, and its state. */
  recoveries: Type.Array(Type.Object({ id: Type.Integer(), amount: Type.Number(), reason: Type.String(), statusLabel: Type.String() })),
  createdAt: Type.String(),
  steps: Type.Array(Type.String()),
});
export type Payment = Type.Static<typeof Payment>;

export const Offer = Type.Object({
  id: Type.Integer(),
  guideId: Type.Integer(),
  guideTitle: Type.String(),
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  year: Type.Integer(),
  amount: Nullable(Type.Number()),
  amountText: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
  /** Unanswered by then, the offer expires (the guide's window's end). */
  expiresAt: Type.String(),
  remindedAt: Nullable(Type.String()),
  /** The application its confirmation filed (拟支持), once confirmed. */
  applicationId: Nullable(Type.Integer()),
  applicationNumber: Nullable(Type.String()),
  applicationStatus: Nullable(Type.String()),
  /** The 承诺书 to confirm (the guide's form's), empty when it declares none. */
  commitment: Type.String(),
  createdAt: Type.String(),
  steps: Type.Array(Type.String()),
});
export type Offer = Type.Static<typeof Offer>;
export const OfferCounts = Type.Record(Type.String(), Type.Integer());

export const Recovery = Type.Object({
  id: Type.Integer(),
  paymentId: Type.Integer(),
  paymentKey: Type.String(),
  enterpriseName: Type.String(),
  guideTitle: Type.String(),
  amount: Type.Number(),
  reason: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
  createdAt: Type.String(),
  recoveredAt: Nullable(Type.String()),
});
export type Recovery = Type.Static<typeof Recovery>;

export const Batch = Type.Object({ id: Type.Integer(), number: Type.String(), count: Type.Integer(), total: Type.Number(), createdAt: Type.String(), paid: Type.Integer(), returned: Type.Integer() });
export type Batch = Type.Static<typeof Batch>;

// ---- the treasury's files (docs/payout.md) -------------------------------------------------------

export const TREASURY_FORMAT = { batch: 'hqt-payout-batch', return: 'hqt-payout-return', version: 1 } as const;
/** The columns of a batch's .xlsx, in order; the return file's are RETURN_COLUMNS. */
export const BATCH_COLUMNS = ['指令编号', '收款户名', '开户行', '账号', '金额（元）', '用途', '申报编号', '下达文号'] as const;
export const RETURN_COLUMNS = ['指令编号', '结果', '退回原因', '到账日期'] as const;
export const RETURN_RESULTS = { paid: '已到账', returned: '已退回' } as const;

export interface BatchFile {
  format: typeof TREASURY_FORMAT.batch;
  version: 1;
  batch: string;
  createdAt: string;
  count: number;
  /** 元, two decimals, as text (never a float). */
  total: string;
  instructions: { key: string; payee: { name: string; bank: string; account: string }; amount: string; purpose: string; reference: string; docNumber: string }[];
}
export const ReturnFile = Type.Object({
  format: Type.Literal(TREASURY_FORMAT.return),
  version: Type.Literal(1),
  batch: Type.String(),
  results: Type.Array(Type.Object({ key: Type.String(), result: Type.Enum(['paid', 'returned'] as const), reason: Type.Optional(Type.String()), paidOn: Type.Optional(Type.String()) })),
});
export type ReturnFile = Type.Static<typeof ReturnFile>;

/** 万元 (four decimals) as 元 with two, in text. */
export const yuanText = (wan: number) => (Math.round(wan * 1_000_000) / 100).toFixed(2);

export const publicityLink = (id: number) => `/publicity?id=${id}`;
/** 我的异议: where an objection's written outcome leads its objector. */
export const MY_OBJECTIONS_LINK = '/publicity/mine';
/** A 公示 in the console, with its objections (the staff's notices lead here). */
export const publicityConsoleLink = (id: number) => `/admin/publicities?id=${id}`;
export const PAYOUTS_CONSOLE_LINK = '/admin/payouts';
/** 免申即享's confirmation page (the offer's notice leads here). */
export const offerPortalLink = (id: number) => `/policyApply/auto?id=${id}`;

// ---- what the house collects of it -----------------------------------------------------------------

export const PAYOUT_SERVICE = defineService({
  key: 'payout',
  name: '政策兑现',
  messageSources: {},
  messages: { source: 'apply', kinds: PAYOUT_MESSAGE_KINDS },
  audit: {
    actions: {
      'payout.publish': '发布公示',
      'payout.publicityEnd': '公示期满',
      'payout.object': '提出公示异议',
      'payout.decide': '核查公示异议',
      'payout.release': '登记资金下达',
      'payout.payment': '办理支付指令',
      'payout.batch': '提交财政批次',
      'payout.return': '读入财政返回文件',
      'payout.match': '免申即享匹配',
      'payout.offer': '答复免申即享',
      'payout.direct': '免申即享直接拨付',
      'payout.recovery': '办理资金追回',
    },
    details: { publicityNumber: '公示编号', objectionNumber: '异议编号', entryId: '公示项目', docNumber: '下达文号', batchNumber: '批次编号', count: '条数', paid: '到账条数', returned: '退回条数', paymentKey: '支付指令', recoveryAmount: '追回金额（万元）' },
  },
  dictionaries: {},
  numberPrefixes: [PUBLICITY_NUMBER_PREFIX, OBJECTION_NUMBER_PREFIX, BATCH_NUMBER_PREFIX],
  flows: [PUBLICITY_FLOW, OBJECTION_FLOW, OFFER_FLOW, PAYMENT_FLOW, RECOVERY_FLOW],
});
