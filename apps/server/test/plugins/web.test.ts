// The built web app as a browser gets it: precompressed copies by Accept-Encoding, hashed assets
// cached for a year, the shell (index.html, also the SPA fallback of page routes) revalidated on
// every visit, and unknown API paths still the envelope's 404. Runs on a tiny fake dist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { createTestApp } from '../helpers/app';

const ASSET = '/assets/app-abc123.js';
// Over 1 kB and repetitive, as a real build's files: the compressed copies are much smaller.
const html = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>惠企通</title><script type="module" src="${ASSET}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const js = `export const app = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;

let dir: string;
let app: App;
const files: Record<string, { raw: Buffer; br: Buffer; gz: Buffer }> = {};

function writeWithCopies(rel: string, text: string) {
  const raw = Buffer.from(text);
  const br = zlib.brotliCompressSync(raw);
  const gz = zlib.gzipSync(raw, { level: 9 });
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, raw);
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files[rel] = { raw, br, gz };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-web-'));
  writeWithCopies('index.html', html);
  writeWithCopies(ASSET.slice(1), js);
  app = await createTestApp({ WEB_DIST: dir });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('a hashed asset', () => {
  const asset = () => files[ASSET.slice(1)]!;

  it('is sent as its brotli copy to a client that accepts br', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.equals(asset().br)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(asset().br.length);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('is sent brotli to a browser that accepts both, gzip to one that accepts only gzip', async () => {
    const browser = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    const res = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.equals(asset().gz)).toBe(true);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('is sent as is without Accept-Encoding (or with identity only)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(ASSET, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(asset().raw)).toBe(true);
      // The same URL has other encodings: a shared cache must key on Accept-Encoding.
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('is cached for a year and never revalidated, whatever its encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get(ASSET, { 'accept-encoding': encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has no URL of its own for its compressed copies', async () => {
    const res = await get(`${ASSET}.br`);
    expect(res.statusCode).toBe(404);
  });
});

describe('the shell', () => {
  const index = () => files['index.html']!;

  for (const url of ['/', '/policyMarket/policyMarket']) {
    it(`${url}: index.html, precompressed, revalidated on every visit`, async () => {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.equals(index().br)).toBe(true);
      expect(br.headers['cache-control']).toMatch(/no-cache|no-store/);
      expect(br.headers['cache-control']).not.toMatch(/max-age=[1-9]|immutable/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);

      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.rawPayload.equals(index().gz)).toBe(true);
      expect(gz.headers['cache-control']).toMatch(/no-cache|no-store/);

      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toMatch(/^text\/html/);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
      expect(plain.headers['cache-control']).toMatch(/no-cache|no-store/);
    });
  }

  it('answers a revalidation that finds it unchanged with 304', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toMatch(/no-cache|no-store/);
  });
});

it('an unknown API path still answers the envelope 404', async () => {
  for (const url of ['/api/v1/no/such/thing', '/api/no-such.js']) {
    const res = await get(url, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: OWN_MSG.notFound, data: null });
  }
});
