// 企业赋码 in real Chromium against the real server: the demo enterprise downloads its code's PNG, a QR
// decoder reads the address from it, a visitor opens that address and sees the public card, and
// 提交诉求 leads through the login to the appeal form with the enterprise chosen. Staff freeze the code
// (console API): the page then says so; a staff login opening the address gets the record.
// Screenshots of the page, the card and the print preview (A6, A4) at 1280 and 375 px go to
// e2e/.out/screenshots/entcode/.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ENTCODE_MSG, ENTCODE_PAGE, isValidCode } from '@hqt/contract/entcode';
import { ENTCODE_CONSOLE_PATHS, type EntcodeRow } from '@hqt/contract/entcode-console';
import type { PageOf } from '@hqt/contract/envelope';
import { CAPTCHA_ANSWER, DEMO, STAFF } from '../support/constants';
import { openSignedIn } from '../support/session';

const SHOTS = path.resolve(import.meta.dirname, '../.out/screenshots/entcode');
/** 工信局's phone in the dictionary `department` (the reference data). */
const BUREAU_PHONE = '0839-7202345';
/** The paper (a PDF measures it in points: 1 mm = 72 / 25.4 pt): A6 is 105×148 mm, A4 210×297 mm. */
const PAPER_MM: Record<'A6' | 'A4', [number, number]> = { A6: [105, 148], A4: [210, 297] };
const mediaBox = (pdf: string) => pdf.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/)!.slice(1).map(Number);
const WIDTHS = [1280, 375] as const;
const shot = async (page: Page, name: string, width: number) => {
  // From the top: the sticky header then sits where it belongs in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  // The message centre's live notices (the demo's deadlines, arriving at any moment) are not this page's.
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true, style: '.ant-notification { display: none !important; }' });
};

async function staffHeaders(request: APIRequestContext) {
  const captcha = await (await request.get('/api/v1/connect/vierifycode')).json();
  const res = await request.post('/api/v1/connect/token', { data: { ...STAFF, vierifyCode: CAPTCHA_ANSWER, codeIndex: captcha.data.codeIndex } });
  return { authorization: `Bearer ${(await res.json()).access_token as string}` };
}

/** A step of the code's flow through the console's API, as staff. */
async function stepCode(request: APIRequestContext, code: string, step: 'freeze' | 'unfreeze', note: string) {
  const headers = await staffHeaders(request);
  const rows = (await (await request.post(ENTCODE_CONSOLE_PATHS.page, { headers, data: { currentPage: 1, pageSize: 10, keyword: code } })).json()).data as PageOf<EntcodeRow>;
  const row = rows.list.find((r) => r.code === code)!;
  const res = await (await request.post(ENTCODE_CONSOLE_PATHS.step.replace(':id', String(row.id)), { headers, data: { step, note } })).json();
  expect(res.code, res.msg).toBe(200);
}

