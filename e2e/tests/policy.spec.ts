import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO } from '../support/constants';
import { openSignedIn } from '../support/session';

async function openMarket(page: Page, query = '') {
  await openSignedIn(page, DEMO, `/policyMarket/policyMarket${query}`);
  await expect(page.getByRole('main').getByText('政策超市', { exact: true })).toBeVisible();
  await expect(page.getByLabel('关键词')).toBeVisible();
}

const cards = (page: Page) => page.locator('.guide-card');

test('search: 研发 finds 研发费用加计扣除 and 企业研发投入补助; filters and sorting narrow and order', async ({ page }) => {
  await openMarket(page);
  await expect(page.getByText('共 60 条')).toBeVisible();
  await page.getByLabel('关键词').fill('研发');
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(cards(page).getByRole('link', { name: '研发费用加计扣除', exact: true })).toBeVisible();
  await expect(cards(page).getByRole('link', { name: '企业研发投入补助' })).toBeVisible();

  await page.getByLabel('扶持方式').click();
  await page.getByTitle('资金补助').click();
  await expect(page).toHaveURL(/supportType=subsidy/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('企业研发投入补助');

  // A filter that matches nothing says so.
  await page.goto('/policyMarket/policyMarket?keyword=量子引力');
  await expect(page.getByText('没有找到符合条件的政策指南')).toBeVisible();
});

test('Back and Forward bring each search\'s keyword back into the box, with its results', async ({ page }) => {
  await openMarket(page);
  const box = page.getByLabel('关键词');
  // Each search as a person makes it: typed, sent, and its results seen.
  for (const [keyword, result] of [['研发', '研发'], ['贴息', '贴息']] as const) {
    await box.fill(keyword);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
    await expect(cards(page).first()).toContainText(result);
  }
  await page.goBack();
  await expect(box).toHaveValue('研发');
  await expect(cards(page).getByRole('link', { name: '企业研发投入补助' })).toBeVisible();
  await page.goForward();
  await expect(box).toHaveValue('贴息');
});

test('the global paginator pages through the guides with the spec\'s page sizes', async ({ page }) => {
  await openMarket(page);
  await expect(cards(page)).toHaveCount(20);
  await page.locator('.ant-pagination-options .ant-select').click();
  for (const size of ['5 条/页', '10 条/页', '20 条/页', '30 条/页', '50 条/页']) await expect(page.getByRole('option', { name: size })).toBeVisible();
  await page.getByRole('option', { name: '10 条/页' }).click();
  await expect(cards(page)).toHaveCount(10);
  const firstOnPage1 = await cards(page).first().locator('a').first().textContent();
  await page.getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page).first().locator('a').first()).not.toHaveText(firstOnPage1!);
  await page.getByTitle('6', { exact: true }).click();
  await expect(cards(page)).toHaveCount(10);
});

test('a guide opens with its conditions in words, contacts, materials and its policy text', async ({ page }) => {
  await openMarket(page, '?keyword=研发投入');
  await cards(page).getByRole('link', { name: '企业研发投入补助' }).click();
  const drawer = page.getByRole('dialog', { name: '企业研发投入补助' });
  await expect(drawer.getByText('上年度研发费用 ≥ 100 万元')).toBeVisible();
  await expect(drawer.getByText('资质：高新技术企业；且 上年度研发费用 ≥ 50 万元')).toBeVisible();
  await expect(drawer.getByText('按研发费用的 10% 给予支持，最高 100 万元')).toBeVisible();
  await expect(drawer.getByText('云溪县科学技术局').first()).toBeVisible();
  await expect(drawer.getByRole('link', { name: '0839-7202388' })).toHaveAttribute('href', 'tel:0839-7202388');
  await expect(drawer.getByText('第一章 总则')).toBeVisible();
  await expect(drawer.locator('.rich-text table')).toBeVisible();
});

test('topics are public: a visitor opens a topic and one of its guides', async ({ page }) => {
  await page.goto('/policyTopics/policyTopics');
  await expect(page.getByText('科技创新专题').first()).toBeVisible();
  await page.getByRole('link', { name: '科技创新专题' }).click();
  await expect(page).toHaveURL(/id=\d+/);
  await expect(page.getByRole('button', { name: '返回专题列表' })).toBeVisible();
  await cards(page).getByRole('link', { name: '企业研发投入补助' }).click();
  await expect(page.getByRole('dialog', { name: '企业研发投入补助' }).getByText('上年度研发费用 ≥ 100 万元')).toBeVisible();
});

