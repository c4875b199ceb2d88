// The built web app served by the real server on a fresh embedded database, in the system Chromium.
// Two servers, each on its own database: the flows (every spec but the two that walk every page, one
// at a time, in file order) and the accessibility walks (the axe scan, a11y.spec.ts, then 关怀版 on
// every page, care.spec.ts), which run side by side. The two sides take about as long: the run is
// bound by two cores, and a side that ends first leaves one idle. Their own database keeps the
// walks from seeing what the flows write meanwhile (xss.spec.ts's hostile policies).
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CAPTCHA_ANSWER } from './support/constants';
import { RUN_PORT, runOut, SCAN_SERVER_LOG, SERVER_LOG } from './support/server-log';

const PORT = RUN_PORT;
const SCAN_PORT = PORT + 2;
// Chromium's headless shell (Debian's chromium-headless-shell), what Playwright itself runs headless:
// the full browser in headless mode drew its own window chrome, 25 % more CPU for the same flows.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** A server on a fresh database in `.out/<data>-<run port>`, its log (stdout and stderr, at info) in `log`. */
function server(port: number, data: string, log: string) {
  const dataDir = runOut(data);
  return {
    // One process (node --import tsx) so SIGTERM reaches the server itself. A server that fails to
    // start says why in its log: Playwright no longer echoes its stderr.
    command: `rm -rf '${dataDir}' && mkdir -p '${path.dirname(log)}' && exec node --import tsx ../apps/server/src/server.ts > '${log}' 2>&1`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'ignore' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: '10',
      DEMO: 'true',
      LOGIN_RATE_LIMIT: '1000',
      // Lets a test speak from an address of its own (X-Forwarded-For), as behind a load balancer.
      TRUST_PROXY: 'true',
      // Lets a test bring a day on (a visit's start) by moving the server's clock, not the wall's.
      TEST_CLOCK: 'true',
      // The footer items a government site carries, as a deployment configures them.
      SITE_CODE: '5134230001',
      ICP_RECORD: '蜀ICP备2026012345号-1',
      PSB_RECORD: '川公网安备51342302000123号',
    },
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
  };
}

const scanURL = `http://127.0.0.1:${SCAN_PORT}`;
/** The specs that walk every page: the accessibility side. */
const EVERY_PAGE = /(a11y|care)\.spec\.ts/;
const LOGS = /zz-logs\.spec\.ts/;

export default defineConfig({
  testDir: 'tests',
  // Each server's specs start once its start work has settled (tests/start.setup.ts).
  projects: [
    { name: 'start', testMatch: /start\.setup\.ts/ },
    { name: 'chromium', dependencies: ['start'], testIgnore: [EVERY_PAGE, LOGS], workers: 1 },
    { name: 'scan-start', testMatch: /start\.setup\.ts/, use: { baseURL: scanURL } },
    { name: 'a11y', dependencies: ['scan-start'], testMatch: EVERY_PAGE, workers: 1, use: { baseURL: scanURL } },
    // Both servers' logs, once both sides are done.
    { name: 'logs', dependencies: ['chromium', 'a11y'], testMatch: LOGS },
  ],
  outputDir: runOut('results'),
  // Upper bounds for a stuck step, not speed claims: CI's two cores are shared with other work.
  timeout: 120_000,
  // toPass ignores expect's timeout and would retry until the test's: a bound of its own, short. No
  // spec clicks again until something happens: one action, its precondition, and what it did, counted.
  expect: { timeout: 20_000, toPass: { timeout: 10_000 } },
  fullyParallel: false,
  // The flows and the scan side by side; each of them one test at a time (their projects' workers).
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // A click on something covered fails with its reason within this, instead of using up the test.
    actionTimeout: 20_000,
    // The system's 减弱动态效果, which the app honours: no dialog still zooming in under a click on a
    // busy machine (a radio clicked mid-animation once stayed unchecked). care.spec turns it off.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [server(PORT, 'data', SERVER_LOG), server(SCAN_PORT, 'scan-data', SCAN_SERVER_LOG)],
});
