// What a visit to / costs over the wire, served by the real app (Fastify + @fastify/static) from
// the built apps/web/dist: the first visit (empty cache) with brotli, with gzip only and with no
// compression at all (Accept-Encoding: identity, the baseline), then a second visit with the
// first visit's HTTP cache, kept by the response headers the way a browser keeps it. Figures are
// ratios against the uncompressed first visit measured in the same run.
// Builds nothing: run `npm run build` first. Usage: tsx bench/transfer-size.ts [chunk+chunk [address]]
//   e.g. tsx bench/transfer-size.ts shell-layout+market-page /policyMarket/policyMarket: a first
//   visit to the market (default: shell-layout+home-page /).
//
// Bytes counted: response bodies as received (the compressed bytes when encoded), and separately
// bodies + response headers (status line and header lines as received). Request headers, TCP/TLS
// framing and the API calls the page makes once it runs are not counted.
// The files of a visit: what index.html references (entry script, modulepreloads, stylesheets)
// plus, from Vite's manifest, the lazy chunks of the page's route (shell-layout + home-page for /)
// with their static imports and CSS — the same closure as bench/bundle-size.ts.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { chunkOf, closure, entryKey, readManifest, startBenchDatabase, WEB_DIST } from './support';

const PAGE_CHUNKS = (process.argv[2] ?? 'shell-layout+home-page').split('+');
const ADDRESS = process.argv[3] ?? '/';
const dist = WEB_DIST;
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is not built: run npm run build first`);
const manifest = readManifest(dist);

/** The URLs a first visit to the page fetches after the HTML, in the order a browser meets them. */
function visitUrls(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"]+)"/g)) urls.add(m[1]!);
  const files = closure(manifest, entryKey(manifest));
  for (const part of PAGE_CHUNKS) {
    const key = chunkOf(manifest, part);
    if (!key) throw new Error(`no chunk ${part} in the manifest`);
    closure(manifest, key, files);
  }
  for (const file of files) urls.add(`/${file}`);
  return [...urls];
}

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
  headerBytes: number;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true });

/** One GET as the bytes arrive: node:http does not decode Content-Encoding (fetch would). */
function get(base: string, url: string, headers: Record<string, string>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(url, base), { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) headerBytes += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        resolve({ status: res.statusCode!, headers: res.headers, bodyBytes: body.length, headerBytes, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function decode(res: Response): Buffer {
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(res.body);
    case 'gzip':
      return zlib.gunzipSync(res.body);
    case undefined:
      return res.body;
    default:
      throw new Error(`unexpected content-encoding ${res.headers['content-encoding']}`);
  }
}

interface CacheEntry {
  etag?: string;
  lastModified?: string;
  /** Usable without asking the server (max-age > 0, no no-cache). */
  fresh: boolean;
}

/** What a browser keeps of a 200 (RFC 9111, simplified: no heuristic freshness; the second visit follows at once). */
function cacheEntry(res: Response): CacheEntry | undefined {
  const cc = String(res.headers['cache-control'] ?? '').toLowerCase();
  if (res.status !== 200 || cc.includes('no-store')) return undefined;
  const maxAge = Number(/max-age=(\d+)/.exec(cc)?.[1] ?? 0);
  return {
    etag: res.headers.etag,
    lastModified: res.headers['last-modified'],
    fresh: maxAge > 0 && !cc.includes('no-cache'),
  };
}

interface Visit {
  requests: number;
  bodyBytes: number;
  totalBytes: number;
  encodings: Map<string, number>;
  statuses: Map<number, number>;
}

async function visit(base: string, urls: string[], acceptEncoding: string, cache?: Map<string, CacheEntry>): Promise<{ visit: Visit; cache: Map<string, CacheEntry> }> {
  const kept = new Map<string, CacheEntry>();
  const v: Visit = { requests: 0, bodyBytes: 0, totalBytes: 0, encodings: new Map(), statuses: new Map() };
  for (const url of urls) {
    const cached = cache?.get(url);
    if (cached?.fresh) continue; // from the browser's cache, no request at all
    const headers: Record<string, string> = { 'accept-encoding': acceptEncoding, accept: url === ADDRESS ? 'text/html' : '*/*' };
    if (cached?.etag) headers['if-none-match'] = cached.etag;
    if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;
    const res = await get(base, url, headers);
    if (res.status !== 200 && res.status !== 304) throw new Error(`${url}: ${res.status}`);
    if (res.status === 200) {
      // The server sent the right file, whatever its encoding.
      const file = url === ADDRESS ? 'index.html' : url.slice(1);
      if (!decode(res).equals(fs.readFileSync(path.join(dist, file)))) throw new Error(`${url}: body differs from dist/${file}`);
    }
    v.requests += 1;
    v.bodyBytes += res.bodyBytes;
    v.totalBytes += res.bodyBytes + res.headerBytes;
    const enc = res.status === 304 ? '304' : String(res.headers['content-encoding'] ?? 'identity');
    v.encodings.set(enc, (v.encodings.get(enc) ?? 0) + 1);
    v.statuses.set(res.status, (v.statuses.get(res.status) ?? 0) + 1);
    const entry = res.status === 304 ? cached : cacheEntry(res);
    if (entry) kept.set(url, entry);
  }
  // Whatever was fresh stays in the cache.
  for (const [url, entry] of cache ?? []) if (!kept.has(url)) kept.set(url, entry);
  return { visit: v, cache: kept };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const mix = (m: Map<string | number, number>) => [...m].map(([k, n]) => `${n}×${k}`).join(' ');

const { url, stop } = await startBenchDatabase();
try {
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: dist }), databaseUrl: url, jwtSecret: 'bench' });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const urls = [ADDRESS, ...visitUrls()];
    process.stdout.write(`a visit to ${ADDRESS}: ${urls.length} requests (index.html + ${urls.length - 1} files of the entry, ${PAGE_CHUNKS.join(' and ')})\n`);

    const identity = (await visit(base, urls, 'identity')).visit;
    const gzip = (await visit(base, urls, 'gzip')).visit;
    const first = await visit(base, urls, 'br, gzip');
    const second = (await visit(base, urls, 'br, gzip', first.cache)).visit;

    const line = (name: string, v: Visit) => {
      const ratio = (v.bodyBytes / identity.bodyBytes).toFixed(3);
      const ratioTotal = (v.totalBytes / identity.totalBytes).toFixed(3);
      process.stdout.write(
        `${name.padEnd(40)} ${String(v.requests).padStart(3)} req  bodies ${kb(v.bodyBytes).padStart(10)} (${ratio}×)  +headers ${kb(v.totalBytes).padStart(10)} (${ratioTotal}×)  [${mix(v.encodings)}]\n`,
      );
    };
    line('first visit, identity (baseline)', identity);
    line('first visit, gzip', gzip);
    line('first visit, br, gzip', first.visit);
    line('second visit, br, gzip (warm cache)', second);
    process.stdout.write(
      `first visit compressed / uncompressed: ${(first.visit.bodyBytes / identity.bodyBytes).toFixed(3)}× of the bytes (${(identity.bodyBytes / first.visit.bodyBytes).toFixed(1)}× smaller); ` +
        `second visit / uncompressed first visit: ${(second.totalBytes / identity.totalBytes).toFixed(4)}× with headers (${second.requests} request${second.requests === 1 ? '' : 's'}: ${mix(second.statuses)})\n`,
    );
  } finally {
    agent.destroy();
    await app.close();
  }
} finally {
  await stop();
}
