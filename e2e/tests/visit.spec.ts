// 企业走访 in real Chromium against the real server, the bureau through its console API and the
// enterprise in the portal: staff plan a visit, the enterprise proposes another time, staff accept,
// the enterprise downloads the .ics, staff write the summary with two problems, both appear in the
// enterprise's 企业诉求 with the visit named, and the enterprise appraises the summary. Pictures of
// the enterprise's side at 1280 and 375 px in e2e/.out/screenshots/visit/.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { PageOf } from '@hqt/contract/envelope';
import { VISIT_CONSOLE_PATHS, type VisitConsoleRow } from '@hqt/contract/visit-console';
import { VISIT_MSG, type VisitDetail } from '@hqt/contract/visit';
import { asIfAfter, call, staffHeaders } from '../support/api';
import { DEMO } from '../support/constants';
import { openSignedIn } from '../support/session';

const SHOTS = path.resolve(import.meta.dirname, '../.out/screenshots/visit');
const stamp = Date.now().toString(36).slice(-5);
const subject = `智能产线投产前走访 ${stamp}`;
const problems = [
  { key: `loan-${stamp}`, category: 'finance', title: `技改贷款贴息到账慢 ${stamp}`, content: '去年申请的技改贷款贴息至今未到账，希望了解进度。' },
  { key: `talent-${stamp}`, category: 'talent', title: `数控高级技工招聘难 ${stamp}`, content: '数控高级技工缺口 12 人，希望对接职业院校。' },
];

const withId = (p: string, id: number) => p.replace(':id', String(id));
/** A day this many days ahead at hh:00 China time (the browser's zone, playwright.config): as the picker shows it and as an instant. */
const ahead = (days: number, hour: number) => {
  const china = new Date(Date.now() + 8 * 3600_000 + days * 86400_000);
  const at = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate(), hour - 8));
  const pad = (n: number) => String(n).padStart(2, '0');
  return { text: `${china.getUTCFullYear()}-${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())} ${pad(hour)}:00`, iso: at.toISOString() };
};

