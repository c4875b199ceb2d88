// A steady mix of writes over every service, through HTTP against a real server process, by a few
// clients at once: enterprises (profile, evaluation, subscriptions, the inbox, appeals with an
// attachment, answering visits) and staff (handling appeals, planning visits, the console's guides,
// freezing 企业码). Every write the server acknowledges (HTTP 200, code 200) goes into the ledger
// with what identifies it; a write without an answer or with 503 is an outage, anything else is
// kept to be shown. The crash test kills the server or its database under them (crash.test.ts).
import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { APPEAL_PATHS } from '@hqt/contract/appeal';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { CALCULATOR_PATHS } from '@hqt/contract/calculator';
import { ENTCODE_CONSOLE_PATHS } from '@hqt/contract/entcode-console';
import { FILE_PATHS } from '@hqt/contract/files';
import { INBOX_PATHS } from '@hqt/contract/inbox';
import { OWN_MSG } from '@hqt/contract/messages';
import { POLICY_CONSOLE_PATHS, type ConsoleGuide, type GuideInput } from '@hqt/contract/policy-console';
import { PUSH_PATHS } from '@hqt/contract/push';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import { VISIT_PATHS } from '@hqt/contract/visit';
import { VISIT_CONSOLE_PATHS } from '@hqt/contract/visit-console';

export interface Answer<T = unknown> {
  /** The HTTP status; 0 when no answer came (refused, reset). */
  status: number;
  /** The connection was refused: the server never saw the request (nothing listening). */
  refused?: boolean;
  code?: number;
  msg?: string;
  data?: T;
}

/** A pause after a call the server did not answer, or answered 503: the writers do not spin while it is down. */
const OUTAGE_PAUSE_MS = 250;
/** Far above any answer on a busy machine. */
const ANSWER_TIMEOUT_MS = 30_000;

const withId = (p: string, id: number) => p.replace(':id', String(id));

