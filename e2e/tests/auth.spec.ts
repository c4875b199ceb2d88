import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER, DEMO, STAFF } from '../support/constants';
import { accountDialog, accountMenu, cookie, loginViaForm, setExpiry } from '../support/session';

// URL login sends no captcha, so it needs an address that has not failed a login in the last
// 15 minutes: this test speaks from one of its own.
test.describe(() => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.1' } });
  test('URL login goes to the data overview and leaves no credentials in the address bar or history', async ({ page }) => {
    await page.goto(`/login?username=${DEMO.username}&password=${DEMO.password}`);
    await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
    expect(page.url()).not.toContain('password');
    await expect(page.getByText('欢迎您，云溪智造…')).toBeVisible();
    await page.goBack().catch(() => null);
    expect(page.url()).not.toContain(DEMO.password);
  });
});

test('logs in with the captcha and lands on the data overview, welcomed by a shortened name', async ({ page }) => {
  await loginViaForm(page, DEMO);
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  await expect(page.getByText('欢迎您，云溪智造…')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: '个人中心' })).toBeVisible();
  await expect(page.getByText('试运行')).toBeVisible();
  await expect(page.getByText('主办单位：云溪县工业和信息化局')).toBeVisible();
});

test('a wrong password shows "账号或密码有误" and brings a new captcha', async ({ page }) => {
  await page.goto('/login');
  const img = page.getByAltText('验证码图片');
  await expect(img).toBeVisible();
  const before = await img.getAttribute('src');
  await page.getByLabel('用户名').fill(DEMO.username);
  await page.getByLabel('密码', { exact: true }).fill('Wrong1234');
  await page.getByPlaceholder('验证码').fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('账号或密码有误')).toBeVisible();
  await expect.poll(() => img.getAttribute('src')).not.toBe(before);
  await expect(page).toHaveURL(/\/login$/);
});

test('a captcha left empty is asked for before anything is sent', async ({ page }) => {
  await page.goto('/login');
  // The login page names the bureau that runs the portal.
  await expect(page.getByText('云溪县工业和信息化局')).toBeVisible();
  await page.getByLabel('用户名').fill(DEMO.username);
  await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('请输入验证码')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the guard: a visitor reaches only the public pages, and never downloads a private one', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/dataOverview/dataOverview');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/policyMarket/policyMarket');
  await expect(page).toHaveURL(/\/login$/);
  expect(scripts.some((s) => s.includes('data-overview-page'))).toBe(false);

  for (const open of ['/', '/enterCode/enterCode', '/policyTopics/policyTopics']) {
    await page.goto(open);
    await expect(page).toHaveURL(new RegExp(`${open.replace(/\//g, '\\/')}$`));
    await expect(page.getByText('登录/注册')).toBeVisible();
  }
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
});

test('a logged-in visit to /login goes to the data overview; parent paths open their page', async ({ page }) => {
  await loginViaForm(page, DEMO);
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  await page.goto('/policyCalculation');
  await expect(page).toHaveURL(/\/policyCalculation\/policyCalculation$/);
  await expect(page.getByLabel('测算企业')).toBeVisible();
});

test('a staff account is refused by the portal with "账号或密码有误" and logged out', async ({ page }) => {
  await loginViaForm(page, STAFF);
  await expect(page.getByText('账号或密码有误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await cookie(page, 'access_token')).toBeUndefined();
});

test('a token close to expiry is refreshed once while the requests wait, then they go out with the new token', async ({ page }) => {
  await loginViaForm(page, DEMO);
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  await page.waitForLoadState('networkidle'); // the first page's own calls are done before we listen
  const oldToken = await cookie(page, 'access_token');

  const refreshes: string[] = [];
  const authorised: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/new/token')) refreshes.push(r.url());
    const auth = r.headers().authorization;
    if (auth && r.url().includes('/api/')) authorised.push(auth);
  });
  await setExpiry(page, Date.now() + 10_000); // under the 20 s threshold
  await page.reload(); // the guard and the footer ask at once
  await expect(page.getByText('欢迎您，云溪智造…')).toBeVisible();
  await accountDialog(page, '个人资料');
  await expect(page.getByText('云溪智造科技有限公司').last()).toBeVisible();

  expect(refreshes).toHaveLength(1);
  const newToken = await cookie(page, 'access_token');
  expect(newToken).toBeTruthy();
  expect(newToken).not.toBe(oldToken);
  expect(authorised.length).toBeGreaterThanOrEqual(2);
  for (const auth of authorised) expect(auth).toBe(`Bearer ${newToken}`);
});

