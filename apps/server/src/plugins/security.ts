import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers, with a CSP that admits the web app's own inline scripts by hash (the theme is
 * applied before first paint by one). HSTS only on answers to HTTPS requests (directly, or behind
 * a proxy that says so with TRUST_PROXY): on a plain-HTTP intranet address it means nothing.
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
      strictTransportSecurity: false,
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security' },
);
