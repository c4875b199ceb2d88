import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerAccount } from '../support/accounts';
import { accountDialog, loginViaForm, openSignedIn } from '../support/session';

async function loggedIn(page: Page, request: APIRequestContext) {
  const account = await registerAccount(request);
  await openSignedIn(page, account, '/dataOverview/dataOverview');
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  return account;
}

test('personal centre: phone and e-mail are read-only until 编辑, checked by the spec rules, saved by 确认', async ({ page, request }) => {
  const account = await loggedIn(page, request);
  await page.goto('/personal/personal');
  // The phone given at registration is there; no role name is shown (spec §3).
  await expect(page.getByRole('main').getByText(account.phone)).toBeVisible();
  await expect(page.getByRole('main').getByText('角色')).toHaveCount(0);
  await expect(page.getByRole('main').getByText('企业账户')).toHaveCount(0);
  const phone = page.getByRole('textbox', { name: '电话' });
  await expect(phone).toHaveCount(0);

  await page.getByRole('button', { name: '编辑电话' }).click();
  await phone.fill('');
  await page.getByRole('button', { name: /确\s*认/ }).click();
  const fieldError = (text: string) => page.getByRole('alert').filter({ hasText: text });
  await expect(fieldError('请填写正确的电话')).toBeVisible();
  await phone.fill('1391234567');
  await page.getByRole('button', { name: /确\s*认/ }).click();
  await expect(fieldError('电话格式不正确')).toBeVisible();
  await expect(phone).toHaveValue(''); // cleared, as the spec says
  await phone.fill('13912345678');
  await page.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(phone).toHaveCount(0);

  await page.getByRole('button', { name: '编辑邮箱' }).click();
  const email = page.getByRole('textbox', { name: '邮箱' });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: /确\s*认/ }).click();
  await expect(fieldError('邮箱格式不正确')).toBeVisible();
  await expect(email).toHaveValue('');
  await email.fill('张三@yunxi.cn');
  await email.press('Enter');
  await expect(email).toHaveCount(0); // saved: the field is read-only again

  await page.reload();
  await expect(page.getByText('13912345678')).toBeVisible();
  await expect(page.getByText('张三@yunxi.cn')).toBeVisible();
});

test('the 个人资料 dialog shows the same profile, with the avatar at 80×80', async ({ page, request }) => {
  const account = await loggedIn(page, request);
  const dialog = await accountDialog(page, '个人资料');
  await expect(dialog.getByText(account.name)).toBeVisible();
  await expect(dialog.getByText(account.phone)).toBeVisible();
  // Its computed size, not its box: the dialog zooms in as it opens.
  await expect(dialog.locator('.ant-avatar')).toHaveCSS('width', '80px');
  await expect(dialog.locator('.ant-avatar')).toHaveCSS('height', '80px');
});

test('修改密码: every rule message verbatim; success ends the login and only the new password works', async ({ page, request }) => {
  const account = await loggedIn(page, request);
  const open = () => accountDialog(page, '修改密码');
  const dialog = await open();
  const oldField = dialog.getByLabel('原密码');
  const newField = dialog.getByLabel('新密码');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(dialog.getByText('必填项不能为空')).toHaveCount(2);

  await oldField.fill('alllowercase');
  await newField.focus(); // leaving the field checks it
  await expect(page.getByText('密码必须包含(大小写字母及数字)')).toBeVisible();
  await expect(oldField).toHaveValue('');

  await oldField.fill('Abc123');
  await newField.fill('Xyz123');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText('密码必须大于六位数')).toBeVisible();

  await oldField.fill('Wrong12345');
  await newField.fill('Changed1234');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText('原密码不正确')).toBeVisible();

  await oldField.fill(account.password);
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText('密码已修改，请重新登录')).toBeVisible();
  await page.getByRole('button', { name: /重新登录/ }).click();
  await expect(page).toHaveURL(/\/login$/);

  await loginViaForm(page, account);
  await expect(page.getByText('账号或密码有误')).toBeVisible();
  await loginViaForm(page, { username: account.username, password: 'Changed1234' });
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
});

test('主题切换: each theme and 大字 are kept in localStorage and applied after the reload', async ({ page, request }) => {
  await loggedIn(page, request);
  const backgrounds = new Set<string>();
  for (const [id, label] of [[1, '主题一'], [2, '暗黑模式'], [3, '主题三'], [4, '主题四'], [0, '默认']] as const) {
    const dialog = await accountDialog(page, '主题切换');
    await dialog.getByText(label, { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: label })).toBeChecked();
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: /确\s*定/ }).click()]);
    await expect(page.locator('.ant-menu-item').first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(String(id));
    await expect(page.locator('html')).toHaveAttribute('data-theme', String(id));
    const primary = await page.locator('.brand-name').evaluate((el) => getComputedStyle(el).color);
    backgrounds.add(`${primary}|${await page.evaluate(() => getComputedStyle(document.body).backgroundColor)}`);
  }
  expect(backgrounds.size).toBe(5); // five distinct looks

  await accountDialog(page, '主题切换');
  await page.getByRole('switch', { name: '大字模式' }).click();
  await expect(page.getByRole('switch', { name: '大字模式' })).toBeChecked();
  await Promise.all([page.waitForEvent('load'), page.getByRole('dialog', { name: '主题切换' }).getByRole('button', { name: /确\s*定/ }).click()]);
  await expect(page.locator('html')).toHaveAttribute('data-large-text', '1');
  await expect(page.locator('.ant-menu-item').first()).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.ant-menu-item')!).fontSize)).toBe('18px');
});

test('the login page works by keyboard alone', async ({ page, request }) => {
  const account = await registerAccount(request);
  await page.goto('/login');
  await expect(page.getByAltText('验证码图片')).toBeVisible();
  await expect(page.getByLabel('用户名')).toBeFocused();
  await page.keyboard.type(account.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(account.password);
  // The captcha comes next, at most past the show-password toggle.
  const captcha = page.getByPlaceholder('验证码');
  for (let i = 0; i < 2 && !(await captcha.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(captcha).toBeFocused();
  await page.keyboard.type('2027');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
});
