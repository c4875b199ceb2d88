// 政策推送 in real Chromium against the real server, two people at once: staff publish a guide in the
// console; the demo enterprise, whose page is open (it follows the keyword 研发), is told within
// 2 seconds by the real-time hub, the unread badge on 消息中心 goes up, and opening the message marks it read.
// Then its subscriptions: a bad keyword is refused, a good one added and cancelled.
import { expect, test, type Page } from '@playwright/test';
import type { ApiEnvelope } from '@hqt/contract/envelope';
import { INBOX_PATHS, type UnreadCount } from '@hqt/contract/inbox';
import { PUSH_MSG } from '@hqt/contract/push';
import { draftGuide } from '../support/api';
import { DEMO, STAFF } from '../support/constants';
import { openSignedIn } from '../support/session';

const stamp = Date.now().toString(36).slice(-5);

/** The unread count on 消息中心 in the top menu (antd draws no count at 0). */
const menuCount = (page: Page) => page.locator('.top-menu').getByRole('menuitem', { name: /消息中心/ }).locator('.ant-badge sup');
async function expectMenuCount(page: Page, n: number) {
  if (n === 0) await expect(menuCount(page)).toHaveCount(0);
  else await expect(menuCount(page)).toHaveAttribute('title', `${n} 条未读消息`);
}

test('staff publish a guide; the subscribed enterprise’s open portal is told within 2 s, its badge goes up, and opening the message reads it', async ({ browser, request }) => {
  const title = `研发投入后补助（推送 ${stamp}）`;
  const guideId = await draftGuide(request, title);

  const enterpriseContext = await browser.newContext();
  const portal = await enterpriseContext.newPage();
  await openSignedIn(portal, DEMO, '/dataOverview/dataOverview');
  await expect(portal).toHaveURL(/\/dataOverview\/dataOverview$/);
  // Whatever other specs left unread of the demo account's messages, as the portal itself learns it.
  const [counted] = await Promise.all([portal.waitForResponse((r) => r.url().endsWith(INBOX_PATHS.unreadCount)), portal.goto('/policyPush/policyPush')]);
  const before = ((await counted.json()) as ApiEnvelope<UnreadCount>).data.unread;
  await expect(portal.locator('.inbox-messages')).toBeVisible();
  await expectMenuCount(portal, before);

  const staffContext = await browser.newContext();
  const consolePage = await staffContext.newPage();
  await openSignedIn(consolePage, STAFF, `/admin/guides/${guideId}`);
  await consolePage.getByRole('button', { name: /^发\s*布$/ }).first().click();
  await consolePage.locator('.ant-popconfirm:visible').getByRole('button', { name: /发\s*布/ }).click();
  await expect(consolePage.locator('.ant-card-extra').getByText('已发布')).toBeVisible();

  // The notification, without a reload.
  const notice = portal.locator('.hub-notice').filter({ hasText: title });
  await expect(notice).toBeVisible(); // how fast is measured in bench/hub-latency.ts
  await expect(notice).toContainText('政策 · 新政策发布');
  await expectMenuCount(portal, before + 1);
  const message = portal.locator('.inbox-message').filter({ hasText: title });
  await expect(message).toHaveClass(/inbox-message-unread/);
  await expect(message).toContainText('推送原因：');

  // Opening it shows the guide and reads it.
  await message.getByRole('button', { name: title }).click();
  await expect(portal).toHaveURL(new RegExp(`/policyMarket/policyMarket\\?guide=${guideId}$`));
  await expect(portal.locator('.ant-drawer').getByText(title).first()).toBeVisible();
  await expectMenuCount(portal, before);
  await portal.goto('/policyPush/policyPush?read=read');
  await expect(portal.locator('.inbox-message').filter({ hasText: title })).not.toHaveClass(/inbox-message-unread/);

  await staffContext.close();
  await enterpriseContext.close();
});

test('subscriptions: a one-character keyword is refused, a good one is added and cancelled', async ({ page }) => {
  await openSignedIn(page, DEMO, '/policyPush/policyPush?tab=subscriptions');
  const input = page.getByLabel('订阅内容');
  await input.fill('研');
  await expect(page.getByText(PUSH_MSG.keywordLength)).toBeVisible();
  await expect(page.getByRole('button', { name: /^订\s*阅$/ })).toBeDisabled();
  const keyword = `技改${stamp}`;
  await input.fill(keyword);
  await page.getByRole('button', { name: /^订\s*阅$/ }).click();
  const row = page.locator('.push-subscriptions .ant-list-item').filter({ hasText: keyword });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '取消订阅' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '取消订阅' }).click();
  await expect(row).toHaveCount(0);
});
