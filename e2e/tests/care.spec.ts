// 关怀版 (issue 24, 《互联网网站适老化通用设计规范》) as an older person meets it: a switch on every
// portal page and in the theme dialog; once on, text at least 1.3× and larger in steps, line height
// at least 1.5, click targets of at least 44 × 44 px, nothing moving, one column on a phone, and no
// notification popping up unasked; kept across reloads and in place before the app's script runs.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { publishedGuide } from '../support/api';
import { DEMO } from '../support/constants';
import { openInApp, requestsOf } from '../support/navigation';
import { accountDialog, hubConnected, openSignedIn } from '../support/session';

// Without the system's reduced-motion preference the other specs run with: 关怀版 stops motion on its own.
test.use({ reducedMotion: 'no-preference' });

const turnOn = (page: Page) => page.getByRole('button', { name: '关怀版', exact: true });
const turnOff = (page: Page) => page.getByRole('button', { name: '退出关怀版' });
const larger = (page: Page) => page.getByRole('button', { name: 'A+ 增大字号' });
const smaller = (page: Page) => page.getByRole('button', { name: 'A− 减小字号' });

/** A choice of the switch reloads the page with it in place. */
async function press(page: Page, button: Locator) {
  await Promise.all([page.waitForEvent('load'), button.click()]);
}

/** The size most of the main area's text is set in, px: the median over the elements that hold text. */
const textSize = (page: Page) =>
  page.locator('main').first().evaluate((main) => {
    const sizes = Array.from(main.querySelectorAll('*'))
      .filter((el) => Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) && el.getClientRects().length > 0)
      .map((el) => parseFloat(getComputedStyle(el).fontSize))
      .sort((a, b) => a - b);
    return sizes[Math.floor(sizes.length / 2)]!;
  });

/** Running text (paragraphs, list items, definitions, table cells) set under 1.5 times its size. */
const crampedText = (page: Page) =>
  page.locator('main').first().evaluate((main) =>
    Array.from(main.querySelectorAll('p, li, dd, td, blockquote'))
      .filter((el) => Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) && el.getBoundingClientRect().height > 0)
      .map((el) => ({ text: el.textContent!.trim().slice(0, 20), size: parseFloat(getComputedStyle(el).fontSize), line: parseFloat(getComputedStyle(el).lineHeight) }))
      .filter((t) => !(t.line >= t.size * 1.5 - 0.5)),
  );

