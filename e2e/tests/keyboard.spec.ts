// Issue 24, keyboard alone: every main flow of the portal and the console walked with Tab, Shift+Tab,
// Enter, Space, arrows, Escape and typing — no click, no fill on the app's controls. A control the
// keyboard cannot reach fails in tabTo with the way the focus went; each control acted on shows its
// focus ring. The setup a flow needs from the other side (a draft guide, a visit proposed, an appeal
// accepted) is made through the real API, as the other specs do; so is the login of a flow whose
// subject is not the login (the portal's and the console's login forms are walked by keyboard too).
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PageOf } from '@hqt/contract/envelope';
import { INBOX_PATHS, type InboxMessage } from '@hqt/contract/inbox';
import { APPEAL_CONSOLE_PATHS, type AppealQueueRow } from '@hqt/contract/appeal-console';
import { VISIT_CONSOLE_PATHS, type VisitConsoleRow } from '@hqt/contract/visit-console';
import type { VisitDetail } from '@hqt/contract/visit';
import { registerAccount } from '../support/accounts';
import { apiLogin, call, draftGuide, publishedGuide, staffHeaders } from '../support/api';
import { DEMO, STAFF } from '../support/constants';
import { activate, chooseOption, expectFocusVisible, focusedName, keyboardLogin, tabTo, typeInto } from '../support/keyboard';
import { openSignedIn } from '../support/session';

const stamp = Date.now().toString(36).slice(-5);
/** A small PDF: an attachment the server recognises by its bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function portalLogin(page: Page, user: { username: string; password: string } = DEMO) {
  await keyboardLogin(page, user);
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  await expect(page.getByText(/欢迎您，/)).toBeVisible();
}

/** Presses an arrow key until `entry` has the focus, each press waited for (the menu moves the focus on its own time). */
async function arrowTo(page: Page, entry: Locator, key: 'ArrowRight' | 'ArrowDown') {
  for (let i = 0; i < 12 && !(await entry.evaluate((el) => el === document.activeElement)); i++) {
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press(key);
    await expect.poll(() => before.evaluate((el) => el !== document.activeElement)).toBe(true);
    await before.dispose();
  }
  await expect(entry).toBeFocused();
}

/** The top menu: one Tab stop, the arrows along it, Enter opens the entry. */
async function topMenu(page: Page, name: string) {
  const menu = page.locator('.top-menu');
  await tabTo(page, menu, 10);
  await expectFocusVisible(page);
  const entry = menu.getByRole('menuitem', { name });
  await arrowTo(page, entry, 'ArrowRight');
  await page.keyboard.press('Enter');
}

/** Opens an entry of the header's account menu (欢迎您，… ▾) by keyboard. */
async function accountMenu(page: Page, item: string) {
  await activate(page, page.getByRole('button', { name: /^欢迎您，/ }));
  const entry = page.getByRole('menuitem', { name: item });
  await expect(entry).toBeVisible();
  // Enter opened the menu; Tab goes into it; the arrows move along it.
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ant-dropdown-menu')))).toBe(true);
  await arrowTo(page, entry, 'ArrowDown');
  await page.keyboard.press('Enter');
}

