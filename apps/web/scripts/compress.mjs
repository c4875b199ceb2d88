// After `vite build`: a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text
// file of dist over 1 kB, kept only when smaller than the file itself. The server sends them by
// Accept-Encoding (@fastify/static's preCompressed), so nothing is compressed per request.
// Usage: node scripts/compress.mjs [distDir]   (default: the dist beside this script's package)
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));

/** Every file under dir, skipping dot entries (.vite/manifest.json is never served). */
async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes file+ext when smaller than the original; otherwise removes any stale copy. */
async function writeIfSmaller(file, ext, original, compressed) {
  const target = file + ext;
  if (compressed.length < original.length) {
    await fs.writeFile(target, compressed);
    return compressed.length;
  }
  await fs.rm(target, { force: true });
  return 0;
}

async function compress(file) {
  const original = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzip(original, { level: 9 }),
  ]);
  return {
    original: original.length,
    br: await writeIfSmaller(file, '.br', original, br),
    gz: await writeIfSmaller(file, '.gz', original, gz),
  };
}

try {
  await fs.access(path.join(dist, 'index.html'));
} catch {
  console.error(`compress: ${dist} has no index.html; run vite build first`);
  process.exit(1);
}

const started = Date.now();
const files = [];
for await (const file of walk(dist)) {
  if (!EXTENSIONS.has(path.extname(file))) continue;
  const { size } = await fs.stat(file);
  if (size > MIN_BYTES) files.push(file);
}

// A few at a time: zlib's async calls run on libuv's thread pool (4 threads by default).
const results = [];
const queue = [...files];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) results.push(await compress(file));
  }),
);

const total = (key) => results.reduce((n, r) => n + r[key], 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const original = total('original');
console.log(
  `compress: ${results.length} files, ${kb(original)} → brotli ${kb(total('br'))}, gzip ${kb(total('gz'))}` +
    ` (files kept only where smaller) in ${Date.now() - started} ms`,
);
