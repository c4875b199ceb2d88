// What a first visit to a page downloads, gzipped: the entry of index.html, its static imports,
// and the lazy chunk of that page's route with its own static imports (read off Vite's manifest).
// Usage: tsx bundle-size.ts [chunk+chunk ...]   e.g. shell-layout+home-page: a first visit to /
// fetches the entry, the shell and the page (default: login-page shell-layout+home-page).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chunkOf, closure, entryKey, readManifest, WEB_DIST } from './support';

const dist = WEB_DIST;
const manifest = readManifest(dist);
const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const entryFiles = closure(manifest, entryKey(manifest));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const sum = (files: Iterable<string>, ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzip(f), 0);

const entryJs = sum(entryFiles, '.js');
process.stdout.write(`shell entry (every page): ${kb(entryJs)} JS gzip, ${kb(sum(entryFiles, '.css'))} CSS gzip\n`);
for (const page of process.argv.slice(2).length ? process.argv.slice(2) : ['login-page', 'shell-layout+home-page', 'shell-layout+market-page']) {
  const keys = page.split('+').map((part) => chunkOf(manifest, part));
  if (keys.some((k) => !k)) {
    process.stdout.write(`${page}: no chunk found\n`);
    continue;
  }
  const files = new Set(entryFiles);
  for (const key of keys) closure(manifest, key!, files);
  const js = sum(files, '.js');
  process.stdout.write(`first visit to ${page}: ${kb(js)} JS gzip (${[...files].filter((f) => f.endsWith('.js')).length} files; ratio to entry alone ${(js / entryJs).toFixed(2)}×)\n`);
}
