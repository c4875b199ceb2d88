// Stored XSS and CSV/Excel injection (issue 25): the hostile corpus (support/hostile.ts) saved
// through the real API into every field that is shown again — a policy's title, 文号, body and
// attachment, a guide's title and texts, a topic, an enterprise's name, an appeal's title, content
// and attachment, the staff's reply and closing note, a visit's subject, place, summary, problem and
// photo — then every page that shows them opened in Chromium, as the enterprise (with its message
// centre and a live notice) and as staff. Nothing may run:
// the canary `__xss` (exposed to every frame of both browser contexts) is never called and no
// dialog opens, while the plain-text fields show the hostile text as text. A console export of
// enterprises named with formulas holds no formula and every such cell starts with the apostrophe.
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { ACCOUNT_CONSOLE_PATHS, type ConsoleEnterpriseRow } from '@hqt/contract/account-console';
import { APPEAL_PATHS, type AppealDetail } from '@hqt/contract/appeal';
import { AUTH_PATHS, type UserInfo } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, type EnterpriseSummary } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { FILE_PATHS, type UploadedFile } from '@hqt/contract/files';
import { GuideInput, POLICY_CONSOLE_PATHS, type ConsoleGuide, type ConsoleGuideRow, type ConsolePolicy, type ConsolePolicyRow, type PolicyInput, type TopicInput } from '@hqt/contract/policy-console';
import { VISIT_PATHS, type VisitDetail } from '@hqt/contract/visit';
import { VISIT_CONSOLE_PATHS } from '@hqt/contract/visit-console';
import { registerAccount } from '../support/accounts';
import { asIfAfter } from '../support/api';
import { CAPTCHA_ANSWER, STAFF } from '../support/constants';
import { ALL_HOSTILE, FORMULAS, HOSTILE, hostile } from '../support/hostile';
import { hubConnected, openSignedIn } from '../support/session';

const stamp = `x${Date.now().toString(36).slice(-5)}`;
const withId = (p: string, id: number) => p.replace(':id', String(id));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** The corpus cut to a field's length, whole entries only. */
const fit = (max: number, texts = HOSTILE.map((h) => h.text)) => {
  let out = '';
  for (const t of texts) if (out.length + t.length + 1 <= max) out += (out ? '\n' : '') + t;
  return out;
};
const reversed = HOSTILE.map((h) => h.text).reverse();

async function token(request: APIRequestContext, user: { username: string; password: string }) {
  const captcha = await (await request.get(AUTH_PATHS.captcha)).json();
  const res = await request.post(AUTH_PATHS.token, { data: { username: user.username, password: user.password, vierifyCode: CAPTCHA_ANSWER, codeIndex: captcha.data.codeIndex } });
  return { authorization: `Bearer ${(await res.json()).access_token as string}` };
}

async function call<T>(request: APIRequestContext, headers: Record<string, string>, url: string, data?: unknown, method: 'post' | 'put' = 'post'): Promise<T> {
  const res = data === undefined ? await request.get(url, { headers }) : await request[method](url, { headers, data });
  const body = await res.json();
  expect(res.ok(), `${url}: ${body.msg}`).toBe(true);
  return body.data as T;
}

async function upload(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const res = await request.post(FILE_PATHS.upload, { headers, multipart: { file: { name, mimeType: 'application/pdf', buffer: PDF } } });
  const body = await res.json();
  expect(res.ok(), body.msg).toBe(true);
  return (body.data as UploadedFile[])[0]!;
}

/**
 * The canary and the dialogs of one browser context. The contexts bypass the pages' Content
 * Security Policy (its `script-src-attr 'none'` alone blocks every inline handler of the corpus):
 * the markup defences — the sanitisers, React's escaping, the print frame's — are tested on their
 * own here, and the policy is checked as the second line by its header.
 */
async function watch(context: BrowserContext) {
  const ran: string[] = [];
  await context.exposeFunction('__xss', (id: unknown) => void ran.push(String(id)));
  context.on('page', (p) => p.on('dialog', (d) => (ran.push(`dialog: ${d.message()}`), void d.dismiss())));
  return ran;
}

/** The canary works: markup that does run (put in by the test itself) is caught, then forgotten. */
async function proveCanary(page: Page, ran: string[]) {
  await page.evaluate((html) => {
    const probe = document.createElement('div');
    probe.id = 'xss-probe';
    probe.innerHTML = html;
    document.body.append(probe);
  }, hostile('img') + hostile('img-alert'));
  await expect.poll(() => [...ran].sort()).toEqual(['dialog: img-alert', 'img']);
  await page.evaluate(() => document.getElementById('xss-probe')?.remove());
  ran.length = 0;
}

