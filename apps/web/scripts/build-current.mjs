// `npm start`'s build of the web app: skipped when dist/ was built from the same sources (a start
// whose build is current took 31–38 s rebuilding and recompressing what had not changed), and never
// written in place: the new build is made beside dist/, the previous build's hashed assets are kept
// in it (a page loaded before the swap still finds its lazy chunks), then it replaces dist/ in two
// renames. A node already serving from this folder sees the old build or the new one, never half.
// Usage: node scripts/build-current.mjs   (from apps/web; `npm run build` stays the plain build)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const root = path.resolve(web, '../..');
const dist = path.join(web, 'dist');
const STAMP = '.build-stamp';

/** What the build reads: the web app's sources and config, the contract, the locked dependencies. */
const INPUTS = [path.join(web, 'src'), path.join(web, 'public'), path.join(web, 'index.html'), path.join(web, 'vite.config.ts'), path.join(web, 'package.json'), path.join(web, 'scripts'), path.join(root, 'packages/contract/src'), path.join(root, 'package-lock.json')];

function* files(entry) {
  if (!fs.existsSync(entry)) return;
  if (!fs.statSync(entry).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    // Tests are not built into the app.
    if (/\.test\.tsx?$/.test(name)) continue;
    yield* files(path.join(entry, name));
  }
}

function sourcesHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** The files the build in dist/ made, by its Vite manifest (none if there is no build). */
function previousBuildFiles() {
  const manifest = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifest)) return [];
  const chunks = Object.values(JSON.parse(fs.readFileSync(manifest, 'utf8')));
  return [...new Set(chunks.flatMap((c) => [c.file, ...(c.css ?? []), ...(c.assets ?? [])]))];
}

const wanted = sourcesHash();
const stampFile = path.join(dist, STAMP);
if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === wanted) {
  process.stdout.write('web app: dist/ is current, not rebuilt\n');
  process.exit(0);
}

const next = `${dist}.next-${process.pid}`;
const old = `${dist}.old-${process.pid}`;
const run = (cmd, args) => execFileSync(cmd, args, { cwd: web, stdio: 'inherit' });
try {
  run('npx', ['vite', 'build', '--outDir', next, '--emptyOutDir']);
  run('node', ['scripts/compress.mjs', next]);
  // The previous build's own files (its manifest's, one generation), for pages still open on it:
  // each hashed name is its content, so nothing of the new build is overwritten.
  for (const file of previousBuildFiles()) {
    for (const copy of [file, `${file}.br`, `${file}.gz`]) {
      const from = path.join(dist, copy);
      const to = path.join(next, copy);
      if (!fs.existsSync(from) || fs.existsSync(to)) continue;
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(from, to);
    }
  }
  fs.writeFileSync(path.join(next, STAMP), wanted);
  if (fs.existsSync(dist)) fs.renameSync(dist, old);
  fs.renameSync(next, dist);
} finally {
  fs.rmSync(next, { recursive: true, force: true });
  fs.rmSync(old, { recursive: true, force: true });
}
