// Serves the built web app; any other GET that a browser asks for HTML gets index.html (the SPA
// routes itself). API paths that match nothing answer the envelope's 404.
//
// Compression: the web build writes .br and .gz copies beside its text files (apps/web/scripts/
// compress.mjs); @fastify/static's preCompressed sends the best one the client accepts, so nothing
// is compressed per request. Caching: Vite's hashed files under /assets/ never change (a year,
// immutable); everything else, index.html above all, is revalidated on every use (no-cache + ETag),
// so a deploy is never hidden behind a stale shell.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { OWN_MSG } from '@hqt/contract/messages';
import { API_PREFIXES } from './auth';

/** Addresses that are never pages: they answer the envelope's 404 when nothing matches. */
const NOT_PAGES = [...API_PREFIXES, '/socket.io/'];
const COMPRESSED_EXT = ['.br', '.gz'];
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function readInlineScripts(webDist: string): string[] {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return [];
  const html = fs.readFileSync(index, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter(Boolean);
}

/** Absolute paths of the files of dist that have a .br or .gz copy: their responses vary by Accept-Encoding. */
function filesWithEncodings(webDist: string): Set<string> {
  const found = new Set<string>();
  for (const rel of fs.readdirSync(webDist, { recursive: true, encoding: 'utf8' })) {
    const ext = path.extname(rel);
    if (COMPRESSED_EXT.includes(ext)) found.add(path.join(webDist, rel.slice(0, -ext.length)));
  }
  return found;
}

export default fp<{ webDist: string }>(
  async (app, opts) => {
    const webDist = path.resolve(opts.webDist);
    const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
    if (hasWeb) {
      const assetsDir = path.join(webDist, 'assets') + path.sep;
      const varying = filesWithEncodings(webDist);
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The .br/.gz copies are alternate encodings of their file, not pages of their own.
        globIgnore: COMPRESSED_EXT.map((ext) => `**/*${ext}`),
        // @fastify/send would otherwise write its own `Cache-Control: public, max-age=0` into the
        // reply's headers, which are applied after (and so replace) whatever setHeaders wrote.
        cacheControl: false,
        setHeaders(res, filePath) {
          // filePath is the file sent: foo.js.br when the brotli copy was chosen.
          const ext = path.extname(filePath);
          const file = COMPRESSED_EXT.includes(ext) ? filePath.slice(0, -ext.length) : filePath;
          res.setHeader('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
          if (file !== filePath || varying.has(file)) res.setHeader('vary', 'accept-encoding');
        },
      });
    } else {
      app.log.warn({ webDist }, 'web app not built: only the API is served (npm run build)');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0]!;
      const wantsPage = request.method === 'GET' && !NOT_PAGES.some((p) => url.startsWith(p)) && !path.extname(url);
      if (hasWeb && wantsPage) {
        // The shell itself, precompressed when the client accepts it, revalidated on every visit.
        return reply.header('cache-control', REVALIDATE).sendFile('index.html');
      }
      return reply.code(404).send({ code: 404, msg: OWN_MSG.notFound, data: null });
    });
  },
  { name: 'web' },
);