test('an expired token is refused locally with one "登录过期" alert whose confirm logs out', async ({ page }) => {
  await loginViaForm(page, DEMO);
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  await expect(page.getByText('欢迎您，云溪智造…')).toBeVisible();
  // The first page's own calls done first: a late one of them would meet the expired token before
  // the click, its alert over the menu (seen under load).
  await page.waitForLoadState('networkidle');
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/Admin/getinfo')) sent++;
  });
  await setExpiry(page, Date.now() - 1000);
  const alert = page.getByRole('dialog').filter({ hasText: '登录过期' });
  // Opening 个人资料 asks for the profile: that request meets the expired token, and one alert shows.
  // The toast shows for 2 s: watched from now on, not looked for after the alert.
  const toastSeen = expect(page.getByText('您的登录已过期，请重新登录！')).toBeVisible({ timeout: 60_000 });
  await accountMenu(page, '个人资料');
  await expect(alert).toBeVisible();
  await toastSeen;
  await expect(alert).toBeVisible();
  await expect(alert.getByText('请重新登录')).toBeVisible();
  expect(sent).toBe(0);
  await expect(page.getByRole('dialog').filter({ hasText: '登录过期' })).toHaveCount(1);
  await alert.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await cookie(page, 'access_token')).toBeUndefined();
});

test('logging out ends the login on the server too', async ({ page, request }) => {
  await loginViaForm(page, DEMO);
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
  const refreshToken = await cookie(page, 'refresh_token');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await cookie(page, 'access_token')).toBeUndefined();
  const reuse = await request.post('/new/token', { data: { refresh_token: refreshToken } });
  expect(reuse.status()).toBe(401);
});

test('registers an enterprise account, refusing a wrong credit code first, then logs in with it', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: '没有账号？立即注册' }).click();
  await expect(page.getByRole('heading', { name: '注册企业账户' })).toBeVisible();
  await page.getByLabel('用户名').fill('e2e_newco');
  await page.getByLabel('密码', { exact: true }).fill('Newco1234');
  await page.getByLabel('确认密码').fill('Newco1234');
  await page.getByLabel('企业名称').fill('云溪县新程电子有限公司');
  await page.getByLabel('统一社会信用代码').fill('91511234MA6BXY5K18');
  await page.getByLabel('联系电话').fill('13711112222');
  await page.getByPlaceholder('验证码').fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByText('统一社会信用代码不正确')).toBeVisible();

  await page.getByLabel('统一社会信用代码').fill('91511234MA6BXY5K19');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByText('注册成功，请登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await loginViaForm(page, { username: 'e2e_newco', password: 'Newco1234' });
  await expect(page.getByText('欢迎您，云溪县新…')).toBeVisible();
});

test('the audio captcha: 「语音验证码」 by keyboard plays the captcha as speech, said to a screen reader, and its answer logs in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByAltText('验证码图片')).toBeVisible();
  const button = page.getByRole('button', { name: '语音验证码' });
  await button.focus();
  const served = page.waitForResponse((r) => r.url().includes('/vierifycode/audio'));
  await page.keyboard.press('Enter');
  const audio = await served;
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toContain('audio/wav');
  const wav = await audio.body();
  expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
  // Four spoken digits with pauses: seconds of 16-bit mono sound, not an empty or a silent file.
  const seconds = wav.readUInt32LE(40) / wav.readUInt32LE(28);
  expect(seconds).toBeGreaterThan(2);
  await expect(page.getByRole('status').filter({ hasText: '正在播放语音验证码' })).toBeAttached();
  // The answer heard is the captcha's (the e2e server's answer hook speaks CAPTCHA_ANSWER).
  await page.getByLabel('用户名').fill(DEMO.username);
  await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
  await page.getByPlaceholder('验证码').fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dataOverview\/dataOverview$/);
});