/** Controls a person clicks that are under 44 × 44 px (a switch: its target must reach 44 px tall). */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    // A select, a date picker or an input with an icon is one target: its box, not the inputs inside it.
    const controls = document.querySelectorAll('button:not(.ant-switch), [role="button"], .ant-btn, .ant-select, .ant-picker, input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), .ant-pagination-item, .ant-tabs-tab, .ant-menu-item, .ant-radio-wrapper, .ant-checkbox-wrapper, .ant-radio-button-wrapper');
    const tooSmall = Array.from(controls)
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .filter((el) => !(el.tagName === 'INPUT' && el.closest('.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number')))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 43.5 || box.width < 43.5)
      .map(({ el, box }) => `${el.className || el.tagName} 「${el.textContent?.trim().slice(0, 12)}」 ${Math.round(box.width)}×${Math.round(box.height)}`);
    for (const sw of Array.from(document.querySelectorAll('.ant-switch'))) {
      sw.scrollIntoView({ block: 'center' }); // what is out of view is no point's element
      const box = sw.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const reached = [box.top + box.height / 2 - 22, box.top + box.height / 2 + 21].every((y) => document.elementFromPoint(x, y)?.closest('.ant-switch') === sw);
      if (!reached) tooSmall.push(`switch ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return tooSmall;
  });

const SIGNED_OUT = ['/', '/login', '/register', '/forgot-password', '/policyTopics/policyTopics'];
const SIGNED_IN = ['/dataOverview/dataOverview', '/policyMarket/policyMarket', '/policyCalculation/policyCalculation', '/policyPush/policyPush', '/policyPush/policyPush?tab=subscriptions', '/enterpriseDemands/enterpriseDemands', '/enterpriseDemands/enterpriseDemands?new=1', '/enterpriseVisit/enterpriseVisit', '/enterCode/enterCode', '/messageCenter/messageCenter', '/personal/personal'];

// Each page is opened as a link in the app opens it (support/navigation.ts), not loaded anew.
test('the switch is on every portal page: signed out (the sign-in pages included) and signed in, on a PC and on a phone', async ({ page }) => {
  const idle = requestsOf(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of SIGNED_OUT) {
      await openInApp(page, idle, path);
      await expect(turnOn(page), `${path} at ${width} px`).toBeVisible();
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, DEMO, '/dataOverview/dataOverview');
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of SIGNED_IN) {
      await openInApp(page, idle, path);
      await expect(turnOn(page), `${path} at ${width} px`).toBeVisible();
    }
  }
});

test('turned on: text 1.3× and larger in steps, line height 1.5, 44 px targets, nothing moving; kept across a reload and in place before the script runs', async ({ page, context }) => {
  await openSignedIn(page, DEMO, '/policyMarket/policyMarket');
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  const base = await textSize(page);
  await press(page, turnOn(page));
  await expect(page.locator('html')).toHaveAttribute('data-care', '1');
  await expect(turnOff(page)).toBeVisible();
  expect(await textSize(page)).toBeGreaterThanOrEqual(base * 1.3 - 0.01);

  expect(await crampedText(page), 'text with a line height under 1.5').toEqual([]);
  expect(await smallTargets(page), 'controls under 44 × 44 px').toEqual([]);

  // Nothing moves: a select opens at once, no transition on a button.
  await page.getByRole('combobox', { name: '政策层级' }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
  expect(await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  expect(await page.getByRole('button', { name: /搜\s*索/ }).evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
  await page.keyboard.press('Escape');

  // Larger in steps, up to twice the size; smaller again.
  const sizes = [await textSize(page)];
  while (await larger(page).isEnabled()) {
    await press(page, larger(page));
    sizes.push(await textSize(page));
  }
  expect(sizes.length).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < sizes.length; i++) expect(sizes[i]!).toBeGreaterThan(sizes[i - 1]!);
  expect(sizes.at(-1)!).toBeGreaterThanOrEqual(base * 2 - 0.01);
  await press(page, smaller(page));
  expect(await textSize(page)).toBe(sizes.at(-2));

  // Kept across a reload, and set before the app's script has run (no flash of the small page).
  await page.reload();
  expect(await textSize(page)).toBe(sizes.at(-2));
  const scale = await page.evaluate(() => document.documentElement.style.getPropertyValue('--text-scale'));
  const early = await context.newPage();
  await early.route(/\/assets\/index-[\w-]+\.js$/, () => {}); // the app's script never arrives
  await early.goto('/policyMarket/policyMarket', { waitUntil: 'commit' });
  await expect(early.locator('html')).toHaveAttribute('data-care', '1');
  expect(await early.evaluate(() => document.documentElement.style.getPropertyValue('--text-scale'))).toBe(scale);
  // The app has not run: the root holds only index.html's static frame (docs/first-visit.md).
  expect(await early.locator('#root').evaluate((el) => Array.from(el.children, (c) => c.className))).toEqual(['boot-frame']);
  await early.close();

  // And off again: the page as it was.
  await press(page, turnOff(page));
  await expect(page.locator('html')).not.toHaveAttribute('data-care', '1');
  expect(await textSize(page)).toBe(base);
});

test('on a phone 关怀版 is one column', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await press(page, turnOn(page));
  const tiles = page.locator('.service-tiles > *');
  await expect(tiles.first()).toBeVisible();
  const [first, second] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
  expect(second!.x).toBe(first!.x);
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
});

test('in the theme dialog beside 大字; signed in, a new policy is announced, not popped up', async ({ page, request }) => {
  await openSignedIn(page, DEMO, '/dataOverview/dataOverview');
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  const dialog = await accountDialog(page, '主题切换');
  await expect(dialog.getByRole('switch', { name: '大字模式' })).toBeVisible();
  await dialog.getByRole('switch', { name: /^关怀版/ }).click();
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: /确\s*定/ }).click()]);
  await expect(page.locator('html')).toHaveAttribute('data-care', '1');

  // The demo enterprise follows 研发: a guide published now reaches its open page, once the page listens.
  const listening = hubConnected(page);
  await page.goto('/policyPush/policyPush');
  await expect(page.locator('.inbox-messages')).toBeVisible();
  await listening;
  const title = `研发设备购置补助（关怀版 ${Date.now().toString(36).slice(-5)}）`;
  const guide = await publishedGuide(request, title);
  try {
    await expect(page.locator('#hqt-announcer')).toContainText(title);
    await expect(page.locator('.hub-notice')).toHaveCount(0);
    await page.locator('.inbox-message').filter({ hasText: title }).getByRole('button', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/policyMarket/policyMarket\\?guide=${guide.id}$`));
  } finally {
    await guide.withdraw();
  }
});

test('in 关怀版 every portal page keeps its controls at 44 × 44 px and its running text at 1.5 line height, on a PC and on a phone', async ({ page }) => {
  const idle = requestsOf(page);
  await page.goto('/login');
  await press(page, turnOn(page));
  const findings: string[] = [];
  const check = async (path: string, width: number) => {
    await openInApp(page, idle, path);
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
    for (const small of await smallTargets(page)) findings.push(`${path} ${width}px: ${small}`);
    for (const t of await crampedText(page)) findings.push(`${path} ${width}px: 「${t.text}」 ${t.size}px on ${t.line}px`);
  };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of SIGNED_OUT) await check(path, width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, DEMO, '/dataOverview/dataOverview');
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of SIGNED_IN) await check(path, width);
  }
  expect(findings).toEqual([]);
});
