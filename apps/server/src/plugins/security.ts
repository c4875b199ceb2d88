import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers, with a CSP that admits the web app's own inline scripts by hash (the theme is
 * applied before first paint by one). HSTS only on answers to HTTPS requests (directly, or behind
 * a proxy that says so with TRUST_PROXY): on a plain-HTTP intranet address it means nothing.
 */
function helmetOptions(inlineScripts: readonly string[], imageOrigins: readonly string[]): HelmetOptions {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hashes],
        // antd writes its CSS at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The bureau's logo may live on another site (BUREAU_LOGO_URL): its origin only.
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        // The Excel writer zips in a blob: worker.
        workerSrc: ["'self'", 'blob:'],
        // The audio captcha is played from a blob: URL of the fetched WAV.
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Bureaus often serve on a plain-HTTP intranet address: upgrading would break every asset.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  };
}

/**
 * The one list of security headers every answer carries: helmet's, computed once (they depend on
 * nothing but the options). Routed answers get it from this plugin's hook; the answers Fastify and
 * Node make before routing (plugins/errors.ts) send the same list from `app.securityHeaders`.
 */
export function securityHeaders(inlineScripts: readonly string[], imageOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(helmetOptions(inlineScripts, imageOrigins))({} as IncomingMessage, collector, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

declare module 'fastify' {
  interface FastifyInstance {
    securityHeaders: Readonly<Record<string, string>>;
  }
}

export default fp<{ inlineScripts: string[]; imageOrigins?: string[] }>(
  async (app, opts) => {
    const headers = securityHeaders(opts.inlineScripts, opts.imageOrigins);
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security' },
);
