// The application as a plugin tree: cross-cutting plugins first, then one plugin per service.
// server.ts only reads configuration, starts the database, listens and shuts down.
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import eventsPlugin from './plugins/events';
import clockPlugin from './plugins/clock';
import docsPlugin from './plugins/docs';
import hubPlugin from './plugins/hub';
import jobsPlugin from './plugins/jobs';
import flowTimersPlugin from './plugins/flow-timers';
import mailPlugin from './services/mail/plugin';
import errorsPlugin, { clientErrorHandler, frameworkErrors, safeError } from './plugins/errors';
import inputGuardPlugin from './plugins/input-guard';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import webPlugin, { readInlineScripts } from './plugins/web';
import accountConsoleRoutes from './services/account/console-routes';
import accountRoutes from './services/account/routes';
import auditRoutes from './services/audit/routes';
import authRoutes from './services/auth/routes';
import calendarPlugin from './services/calendar/plugin';
import filesRoutes from './services/files/routes';
import appealRoutes from './services/appeal/routes';
import applyRoutes from './services/apply/routes';
import payoutRoutes from './services/payout/routes';
import entcodeRoutes from './services/entcode/routes';
import qaRoutes from './services/qa/routes';
import { enterpriseRecord } from './compose/enterprise-record';
import visitRoutes from './services/visit/routes';
import dictConsoleRoutes from './services/dict/console-routes';
import dictPlugin from './services/dict/plugin';
import policyConsoleRoutes from './services/policy/console-routes';
import marketPagesPlugin from './services/policy/market-pages';
import policyRoutes from './services/policy/routes';
import sysinfoRoutes from './services/sysinfo/routes';
import calculatorRoutes from './services/calculator/routes';
import messageRoutes from './services/message/routes';
import pushRoutes from './services/push/routes';

export interface AppOptions {
  config: Config;
  databaseUrl: string;
  jwtSecret: string;
  /** The process's logger (server.ts); tests leave it out and get one from config.logLevel. */
  loggerInstance?: FastifyBaseLogger;
}

/** Query values never reach the log: the spec's URL login puts a password in one. */
function redactedUrl(url: string): string {
  const [pathPart, query] = url.split('?');
  if (!query) return url;
  const keys = [...new URLSearchParams(query).keys()];
  return `${pathPart}?${keys.map((k) => `${k}=[redacted]`).join('&')}`;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-upload-claim"]', '*.claim', 'res.headers["set-cookie"]', '*.password', '*.refresh_token', '*.access_token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactedUrl(req.url), ip: req.ip }),
      // A failed query's parameters (password hashes, usernames, credit codes) never reach the log.
      err: safeError,
    },
  };
}

/**
 * The validator's options beside Fastify's defaults (which coerce types). strictNumbers off: ajv's
 * own check skips minimum/maximum for a non-finite number, and its coercion turns the query's or
 * path's "Infinity" into one; with it off the bounds every request number declares
 * (packages/contract, MAX_INT) refuse Infinity, 1e309 and 1E+21.
 */
export const AJV_CUSTOM_OPTIONS = { verbose: true, allErrors: false, keywords: ['errorMessage'], strictNumbers: false };

/**
 * One line a request, when it is answered, not Fastify's two (on arrival and on answer): under the
 * mixed load the log was a fifth of the server's work (docs/resilience.md, Load). The one line
 * carries what both did: the method, the address, who asked, the status, how long it took. Fastify's
 * other per-request lines stay off (they would print the raw address, where redact cannot reach).
 */
class OneLinePerRequest extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(opts: AppOptions) {
  const { config } = opts;
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: loggerOptions(config.logLevel) }),
    // A number of hops: the nearest that many proxies may name the client (proxy-addr counts hops from 0).
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Answers made before routing get the envelope and the security headers too (plugins/errors.ts);
    // a missing Host is refused by plugins/input-guard.ts instead of by Node's bare 400.
    frameworkErrors,
    clientErrorHandler,
    http: { requireHostHeader: false },
    ajv: { customOptions: AJV_CUSTOM_OPTIONS },
    logController: new OneLinePerRequest(),
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errorsPlugin);
  const logo = config.platform.logoUrl;
  await app.register(securityPlugin, { inlineScripts: readInlineScripts(config.webDist), imageOrigins: logo && /^https?:/.test(logo) ? [new URL(logo).origin] : [] });
  await app.register(inputGuardPlugin);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(dbPlugin, { connectionString: opts.databaseUrl });
  await app.register(eventsPlugin);
  await app.register(clockPlugin, { testClock: config.testClock });
  await app.register(authPlugin, { secret: opts.jwtSecret, accessTtlS: config.accessTokenTtlS, connectionString: opts.databaseUrl });
  await app.register(rateLimitPlugin);
  await app.register(docsPlugin);
  await app.register(jobsPlugin, { connectionString: opts.databaseUrl, monitorIntervalS: config.jobs.monitorIntervalS });
  await app.register(flowTimersPlugin);
  await app.register(hubPlugin, { sessionCheckS: config.hub.sessionCheckS });
  await app.register(mailPlugin, { mail: config.mail, platform: config.platform });

  // Before the services that attach files: they register who may read them.
  await app.register(filesRoutes, { uploadsDir: config.uploadsDir });
  await app.register(dictPlugin, { connectionString: opts.databaseUrl });
  await app.register(calendarPlugin, { connectionString: opts.databaseUrl });
  await app.register(authRoutes, { ...config.auth, captchaTestAnswer: config.captchaTestAnswer });
  await app.register(accountRoutes, config.account);
  await app.register(sysinfoRoutes, { platform: config.platform, passwordResetByEmail: app.mail.enabled });
  await app.register(marketPagesPlugin, { connectionString: opts.databaseUrl });
  await app.register(policyRoutes);
  await app.register(accountConsoleRoutes);
  await app.register(dictConsoleRoutes);
  await app.register(auditRoutes);
  await app.register(calculatorRoutes, { connectionString: opts.databaseUrl });
  await app.register(messageRoutes, { connectionString: opts.databaseUrl });
  await app.register(pushRoutes, config.push);
  // 企业诉求 follows up the problems raised on visits: it registers with the visit service.
  await app.register(visitRoutes, { ...config.visit, publicUrl: config.publicUrl });
  await app.register(appealRoutes, config.appeal);
  await app.register(applyRoutes);
  await app.register(payoutRoutes, { bureau: config.platform.bureau.name, uploadsDir: config.uploadsDir });
  // 企业码's staff record shows the enterprise's appeals and visits, composed above the services.
  await app.register(entcodeRoutes, { ...config.entcode, publicUrl: config.publicUrl, bureauPhone: config.platform.bureau.phone, record: enterpriseRecord });
  await app.register(policyConsoleRoutes, { uploadsDir: config.uploadsDir });
  await app.register(qaRoutes, { ...config.qa, connectionString: opts.databaseUrl, bureauPhone: config.platform.bureau.phone });

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
