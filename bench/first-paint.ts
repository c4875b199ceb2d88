// First contentful paint on a slow phone, measured in Chromium: slow 4G (1.6 Mbps down, 750 kbps
// up, 150 ms latency, CDP Network.emulateNetworkConditions) and a 4× slower CPU
// (Emulation.setCPUThrottlingRate), a cold cache on every load. The server runs as `npm start` runs
// it (the built app, the embedded database with its demo data) on a port and DATA_DIR of its own
// under /tmp. Each page is loaded ROUNDS times (default 5); the median is printed against the goal
// (2.5 s), with the time the app's own frame (the shell or the sign-in page) is in the document.
//
// Baseline in the same run: the same pages served from a copy of the build whose index.html has an
// empty root (no static frame), by the same server restarted on the same data (WEB_DIST).
// Builds nothing: run `npm run build` first. Usage: tsx bench/first-paint.ts [address ...]
// Environment: ROUNDS, CHROMIUM_PATH, WEB_DIST (another build), VERBOSE=1 (each round);
// NO_BASELINE=1 skips the frameless run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { WEB_DIST as BUILT_DIST } from './support';

const SERVER_DIR = path.resolve(import.meta.dirname, '../apps/server');
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** The build measured: apps/web/dist, or WEB_DIST (a build of its own, when others rebuild dist/ meanwhile). */
export const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : BUILT_DIST;
export const PAGES = ['/login', '/', '/policyMarket/policyMarket'];
export const FCP_GOAL_MS = 2500;

/** Slow 4G as the issue measured it: bytes per second for CDP. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
export const CPU_SLOWDOWN = 4;

export interface Server {
  base: string;
  stop: () => Promise<void>;
}

/** `npm start`'s server (tsx src/server.ts in apps/server) on `port`, its data in `dataDir`; resolves once /healthz answers. */
export async function startServer({ port, dataDir, webDist = WEB_DIST }: { port: number; dataDir: string; webDist?: string }): Promise<Server> {
  const log = path.join(dataDir, `server-${port}.log`);
  fs.mkdirSync(dataDir, { recursive: true });
  const out = fs.openSync(log, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): see ${log}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not answer in 180 s: see ${log}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
  return chromium.launch({ executablePath });
}

/** A fresh context (an empty cache, no storage) and its page, with the slow profile applied when asked. */
export async function coldPage(browser: Browser, { throttle, width = 1280 }: { throttle: boolean; width?: number }): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  return { context, page, cdp };
}

/** Records when the app's own frame (the portal's shell, a sign-in page, the console) enters the document. */
const APP_FRAME = '.shell, .auth-page, .console-layout, .ant-layout';
const WATCH_APP_FRAME = `(() => {
  const seen = () => { if (!window.__appFrameAt && document.querySelector(${JSON.stringify(APP_FRAME)})) window.__appFrameAt = performance.now(); };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
})();`;

const READ_FCP = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (entry) resolve(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
})`;

interface Load {
  fcp: number;
  appFrame: number | null;
}

async function measure(browser: Browser, url: string): Promise<Load> {
  const { context, page } = await coldPage(browser, { throttle: true });
  try {
    await page.addInitScript(WATCH_APP_FRAME);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // The paint entries' types are the DOM's, which the benches (typed for Node) do not have: as text.
    const fcp = (await page.evaluate(READ_FCP)) as number;
    const appFrameAt = () => (globalThis as { __appFrameAt?: number }).__appFrameAt ?? null;
    // Not every address has an app frame to wait for (the console's pages): then none is printed.
    await page.waitForFunction(appFrameAt, null, { timeout: 60_000 }).catch(() => null);
    const appFrame = await page.evaluate(appFrameAt);
    return { fcp, appFrame };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function measurePages(base: string, pages: string[], rounds: number): Promise<Map<string, { fcp: number; appFrame: number | null; all: number[] }>> {
  const browser = await launchBrowser();
  const results = new Map<string, { fcp: number; appFrame: number | null; all: number[] }>();
  try {
    // One warm-up load: the server's first answers (its caches, the database's pages) are not the visit's.
    await measure(browser, base + pages[0]);
    for (const address of pages) {
      const loads: Load[] = [];
      // Rounds interleave with nothing else: each load is on a fresh context, one at a time.
      for (let i = 0; i < rounds; i++) {
        const load = await measure(browser, base + address);
        loads.push(load);
        if (process.env.VERBOSE) process.stderr.write(`  ${address} round ${i + 1}: FCP ${secs(load.fcp)}, app's frame ${load.appFrame === null ? '-' : secs(load.appFrame)}\n`);
      }
      const frames = loads.flatMap((l) => (l.appFrame === null ? [] : [l.appFrame]));
      results.set(address, { fcp: median(loads.map((l) => l.fcp)), appFrame: frames.length ? median(frames) : null, all: loads.map((l) => l.fcp) });
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** A copy of the build whose index.html has an empty root: the page as it was before the static frame. */
function framelessCopy(into: string): string {
  const copy = path.join(into, 'dist-frameless');
  fs.cpSync(WEB_DIST, copy, { recursive: true });
  const file = path.join(copy, 'index.html');
  const html = fs.readFileSync(file, 'utf8');
  const bare = html.replace(/<div id="root">[\s\S]*?<!--\/boot-frame-->\s*<\/div>/, '<div id="root"></div>').replace(/<style data-boot-frame>[\s\S]*?<\/style>/, '');
  fs.writeFileSync(file, bare);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bare));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bare, { level: 9 }));
  return bare === html ? '' : copy;
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} is not built: run npm run build first`);
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : PAGES;
  const rounds = Number(process.env.ROUNDS ?? 5);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-first-paint-'));
  const dataDir = path.join(dir, 'data');
  const port = 8300 + Math.floor(Math.random() * 500);
  process.stdout.write(`first contentful paint, slow 4G (1.6 Mbps / 750 kbps, 150 ms) and CPU ÷${CPU_SLOWDOWN}, cold cache, median of ${rounds}\n`);
  try {
    let server = await startServer({ port, dataDir });
    const framed = await measurePages(server.base, pages, rounds).finally(() => server.stop());
    let frameless: Awaited<ReturnType<typeof measurePages>> | null = null;
    const copy = process.env.NO_BASELINE ? '' : framelessCopy(dir);
    if (copy) {
      server = await startServer({ port, dataDir, webDist: copy });
      frameless = await measurePages(server.base, pages, rounds).finally(() => server.stop());
    } else if (!process.env.NO_BASELINE) {
      process.stdout.write('(index.html has no static frame: no frameless baseline)\n');
    }
    for (const address of pages) {
      const r = framed.get(address)!;
      const b = frameless?.get(address);
      const verdict = r.fcp <= FCP_GOAL_MS ? 'within' : 'OVER';
      const line = [
        `${address.padEnd(28)} FCP ${secs(r.fcp)} (${verdict} the ${secs(FCP_GOAL_MS)} goal; rounds ${r.all.map((x) => (x / 1000).toFixed(2)).join(' ')})`,
        r.appFrame === null ? '' : `app's frame ${secs(r.appFrame)}`,
        b ? `| without the static frame: FCP ${secs(b.fcp)}${b.appFrame === null ? '' : `, app's frame ${secs(b.appFrame)}`} (${(b.fcp / r.fcp).toFixed(1)}× later)` : '',
      ];
      process.stdout.write(`${line.filter(Boolean).join('  ')}\n`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
    process.exit(1);
  });
}
