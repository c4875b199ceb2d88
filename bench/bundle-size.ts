// What a first visit to a page downloads, gzipped: the entry of index.html, its static imports,
// and the lazy chunk of that page's route with its own static imports (read off Vite's manifest).
// Usage: tsx bundle-size.ts [chunk+chunk ...]   e.g. shell-layout+home-page: a first visit to /
// fetches the entry, the shell and the page (default: login-page shell-layout+home-page).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest: Record<string, Chunk> = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/** Every file a chunk pulls in before it runs: itself, its static imports (recursively), their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('no entry in the manifest: build with build.manifest = true');
const entryFiles = closure(entryKey);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const sum = (files: Iterable<string>, ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzip(f), 0);

const entryJs = sum(entryFiles, '.js');
process.stdout.write(`shell entry (every page): ${kb(entryJs)} JS gzip, ${kb(sum(entryFiles, '.css'))} CSS gzip\n`);
for (const page of process.argv.slice(2).length ? process.argv.slice(2) : ['login-page', 'shell-layout+home-page', 'shell-layout+market-page']) {
  // By file name: 'home-page' is the portal's, not admin-home-page.
  const keys = page.split('+').map((part) => Object.keys(manifest).find((k) => k.endsWith(`/${part}.tsx`) || k.endsWith(`/${part}.ts`)));
  if (keys.some((k) => !k)) {
    process.stdout.write(`${page}: no chunk found\n`);
    continue;
  }
  const files = new Set(entryFiles);
  for (const key of keys) closure(key!, files);
  const js = sum(files, '.js');
  process.stdout.write(`first visit to ${page}: ${kb(js)} JS gzip (${[...files].filter((f) => f.endsWith('.js')).length} files; ratio to entry alone ${(js / entryJs).toFixed(2)}×)\n`);
}