/** One HTTP call to wherever the server listens now; never throws. */
export async function call<T = unknown>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | FormData | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(base + url, { method, headers, body: payload, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  } catch (err) {
    // A server that takes this long is no outage: it is shown (status -1).
    if ((err as Error).name === 'TimeoutError') return { status: -1, msg: `${method} ${url}: no answer in ${ANSWER_TIMEOUT_MS / 1000} s` };
    await setTimeout(OUTAGE_PAUSE_MS);
    return { status: 0, refused: (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' };
  }
  // While the database comes back, a client waits a moment before its next call, as the web app does.
  if (res.status === 503) await setTimeout(OUTAGE_PAUSE_MS);
  const text = await res.text().catch(() => '');
  try {
    const json = JSON.parse(text) as { code: number; msg: string; data?: T };
    return { status: res.status, code: json.code, msg: json.msg, data: (json.data ?? json) as T };
  } catch {
    // An answer cut off by a kill is no answer; a whole answer that is not the envelope is shown.
    return text ? { status: res.status, msg: text.slice(0, 200) } : { status: 0 };
  }
}

/** What the writers were told was done. */
export interface Ledger {
  /** Per enterprise: the last `patents` acknowledged and the last one sent. */
  profiles: Map<number, { acked: number; sent: number }>;
  evaluations: number[];
  subscribed: number[];
  cancelled: number[];
  /** Cancels sent whose answer never came: the server may or may not have done them. */
  cancelsUnanswered: number[];
  reads: number[];
  uploads: number[];
  appeals: { id: number; fileIds: number[] }[];
  appealSteps: { id: number; step: string }[];
  visits: number[];
  visitApprovals: number[];
  /**
   * Per guide: the titles it may have (the acknowledged one; with an edit whose answer a kill cut
   * off, that edit's too: it may have been taken), and whether its publishing was acknowledged.
   */
  guides: Map<number, { titles: string[]; published: boolean }>;
  entcodeSteps: { id: number; step: string }[];
  acknowledged: number;
  /** Calls without an answer or answered 503 (the database coming back), and how many of them were 503s. */
  outages: number;
  unavailable: number;
  /** Answers that were neither an acknowledgement nor an outage. */
  other: { what: string; status: number; code?: number; msg?: string }[];
}

export const newLedger = (): Ledger => ({
  profiles: new Map(),
  evaluations: [],
  subscribed: [],
  cancelled: [],
  cancelsUnanswered: [],
  reads: [],
  uploads: [],
  appeals: [],
  appealSteps: [],
  visits: [],
  visitApprovals: [],
  guides: new Map(),
  entcodeSteps: [],
  acknowledged: 0,
  outages: 0,
  unavailable: 0,
  other: [],
});

/** The server's address (it changes on no restart here, but the writers ask each time). */
export type Base = () => string;

/** Sorts an answer into the ledger: true when the write was acknowledged. */
function acked(ledger: Ledger, what: string, answer: Answer): boolean {
  if (answer.status === 200 && answer.code === 200) {
    ledger.acknowledged += 1;
    return true;
  }
  const unavailable = answer.status === 503 && answer.code === 503 && answer.msg === OWN_MSG.databaseUnavailable;
  if (unavailable) ledger.unavailable += 1;
  if (answer.status === 0 || unavailable) ledger.outages += 1;
  else ledger.other.push({ what, status: answer.status, code: answer.code, msg: answer.msg });
  return false;
}

export async function login(base: string, username: string, password: string): Promise<{ token: string; accountId: number }> {
  const answer = await call<{ access_token: string }>(base, 'POST', AUTH_PATHS.token, undefined, { username, password, grant_type: 'password' });
  if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${answer.msg}`);
  const token = answer.data!.access_token;
  const info = await call<{ id: number }>(base, 'GET', AUTH_PATHS.userInfo, token);
  return { token, accountId: info.data!.id };
}

/** Registers an enterprise account (the captcha's answer is the server's CAPTCHA_TEST_ANSWER). */
export async function register(base: string, n: number, captchaAnswer: string): Promise<{ username: string; password: string; name: string; creditCode: string }> {
  const captcha = await call<{ codeIndex: string }>(base, 'GET', AUTH_PATHS.captcha);
  const prefix = `91511234${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`;
  const account = { username: `writer_${n}`, password: 'Abc12345', name: `云溪县坚韧${n}号机械有限公司`, creditCode: prefix + creditCodeCheckChar(prefix) };
  const answer = await call(base, 'POST', AUTH_PATHS.register, undefined, {
    username: account.username,
    password: account.password,
    enterpriseName: account.name,
    creditCode: account.creditCode,
    contactPhone: `137${String(n).padStart(8, '0')}`,
    vierifyCode: captchaAnswer,
    codeIndex: captcha.data!.codeIndex,
  });
  if (answer.status !== 200) throw new Error(`register ${account.username}: ${answer.status} ${answer.msg}`);
  return account;
}

export const KEYWORD = '韧性';
const thisYear = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
const pdf = () => new Blob([`%PDF-1.4\n${randomBytes(16).toString('hex')}\n%%EOF\n`], { type: 'application/pdf' });

export interface EnterpriseWriter {
  token: string;
  accountId: number;
  enterpriseId: number;
  name: string;
  creditCode: string;
}

/** One round of an enterprise's writes; the caller repeats it while the test runs. */
export async function enterpriseRound(base: Base, me: EnterpriseWriter, ledger: Ledger, n: number): Promise<void> {
  const { token, enterpriseId } = me;

  // 企业画像: the profile, then an evaluation saved.
  const profile = ledger.profiles.get(enterpriseId) ?? { acked: 0, sent: 0 };
  ledger.profiles.set(enterpriseId, profile);
  const patents = profile.sent + 1;
  profile.sent = patents;
  const saved = await call(base(), 'POST', CALCULATOR_PATHS.saveEnterprise, token, {
    id: enterpriseId,
    name: me.name,
    creditCode: me.creditCode,
    legalPerson: '张伟',
    nature: 'private',
    foundedOn: '2019-03-01',
    registeredCapital: 1000,
    patents,
    industry: 'C',
    scale: 'small',
    region: 'park',
    qualifications: [{ code: 'hightech', validUntil: `${thisYear + 1}-12-31` }],
    indicators: [{ year: thisYear - 1, revenue: 5000, tax: 200, rdExpense: 140, staff: 100, socialInsurance: 90, investment: 300 }],
  });
  if (acked(ledger, 'saveenterprise', saved)) profile.acked = patents;
  const evaluation = await call<{ id: number }>(base(), 'POST', CALCULATOR_PATHS.saveEvaluation, token, { enterpriseId });
  if (acked(ledger, 'saveevaluate', evaluation)) ledger.evaluations.push(evaluation.data!.id);

  // 政策推送: follow a keyword, drop the one followed before.
  const subscribed = await call<{ id: number }>(base(), 'POST', PUSH_PATHS.saveSubscription, token, { kind: 'keyword', value: `关键词${n}` });
  if (acked(ledger, 'savesubscribe', subscribed)) {
    const previous = ledger.subscribed.findLast((id) => id !== subscribed.data!.id && mine.get(id) === token && !ledger.cancelled.includes(id) && !ledger.cancelsUnanswered.includes(id));
    ledger.subscribed.push(subscribed.data!.id);
    mine.set(subscribed.data!.id, token);
    if (previous !== undefined) {
      if (acked(ledger, 'cancelsubscribe', await call(base(), 'GET', withId(PUSH_PATHS.cancelSubscription, previous), token))) ledger.cancelled.push(previous);
      else ledger.cancelsUnanswered.push(previous);
    }
  }

  // 消息中心: read the newest unread message.
  const page = await call<{ list: { id: number }[] }>(base(), 'POST', INBOX_PATHS.page, token, { currentPage: 1, pageSize: 5, read: 'unread' });
  const unread = page.data?.list?.[0];
  if (unread && acked(ledger, 'readmessage', await call(base(), 'POST', withId(INBOX_PATHS.read, unread.id), token))) ledger.reads.push(unread.id);

  // 企业诉求: an attachment uploaded, then the appeal saved with it.
  const form = new FormData();
  form.append('file', pdf(), `证明材料${n}.pdf`);
  const uploaded = await call<{ id: number }[]>(base(), 'POST', FILE_PATHS.upload, token, form);
  if (acked(ledger, 'upload', uploaded)) {
    const fileIds = uploaded.data!.map((f) => f.id);
    ledger.uploads.push(...fileIds);
    const appeal = await call<{ id: number }>(base(), 'POST', APPEAL_PATHS.save, token, {
      enterpriseId,
      category: 'policy',
      title: `研发费用加计扣除政策咨询 ${n}`,
      content: '我公司今年研发投入较大，想了解加计扣除的申报流程。',
      contact: '王经理',
      phone: '13800138000',
      fileIds,
    });
    if (acked(ledger, 'saveappeal', appeal)) ledger.appeals.push({ id: appeal.data!.id, fileIds });
  }

  // 企业走访: agree to the first visit waiting for an answer.
  const toConfirm = await call<{ list: { id: number }[] }>(base(), 'POST', VISIT_PATHS.appointmentPage, token, { currentPage: 1, pageSize: 5, filter: 'toConfirm' });
  const visit = toConfirm.data?.list?.[0];
  if (visit && acked(ledger, 'visit approve', await call(base(), 'POST', VISIT_PATHS.approval, token, { id: visit.id, action: 'approve' }))) ledger.visitApprovals.push(visit.id);
}
/** Which writer's token followed a subscription. */
const mine = new Map<number, string>();

export interface StaffWriter {
  token: string;
  accountId: number;
  /** The enterprises visits are planned with. */
  enterpriseIds: number[];
  /** A published guide whose content new guides copy. */
  template: GuideInput;
  /** 企业码 ids frozen and unfrozen in turn. */
  codeIds: number[];
}

const guideInput = (g: ConsoleGuide): GuideInput => ({
  policyId: g.policyId,
  title: g.title,
  summary: g.summary,
  beneficiaries: g.beneficiaries,
  conditionsText: g.conditionsText,
  supportStandard: g.supportStandard,
  eligibility: g.eligibility,
  amountRule: g.amountRule,
  supportType: g.supportType,
  mode: g.mode,
  industries: g.industries,
  regions: g.regions,
  windowStart: new Date(Date.now() - 86_400_000).toISOString(),
  windowEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  payoutDays: g.payoutDays,
  deptName: g.deptName,
  deptAddress: g.deptAddress,
  deptPhone: g.deptPhone,
  materials: g.materials,
  steps: g.steps,
  onlineUrl: g.onlineUrl,
});

/** A published guide of the demo data, as the console's form holds it. */
export async function guideTemplate(base: string, token: string): Promise<GuideInput> {
  const page = await call<{ list: { id: number }[] }>(base, 'POST', POLICY_CONSOLE_PATHS.guidePage, token, { currentPage: 1, pageSize: 1, status: 'published' });
  const guide = await call<ConsoleGuide>(base, 'GET', withId(POLICY_CONSOLE_PATHS.guide, page.data!.list[0]!.id), token);
  // Applied for at an outside address, so that it publishes without a 申报表单 (政策申兑's rule).
  return { ...guideInput(guide.data!), onlineUrl: guide.data!.onlineUrl ?? 'https://www.yunxi.gov.cn/sb' };
}

/** Active 企业码 of the demo data. */
export async function activeCodes(base: string, token: string, n: number): Promise<number[]> {
  const page = await call<{ list: { id: number }[] }>(base, 'POST', ENTCODE_CONSOLE_PATHS.page, token, { currentPage: 1, pageSize: n, status: 'active' });
  if (page.status !== 200) throw new Error(`the active codes: ${page.status} ${page.msg}`);
  return page.data!.list.map((c) => c.id);
}

/** The China day `days` ahead at 9–10, as ISO instants: each visit its own hour, so none clash. */
function visitTime(n: number) {
  const start = new Date(Date.UTC(thisYear + 1, 0, 1, 1) + n * 86_400_000);
  return { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString() };
}

/** One round of staff's writes. */
export async function staffRound(base: Base, me: StaffWriter, ledger: Ledger, n: number): Promise<void> {
  const { token } = me;

  // 诉求办理: accept the oldest appeal not yet accepted, reply to the oldest accepted.
  const accepted = new Set(ledger.appealSteps.filter((s) => s.step === 'accept').map((s) => s.id));
  const replied = new Set(ledger.appealSteps.filter((s) => s.step === 'reply').map((s) => s.id));
  const toAccept = ledger.appeals.find((a) => !accepted.has(a.id) && !tried.has(`accept:${a.id}`));
  if (toAccept) {
    const answer = await call(base(), 'POST', withId(APPEAL_PATHS.step, toAccept.id), token, { step: 'accept' });
    if (!answer.refused) tried.add(`accept:${toAccept.id}`);
    if (acked(ledger, 'appeal accept', answer)) ledger.appealSteps.push({ id: toAccept.id, step: 'accept' });
  }
  const toReply = [...accepted].find((id) => !replied.has(id) && !tried.has(`reply:${id}`));
  if (toReply !== undefined) {
    const answer = await call(base(), 'POST', withId(APPEAL_PATHS.step, toReply), token, { step: 'reply', note: '已按政策答复' });
    if (!answer.refused) tried.add(`reply:${toReply}`);
    if (acked(ledger, 'appeal reply', answer)) ledger.appealSteps.push({ id: toReply, step: 'reply' });
  }

  // 走访管理: a visit planned with one of the enterprises (it answers in its own round).
  const planned = await call<{ id: number }>(base(), 'POST', VISIT_CONSOLE_PATHS.plan, token, {
    enterpriseId: me.enterpriseIds[n % me.enterpriseIds.length],
    subject: `走访了解技改项目进展 ${n}`,
    type: 'project',
    method: 'onsite',
    place: '云溪经济开发区创业路 8 号',
    staff: [{ accountId: me.accountId, lead: true }],
    force: true,
    ...visitTime(n),
  });
  if (acked(ledger, 'visit plan', planned)) ledger.visits.push(planned.data!.id);

  // 政策内容: a guide made, edited and published (its publishing fans out to the keyword's followers).
  const created = await call<{ id: number }>(base(), 'POST', POLICY_CONSOLE_PATHS.guideCreate, token, { ...me.template, title: `${KEYWORD}测试申报指南 ${n}` });
  if (acked(ledger, 'guide create', created)) {
    const id = created.data!.id;
    const guide = { titles: [`${KEYWORD}测试申报指南 ${n}`], published: false };
    ledger.guides.set(id, guide);
    const title = `${KEYWORD}测试申报指南 ${n}（修订）`;
    if (acked(ledger, 'guide edit', await call(base(), 'PUT', withId(POLICY_CONSOLE_PATHS.guide, id), token, { ...me.template, title }))) guide.titles = [title];
    else guide.titles.push(title);
    if (acked(ledger, 'guide publish', await call(base(), 'POST', withId(POLICY_CONSOLE_PATHS.guideState, id), token, { action: 'publish' }))) guide.published = true;
  }

  // 企业赋码: freeze a code, or unfreeze it, as it stands now.
  const codeId = me.codeIds[n % me.codeIds.length]!;
  const code = await call<{ status: string }>(base(), 'GET', withId(ENTCODE_CONSOLE_PATHS.detail, codeId), token);
  if (code.status === 200) {
    const step = code.data!.status === 'frozen' ? 'unfreeze' : 'freeze';
    if (acked(ledger, `entcode ${step}`, await call(base(), 'POST', withId(ENTCODE_CONSOLE_PATHS.step, codeId), token, { step, note: step === 'freeze' ? '核查经营异常' : '核查无误' }))) {
      ledger.entcodeSteps.push({ id: codeId, step });
    }
  }
}
/** Steps sent once, acknowledged or not: a step whose answer was lost is not sent again (it may have been taken); a refused one is. */
const tried = new Set<string>();
