import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const pages = [['home', '/'], ['market', '/policyMarket/policyMarket'], ['calc', '/policyCalculation/policyCalculation'], ['appeal', '/enterpriseDemands/enterpriseDemands'], ['visit', '/enterpriseVisit/enterpriseVisit']];
for (const [lookName, theme, care] of [['care', '0', '1'], ['dark', '2', '0']]) {
  for (const width of [1280, 375]) {
    const ctx = await browser.newContext({ viewport: { width, height: width === 1280 ? 900 : 812 }, locale: 'zh-CN' });
    const page = await ctx.newPage();
    await page.goto(base + '/login');
    await page.evaluate(([t, c]) => { localStorage.setItem('theme', t); localStorage.setItem('care', c); }, [theme, care]);
    await page.goto(base + '/login');
    await page.getByAltText('验证码图片').waitFor();
    await page.getByLabel('用户名').fill('demo');
    await page.getByLabel('密码', { exact: true }).fill('Demo1234');
    await page.getByPlaceholder('验证码').fill('2027');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/dataOverview/).catch(async (e) => { await page.screenshot({ path: '/tmp/shots/fail.png' }); throw e; });
    for (const [name, path] of pages) {
      await page.goto(base + path);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/${lookName}-${width}-${name}.png`, fullPage: false });
    }
    await ctx.close();
  }
}
await browser.close();
