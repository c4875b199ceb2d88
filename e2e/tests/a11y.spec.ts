// The accessibility scan of issue 24: axe-core (WCAG 2.0–2.2 A and AA) over every page — logged out,
// as an enterprise, as staff — at 1280 and 375 px, in the five themes and in 关怀版. A serious or
// critical violation anywhere fails; the counts per rule are printed either way.
//
// Every page is opened once per width (the first of a context loaded, the next by the app's router)
// and scanned in each look (scanRoute says how); a test per audience and width. Two pages are
// scanned at once: axe runs in the page's renderer, so two of them use both cores.
import { expect, test, type Browser, type Page } from '@playwright/test';
import axe from 'axe-core';
import { ADMIN, DEMO } from '../support/constants';
import { openInApp, requestsOf } from '../support/navigation';
import { openSignedIn } from '../support/session';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;
type Size = (typeof WIDTHS)[number];
/** The looks a person can choose: themes 0–4 (2 is dark), and 关怀版 over the default theme. */
const LOOKS = [
  { name: '主题0', theme: '0', care: '0' },
  { name: '主题1', theme: '1', care: '0' },
  { name: '主题2(深色)', theme: '2', care: '0' },
  { name: '主题3', theme: '3', care: '0' },
  { name: '主题4', theme: '4', care: '0' },
  { name: '关怀版', theme: '0', care: '1' },
] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The rules whose answer depends on a theme's colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Who = 'anonymous' | 'enterprise' | 'staff';
/** A page to scan: its address, or how to reach it when its address needs an id only the data knows. */
interface Route {
  path: string;
  /** Text the page shows once it has loaded its data (so the scan sees the page, not its spinner). */
  ready?: RegExp | string;
}

const PUBLIC: Route[] = [
  { path: '/' },
  { path: '/login' },
  { path: '/register' },
  { path: '/forgot-password' },
  { path: '/admin/login' },
  { path: '/policyTopics/policyTopics' },
  { path: '/policyTopics/policyTopics?id=1' },
  { path: '/enterCode/enterCode' },
  { path: '/404' },
  { path: '/401' },
];
const ENTERPRISE: Route[] = [
  { path: '/dataOverview/dataOverview' },
  { path: '/policyMarket/policyMarket' },
  { path: '/policyMarket/policyMarket?guide=1' },
  { path: '/policyCalculation/policyCalculation' },
  { path: '/policyPush/policyPush' },
  { path: '/policyPush/policyPush?tab=subscriptions' },
  { path: '/enterpriseDemands/enterpriseDemands' },
  { path: '/enterpriseDemands/enterpriseDemands?new=1' },
  { path: '/enterpriseVisit/enterpriseVisit' },
  { path: '/enterCode/enterCode' },
  { path: '/messageCenter/messageCenter' },
  { path: '/personal/personal' },
];
const STAFF: Route[] = [
  { path: '/admin' },
  { path: '/admin/messages' },
  { path: '/admin/policies' },
  { path: '/admin/policies/new' },
  { path: '/admin/guides' },
  { path: '/admin/guides/new' },
  { path: '/admin/topics' },
  { path: '/admin/topics/new' },
  { path: '/admin/enterprises' },
  { path: '/admin/accounts' },
  { path: '/admin/appeals' },
  { path: '/admin/appeal-figures' },
  { path: '/admin/visits' },
  { path: '/admin/visit-figures' },
  { path: '/admin/enterprise-codes' },
  { path: '/admin/dictionaries' },
  { path: '/admin/working-days' },
  { path: '/admin/audit' },
];

/** Detail pages: the first item of a console list (ids come from the demo data, not from here). */
const STAFF_DETAILS: { list: string; page: (id: number) => string }[] = [
  { list: '/api/console/policies/page', page: (id) => `/admin/policies/${id}` },
  { list: '/api/console/guides/page', page: (id) => `/admin/guides/${id}` },
  { list: '/api/console/guides/page', page: (id) => `/admin/guides/${id}/push` },
  { list: '/api/console/guides/page', page: (id) => `/admin/guides/${id}/qualified` },
  { list: '/api/console/topics/page', page: (id) => `/admin/topics/${id}` },
  { list: '/api/console/enterprises/page', page: (id) => `/admin/enterprises/${id}` },
  { list: '/api/console/appeals/page', page: (id) => `/admin/appeals/${id}` },
  { list: '/api/console/visits/page', page: (id) => `/admin/visits/${id}` },
  { list: '/api/console/entcodes/page', page: (id) => `/admin/enterprise-codes/${id}` },
];

interface Finding {
  rule: string;
  impact: string;
  where: string;
  target: string;
  summary: string;
}
/** Every test's findings, for the counts per rule printed at the end. */
const allFindings: Finding[] = [];
const scanned = { views: 0 };

/** Waits until the page has drawn its data: no request in flight, no spinner or skeleton left. */
async function settled(page: Page, ready?: Route['ready']) {
  if (ready) await expect(page.getByText(ready).first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // Motions (a fade, a drawer's slide, a look's colour transitions) start a frame or two after what
  // caused them: the page counts as still once ten frames in a row had none running.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((still) => {
        let quiet = 0;
        const frame = () => {
          const moving = document.getAnimations().some((a) => a.pending || a.playState === 'running');
          quiet = moving ? 0 : quiet + 1;
          if (quiet >= 10) still(true);
          else requestAnimationFrame(frame);
        };
        frame();
      }),
  );
}

