// Keyboard-only driving (issue 24): Tab to a control, check that its focus can be seen, and act on it
// with Enter, Space, arrows or typing. Nothing here clicks or fills.
import { expect, type Locator, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from './constants';

/** Whether the element is the one the keyboard is on. */
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, failing after `max` presses: a
 * control the keyboard cannot reach fails here, with what the focus went through.
 */
export async function tabTo(page: Page, target: Locator, max = 40, { back = false }: { back?: boolean } = {}) {
  await expect(target).toBeVisible();
  const seen: string[] = [];
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) return;
    if (i === max) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    seen.push(await focusedName(page));
  }
  throw new Error(`${String(target)} not reached in ${max} ${back ? 'Shift+Tab' : 'Tab'} presses; the focus went through: ${seen.join(' → ')}`);
}

/** A short name of the focused element, for failure messages. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(body)';
    const name = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent?.trim().slice(0, 20) ?? '';
    return `${el.tagName.toLowerCase()}「${name}」`;
  });
}

/**
 * The focused element shows where the keyboard is: an outline (the focus ring) or, on antd's text
 * fields, their focus shadow or border in the theme's colour. Read from the computed style.
 */
export async function expectFocusVisible(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { focused: false, outline: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return { focused: true, outline };
  });
  expect(ring.focused, 'something has the focus').toBe(true);
  expect(ring.outline, `${await focusedName(page)} shows a focus outline`).toBe(true);
}

/** Tabs to `target`, checks the focus can be seen, and presses `key` on it. */
export async function activate(page: Page, target: Locator, { key = 'Enter', max = 40, back = false }: { key?: string; max?: number; back?: boolean } = {}) {
  await tabTo(page, target, max, { back });
  await expectFocusVisible(page);
  await page.keyboard.press(key);
}

/** Tabs to a text field and types into it (replacing what it held). */
export async function typeInto(page: Page, target: Locator, text: string, { max = 40, back = false }: { max?: number; back?: boolean } = {}) {
  await tabTo(page, target, max, { back });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * Chooses an option of an antd Select by keyboard: the focus on its box, typing narrows the options
 * when it searches, ArrowDown moves through them, Enter takes the active one.
 */
export async function chooseOption(page: Page, select: Locator, option: string, { max = 40 }: { max?: number } = {}) {
  await tabTo(page, select, max);
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
  for (let i = 0; i < 30; i++) {
    if (((await active.getAttribute('title').catch(() => null)) ?? (await active.textContent().catch(() => ''))) === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(active).toHaveText(option);
  await page.keyboard.press('Enter');
  await expect.poll(() => select.evaluate((el) => el.closest('.ant-select')?.textContent ?? '')).toContain(option);
}

/** Logs in on a login page by keyboard: the user name has the focus when it opens. */
export async function keyboardLogin(page: Page, user: { username: string; password: string }, path = '/login') {
  await page.goto(path);
  await expect(page.getByAltText('验证码图片')).toBeVisible();
  await expect(page.getByLabel('用户名')).toBeFocused();
  await page.keyboard.type(user.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(user.password);
  await tabTo(page, page.getByPlaceholder('验证码'), 3);
  await page.keyboard.type(CAPTCHA_ANSWER);
  await page.keyboard.press('Enter');
}
