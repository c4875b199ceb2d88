// 公示 and 拨付 in real Chromium against the real server: staff publish the 拟支持 applications in a
// 公示; a visitor reads it logged out and objects without an account (a file, the captcha) and keeps
// its number; the listed enterprise objects by real name with a file (without a name it is refused);
// staff find both 不成立, and the visitor looks the outcome up by number and phone; the 公示 ends by its
// timer (the server's clock moved, not the wall); 资金下达, 授权 by a person other than the approver
// (the demo's 拟支持 was the 管理员's), the batch sent and exported, a return file the test writes from
// the export marks it 已到账, and the enterprise confirms the arrival.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TEST_CLOCK_PATH } from '@hqt/contract/test-clock';
import { PUBLICITY_KIND, type BatchFile, type ConsolePublicity, type Payment } from '@hqt/contract/payout';
import { CAPTCHA_ANSWER, DEMO, STAFF } from '../support/constants';
import { call, publishedGuide, staffHeaders } from '../support/api';
import { choose, openSignedIn } from '../support/session';

const PDF = Buffer.from('%PDF-1.4\n% 设备租赁合同\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function staffPage(page: Page, path: string) {
  await openSignedIn(page, STAFF, path);
}

/**
 * What follows 待拨付, for every application there: 资金下达, 授权 by the staff member (not the
 * approver), 提交财政, the batch's JSON exported and a return file written from it marking all paid;
 * then the demo enterprise confirms its arrival in 我的申报.
 */
