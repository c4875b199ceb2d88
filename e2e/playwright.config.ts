// The built web app served by the real server on a fresh embedded database, in the system Chromium.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CAPTCHA_ANSWER } from './support/constants';
import { SERVER_LOG } from './support/server-log';

const PORT = Number(process.env.E2E_PORT ?? 8091);
const dataDir = path.resolve(import.meta.dirname, '.out/data');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests',
  // The specs start once the server's start work has settled (tests/start.setup.ts).
  projects: [
    { name: 'start', testMatch: /start\.setup\.ts/ },
    { name: 'chromium', dependencies: ['start'] },
  ],
  outputDir: '.out/results',
  // Upper bounds for a stuck step, not speed claims: CI's two cores are shared with other work.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // A click on something covered fails with its reason within this, instead of using up the test.
    actionTimeout: 20_000,
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // A fresh database every run; one process (node --import tsx) so SIGTERM reaches the server itself.
    // Its log (stdout and stderr, at info) is kept for the run in .out/server.log: tests/zz-logs.spec.ts
    // reads it, and a server that fails to start says why there.
    command: `rm -rf '${dataDir}' && mkdir -p '${path.dirname(SERVER_LOG)}' && exec node --import tsx ../apps/server/src/server.ts > '${SERVER_LOG}' 2>&1`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'ignore',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: '10',
      DEMO: 'true',
      LOGIN_RATE_LIMIT: '1000',
      // Lets a test speak from an address of its own (X-Forwarded-For), as behind a load balancer.
      TRUST_PROXY: 'true',
      // The footer items a government site carries, as a deployment configures them.
      SITE_CODE: '5134230001',
      ICP_RECORD: '蜀ICP备2026012345号-1',
      PSB_RECORD: '川公网安备51342302000123号',
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