/** An <img onerror> fires once its load has failed: every image of the page has settled. */
const imagesSettled = (page: Page) => page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));

/** Opens a page, waits for what it must show as text, lets its images fail, and checks nothing ran. */
async function show(page: Page, ran: string[], url: string, texts: string[]) {
  await page.goto(url);
  for (const t of texts) await expect(page.getByText(t, { exact: false }).first(), `${url} shows ${t}`).toBeVisible();
  await imagesSettled(page);
  expect(ran, `nothing ran on ${url}`).toEqual([]);
}

test('the hostile corpus, saved through every shown field, runs on no page; the export holds no formula', async ({ browser, request }) => {
  // 42 s to 2 min here (two cores shared by several runs): an upper bound for a stuck run, not a speed claim.
  test.setTimeout(300_000);
  // ---- the enterprise: a hostile name, an appeal with a hostile file ------------------------------
  const entName = `${hostile('img')}云溪${stamp}有限公司`;
  const account = await registerAccount(request, entName);
  // Enterprises named with formulas, for the export.
  await Promise.all(FORMULAS.map((f) => registerAccount(request, `${f.text} ${stamp}`)));
  const ent = await token(request, account);
  const [enterprise] = await call<EnterpriseSummary[]>(request, ent, CALCULATOR_PATHS.allEnterprises);
  expect(enterprise!.name).toBe(entName);

  const appealFile = await upload(request, ent, `${hostile('svg')}发票'"><b>.pdf`);
  const appealTitle = `${hostile('svg-anim').slice(0, 40)}${stamp}`;
  const appealContent = fit(2000);
  const appeal = await call<AppealDetail>(request, ent, APPEAL_PATHS.save, {
    enterpriseId: enterprise!.id,
    category: 'policy',
    title: appealTitle,
    content: appealContent,
    contact: '王经理',
    phone: '13800138000',
    fileIds: [appealFile.id],
  });

  // ---- staff: accept and reply, a visit with its summary, a policy, a guide and a topic ----------
  const staff = await token(request, STAFF);
  const reply = fit(2000, reversed);
  await call(request, staff, withId(APPEAL_PATHS.step, appeal.id), { step: 'accept' });
  await call(request, staff, withId(APPEAL_PATHS.step, appeal.id), { step: 'reply', note: reply });

  const me = await call<UserInfo>(request, staff, AUTH_PATHS.userInfo);
  const day = new Date(Date.now() + 20 * 86400_000);
  day.setUTCHours(2, 0, 0, 0);
  const subject = `${hostile('attr')}${stamp}`;
  const place = hostile('mxss');
  const visit = await call<VisitDetail>(request, staff, VISIT_CONSOLE_PATHS.plan, {
    enterpriseId: enterprise!.id,
    subject,
    type: 'routine',
    method: 'onsite',
    startsAt: day.toISOString(),
    endsAt: new Date(day.getTime() + 2 * 3600_000).toISOString(),
    place,
    staff: [{ accountId: me.id, lead: true }],
    force: true,
  });
  await call(request, ent, VISIT_PATHS.approval, { id: visit.id, action: 'approve' });
  const photo = await upload(request, staff, `${hostile('details').slice(0, 60)}.pdf`);
  const problem = hostile('focus');
  const summary = fit(5000);
  // after the visit's start (a summary follows the visit)
  await asIfAfter(request, visit.startsAt!, () =>
    call(request, staff, withId(VISIT_CONSOLE_PATHS.summary, visit.id), {
      content: summary,
      fileIds: [photo.id],
      problems: [{ category: 'policy', title: problem, content: fit(2000, reversed) }],
    }),
  );

  const [policyRow] = (await call<PageOf<ConsolePolicyRow>>(request, staff, POLICY_CONSOLE_PATHS.policyPage, { currentPage: 1, pageSize: 1, status: 'published' })).list;
  const model = await call<ConsolePolicy>(request, staff, withId(POLICY_CONSOLE_PATHS.policy, policyRow!.id));
  const policyTitle = `${hostile('script')}${stamp}`;
  const policyInput: PolicyInput = {
    title: policyTitle,
    docNo: hostile('js-string'),
    department: model.department,
    level: model.level,
    publishDate: model.publishDate,
    expiryDate: null,
    contentHtml: ALL_HOSTILE,
    interpretationHtml: reversed.join('\n'),
    attachments: [{ name: hostile('iframe-js'), url: 'https://example.org/a.pdf' }],
  };
  // A javascript: attachment is refused where it is saved.
  const badLink = await request.post(POLICY_CONSOLE_PATHS.policyCreate, { headers: staff, data: { ...policyInput, attachments: [{ name: 'x', url: `javascript:top.__xss('attachment')` }] } });
  expect(badLink.status()).toBe(400);
  const policy = await call<ConsolePolicy>(request, staff, POLICY_CONSOLE_PATHS.policyCreate, policyInput);
  await call(request, staff, withId(POLICY_CONSOLE_PATHS.policyState, policy.id), { action: 'publish' });

  const [guideRow] = (await call<PageOf<ConsoleGuideRow>>(request, staff, POLICY_CONSOLE_PATHS.guidePage, { currentPage: 1, pageSize: 1, status: 'published' })).list;
  const guideModel = await call<ConsoleGuide>(request, staff, withId(POLICY_CONSOLE_PATHS.guide, guideRow!.id));
  const guideTitle = `${hostile('iframe-srcdoc')}${stamp}`;
  const texts = HOSTILE.map((h) => h.text);
  const guideInput = {
    ...(Object.fromEntries(Object.keys(GuideInput.properties).map((k) => [k, guideModel[k as keyof ConsoleGuide]])) as GuideInput),
    policyId: policy.id,
    title: guideTitle,
    summary: fit(1000),
    beneficiaries: fit(2000),
    conditionsText: ALL_HOSTILE,
    supportStandard: fit(4000, reversed),
    windowStart: new Date(Date.now() - 86400_000).toISOString(),
    windowEnd: new Date(Date.now() + 30 * 86400_000).toISOString(),
    deptName: hostile('svg'),
    deptAddress: hostile('noscript'),
    deptPhone: hostile('js-string'),
    materials: texts.filter((t) => t.length <= 200),
    steps: texts.filter((t) => t.length <= 200).slice(0, 30),
    onlineUrl: 'https://example.org/apply',
  };
  const badUrl = await request.post(POLICY_CONSOLE_PATHS.guideCreate, { headers: staff, data: { ...guideInput, onlineUrl: `javascript:top.__xss('online')` } });
  expect(badUrl.status()).toBe(400);
  const guide = await call<ConsoleGuide>(request, staff, POLICY_CONSOLE_PATHS.guideCreate, guideInput);
  await call(request, staff, withId(POLICY_CONSOLE_PATHS.guideState, guide.id), { action: 'publish' });

  const topicTitle = `${hostile('comment')}${stamp}`;
  const topicInput: TopicInput = { title: topicTitle, summary: fit(1000, reversed), cover: '#1658d8', startsAt: new Date(Date.now() - 86400_000).toISOString(), endsAt: null, sort: 0, guideIds: [guide.id] };
  const topic = await call<{ id: number }>(request, staff, POLICY_CONSOLE_PATHS.topicCreate, topicInput);
  await call(request, staff, withId(POLICY_CONSOLE_PATHS.topicState, topic.id), { action: 'publish' });

  // ---- the second line: the pages' policy runs no inline script, handler or javascript: URL ------
  const csp = (await request.get('/login')).headers()['content-security-policy'] ?? '';
  const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
  expect(directive('script-src-attr')).toBe("script-src-attr 'none'");
  expect(directive('script-src')).toMatch(/^script-src 'self'/);
  expect(directive('script-src')).not.toMatch(/unsafe-inline|unsafe-eval|data:|\*/);
  expect(directive('object-src')).toBe("object-src 'none'");

  // ---- the enterprise's pages ------------------------------------------------------------------
  const portalContext = await browser.newContext({ bypassCSP: true });
  const portalRan = await watch(portalContext);
  const portal = await portalContext.newPage();
  await openSignedIn(portal, account, '/dataOverview/dataOverview');
  await expect(portal).toHaveURL(/\/dataOverview\/dataOverview$/);
  expect(portalRan).toEqual([]);
  await proveCanary(portal, portalRan);
  await show(portal, portalRan, `/policyMarket/policyMarket?keyword=${stamp}`, [guideTitle]);
  await show(portal, portalRan, `/policyMarket/policyMarket?guide=${guide.id}`, [guideTitle, policyTitle, hostile('js-string'), hostile('noscript'), hostile('css-style'), 'js link']);
  await show(portal, portalRan, `/policyTopics/policyTopics`, [topicTitle]);
  await show(portal, portalRan, `/policyTopics/policyTopics?id=${topic.id}`, [topicTitle, guideTitle]);
  await show(portal, portalRan, '/enterpriseDemands/enterpriseDemands', [appealTitle]);
  await show(portal, portalRan, `/enterpriseDemands/enterpriseDemands?id=${appeal.id}`, [appealTitle, hostile('img'), hostile('mxss'), appealFile.name]);
  await show(portal, portalRan, '/enterpriseVisit/enterpriseVisit?tab=summaries', [subject]);
  await show(portal, portalRan, `/enterpriseVisit/enterpriseVisit?id=${visit.id}`, [subject, place, hostile('script'), photo.name, problem]);
  // A live notice while the portal is open: staff close the appeal with a hostile note, once the
  // page listens (a notice sent while the page's socket connects reaches the inbox, not a toast).
  const listening = hubConnected(portal);
  await show(portal, portalRan, '/messageCenter/messageCenter', [appealTitle]);
  await listening;
  await call(request, staff, withId(APPEAL_PATHS.step, appeal.id), { step: 'close', note: fit(2000) });
  await expect(portal.locator('.hub-notice').filter({ hasText: appealTitle })).toBeVisible();
  await imagesSettled(portal);
  expect(portalRan, 'nothing ran in the live notice').toEqual([]);

  // ---- the console's pages ---------------------------------------------------------------------
  const consoleContext = await browser.newContext({ acceptDownloads: true, bypassCSP: true });
  const consoleRan = await watch(consoleContext);
  const console_ = await consoleContext.newPage();
  await openSignedIn(console_, STAFF, '/admin');
  await expect(console_).toHaveURL(/\/admin$/);
  await proveCanary(console_, consoleRan);
  const [entRow] = (await call<PageOf<ConsoleEnterpriseRow>>(request, staff, ACCOUNT_CONSOLE_PATHS.enterprisePage, { currentPage: 1, pageSize: 1, keyword: `云溪${stamp}` })).list;
  await show(console_, consoleRan, `/admin/appeals?keyword=${stamp}`, [appealTitle, entName]);
  await show(console_, consoleRan, `/admin/appeals/${appeal.id}`, [appealTitle, entName, hostile('img'), hostile('broken'), appealFile.name]);
  await show(console_, consoleRan, `/admin/visits?view=list&keyword=${stamp}`, [subject, entName]);
  await show(console_, consoleRan, `/admin/visits/${visit.id}`, [subject, entName, place, hostile('css-import'), photo.name]);
  await show(console_, consoleRan, `/admin/enterprises/${entRow!.id}`, [entName]);
  await show(console_, consoleRan, `/admin/policies?keyword=${stamp}`, [policyTitle]);
  await show(console_, consoleRan, `/admin/policies/${policy.id}`, ['js link']);
  await show(console_, consoleRan, `/admin/guides?keyword=${stamp}`, [guideTitle, policyTitle]);
  await show(console_, consoleRan, `/admin/guides/${guide.id}`, [policyTitle]);
  await show(console_, consoleRan, `/admin/topics?keyword=${stamp}`, [topicTitle]);
  await show(console_, consoleRan, `/admin/topics/${topic.id}`, [guideTitle]);
  await show(console_, consoleRan, `/admin/enterprises?keyword=${stamp}`, [entName, ...FORMULAS.map((f) => `${f.text} ${stamp}`)]);

  // ---- the export of those enterprises: no formula, each formula cell neutralised ----------------
  await console_.getByRole('button', { name: '导出 / 打印' }).click();
  const dialog = console_.getByRole('dialog', { name: '导出 / 打印' });
  await expect(dialog.getByRole('checkbox', { name: '企业名称' })).toBeChecked();
  const [download] = await Promise.all([console_.waitForEvent('download'), dialog.getByRole('button', { name: /导\s*出/ }).click()]);
  await expect(console_.getByText('导出成功')).toBeVisible();
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  const shared = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
  expect(sheet).not.toMatch(/<f[\s>]/);
  const unxml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
  const strings = [...(sheet + shared).matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => unxml(m[1]!));
  for (const f of FORMULAS) expect(strings, f.id).toContain(`'${f.text} ${stamp}`);
  expect(strings).toContain(entName);
  // No string cell left that a spreadsheet would take for a formula once edited or saved as CSV.
  expect(strings.filter((s) => /^[=+\-@\t\r]/.test(s))).toEqual([]);

  // ---- and its print: the hostile name printed as text, nothing run ----------------------------
  await console_.getByRole('button', { name: '导出 / 打印' }).click();
  await console_.getByRole('dialog', { name: '导出 / 打印' }).getByRole('button', { name: /打\s*印/ }).click();
  await expect(console_.getByText('打印成功')).toBeVisible();
  const printed = console_.frameLocator('iframe.print-frame');
  await expect(printed.locator('td', { hasText: entName }).first()).toBeAttached();
  await expect(printed.locator('img')).toHaveCount(0);
  expect(consoleRan).toEqual([]);
  expect(portalRan).toEqual([]);
  await portalContext.close();
  await consoleContext.close();
});
