// The staff console in real Chromium against the real server: staff write and publish what the
// portal shows (and withdraw it again), an administrator manages accounts and reads the audit log,
// and an enterprise account is turned away at the console's door.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, CAPTCHA_ANSWER, DEMO, STAFF } from '../support/constants';
import { choose, consoleLogin, openSignedIn } from '../support/session';

/** A 1×1 PNG: an image the server recognises by its bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const stamp = Date.now().toString(36).slice(-5);

async function confirmPopover(page: Page, button: string) {
  await page.getByRole('button', { name: new RegExp(`^${button.split('').join('\\s*')}$`) }).first().click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: new RegExp(button.split('').join('\\s*')) }).click();
}

async function marketFinds(browser: Browser, keyword: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, DEMO, `/policyMarket/policyMarket?keyword=${encodeURIComponent(keyword)}`);
  await expect(page.getByText(/共 \d+ 条|没有找到符合条件的政策指南/)).toBeVisible();
  const titles = await page.locator('.guide-card').allTextContents();
  await context.close();
  return titles;
}

test('staff write a policy and a guide, publish both to the portal, and withdraw the guide again', async ({ page, browser }) => {
  const policyTitle = `数字化转型若干措施${stamp}`;
  const guideTitle = `数字化转型标杆奖励${stamp}`;
  await openSignedIn(page, STAFF, '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('待发布的草稿')).toBeVisible();
  // A 工作人员 does not see what only an administrator may do.
  await expect(page.getByRole('menuitem', { name: '审计日志' })).toHaveCount(0);

  // The policy: a heading, a table and an uploaded image in the editor.
  await page.getByRole('menuitem', { name: '政策文件' }).click();
  await page.getByRole('button', { name: '新建政策文件' }).click();
  await page.getByLabel('标题', { exact: true }).fill(policyTitle);
  await page.getByLabel('文号', { exact: true }).fill(`云工信发〔2026〕${stamp}号`);
  await choose(page, '发文部门', '云溪县工业和信息化局');
  await choose(page, '政策层级', '县级');
  const body = page.getByRole('textbox', { name: '正文' });
  const toolbar = page.getByRole('toolbar', { name: '编辑工具' }).first();
  await body.click();
  await toolbar.getByRole('button', { name: '标题2' }).click();
  await page.keyboard.type('第一条 支持对象');
  await page.keyboard.press('Enter');
  await page.keyboard.type('县内规模以上工业企业。');
  await toolbar.getByRole('button', { name: '插入表格' }).click();
  await page.keyboard.type('支持事项');
  await page.locator('input[data-testid="rte-image-input"]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(body.locator('img[src^="/uploads/"]')).toBeVisible();
  await expect(body.locator('h2')).toHaveText('第一条 支持对象');
  await expect(body.locator('table')).toBeVisible();
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page).toHaveURL(/\/admin\/policies\/\d+$/);
  await confirmPopover(page, '发布');
  await expect(page.locator('.ant-card-extra').getByText('已发布')).toBeVisible();

  // The guide: two rule groups, previewed as the portal will show them.
  await page.goto('/admin/guides/new');
  await page.getByLabel('指南名称').fill(guideTitle);
  await page.getByLabel('所属政策').click();
  await page.getByLabel('所属政策').fill(policyTitle);
  await page.locator('.ant-select-dropdown:visible').getByText(policyTitle).click();
  await choose(page, '扶持方式', '奖励');
  await choose(page, '申报方式', '常规申报');
  const start = page.getByPlaceholder('开始日期');
  await start.click();
  await start.fill('2026-11-01 09:00');
  await start.press('Enter');
  const end = page.getByPlaceholder('结束日期');
  await end.fill('2027-12-31 17:00');
  await end.press('Enter');
  await page.getByRole('button', { name: '添加条件组（或）' }).click();
  await page.getByRole('group', { name: '条件组 1 第 1 项' }).getByLabel('值').fill('100');
  await page.getByRole('button', { name: '添加条件组（或）' }).click();
  await page.getByRole('group', { name: '条件组 2 第 1 项' }).getByLabel('值').fill('50');
  await choose(page, '支持方式', '固定金额');
  await page.getByRole('region', { name: '支持标准' }).getByLabel('金额').fill('30');
  const preview = page.getByRole('region', { name: '规则预览（门户显示效果）' });
  await expect(preview).toContainText('上年度研发费用 ≥ 100 万元');
  await expect(preview).toContainText('或：');
  await expect(preview).toContainText('上年度研发费用 ≥ 50 万元');
  await expect(preview).toContainText('一次性支持 30 万元');
  await page.getByLabel('受理部门').fill('云溪县工业和信息化局');
  await page.getByLabel('受理地址').fill('云溪县城关镇人民路88号');
  await page.getByLabel('咨询电话').fill('0839-7202345');
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page).toHaveURL(/\/admin\/guides\/\d+$/);
  // A draft may lack its texts; publishing says what is missing and publishes nothing.
  await confirmPopover(page, '发布');
  await expect(page.getByText('申报指南内容不完整，不能发布：请填写申报对象、申报条件、支持标准、申报材料')).toBeVisible();
  await expect(page.locator('.ant-card-extra').getByText('草稿')).toBeVisible();
  await page.getByLabel('申报对象').fill('县内规模以上工业企业');
  await page.getByLabel('申报条件（文字）').fill('上年度研发费用不低于 50 万元');
  await page.getByLabel('支持标准（文字）').fill('一次性奖励 30 万元');
  await page.getByLabel('申报材料（每行一项）').fill('申请表\n营业执照复印件');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('已保存').first()).toBeVisible();
  // A guide one applies for needs a way to apply: a 申报表单 here, or an outside address.
  await confirmPopover(page, '发布');
  await expect(page.getByText(/^申报类指南须先设置申报表单（或填写在线申报地址）才能发布/)).toBeVisible();
  await expect(page.locator('.ant-card-extra').getByText('草稿')).toBeVisible();
  await page.getByLabel('在线申报地址').fill('https://www.yunxi.gov.cn/sb');
  await expect(page.getByText('已保存')).toHaveCount(0); // the last save's toast gone: the next one is this save's
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('已保存').first()).toBeVisible();
  await confirmPopover(page, '发布');
  await expect(page.locator('.ant-card-extra').getByText('已发布')).toBeVisible();

  // The portal shows both to an enterprise …
  expect((await marketFinds(browser, guideTitle)).join()).toContain(guideTitle);

  // … until the guide is withdrawn.
  await confirmPopover(page, '撤回');
  await expect(page.locator('.ant-card-extra').getByText('已撤回')).toBeVisible();
  expect((await marketFinds(browser, guideTitle)).join()).not.toContain(guideTitle);
});

test('a 工作人员 who types an administrator\'s address stays in the console: 权限不足, and the way back to 工作台', async ({ page }) => {
  await openSignedIn(page, STAFF, '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  for (const adminPage of ['/admin/accounts', '/admin/dictionaries', '/admin/audit']) {
    await page.goto(adminPage);
    await expect(page).toHaveURL(/\/admin\/403$/);
    await expect(page.locator('.ant-result-title')).toHaveText('权限不足');
    // The console's own frame, not the portal's 401 page.
    await expect(page.getByText('工作人员控制台')).toBeVisible();
    await expect(page.getByText('请先登录')).toHaveCount(0);
  }
  await page.getByRole('button', { name: '返回工作台' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('待发布的草稿')).toBeVisible();
});

test('staff see whom a guide was pushed to, and the read state changes when the enterprise reads it', async ({ page, browser }) => {
  // The demo enterprise's inbox: one of its unread messages.
  const portalContext = await browser.newContext();
  const portal = await portalContext.newPage();
  await openSignedIn(portal, DEMO, '/policyPush/policyPush?read=unread');
  const unread = portal.locator('.inbox-message-unread').first();
  const title = (await unread.locator('.inbox-message-title').textContent())!.trim();

  await openSignedIn(page, STAFF, `/admin/guides?keyword=${encodeURIComponent(title)}`);
  await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: '推送结果' }).click();
  await expect(page).toHaveURL(/\/admin\/guides\/\d+\/push$/);
  await expect(page.getByText('推送完成').first()).toBeVisible();
  const demoRow = page.getByRole('row').filter({ hasText: DEMO.name });
  await expect(demoRow.getByText('未读')).toBeVisible();

  // The enterprise opens it; the console shows it read.
  await unread.locator('.inbox-message-title').click();
  await expect(portal).toHaveURL(/\/policyMarket\/policyMarket\?guide=\d+$/);
  await portalContext.close();
  await page.reload();
  await expect(demoRow.getByText('已读')).toBeVisible();
});

test('an administrator creates a staff account, unlocks it after it locks, and finds all of it in the audit log', async ({ page, request }) => {
  const username = `clerk_${stamp}`;
  await openSignedIn(page, ADMIN, '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('menuitem', { name: '账号管理' }).click();
  await page.getByRole('button', { name: '新建工作人员' }).click();
  const dialog = page.getByRole('dialog', { name: '新建工作人员' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('姓名').fill('赵科员');
  await dialog.getByLabel('初始密码').fill('Clerk12345');
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(dialog).toBeHidden();

  // Five wrong passwords lock the new account.
  for (let i = 0; i < 5; i++) {
    const captcha = await (await request.get('/api/v1/connect/vierifycode')).json();
    await request.post('/api/v1/connect/token', { data: { username, password: 'Wrong12345', vierifyCode: CAPTCHA_ANSWER, codeIndex: captcha.data.codeIndex } });
  }
  await page.getByPlaceholder('用户名/姓名/电话').fill(username);
  await page.getByPlaceholder('用户名/姓名/电话').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(username) });
  await expect(row.getByText(/已锁定/)).toBeVisible();
  await row.getByRole('button', { name: /解\s*锁/ }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /解\s*锁/ }).click();
  await expect(row.getByText('正常')).toBeVisible();

  // The log tells it all: who created the account, the failures, the lock and the unlock.
  await page.getByRole('menuitem', { name: '审计日志' }).click();
  // Each search is in the address before its rows are read: the table shows the address's filter
  // (a search still on its way once put the old name back in the box: SearchFilter keeps it now).
  await page.getByPlaceholder('用户名或姓名').fill(ADMIN.username);
  await page.getByPlaceholder('用户名或姓名').press('Enter');
  await expect(page).toHaveURL(new RegExp(`person=${ADMIN.username}`));
  await expect(page.getByRole('cell', { name: '创建账号' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '解锁账号' }).first()).toBeVisible();
  await page.getByPlaceholder('用户名或姓名').fill(username);
  await page.getByPlaceholder('用户名或姓名').press('Enter');
  await expect(page).toHaveURL(new RegExp(`person=${username}`));
  await expect(page.getByRole('cell', { name: '登录失败' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '账号锁定' }).first()).toBeVisible();
});

test('the demo enterprise is refused at /admin/login with a clear message', async ({ page }) => {
  await consoleLogin(page, DEMO);
  await expect(page.getByText('控制台仅供工作人员使用，企业账户请从门户登录')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
