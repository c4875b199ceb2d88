import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * Security headers, with a CSP that admits the web app's own inline scripts by hash (the theme is
 * applied before first paint by one), and per-route rate limits (routes opt in via config.rateLimit).
 */
export default fp<{ inlineScripts: string[] }>(
  async (app, opts) => {
    const hashes = opts.inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...hashes],
          // antd writes its CSS at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // The Excel writer zips in a blob: worker.
          workerSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          // Bureaus often serve on a plain-HTTP intranet address: upgrading would break every asset.
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(rateLimit, { global: false });
  },
  { name: 'security' },
);
