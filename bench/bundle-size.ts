// What a first visit to a page downloads: each page is loaded in Chromium with a cold cache from the
// server as `npm start` runs it (bench/first-paint.ts starts it), and every script the browser
// fetches until the page is idle (no request for IDLE_MS) is counted — the entry, its preloads, the
// lazy chunks the router fetches and whatever those import at once. Figures: the gzip size of those
// scripts (the build's .gz copy, or gzip -9 of the file when the build kept none), the goal per page,
// and what the browser actually received (brotli) as the transfer size.
// Builds nothing: run `npm run build` first. Usage: tsx bench/bundle-size.ts [address ...]
// LIST=1 prints each page's scripts; WEB_DIST measures another build than apps/web/dist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { coldPage, launchBrowser, startServer, WEB_DIST } from './first-paint';

/** The goals (kB gzip of every script a cold visit fetches). */
const GOALS: Record<string, number> = { '/login': 180, '/': 250, '/policyMarket/policyMarket': 300 };
const IDLE_MS = 1500;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function gzipSize(file: string): number {
  const full = path.join(WEB_DIST, file);
  if (fs.existsSync(`${full}.gz`)) return fs.statSync(`${full}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
}

interface Visit {
  scripts: { file: string; gzip: number; transfer: number }[];
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const { context, page, cdp } = await coldPage(browser, { throttle: false });
  const scripts = new Map<string, { url: string; transfer: number }>();
  let last = Date.now();
  cdp.on('Network.requestWillBeSent', () => (last = Date.now()));
  cdp.on('Network.responseReceived', (e) => {
    last = Date.now();
    if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, transfer: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    last = Date.now();
    const s = scripts.get(e.requestId);
    if (s) s.transfer = e.encodedDataLength;
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    while (Date.now() - last < IDLE_MS) await new Promise((r) => setTimeout(r, 100));
  } finally {
    await context.close();
  }
  return {
    scripts: [...scripts.values()].map((s) => {
      const file = new URL(s.url).pathname.replace(/^\//, '');
      return { file, gzip: gzipSize(file), transfer: s.transfer };
    }),
  };
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} is not built: run npm run build first`);
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(GOALS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-bundle-size-'));
  const server = await startServer({ port: 8800 + Math.floor(Math.random() * 400), dataDir: path.join(dir, 'data') });
  const browser = await launchBrowser();
  try {
    process.stdout.write('scripts a cold first visit fetches until the page is idle (Chromium), gzip\n');
    for (const address of pages) {
      const { scripts } = await visit(browser, server.base + address);
      const gzip = scripts.reduce((n, s) => n + s.gzip, 0);
      const transfer = scripts.reduce((n, s) => n + s.transfer, 0);
      const goal = GOALS[address];
      const verdict = goal === undefined ? '' : ` (goal ≤ ${goal} kB: ${gzip / 1024 <= goal ? 'within' : 'OVER'})`;
      process.stdout.write(`${address.padEnd(28)} ${kb(gzip)} gzip${verdict}, ${scripts.length} scripts; received ${kb(transfer)} (brotli, with headers)\n`);
      if (process.env.LIST) for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip)) process.stdout.write(`    ${kb(s.gzip).padStart(9)}  ${s.file}\n`);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
