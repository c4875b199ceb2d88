// Serves the built web app; any other GET that a browser asks for HTML gets index.html (the SPA
// routes itself). API paths that match nothing answer the envelope's 404.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { OWN_MSG } from '@hqt/contract/messages';

const API_PREFIXES = ['/api/', '/new/', '/user/', '/socket.io/'];

export function readInlineScripts(webDist: string): string[] {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return [];
  const html = fs.readFileSync(index, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter(Boolean);
}

export default fp<{ webDist: string }>(
  async (app, opts) => {
    const hasWeb = fs.existsSync(path.join(opts.webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        wildcard: false,
        index: false,
        setHeaders(res, filePath) {
          // Hashed assets never change; index.html must always be asked again.
          res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn({ webDist: opts.webDist }, 'web app not built: only the API is served (npm run build)');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0]!;
      const wantsPage = request.method === 'GET' && !API_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url);
      if (hasWeb && wantsPage) {
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ code: 404, msg: OWN_MSG.notFound, data: null });
    });
  },
  { name: 'web' },
);
