// 政策申兑 in real Chromium against the real server, the enterprise and the bureau at once: the demo
// enterprise opens 企业研发投入补助 in the 政策超市, applies online with the form prefilled, one
// material chosen from its 材料库 and one uploaded, confirms the 信用承诺书 and submits; staff 受理
// and ask for 补正 (the clock paused, the open portal told); the enterprise answers; 初审 by one
// person, 复审 by the same refused and by another taken, both 联审 opinions, 拟支持 with an amount;
// the enterprise sees each step live and in its timeline.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO, STAFF } from '../support/constants';
import { choose, hubConnected, openSignedIn } from '../support/session';
import { consoleStep } from '../support/workflow';

const PDF = Buffer.from('%PDF-1.4\n% 2025 审计报告\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const GUIDE = '企业研发投入补助';

/** The portal's application, as its open page shows it once staff's step reached it through the hub. */
async function portalShows(portal: Page, status: string) {
  await expect(portal.locator('.apply-detail .ant-card-head').getByText(status, { exact: true })).toBeVisible();
}

test('an application from the guide through 补正, 初审, 复审 by another person and 联审 to 拟支持', async ({ browser }) => {
  test.setTimeout(240_000);
  const portal = await (await browser.newContext()).newPage();
  await openSignedIn(portal, DEMO, `/policyMarket/policyMarket?keyword=${encodeURIComponent(GUIDE)}`);
  await portal.getByRole('link', { name: GUIDE, exact: true }).first().click();
  const drawer = portal.locator('.guide-drawer');
  await drawer.getByRole('button', { name: '在线申报' }).click();
  await expect(portal).toHaveURL(/\/policyApply\/apply\?guide=\d+$/);

  // The calculator's answer first; what the bureau knows is prefilled and says so.
  await expect(portal.getByText('政策计算器：符合 · 预计可享扶持 14.5 万元')).toBeVisible();
  await expect(portal.getByLabel(/^企业名称/)).toHaveValue(DEMO.name);
  await expect(portal.getByLabel(/^申请金额/)).toHaveValue('14.5');
  await expect(portal.getByText('已预填', { exact: true })).toHaveCount(8);
  await expect(portal.getByText('共 10 项，已根据企业信息预填 8 项')).toBeVisible();
  // The checklist names what is still missing; it empties as the form fills.
  const checklist = portal.locator('.apply-section').filter({ hasText: '提交前检查' });
  await expect(checklist).toContainText('请填写经办人');
  await portal.getByLabel('经办人').fill('王晓敏');
  await portal.getByLabel('项目情况说明').fill('研发中心建设项目：上年度研发投入 145 万元，新增发明专利 2 件。');
  // One material from the library, one uploaded into it now (an expired one is shown, not offered).
  await choose(portal, '营业执照', '营业执照（副本）（长期有效）');
  const audit = portal.locator('.ant-form-item').filter({ hasText: '上年度财务审计报告（审计报告）' });
  await audit.getByRole('button', { name: '上传新材料' }).click();
  const upload = portal.getByRole('dialog', { name: '上传上年度财务审计报告' });
  await upload.getByLabel('选择上年度财务审计报告文件').setInputFiles({ name: '2025年度审计报告（含研发明细）.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(upload.getByText('2025年度审计报告（含研发明细）.pdf')).toBeVisible();
  await upload.getByRole('button', { name: '保存到材料库' }).click();
  await expect(upload).toBeHidden();
  await expect(audit.locator('.ant-select')).toContainText('上年度财务审计报告（长期有效）');
  await portal.getByLabel('开户行').fill('中国农业银行云溪县支行');
  await portal.getByLabel('账号').fill('22886601040012345');
  await portal.getByLabel('承诺人').fill('陈立新');
  await portal.getByText('本企业已阅读并承诺遵守以上信用承诺').click();
  await expect(checklist).toContainText('表单内容和申报材料已齐全');
  await portal.getByRole('button', { name: '提交申报' }).click();
  const submitted = portal.getByText(/^申报已提交，编号 SB\d{8}-\d{4}$/);
  await expect(submitted).toBeVisible();
  const number = (await submitted.textContent())!.match(/SB\d{8}-\d{4}/)![0];
  await expect(portal).toHaveURL(/\/policyApply\/mine\?id=\d+$/);
  const id = portal.url().match(/id=(\d+)/)![1];
  await portalShows(portal, '待受理');

  // Staff: 受理, then 要求补正 of one field, everything at once.
  const staff = await (await browser.newContext()).newPage();
  await openSignedIn(staff, STAFF, `/admin/applications?id=${id}`);
  await expect(staff.getByText(`${number} ${GUIDE}`)).toBeVisible();
  const listening = hubConnected(portal);
  await portal.reload();
  await listening;
  await consoleStep(staff, '受理');
  await portalShows(portal, '待初审');
  await consoleStep(staff, '要求补正', async (dialog) => {
    const fields = dialog.getByLabel('需补正的字段');
    await fields.click();
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^项目情况说明$/ }).click();
    await expect(dialog.getByText('项目情况说明', { exact: true })).toBeVisible(); // the pick, in the select (its list is outside the dialog)
    // The note after the pick: typing there closes the multiple select's list, which stays open for more.
    await dialog.getByLabel('补正说明（企业可见）').fill('请在项目情况说明中写明研发投入的构成（人员、设备、材料）。');
    await expect(staff.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  });

  // The open portal is told; the clock is paused and says so; the enterprise answers once.
  await expect(portal.locator('.hub-notice').filter({ hasText: `请补正申报材料：${number}` })).toBeVisible();
  await portalShows(portal, '补正中');
  await expect(portal.getByText('请补正：项目情况说明')).toBeVisible();
  await expect(portal.getByText('补正中，计时暂停').first()).toBeVisible();
  await portal.getByRole('button', { name: '提交补正' }).click();
  const answer = portal.getByRole('dialog', { name: `提交补正：${number}` });
  await answer.getByLabel('项目情况说明').fill('研发投入 145 万元：人员 98 万元、设备 32 万元、材料 15 万元。');
  await answer.getByRole('button', { name: '提交补正' }).click();
  await expect(portal.getByText('提交补正成功')).toBeVisible();
  await portalShows(portal, '待初审');

  // 初审 by staff; 复审 by the same person is refused, by another (the 管理员) taken.
  await staff.reload();
  await consoleStep(staff, '初审通过', async (dialog) => {
    await dialog.getByLabel('初审意见').fill('研发投入构成清楚，符合补助条件。');
    await expect(dialog.getByLabel('建议支持金额')).toHaveValue('14.5');
  });
  await staff.getByRole('region', { name: '办理' }).getByRole('button', { name: /^复\s*审\s*通\s*过$/ }).click();
  const same = staff.getByRole('dialog');
  await same.getByLabel('复审意见').fill('同意');
  await same.getByRole('button', { name: /^复\s*审\s*通\s*过$/ }).click();
  // The server's refusal (exact: the dialog's own intro says the same words with a full stop); only
  // then is the dialog idle again — antd's Modal ignores 取消 while its OK is loading.
  await expect(staff.getByText('复审须由初审以外的工作人员进行', { exact: true })).toBeVisible();
  await expect(same.getByRole('button', { name: /^复\s*审\s*通\s*过$/ })).not.toHaveClass(/ant-btn-loading/);
  await same.getByRole('button', { name: /取\s*消/ }).click();
  await expect(same).toBeHidden();

  const admin = await (await browser.newContext()).newPage();
  await openSignedIn(admin, ADMIN, `/admin/applications?id=${id}`);
  await consoleStep(admin, '复审通过', (dialog) => dialog.getByLabel('复审意见').fill('同意初审意见。'));
  // 联审: each named department once, then 拟支持 within the rule and the budget.
  for (const department of ['云溪县科学技术局', '云溪县财政局']) {
    await consoleStep(admin, '联审意见', async (dialog) => {
      await choose(admin, '联审部门', department);
      await dialog.getByLabel('部门意见（企业不可见）').fill('同意。');
    });
  }
  await consoleStep(admin, '拟支持', async (dialog) => {
    await expect(dialog.getByLabel('核定金额')).toHaveValue('14.5');
    await dialog.getByLabel('审定意见（选填，企业可见）').fill('拟支持 14.5 万元，公示后拨付。');
  });
  await expect(admin.getByText('拟支持', { exact: true }).first()).toBeVisible();

  // The enterprise: 拟支持 with the amount, live; its timeline holds every step it may see, 联审 not.
  await portalShows(portal, '拟支持');
  await expect(portal.locator('.apply-detail').getByText('14.5 万元').first()).toBeVisible();
  const timeline = portal.getByRole('region', { name: '办理记录' });
  for (const step of ['提交申报', '受理', '要求补正', '提交补正', '初审通过', '复审通过', '拟支持']) await expect(timeline).toContainText(step);
  await expect(timeline).not.toContainText('联审意见');
});
