import { expect, type Page } from '@playwright/test';
import { COOKIES } from '@hqt/contract/constants';
import { apiLogin } from './api';
import { CAPTCHA_ANSWER } from './constants';

/** Logs in through the login page, captcha included, and waits for the post-login page. */
export async function loginViaForm(page: Page, user: { username: string; password: string }) {
  await page.goto('/login');
  await expect(page.getByAltText('验证码图片')).toBeVisible();
  await page.getByLabel('用户名').fill(user.username);
  await page.getByLabel('密码', { exact: true }).fill(user.password);
  await page.getByPlaceholder('验证码').fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/**
 * Opens `path` logged in as `user`: the login goes through the API and is left in the cookies the
 * login page leaves (the app then loads the account as after a reload). For flows whose subject is
 * not the login: the login page and the data overview are two page loads more (each 1–2.5 s of
 * Chromium's CPU); auth.spec and the keyboard logins go through them.
 */
export async function openSignedIn(page: Page, user: { username: string; password: string }, path: string) {
  const tokens = await apiLogin(page.context().request, user);
  const cookie = (name: string, value: string) => ({ name, value, url: tokens.origin, sameSite: 'Strict' as const });
  await page
    .context()
    .addCookies([
      cookie(COOKIES.accessToken, tokens.access_token),
      cookie(COOKIES.refreshToken, tokens.refresh_token),
      cookie(COOKIES.overtime, String(Date.now() + tokens.expires_in * 1000)),
    ]);
  await page.goto(path);
}

/** Logs in through the console's login page (/admin/login); the caller waits for where it lands. */
export async function consoleLogin(page: Page, user: { username: string; password: string }) {
  await page.goto('/admin/login');
  await expect(page.getByAltText('验证码图片')).toBeVisible();
  await page.getByLabel('用户名').fill(user.username);
  await page.getByLabel('密码', { exact: true }).fill(user.password);
  await page.getByPlaceholder('验证码').fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/**
 * An antd Select, as a user picks from it: one click opens it (its list shown), typing narrows it when
 * it searches, one click on the option, and the select shows it. No second try: a pick that is lost
 * is the product's to fix, not the test's to make again.
 */
export async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  await expect(select).toBeEnabled();
  await select.click();
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  if (await select.isEditable()) await select.fill(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
  await expect(page.locator('.ant-select', { has: select })).toContainText(option);
}

/**
 * Opens the header's account menu (欢迎您，… ▾) with one click and chooses `item` in it with one
 * more: the menu opens on hover too, and a click on the greeting keeps it open (shell-layout.tsx).
 */
export async function accountMenu(page: Page, item: string) {
  const entry = page.getByRole('menuitem', { name: item });
  await page.getByRole('button', { name: /^欢迎您，/ }).click();
  await expect(entry).toBeVisible();
  await entry.click();
}

/** Opens the dialog an entry of the header's account menu opens — 个人资料, 修改密码, 主题切换. */
export async function accountDialog(page: Page, item: string) {
  const dialog = page.getByRole('dialog', { name: item });
  await accountMenu(page, item);
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Resolves once the next hub connection the page opens is accepted (socket.io's CONNECT answer,
 * a frame `40…`): a notice reaches only a page that is listening. Called before the page opens it.
 */
export function hubConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => typeof payload === 'string' && payload.startsWith('40') && resolve()));
  });
}

export async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

/** Moves the access token's recorded expiry (the spec's "overtime" cookie). */
export async function setExpiry(page: Page, epochMs: number) {
  // By url, not domain: the app's own cookie is host-only, and this must replace it.
  await page.context().addCookies([{ name: 'overtime', value: String(epochMs), url: new URL('/', page.url()).toString(), sameSite: 'Strict' }]);
}