/**
 * Runs axe in the page. Its source goes in once per page load, not once per scan: @axe-core/playwright
 * injected it on every call and opened a blank page to finish each run, 2–3 s a scan on CI's cores.
 */
async function scan(page: Page, where: string, findings: Finding[], everyRule: boolean) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const only: axe.RunOnly = everyRule ? { type: 'tag', values: TAGS } : { type: 'rule', values: COLOUR_RULES };
  // Only the violations are read: axe then details no passing node (a third less time a full scan).
  const result = await page.evaluate((runOnly) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly, resultTypes: ['violations'] }), only);
  scanned.views += 1;
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const node of v.nodes) findings.push({ rule: v.id, impact: v.impact, where, target: node.target.join(' '), summary: node.failureSummary ?? '' });
  }
}

/** The looks scanned at a width: all six at 1280 px; at 375 px the default, the dark theme and 关怀版. */
const looksAt = (width: number) => (width === 1280 ? LOOKS : LOOKS.filter((l) => l.theme === '0' || l.theme === '2'));

/**
 * Opens `route` at `size` and scans it in each look. The first page of a context is loaded; the
 * next are opened by the app's router (support/navigation.ts): a load would start the app again and
 * draw every look's styles afresh (a third of the scan's time went to that). A look is
 * applied as another tab of the site applies a change (its stored settings and a `storage` event),
 * without a reload: the page's data stays as it was. Themes change colours, not structure: in themes
 * other than the default the scan runs the colour rules; the default and 关怀版 (which also changes
 * sizes and layout) get every rule.
 */
async function scanRoute(page: Page, idle: () => Promise<void>, route: Route, size: Size, who: Who, findings: Finding[]) {
  // With its lazily loaded parts (an editor, a chart), which arrive after its first paint.
  await openInApp(page, idle, route.path);
  await settled(page, route.ready);
  for (const look of looksAt(size.width)) {
    await page.evaluate(({ theme, care }) => {
      localStorage.setItem('theme', theme);
      localStorage.setItem('care', care);
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    }, look);
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
    await settled(page, route.ready);
    const everyRule = look.theme === '0';
    await scan(page, `${who} ${route.path} ${size.width}px ${look.name}`, findings, everyRule);
  }
}

/** A logged-in page of its own at `size` for each of two workers, each scanning half the routes. */
async function scanAll(browser: Browser, who: Who, size: Size, routes: Route[], login?: (page: Page) => Promise<void>) {
  const findings: Finding[] = [];
  const halves = [routes.filter((_, i) => i % 2 === 0), routes.filter((_, i) => i % 2 === 1)];
  await Promise.all(
    halves.map(async (half) => {
      // Pages at rest, not half faded in: the fade between pages honours reduced motion (global.css).
      const context = await browser.newContext({ reducedMotion: 'reduce', viewport: size });
      const page = await context.newPage();
      const idle = requestsOf(page);
      if (login) await login(page);
      for (const route of half) await scanRoute(page, idle, route, size, who, findings);
      await context.close();
    }),
  );
  allFindings.push(...findings);
  // One line per failing node: the page, the look and what axe says to fix.
  const detail = findings.map((f) => `${f.rule} (${f.impact}) — ${f.where} — ${f.target}\n    ${f.summary.replace(/\n/g, '\n    ')}`);
  expect(detail, 'serious or critical accessibility violations').toEqual([]);
}

/** The console's detail pages, each at the id of its list's first item. */
async function staffDetails(page: Page): Promise<Route[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value;
  const routes: Route[] = [];
  for (const d of STAFF_DETAILS) {
    const res = await page.request.post(d.list, { headers: { authorization: `Bearer ${token}` }, data: { currentPage: 1, pageSize: 1 } });
    const text = await res.text();
    const id = Number(/"id":(\d+)/.exec(text)?.[1]);
    expect(id, `${d.list} lists an item`).toBeGreaterThan(0);
    routes.push({ path: d.page(id) });
  }
  return routes;
}

const staffLogin = (page: Page) => openSignedIn(page, ADMIN, '/admin');
const enterpriseLogin = (page: Page) => openSignedIn(page, DEMO, '/dataOverview/dataOverview');

// An upper bound for a stuck scan, not a speed claim: each test scans one width's page views (up to
// two hundred at 1280 px).
test.setTimeout(20 * 60_000);

for (const size of WIDTHS) {
  test(`axe: the public pages, logged out, at ${size.width} px`, async ({ browser }) => {
    await scanAll(browser, 'anonymous', size, PUBLIC);
  });

  test(`axe: the portal as an enterprise, at ${size.width} px`, async ({ browser }) => {
    await scanAll(browser, 'enterprise', size, [...ENTERPRISE, ...PUBLIC.filter((r) => r.path.startsWith('/policyTopics') || r.path === '/')], enterpriseLogin);
  });

  test(`axe: the console as staff, at ${size.width} px`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await staffLogin(page);
    const details = await staffDetails(page);
    await context.close();
    await scanAll(browser, 'staff', size, [...STAFF, ...details], staffLogin);
  });
}

test.afterAll(() => {
  const perRule = new Map<string, number>();
  for (const f of allFindings) perRule.set(f.rule, (perRule.get(f.rule) ?? 0) + 1);
  const lines = [`axe: ${scanned.views} page views, ${allFindings.length} serious or critical nodes`, ...[...perRule].map(([rule, n]) => `  ${rule}: ${n}`)];
  process.stdout.write(`${lines.join('\n')}\n`);
});
