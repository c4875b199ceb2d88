// 政策超市's 政策文件 (docs/policy-docs.md): from the home page's figure to the view, a search by
// 文号, a filter, a document's page and a guide it cites; the document's page open to a visitor; and
// no serious or critical axe finding on either, at 1280 and 375 px.
import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/constants';
import { choose, openSignedIn } from '../support/session';

/** axe's serious and critical findings (WCAG 2.x A and AA) on the page as it is. */
async function findings(page: Page) {
  await page.evaluate(axe.source);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] }),
  );
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the home page\'s 政策文件 figure opens the view; a 文号 finds its document, a filter narrows, the page shows its text and its guides', async ({ page }) => {
  await openSignedIn(page, DEMO, '/');
  const figure = page.locator('.hero-figures div').filter({ hasText: '政策文件' }).getByRole('link');
  await expect(figure).toHaveText('25');
  await figure.click();
  await expect(page).toHaveURL(/\/policyMarket\/policyMarket\?view=docs$/);
  await expect(page.getByRole('tab', { name: '政策文件' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('共 25 条')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['文件名称', '文号', '发文单位', '层级', '发布日期']);
  await expect(page.locator('tbody tr')).toHaveCount(20);

  await page.getByLabel('关键词').fill('云府办发〔2026〕15号');
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page).toHaveURL(/view=docs&keyword=/);
  const first = page.locator('tbody tr').first();
  await expect(first).toContainText('云溪县支持科技创新的实施办法');
  await expect(first).toContainText('云府办发〔2026〕15号');

  await page.getByLabel('关键词').fill('');
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await choose(page, '发文单位', '云溪县科学技术局');
  await expect(page).toHaveURL(/issuer=kjj/);
  // The filtered list has arrived: rows, and none of another issuer (a snapshot of the rows taken
  // earlier could still be the unfiltered page's).
  await expect(page.locator('tbody tr').filter({ hasText: '云溪县科学技术局' }).first()).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasNotText: '云溪县科学技术局' })).toHaveCount(0);
  expect(await findings(page)).toEqual([]);

  await page.getByRole('link', { name: '云溪县支持科技创新的实施办法' }).click();
  await expect(page).toHaveURL(/\/policyDocument\/policyDocument\?id=\d+$/);
  await expect(page.getByRole('heading', { name: '云溪县支持科技创新的实施办法' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '政策原文' })).toBeVisible();
  await expect(page.locator('.rich-text table').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '政策解读' })).toBeVisible();
  await expect(page.getByRole('link', { name: '云溪县支持科技创新的实施办法.pdf' })).toHaveAttribute('href', /^https:\/\//);
  await page.getByRole('link', { name: '企业研发投入补助' }).click();
  await expect(page).toHaveURL(/\/policyMarket\/policyMarket\?guide=\d+$/);
  await expect(page.getByRole('dialog', { name: '企业研发投入补助' })).toBeVisible();

  // Back to the document, and Back again to the filtered list.
  await page.goBack();
  await expect(page.getByRole('heading', { name: '相关申报指南' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/issuer=kjj/);
  await expect(page.getByRole('combobox', { name: '发文单位' })).toBeVisible();
});

test('a visitor opens a document\'s page without logging in; on a phone the view is a list of cards', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const id = await page.evaluate(async () => {
    const res = await fetch('/api/v1/govbecalculator/getpolicydocpage', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ currentPage: 1, pageSize: 1, keyword: '科技创新' }) });
    return ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  });
  await page.goto(`/policyDocument/policyDocument?id=${id}`);
  await expect(page.getByRole('heading', { name: '云溪县支持科技创新的实施办法' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/policyDocument/policyDocument\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: '相关申报指南' })).toBeVisible();
  expect(await findings(page)).toEqual([]);

  await page.goto('/policyDocument/policyDocument?id=424242');
  await expect(page.getByText('政策文件不存在或已下线', { exact: true }).first()).toBeVisible();

  await openSignedIn(page, DEMO, '/policyMarket/policyMarket?view=docs&level=national');
  await expect(page.locator('.doc-card').first()).toBeVisible();
  for (const card of await page.locator('.doc-card').all()) await expect(card).toContainText('国家级');
  expect(await findings(page)).toEqual([]);
});