const shot = async (page: Page, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true, style: '.ant-notification { display: none !important; }' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('staff propose, the enterprise proposes another time, staff accept, the .ics, a summary with two problems as appeals, appraised', async ({ browser, request }) => {
  // Staff plan the visit (the demo's own visits name the demo enterprise and its lead, the staff account).
  const headers = await staffHeaders(request);
  const rows = await call<PageOf<VisitConsoleRow>>(request, headers, VISIT_CONSOLE_PATHS.page, { currentPage: 1, pageSize: 50, keyword: DEMO.name });
  const demoVisit = rows.list.find((v) => v.enterpriseName === DEMO.name)!;
  const demoDetail = await call<VisitDetail>(request, headers, withId(VISIT_CONSOLE_PATHS.detail, demoVisit.id));
  const lead = demoDetail.staff.find((s) => s.lead)!;
  const first = { start: ahead(20, 10), end: ahead(20, 12) };
  const planned = await call<VisitDetail>(request, headers, VISIT_CONSOLE_PATHS.plan, {
    enterpriseId: demoVisit.enterpriseId,
    subject,
    type: 'routine',
    method: 'onsite',
    startsAt: first.start.iso,
    endsAt: first.end.iso,
    place: '云溪智造二号厂房',
    staff: [{ accountId: lead.id, lead: true }],
    // the staff's calendar is shared with other specs' runs: this test is not about clashes
    force: true,
  });

  // The enterprise finds it to confirm, and proposes another time.
  const context = await browser.newContext({ acceptDownloads: true });
  const portal = await context.newPage();
  await openSignedIn(portal, DEMO, '/enterpriseVisit/enterpriseVisit?tab=toConfirm');
  await portal.getByRole('button', { name: subject }).click();
  await expect(portal).toHaveURL(new RegExp(`\\?.*id=${planned.id}`));
  await expect(portal.getByText(planned.number, { exact: true })).toBeVisible();
  await shot(portal, 'to-confirm');
  await portal.getByRole('button', { name: '提议改期' }).click();
  const dialog = portal.getByRole('dialog', { name: '提议改期' });
  const moved = { start: ahead(21, 14), end: ahead(21, 16) };
  const start = dialog.getByPlaceholder('开始时间');
  await start.click();
  await start.fill(moved.start.text);
  await start.press('Enter');
  const end = dialog.getByPlaceholder('结束时间');
  await end.fill(moved.end.text);
  await end.press('Enter');
  await dialog.getByRole('button', { name: '提交新时间' }).click();
  await expect(portal.getByText('提议改期成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(portal.locator('.visit-detail .ant-card-head').getByText('改期协商')).toBeVisible();
  await expect(portal.getByText(`${moved.start.text}–16:00`).first()).toBeVisible();

  // Staff accept the time proposed; the enterprise sees it confirmed and saves it to its calendar.
  const accepted = await call<VisitDetail>(request, headers, withId(VISIT_CONSOLE_PATHS.step, planned.id), { step: 'accept', force: true });
  expect(accepted.startsAt).toBe(moved.start.iso);
  await portal.reload();
  await expect(portal.locator('.visit-detail .ant-card-head').getByText('已确认')).toBeVisible();
  const [download] = await Promise.all([portal.waitForEvent('download'), portal.getByRole('button', { name: /加入日历/ }).click()]);
  expect(download.suggestedFilename()).toBe(`visit-${planned.number}.ics`);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`SUMMARY:${subject}`);
  const utc = moved.start.iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  expect(ics).toContain(`DTSTART:${utc}`);

  // Not before the visit: refused with its time.
  const early = await request.post(withId(VISIT_CONSOLE_PATHS.summary, planned.id), { headers, data: { content: '提前写的纪要', problems } });
  expect((await early.json()).msg).toBe(VISIT_MSG.notHeldYet(`${moved.start.text.slice(0, 10)} 14:00`));

  // The day comes (the server's clock moved past the start, then back), and staff write the summary
  // with two problems: each becomes an appeal of the enterprise's.
  const written = await asIfAfter(request, moved.start.iso, () =>
    call<VisitDetail>(request, headers, withId(VISIT_CONSOLE_PATHS.summary, planned.id), { content: '了解了智能产线投产准备情况，宣讲了技改贴息政策。', problems }),
  );
  expect(written.problems).toHaveLength(2);

  // Both appear in the enterprise's 企业诉求 with the visit named.
  await portal.goto('/enterpriseDemands/enterpriseDemands');
  for (const p of problems) {
    const row = portal.getByRole('row').filter({ hasText: p.title });
    await expect(row).toBeVisible();
    await expect(row.getByText(`来源：企业走访 ${planned.number}`)).toBeVisible();
  }
  await portal.getByRole('button', { name: problems[0]!.title }).click();
  await expect(portal.getByRole('link', { name: `企业走访 ${planned.number}` })).toBeVisible();

  // The enterprise reads the summary, each problem with its appeal, and appraises it once.
  await portal.goto(`/enterpriseVisit/enterpriseVisit?id=${planned.id}`);
  await expect(portal.getByRole('heading', { name: '走访纪要' })).toBeVisible();
  for (const p of written.problems) await expect(portal.getByText(p.appealNumber, { exact: true })).toBeVisible();
  await shot(portal, 'summary');
  await portal.getByRole('button', { name: /^评\s*价$/ }).click();
  const appraise = portal.getByRole('dialog', { name: '评价走访' });
  await appraise.getByRole('radio', { name: '满意', exact: true }).check();
  await appraise.getByLabel('评价说明').fill('走访准备充分，问题当场记录。');
  await appraise.getByRole('button', { name: '提交评价' }).click();
  await expect(appraise).toBeHidden();
  await expect(portal.locator('.visit-detail .ant-card-head').getByText('已评价')).toBeVisible();
  await expect(portal.getByRole('heading', { name: '我的评价' })).toBeVisible();
  await expect(portal.getByRole('button', { name: /^评\s*价$/ })).toHaveCount(0);
  await shot(portal, 'appraised');

  // The list, its history tab.
  await portal.goto('/enterpriseVisit/enterpriseVisit?tab=history');
  await expect(portal.getByRole('button', { name: subject })).toBeVisible();
  await shot(portal, 'list');

  // The request form: checked before sending, in the contract's words.
  await portal.getByRole('button', { name: '申请走访' }).click();
  const form = portal.getByRole('dialog', { name: '申请走访' });
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(form.getByText('请填写 2–3 个期望的走访时间')).toBeVisible();
  await shot(portal, 'request-form');
  await context.close();
});
