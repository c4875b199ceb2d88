// 企业诉求 in real Chromium against the real server, the enterprise and the bureau at once: the demo
// enterprise files an appeal with an attachment; staff accept, assign and reply in the console; the
// enterprise's open portal is told, it rates 不满意 and the appeal reopens for 整改; staff record the
// 回访 and reply again; 非常满意 closes it, and the enterprise's timeline shows every step it may see.
import { expect, test, type Page } from '@playwright/test';
import { DEMO, STAFF } from '../support/constants';
import { choose, openSignedIn } from '../support/session';
import { consoleStep } from '../support/workflow';

const stamp = Date.now().toString(36).slice(-5);
const title = `技改设备补助申报咨询 ${stamp}`;
/** A small PDF: an attachment the server recognises by its bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function rate(portal: Page, rating: string, comment?: string) {
  await portal.getByRole('button', { name: /评\s*价/ }).click();
  const dialog = portal.getByRole('dialog', { name: '评价办理结果' });
  await dialog.getByRole('radio', { name: rating, exact: true }).check();
  if (comment) await dialog.getByLabel('评价说明').fill(comment);
  await dialog.getByRole('button', { name: '提交评价' }).click();
  await expect(dialog).toBeHidden();
}

test('an appeal from filing with an attachment through a 差评, its 回访 and a second reply to 非常满意', async ({ browser }) => {
  const enterpriseContext = await browser.newContext();
  const portal = await enterpriseContext.newPage();
  await openSignedIn(portal, DEMO, '/dataOverview/dataOverview');
  await expect(portal).toHaveURL(/\/dataOverview\/dataOverview$/);

  // Filing, with an attachment; the answer names the number.
  await portal.goto('/enterpriseDemands/enterpriseDemands');
  await portal.getByRole('button', { name: '提交诉求' }).click();
  const drawer = portal.locator('.ant-drawer');
  await choose(portal, '诉求类别', '惠企政策（办理时限 5 个工作日）');
  await drawer.getByLabel('诉求标题').fill(title);
  await drawer.getByLabel('诉求内容').fill('我公司今年购置数控机床 12 台，想了解技改设备补助的申报条件和时间。');
  await drawer.getByLabel('联系人').fill('王经理');
  await drawer.getByLabel('联系电话').fill('13800138000');
  await drawer.getByLabel('上传附件').setInputFiles({ name: '设备发票清单.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(drawer.getByText('设备发票清单.pdf')).toBeVisible();
  await drawer.getByRole('button', { name: '提交诉求' }).click();
  const submitted = drawer.getByText(/^诉求已提交，编号 SQ\d{8}-\d{4}$/);
  await expect(submitted).toBeVisible();
  const number = (await submitted.textContent())!.match(/SQ\d{8}-\d{4}/)![0];

  // Staff: accept, assign, reply.
  const staffContext = await browser.newContext();
  const console_ = await staffContext.newPage();
  await openSignedIn(console_, STAFF, '/admin/appeals');
  await console_.getByPlaceholder('诉求编号/标题/企业名称').fill(number);
  await console_.getByPlaceholder('诉求编号/标题/企业名称').press('Enter');
  await console_.getByRole('link', { name: number }).click();
  await expect(console_.getByText(title)).toBeVisible();
  await expect(console_.getByRole('button', { name: /设备发票清单\.pdf/ })).toBeVisible();
  await consoleStep(console_, '受理');
  await consoleStep(console_, '分派', async () => {
    await choose(console_, '承办部门', '云溪县工业和信息化局');
    await choose(console_, '承办人', '李工（工作人员）');
  });
  await consoleStep(console_, '答复', (dialog) => dialog.getByLabel('答复内容（企业可见）').fill('技改设备补助按设备投资额的 8% 给予补助，请于 12 月底前在政策超市申报。'));

  // The enterprise's open portal is told without a reload; the appeal shows the reply.
  await expect(portal.locator('.hub-notice').filter({ hasText: `诉求已答复：${title}` })).toBeVisible();
  await portal.goto('/enterpriseDemands/enterpriseDemands');
  await portal.getByRole('button', { name: title }).first().click();
  await expect(portal.getByText('技改设备补助按设备投资额的 8% 给予补助', { exact: false }).first()).toBeVisible();

  // 不满意 needs a comment, and reopens the appeal for 整改.
  await rate(portal, '不满意', '补助比例与县里文件不一致，请再核实');
  await expect(portal.getByText('整改中').first()).toBeVisible();

  // Staff: a reply before the 回访 is refused; after it, the second reply goes out.
  await console_.reload();
  await expect(console_.getByText('整改中').first()).toBeVisible();
  await consoleStep(console_, '回访', (dialog) => dialog.getByLabel('回访记录（企业可见）').fill('电话回访王经理，已核对县工信局 2026 年 3 号文件'));
  await consoleStep(console_, '答复', (dialog) => dialog.getByLabel('答复内容（企业可见）').fill('经核实，按县 2026 年 3 号文件，补助比例为 10%，已更正。'));

  // 非常满意 closes it; the timeline shows every step the enterprise may see, and no internal one.
  await portal.reload();
  await expect(portal.getByText('补助比例为 10%', { exact: false }).first()).toBeVisible();
  await rate(portal, '非常满意');
  await expect(portal.getByText('已办结').first()).toBeVisible();
  const timeline = portal.getByRole('region', { name: '办理记录' });
  for (const step of ['提交诉求', '受理', '答复', '差评整改', '回访', '评价']) await expect(timeline.getByText(step, { exact: false }).first()).toBeVisible();
  await expect(timeline.getByText('分派')).toHaveCount(0);

  await staffContext.close();
  await enterpriseContext.close();
});
