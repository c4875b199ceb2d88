// 政策问答 in real Chromium against the real server (issue 40): a visitor asks, opens a cited clause
// (the policy page scrolls to it and marks it) and marks the answer 没用, which staff then find in
// 问答知识库; the demo enterprise asks about a guide it is one condition short of and reads 差一项 and
// what is missing; a question no text answers goes 转人工 into an 诉求 that carries it.
// Screenshots at 1280 and 375 px go to e2e/.out/screenshots/qa/.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { QA_MSG, QA_PAGE } from '@hqt/contract/qa';
import { DEMO, STAFF } from '../support/constants';
import { choose, openSignedIn } from '../support/session';

const SHOTS = path.resolve(import.meta.dirname, '../.out/screenshots/qa');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: true, style: '.ant-notification { display: none !important; }' });

async function ask(page: Page, question: string) {
  await page.getByLabel('您的问题').fill(question);
  await page.getByRole('button', { name: '提问' }).click();
}

test('a visitor asks, opens the cited clause, marks the answer 没用; staff find it in 问答知识库', async ({ page }) => {
  const question = '专精特新认定下来县里奖多少钱？';
  await page.goto(QA_PAGE);
  await ask(page, question);
  const answer = page.locator('.qa-answer');
  await expect(answer.getByText(/^依据/)).toBeVisible();
  await expect(answer.getByText('一次性奖励50万元').first()).toBeVisible();
  await shot(page, 'answer');

  // The clause of the policy's text: its page opens at it.
  const clauseLink = answer.locator('a[href*="clause="]').first();
  const clauseName = (await clauseLink.textContent())!;
  await clauseLink.click();
  await expect(page).toHaveURL(/\/policyDocument\/policyDocument\?id=\d+&clause=c\d+$/);
  const cited = page.locator('.cited-clause');
  await expect(cited).toHaveCount(1);
  await expect(cited).toBeInViewport();
  // The label the citation printed (…第六条) opens the marked block.
  await expect(cited).toContainText(clauseName.split('›').at(-1)!.trim());

  await page.goBack();
  await ask(page, question);
  await page.locator('.qa-answer').getByRole('button', { name: '没用' }).click();
  await expect(page.getByText(QA_MSG.feedbackThanks)).toBeVisible();

  await openSignedIn(page, STAFF, '/admin/policy-qa');
  const row = page.getByRole('row').filter({ hasText: question });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('回答没用');
  await expect(row).toContainText('访客');
});

test('the demo enterprise asks about a guide it is one condition short of: 差一项 and what is missing', async ({ page }) => {
  await openSignedIn(page, DEMO, QA_PAGE);
  await choose(page, '按企业测算', DEMO.name);
  await ask(page, '小巨人奖励我们能拿吗？');
  const guide = page.locator('.qa-answer').getByRole('listitem').filter({ hasText: '专精特新“小巨人”企业奖励' });
  await expect(guide.getByText('差一项')).toBeVisible();
  await expect(guide.getByText('还差：需具有资质 专精特新“小巨人”企业，当前未具有')).toBeVisible();
  await shot(page, 'one-short');
  // As on a phone: the same answer at 375 px.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(guide.getByText('差一项')).toBeVisible();
  await shot(page, 'one-short');
  // The question is in the account's history.
  await expect(page.getByRole('listitem').filter({ hasText: '小巨人奖励我们能拿吗？' }).first()).toBeVisible();
});

test('a question no text answers: 转人工 files an 诉求 carrying the question', async ({ page }) => {
  const question = '员工上班路上出了车祸，工伤怎么认定？';
  await openSignedIn(page, DEMO, QA_PAGE);
  await ask(page, question);
  await expect(page.getByText(QA_MSG.notAnswered)).toBeVisible();
  await shot(page, 'not-answered');
  await page.getByRole('button', { name: '转人工：提交诉求' }).click();

  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByLabel('诉求标题')).toHaveValue(`政策咨询：${question}`);
  await expect(drawer.getByLabel('诉求内容')).toHaveValue(new RegExp(`^${question}`));
  await drawer.getByLabel('联系人').fill('王经理');
  await drawer.getByLabel('联系电话').fill('13800138000');
  await drawer.getByRole('button', { name: '提交诉求' }).click();
  await expect(drawer.getByText(/^诉求已提交，编号 SQ\d{8}-\d{4}$/)).toBeVisible();
});