test('the skip link is the first Tab stop, shows itself, and moves the focus into the main area', async ({ page }) => {
  await openSignedIn(page, DEMO, '/policyMarket/policyMarket');
  await expect(page.getByLabel('关键词')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next stop is inside the main area, past the header, its menu and the tag bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  await expectFocusVisible(page);
});

test('the tag bar: a tag opened and another closed by keyboard', async ({ page }) => {
  await openSignedIn(page, DEMO, '/dataOverview/dataOverview');
  await topMenu(page, '政策超市');
  const bar = page.getByRole('navigation', { name: '已打开的页面' });
  await expect(bar.getByText('政策超市', { exact: true })).toBeVisible();
  await activate(page, bar.getByRole('button', { name: '数据概览', exact: true }));
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  await activate(page, bar.locator('.ant-tag', { hasText: '政策超市' }).getByRole('button', { name: '关闭' }));
  await expect(bar.getByText('政策超市', { exact: true })).toHaveCount(0);
});

test('login: the form by keyboard, Enter sends it', async ({ page }) => {
  await portalLogin(page);
  await expect(page.getByRole('banner').getByRole('link', { name: '个人中心' })).toBeVisible();
});

test('market: the top menu to 政策超市, a search, a guide opened and closed with Escape', async ({ page }) => {
  await openSignedIn(page, DEMO, '/dataOverview/dataOverview');
  await topMenu(page, '政策超市');
  await expect(page).toHaveURL(/\/policyMarket\/policyMarket$/);

  await typeInto(page, page.getByLabel('关键词'), '研发投入');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  const link = page.locator('.guide-card').getByRole('link', { name: '企业研发投入补助' });
  await activate(page, link);
  const drawer = page.getByRole('dialog', { name: '企业研发投入补助' });
  await expect(drawer.getByText('上年度研发费用 ≥ 100 万元')).toBeVisible();
  await expect(page).toHaveURL(/guide=\d+/);
  // The focus is in the drawer, and Escape closes it, back where it was opened.
  expect(await drawer.evaluate((el) => el.closest('.ant-drawer')!.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/guide=/);
  await expect.poll(() => focusedName(page)).toBe('a「企业研发投入补助」');
  await expect(link).toBeFocused();
});

test('calculator: a what-if figure typed, the result saved', async ({ page }) => {
  await openSignedIn(page, DEMO, '/policyCalculation/policyCalculation');
  await expect(page.getByRole('button', { name: '保存测算' })).toBeVisible();
  await typeInto(page, page.getByLabel('上年度研发费用', { exact: true }), '321', { max: 80 });
  await expect(page.getByText('假设数据，未保存到企业信息')).toBeVisible();
  await activate(page, page.getByRole('button', { name: '保存测算' }), { back: true, max: 80 });
  await expect(page.getByText('测算结果已保存（含假设数据）')).toBeVisible();
});

test('push: subscribe to a keyword, then read an unread message', async ({ page, request }) => {
  await openSignedIn(page, DEMO, '/policyPush/policyPush?tab=subscriptions');
  const keyword = `技改${stamp}`;
  await typeInto(page, page.getByLabel('订阅内容'), keyword);
  await activate(page, page.getByRole('button', { name: /^订\s*阅$/ }));
  await expect(page.locator('.push-subscriptions .ant-list-item').filter({ hasText: keyword })).toBeVisible();

  // A message of its own: a guide the demo enterprise's 研发 reaches, its message sent by a job.
  const title = `研发中心建设补助（键盘 ${stamp}）`;
  const guide = await publishedGuide(request, title);
  try {
    const message = page.locator('.inbox-message-unread').filter({ hasText: title });
    // The job's message, asked of the server until it is there (not the page reloaded until it shows);
    // then the page opened once.
    const inbox = { authorization: `Bearer ${(await apiLogin(request, DEMO)).access_token}` };
    const unread = () => call<PageOf<InboxMessage>>(request, inbox, INBOX_PATHS.page, { currentPage: 1, pageSize: 50, read: 'unread' });
    await expect.poll(async () => (await unread()).list.some((m) => `${m.title} ${m.body}`.includes(title)), { timeout: 30_000 }).toBe(true);
    await page.goto('/policyPush/policyPush?read=unread');
    await expect(message).toBeVisible();
    await activate(page, message.locator('.inbox-message-title'));
    await expect(page).toHaveURL(new RegExp(`/policyMarket/policyMarket\\?guide=${guide.id}$`));
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await page.goto('/policyPush/policyPush?read=read');
    await expect(page.locator('.inbox-message').filter({ hasText: title })).not.toHaveClass(/inbox-message-unread/);
  } finally {
    await guide.withdraw();
  }
});

test('appeal: filed with an attachment chosen by keyboard', async ({ page }) => {
  const title = `键盘提交的诉求 ${stamp}`;
  // Listened for from the start: Playwright takes over the file picker only once its listener is in place.
  const chooser = page.waitForEvent('filechooser', { timeout: 90_000 });
  await openSignedIn(page, DEMO, '/enterpriseDemands/enterpriseDemands');
  await activate(page, page.getByRole('button', { name: '提交诉求' }));
  const drawer = page.locator('.ant-drawer');
  await chooseOption(page, drawer.getByLabel('诉求类别'), '惠企政策（办理时限 5 个工作日）');
  await typeInto(page, drawer.getByLabel('诉求标题'), title);
  await typeInto(page, drawer.getByLabel('诉求内容'), '想了解技改设备补助的申报条件。');
  await typeInto(page, drawer.getByLabel('联系人'), '王经理');
  await typeInto(page, drawer.getByLabel('联系电话'), '13800138000');
  const upload = drawer.getByRole('button', { name: '上传附件' });
  await tabTo(page, upload);
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: '设备发票清单.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(drawer.getByText('设备发票清单.pdf')).toBeVisible();
  await activate(page, drawer.getByRole('button', { name: '提交诉求' }));
  await expect(drawer.getByText(/^诉求已提交，编号 SQ\d{8}-\d{4}$/)).toBeVisible();
});

test('visit: the enterprise confirms a visit staff proposed', async ({ page, request }) => {
  const subject = `键盘确认的走访 ${stamp}`;
  const headers = await staffHeaders(request);
  const rows = await call<PageOf<VisitConsoleRow>>(request, headers, VISIT_CONSOLE_PATHS.page, { currentPage: 1, pageSize: 50, keyword: DEMO.name });
  const demoVisit = rows.list.find((v) => v.enterpriseName === DEMO.name)!;
  const demoDetail = await call<VisitDetail>(request, headers, VISIT_CONSOLE_PATHS.detail.replace(':id', String(demoVisit.id)));
  const lead = demoDetail.staff.find((s) => s.lead)!;
  const day = 86_400_000;
  await call<VisitDetail>(request, headers, VISIT_CONSOLE_PATHS.plan, {
    enterpriseId: demoVisit.enterpriseId,
    subject,
    type: 'routine',
    method: 'onsite',
    startsAt: new Date(Date.now() + 30 * day).toISOString(),
    endsAt: new Date(Date.now() + 30 * day + 7_200_000).toISOString(),
    place: '云溪智造二号厂房',
    staff: [{ accountId: lead.id, lead: true }],
    force: true,
  });

  await openSignedIn(page, DEMO, '/enterpriseVisit/enterpriseVisit?tab=toConfirm');
  await activate(page, page.getByRole('button', { name: subject }));
  await expect(page).toHaveURL(/[?&]id=\d+/);
  await expect(page.locator('.visit-detail').getByText(subject).first()).toBeVisible();
  await activate(page, page.getByRole('button', { name: '确认走访' }));
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toBeVisible();
  await activate(page, confirm.getByRole('button', { name: /确\s*认/ }));
  await expect(page.locator('.visit-detail .ant-card-head').getByText('已确认')).toBeVisible();
});

/**
 * Tab and Shift+Tab go round inside the open dialog: the focus is never on anything behind it (from
 * its last control it may leave the page for the browser's own bar, which leaves the page as the
 * document's body, and comes back to the dialog's first control).
 */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const where = () => dialog.evaluate((el) => (el.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body ? 'left the page' : 'behind'));
  await expect.poll(where).toBe('dialog');
  const first = await focusedName(page);
  let cameRound = false;
  for (const key of [...Array<string>(20).fill('Tab'), ...Array<string>(20).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await where(), `${key} to ${await focusedName(page)}`).not.toBe('behind');
    if (key === 'Tab' && (await focusedName(page)) === first) cameRound = true;
  }
  expect(cameRound, 'Tab comes round to the first control again').toBe(true);
}

test('a dialog traps the focus, and Escape closes it back to the button that opened it', async ({ page }) => {
  await openSignedIn(page, DEMO, '/policyMarket/policyMarket');
  const opener = page.getByRole('button', { name: '导出 / 打印' });
  await activate(page, opener);
  const dialog = page.getByRole('dialog', { name: '导出 / 打印' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(11);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('修改密码: opened from the account menu, the focus kept in it, the change by keyboard', async ({ page, request }) => {
  const account = await registerAccount(request);
  await openSignedIn(page, account, '/dataOverview/dataOverview');
  await accountMenu(page, '修改密码');
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await typeInto(page, dialog.getByLabel('原密码'), account.password);
  await typeInto(page, dialog.getByLabel('新密码'), 'Changed1234');
  await activate(page, dialog.getByRole('button', { name: /确\s*认/ }));
  await expect(page.getByText('密码已修改，请重新登录')).toBeVisible();
  await activate(page, page.getByRole('button', { name: /重新登录/ }));
  await expect(page).toHaveURL(/\/login$/);
  await portalLogin(page, { username: account.username, password: 'Changed1234' });
});

test('console: staff publish a draft guide by keyboard', async ({ page, request }) => {
  const title = `键盘发布的指南 ${stamp}`;
  const created = { id: await draftGuide(request, title) };

  // The console's login by keyboard too (the other flows sign in through the API).
  await keyboardLogin(page, STAFF, '/admin/login');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/guides/${created.id}`);
  await expect(page.getByLabel('指南名称')).toHaveValue(title);
  await activate(page, page.getByRole('button', { name: /^发\s*布$/ }).first(), { max: 80 });
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toBeVisible();
  await activate(page, confirm.getByRole('button', { name: /发\s*布/ }));
  await expect(page.locator('.ant-card-extra').getByText('已发布')).toBeVisible();
  // Withdrawn again the same way: the portal's counts (60 guides) stay as the other specs expect them.
  await activate(page, page.getByRole('button', { name: /^撤\s*回$/ }).first(), { max: 120 });
  await expect(confirm).toBeVisible();
  await activate(page, confirm.getByRole('button', { name: /撤\s*回/ }));
  await expect(page.locator('.ant-card-extra').getByText('已撤回')).toBeVisible();
});

test('console: staff reply to an accepted appeal by keyboard', async ({ page, request }) => {
  const headers = await staffHeaders(request);
  const queue = await call<PageOf<AppealQueueRow>>(request, headers, APPEAL_CONSOLE_PATHS.page, { currentPage: 1, pageSize: 1, status: 'accepted' });
  const appeal = queue.list[0]!;

  await openSignedIn(page, STAFF, `/admin/appeals/${appeal.id}`);
  await expect(page.getByText(appeal.title).first()).toBeVisible();
  await activate(page, page.getByRole('region', { name: '办理' }).getByRole('button', { name: /^答\s*复$/ }), { max: 80 });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByLabel('答复内容（企业可见）'), '经核实，可按县 2026 年 3 号文件申报技改补助。');
  await activate(page, dialog.getByRole('button', { name: /^答\s*复$/ }));
  await expect(page.getByText('答复成功')).toBeVisible();
  await expect(dialog).toBeHidden();
});