test('the home page names the bureau and shows the figures, the services, recent and closing guides and topics to a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByText('云溪县工业和信息化局')).toBeVisible();
  const figure = (label: string) => page.locator('.hero-figures div').filter({ hasText: label }).locator('dd');
  await expect(figure('申报指南')).toHaveText('60');
  await expect(figure('政策文件')).toHaveText('25');
  for (const service of ['政策计算', '政策推送', '政策超市', '企业诉求', '政策专题', '企业赋码']) {
    await expect(page.getByRole('navigation', { name: '服务入口' }).getByRole('link', { name: new RegExp(service) })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: '最新发布' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '即将截止的申报' })).toBeVisible();
  await expect(page.getByRole('img', { name: '正在申报的指南按扶持方式分布' })).toBeVisible();
  await expect(page.getByRole('link', { name: /科技创新专题/ })).toBeVisible();
  // The footer items of a government site, as configured.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('网站标识码：5134230001')).toBeVisible();
  await expect(footer.getByRole('link', { name: '蜀ICP备2026012345号-1' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(footer.getByRole('link', { name: '川公网安备51342302000123号' })).toBeVisible();
});

test('the home page\'s search opens the market with the keyword', async ({ page }) => {
  await openSignedIn(page, DEMO, '/');
  await page.getByRole('searchbox', { name: '搜索政策' }).fill('研发');
  await page.getByRole('searchbox', { name: '搜索政策' }).press('Enter');
  await expect(page).toHaveURL(/\/policyMarket\/policyMarket\?keyword=/);
  await expect(page.getByLabel('关键词')).toHaveValue('研发');
  await expect(cards(page).filter({ hasText: '企业研发投入补助' })).toBeVisible();
  await page.goBack();
  await page.getByRole('button', { name: '专精特新' }).click();
  await expect(page.getByLabel('关键词')).toHaveValue('专精特新');
});

test('export: the chosen columns and the filtered rows in excel-list.xlsx, with the spec\'s messages', async ({ page }) => {
  await openMarket(page, '?supportType=tax');
  const total = Number((await page.getByText(/共 \d+ 条/).textContent())!.match(/\d+/)![0]);
  await page.getByRole('button', { name: '导出 / 打印' }).click();
  const dialog = page.getByRole('dialog', { name: '导出 / 打印' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(11); // the dialog loads on first use

  // No columns: the spec's message, nothing downloaded.
  for (const box of await dialog.getByRole('checkbox').all()) await box.uncheck();
  await dialog.getByRole('button', { name: /导\s*出/ }).click();
  await expect(page.getByText('请选择导出列后重新打印！')).toBeVisible();
  await dialog.getByRole('button', { name: /打\s*印/ }).click();
  await expect(page.getByText('请先选择打印列后重新打印！')).toBeVisible();

  await dialog.getByRole('checkbox', { name: '指南名称' }).check();
  await dialog.getByRole('checkbox', { name: '文号' }).check();
  await dialog.getByRole('checkbox', { name: '申报开始' }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /导\s*出/ }).click()]);
  expect(download.suggestedFilename()).toBe('excel-list.xlsx');
  await expect(page.getByText('导出成功')).toBeVisible();

  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  const shared = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
  const text = sheet + shared;
  for (const header of ['指南名称', '文号', '申报开始']) expect(text).toContain(header);
  expect(text).not.toContain('发文部门'); // not chosen
  expect(text).toContain('研发费用加计扣除');
  expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  expect((sheet.match(/<row /g) ?? []).length).toBe(total + 1); // header + every filtered row
  expect(sheet).not.toContain('<f>'); // no formula can sneak in
});

test('export and print of an empty result say there is nothing; print shows the chosen columns', async ({ page }) => {
  await openMarket(page, '?keyword=量子引力');
  await page.getByRole('button', { name: '导出 / 打印' }).click();
  const dialog = page.getByRole('dialog', { name: '导出 / 打印' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(11);
  await dialog.getByRole('button', { name: /导\s*出/ }).click();
  await expect(page.getByText('没有可导出的数据哦！')).toBeVisible();
  await dialog.getByRole('button', { name: /打\s*印/ }).click();
  await expect(page.getByText('没有可打印的数据哦！')).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  await page.goto('/policyMarket/policyMarket?mode=auto');
  await page.getByRole('button', { name: '导出 / 打印' }).click();
  await page.getByRole('dialog', { name: '导出 / 打印' }).getByRole('button', { name: /打\s*印/ }).click();
  await expect(page.getByText('打印成功')).toBeVisible();
  // What went to the printer: the hidden frame's table.
  const printed = page.frameLocator('iframe.print-frame');
  await expect(printed.locator('th').first()).toHaveText('指南名称');
  await expect(printed.locator('tbody tr')).toHaveCount(Number((await page.getByText(/共 \d+ 条/).textContent())!.match(/\d+/)![0]));
  await expect(printed.locator('td').filter({ hasText: '免申即享' })).not.toHaveCount(0);
});