/** The login page as 提交诉求 opens it (its ?redirect= kept): fill it in and log in. */
async function fillLogin(page: Page) {
  await expect(page.getByAltText('验证码图片')).toBeVisible();
  await page.getByLabel('用户名').fill(DEMO.username);
  await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
  await page.getByPlaceholder('验证码').fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

test('the PNG decodes to the card’s address; a visitor sees the card and 提交诉求 goes through the login to the prefilled form; a frozen code says so; staff get the record', async ({ browser, page, request }) => {
  // The enterprise's own page: its code, downloaded as a PNG.
  await openSignedIn(page, DEMO, ENTCODE_PAGE);
  const tile = page.getByRole('region', { name: DEMO.name });
  const display = (await tile.locator('.entcode-code-large').textContent())!;
  expect(isValidCode(display)).toBe(true);
  const [download] = await Promise.all([page.waitForEvent('download'), tile.getByRole('button', { name: '下载 PNG' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const png = PNG.sync.read(await readFile((await download.path())!));
  expect(png.width).toBeGreaterThanOrEqual(1024);
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded).not.toBeNull();
  const address = new URL(decoded!.data);
  expect(address.pathname).toBe(ENTCODE_PAGE);
  expect(address.searchParams.get('code')).toBe(display.replace('-', ''));
  // The SVG too.
  const [svg] = await Promise.all([page.waitForEvent('download'), tile.getByRole('button', { name: '下载 SVG' }).click()]);
  expect(await readFile((await svg.path())!, 'utf8')).toContain('<svg');

  // The page and the code card's print preview, A6 and A4, at both widths.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'page', width);
    await tile.getByRole('button', { name: '打印企业码名片' }).click();
    const dialog = page.getByRole('dialog', { name: '打印企业码名片' });
    await expect(dialog.getByText(display)).toBeVisible();
    // The dialog has finished zooming in.
    await expect.poll(() => dialog.evaluate((el) => el.closest('.ant-modal-wrap')!.getAnimations({ subtree: true }).length)).toBe(0);
    await shot(page, 'card-dialog', width);
    for (const paper of ['A6', 'A4'] as const) {
      await dialog.getByRole('radio', { name: new RegExp(`^${paper}`) }).check();
      await page.emulateMedia({ media: 'print' });
      const sheet = page.locator('.entcode-print');
      await expect(sheet).toHaveAttribute('data-paper', paper.toLowerCase());
      await expect(sheet.getByText(DEMO.name)).toBeVisible();
      await expect(sheet.getByText(display)).toBeVisible();
      await expect(sheet.getByText(/服务电话/)).toBeVisible();
      await expect(dialog).toBeHidden();
      await shot(page, `print-${paper.toLowerCase()}`, width);
      if (width === WIDTHS[0]) {
        // Printed for real (Chromium's PDF, the page size the print CSS asks for): one page of that paper.
        const pdf = (await page.pdf({ path: path.join(SHOTS, `print-${paper.toLowerCase()}.pdf`), preferCSSPageSize: true })).toString('latin1');
        expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
        const [w, h] = mediaBox(pdf);
        // Chromium rounds the page to whole CSS pixels: within 1 pt.
        expect(Math.abs(w! - (PAPER_MM[paper][0] * 72) / 25.4)).toBeLessThan(1);
        expect(Math.abs(h! - (PAPER_MM[paper][1] * 72) / 25.4)).toBeLessThan(1);
      }
      await page.emulateMedia({ media: 'screen' });
    }
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
  }

  // A visitor (a fresh browser) opens the decoded address: the public card, nothing private.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(address.toString());
  await expect(visitor.getByText(DEMO.name).first()).toBeVisible();
  await expect(visitor.getByText('统一社会信用代码')).toBeVisible();
  await expect(visitor.getByText('法定代表人')).toHaveCount(0);
  for (const width of WIDTHS) {
    await visitor.setViewportSize({ width, height: 900 });
    await shot(visitor, 'card-visitor', width);
  }
  // 提交诉求 → the login → the appeal form with this enterprise chosen.
  await visitor.getByRole('button', { name: '提交诉求' }).click();
  await expect(visitor).toHaveURL(/\/login\?redirect=/);
  await fillLogin(visitor);
  await expect(visitor).toHaveURL(/\/enterpriseDemands\/enterpriseDemands\?new=1&enterprise=\d+/);
  await expect(visitor.getByRole('dialog', { name: '提交诉求' }).getByText(DEMO.name)).toBeVisible();
  await visitorContext.close();

  // Staff freeze the code: a visitor opening it is told so, with the bureau's phone.
  await stepCode(request, address.searchParams.get('code')!, 'freeze', '企业信息核查中');
  const frozenContext = await browser.newContext();
  const frozen = await frozenContext.newPage();
  await frozen.goto(address.toString());
  await expect(frozen.getByText(ENTCODE_MSG.frozen(BUREAU_PHONE))).toBeVisible();
  await expect(frozen.getByText('统一社会信用代码')).toHaveCount(0);
  await frozen.setViewportSize({ width: 375, height: 700 });
  await shot(frozen, 'card-frozen', 375);
  await frozenContext.close();

  // A staff login opening the address (the code still frozen) gets the record.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await openSignedIn(staff, STAFF, address.toString());
  await expect(staff.getByText('企业档案')).toBeVisible();
  await expect(staff.getByText('法定代表人')).toBeVisible();
  await expect(staff.getByRole('link', { name: '打开企业详情' })).toHaveAttribute('href', /^\/admin\/enterprises\/\d+$/);
  for (const width of WIDTHS) {
    await staff.setViewportSize({ width, height: 900 });
    await shot(staff, 'card-staff', width);
  }
  await staffContext.close();
  await stepCode(request, address.searchParams.get('code')!, 'unfreeze', '核查完毕');
});