async function payThrough(staff: Page, portal: Page, request: APIRequestContext) {
  // 资金下达 for what is now 待拨付, then 授权 and 提交财政.
  await staff.goto('/admin/payouts');
  const tab = (name: string) => staff.getByRole('tabpanel', { name });
  await expect(tab('待拨付').getByRole('row').filter({ hasText: DEMO.name }).first()).toBeVisible();
  await tab('待拨付').getByRole('checkbox', { name: /全选|Select all/ }).check();
  await staff.getByRole('button', { name: /^资金下达/ }).click();
  const release = staff.getByRole('dialog', { name: '登记资金下达' });
  await release.getByLabel('下达文号').fill('云工信〔2026〕12号');
  await release.getByRole('button', { name: '生成支付指令' }).click();
  await expect(staff.getByText(/^资金下达已登记，生成 \d+ 条支付指令$/)).toBeVisible();
  await staff.getByRole('tab', { name: '支付台账' }).click();
  const ledger = tab('支付台账');
  await expect(ledger.getByRole('row').filter({ hasText: DEMO.name }).first()).toBeVisible();
  await ledger.getByRole('checkbox', { name: /全选|Select all/ }).check();
  await ledger.getByRole('button', { name: /^授权支付/ }).click();
  await expect(staff.getByText(/^已授权 \d+ 条支付指令$/)).toBeVisible();
  await choose(staff, '状态', '已授权');
  await expect(ledger.getByRole('row').filter({ hasText: '已授权' }).first()).toBeVisible();
  await ledger.getByRole('checkbox', { name: /全选|Select all/ }).check();
  await ledger.getByRole('button', { name: /^提交财政/ }).click();
  await expect(staff.getByText(/^批次 PC\d{8}-\d{4} 已提交财政，共 \d+ 条$/)).toBeVisible();

  // The batch's JSON for the treasury; the test writes its return file from it: every instruction paid.
  await staff.getByRole('tab', { name: '财政批次' }).click();
  const [download] = await Promise.all([staff.waitForEvent('download'), tab('财政批次').getByRole('button', { name: '导出 JSON' }).first().click()]);
  const batch = JSON.parse(await (await download.createReadStream()).toArray().then((parts) => Buffer.concat(parts).toString('utf8'))) as BatchFile;
  expect(batch.instructions.length).toBeGreaterThan(0);
  const back = { format: 'hqt-payout-return', version: 1, batch: batch.batch, results: batch.instructions.map((i) => ({ key: i.key, result: 'paid' })) };
  await staff.getByLabel(`读入 ${batch.batch} 的返回文件`).setInputFiles({ name: 'return.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(back)) });
  await expect(staff.getByText(`已读入返回文件：到账 ${batch.instructions.length} 条，退回 0 条`)).toBeVisible();

  // The enterprise sees it arrived and confirms the amount.
  const mine = batch.instructions.find((i) => i.payee.name === DEMO.name)!;
  const applicationId = (await call<{ list: Payment[] }>(request, await staffHeaders(request), `/api/console/payouts/page?currentPage=1&pageSize=100`)).list.find((p) => p.key === mine.key)!.applicationId;
  await portal.goto(`/policyApply/mine?id=${applicationId}`);
  const payments = portal.getByRole('region', { name: '资金拨付' });
  await expect(payments.getByText('已到账')).toBeVisible();
  await payments.getByRole('button', { name: '确认到账' }).click();
  const confirm = portal.getByRole('dialog');
  await expect(confirm.getByLabel('实际到账金额')).toHaveValue(String(Number(mine.amount) / 10_000));
  await confirm.getByRole('button', { name: '确认到账' }).click();
  await expect(portal.getByText('确认到账成功')).toBeVisible();
  await expect(payments.getByText('企业已确认')).toBeVisible();
  // And rates the 兑现.
  await portal.getByRole('button', { name: '评价兑现' }).click();
  const rating = portal.getByRole('dialog', { name: '评价政策兑现' });
  await rating.getByRole('radio', { name: '非常满意' }).check();
  await rating.getByRole('button', { name: '提交评价' }).click();
  await expect(portal.getByText('评价兑现成功')).toBeVisible();
  await expect(portal.getByText('兑现评价：非常满意')).toBeVisible();
}

test('a 公示 with a real-name objection, its end by the timer, 资金下达, 授权, the treasury files and the confirmed arrival', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const moveClock = async (to: number, runTimersOf?: string) => expect((await request.put(TEST_CLOCK_PATH, { data: { offsetMs: to === 0 ? 0 : to - Date.now(), ...(runTimersOf ? { runTimersOf } : {}) } })).ok()).toBe(true);
  const staff = await (await browser.newContext()).newPage();
  try {
    // 发起公示: every 拟支持 application not yet listed, from today (a day off: the next working day).
    await staffPage(staff, '/admin/publicities');
    await staff.getByRole('button', { name: '发起公示' }).click();
    const dialog = staff.getByRole('dialog', { name: '发起公示' });
    await expect(dialog.getByRole('row').filter({ hasText: DEMO.name }).first()).toBeVisible();
    await dialog.getByRole('checkbox', { name: /全选|Select all/ }).check();
    await dialog.getByRole('button', { name: /发布公示/ }).click();
    await expect(staff.getByText(/^公示已发布，编号 GS\d{8}-\d{4}$/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await staff.getByRole('link', { name: /拟支持项目公示$/ }).first().click();
    const publicityId = Number(new URL(staff.url()).searchParams.get('id'));
    const published = await call<ConsolePublicity>(request, await staffHeaders(request), `/api/console/publicities/${publicityId}`);
    // A 公示 that begins on a later working day: the server's clock is brought to its first morning.
    if (published.stateLabel === '未开始') await moveClock(Date.parse(`${published.startsOn}T10:00:00+08:00`));

    // A visitor reads the list without logging in and objects by real name without an account: its
    // file uploaded as a visitor's, the captcha answered; the number it is given is its way back.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/publicity');
    await visitor.getByRole('link', { name: published.title }).first().click();
    await expect(visitor.getByRole('cell', { name: DEMO.name }).first()).toBeVisible();
    await expect(visitor.getByText('匿名异议不予受理')).toBeVisible();
    await visitor.getByRole('button', { name: `对${DEMO.name}提出异议` }).first().click();
    const told = visitor.getByRole('dialog');
    await told.getByLabel('真实姓名').fill('孙实名');
    await told.getByLabel('联系电话').fill('13722223333');
    await told.getByLabel('异议事实和理由').fill('该项目所列设备系租赁取得，并非企业自购。');
    await told.getByLabel('上传证明材料').setInputFiles({ name: '租赁合同.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(told.getByText('租赁合同.pdf')).toBeVisible();
    await told.getByLabel('验证码', { exact: true }).fill(CAPTCHA_ANSWER);
    await told.getByRole('button', { name: '提交异议' }).click();
    const filed = told.getByText(/^异议编号 YY\d{8}-\d{4}$/);
    await expect(filed).toBeVisible();
    const visitorNumber = (await filed.textContent())!.replace('异议编号 ', '');
    await told.getByRole('button', { name: '我已记下编号' }).click();

    // The listed enterprise objects: without a name, refused in the server's words; by real name with a file, filed as an 异议.
    const portal = await (await browser.newContext()).newPage();
    await openSignedIn(portal, DEMO, `/publicity?id=${publicityId}`);
    await portal.getByRole('button', { name: `对${DEMO.name}提出异议` }).first().click();
    const form = portal.getByRole('dialog');
    await form.getByRole('button', { name: '提交异议' }).click();
    await expect(form.getByText('异议须实名提出：请填写真实姓名和联系电话，匿名异议不予受理').first()).toBeVisible();
    await form.getByLabel('真实姓名').fill('王建国');
    await form.getByLabel('联系电话').fill('13800138000');
    await form.getByLabel('异议事实和理由').fill('公示的项目名称与申报材料不一致，请予核实。');
    await form.getByLabel('上传证明材料').setInputFiles({ name: '说明材料.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByText('说明材料.pdf')).toBeVisible();
    await form.getByRole('button', { name: '提交异议' }).click();
    await expect(portal.getByText(/^异议已提交，编号 YY\d{8}-\d{4}，核查结果将书面告知您$/)).toBeVisible();

    // Staff see who objected (the enterprise never does; the visitor's without an account) and find both 不成立.
    await staff.reload();
    for (const [who, reason] of [
      ['王建国，13800138000', '经核实，项目名称系简称，与申报材料一致，异议不成立。'],
      ['孙实名，13722223333', '经核实，设备购置合同和发票齐全，系企业自购，异议不成立。'],
    ] as const) {
      const objection = staff.getByRole('listitem').filter({ hasText: who });
      await expect(objection).toBeVisible();
      await objection.getByRole('button', { name: '异议不成立' }).click();
      const decide = staff.getByRole('dialog');
      await decide.getByLabel(/核查结论和理由/).fill(reason);
      await decide.getByRole('button', { name: '异议不成立' }).click();
      await expect(decide).toBeHidden();
    }
    // The visitor looks its outcome up by its number and the phone it gave.
    await visitor.goto('/publicity');
    await visitor.getByLabel('异议编号').fill(visitorNumber);
    await visitor.getByLabel('联系电话').fill('13722223333');
    await visitor.getByRole('button', { name: '查询' }).click();
    await expect(visitor.getByText('系企业自购，异议不成立')).toBeVisible();

    // The 公示 ends by its timer.
    // The server's clock past its last day; the move runs the 公示's timers (only theirs: nothing else moves on).
    await moveClock(Date.parse(`${published.endsOn}T23:59:59+08:00`) + 120_000, PUBLICITY_KIND);
    await staff.reload();
    await expect(staff.getByText('已结束').first()).toBeVisible();

    await payThrough(staff, portal, request);
  } finally {
    await moveClock(0);
  }
});

test('免申即享: a guide published, the demo enterprise told, it confirms its account, straight to 待拨付 and paid', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const title = `研发投入奖励（免申即享）${Date.now().toString(36)}`;
  // Its rule (上年度研发费用 ≥ 50 万元) admits the demo enterprise (145 万元); no form, no 申报.
  const guide = await publishedGuide(request, title, { mode: 'auto', onlineUrl: null });
  try {
    // Matched on publishing (a job); matched once more now, so the offer is there whichever ran first.
    const headers = await staffHeaders(request);
    await call(request, headers, `/api/console/payouts/offers/match/${guide.id}`, {});
    // Its 资金额度 for the year, as staff set it beside the guide's form (授权 is refused without one).
    const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date()));
    expect((await request.put(`/api/console/applications/budget/${guide.id}`, { headers, data: { year, amount: 500 } })).ok()).toBe(true);
    const portal = await (await browser.newContext()).newPage();
    await openSignedIn(portal, DEMO, '/messageCenter/messageCenter');
    await expect(portal.getByText(`您符合《${title}》，预计可享 10 万元，请确认`).first()).toBeVisible();
    // The demo account holds two enterprises; both may be offered it: 云溪智造's is the one taken up.
    await portal.goto('/policyApply/auto');
    await portal.getByRole('listitem').filter({ hasText: DEMO.name }).getByRole('link', { name: title }).click();
    await portal.getByRole('button', { name: '确认享受' }).click();
    const confirm = portal.getByRole('dialog');
    await confirm.getByRole('button', { name: '确认享受' }).click();
    await expect(confirm.getByText('请填写开户行')).toBeVisible();
    await confirm.getByLabel('开户行').fill('中国工商银行云溪支行');
    await confirm.getByLabel('账号').fill('6222020000123456789');
    await confirm.getByLabel('承诺人').fill('王建国');
    await confirm.getByRole('checkbox', { name: '我已阅读并确认承诺书' }).check();
    await confirm.getByRole('button', { name: '确认享受' }).click();
    await expect(portal.getByText(/^已确认享受，编号 SB\d{8}-\d{4}$/).first()).toBeVisible();

    // Staff move it on without a 公示, then pay it as any other.
    const staff = await (await browser.newContext()).newPage();
    await staffPage(staff, '/admin/payouts?tab=auto');
    const row = staff.getByRole('tabpanel', { name: '免申即享' }).getByRole('row').filter({ hasText: title }).filter({ hasText: DEMO.name });
    await expect(row).toContainText('已确认');
    await row.getByRole('checkbox').check();
    await staff.getByRole('button', { name: /^免于公示，直接拨付/ }).click();
    await expect(staff.getByText('1 个免申即享项目已转入待拨付')).toBeVisible();
    await staff.getByRole('tab', { name: '待拨付' }).click();
    await payThrough(staff, portal, request);
  } finally {
    await guide.withdraw();
  }
});
