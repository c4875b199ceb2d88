// One place turns every failure into the envelope: { code: status, msg: Chinese, data: null },
// including the answers Fastify's router and Node's HTTP parser make before any route runs; and
// the one shape an error takes in the log, which never carries a query's parameters.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { AppError, isDatabaseUnavailable } from '../lib/errors';

// ---- errors in the log -------------------------------------------------------------------------

/**
 * Fields of an error (PostgreSQL's included) that name things, never values. PostgreSQL's `detail`
 * ("Key (username)=(…)", "Failing row contains (…)"), `where` ("unnamed portal parameter $1 = '…'"),
 * `hint` and `internalQuery` can quote a row or a bound parameter, so they are left out.
 */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint', 'position'] as const;
/** Parameters shorter than this cannot be a secret; scrubbing them would only garble PostgreSQL's words. */
const MIN_SCRUBBED_LENGTH = 3;
const MAX_CAUSES = 5;

function paramTexts(value: unknown, into: string[], depth = 0): void {
  if (value === null || value === undefined || depth > 3) return;
  const text =
    typeof value === 'string'
      ? value
      : value instanceof Date
        ? (Number.isNaN(value.getTime()) ? '' : value.toISOString())
        : Buffer.isBuffer(value)
          ? value.toString('utf8')
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
  if (text && text.length >= MIN_SCRUBBED_LENGTH) into.push(text);
  if (Array.isArray(value)) for (const item of value) paramTexts(item, into, depth + 1);
}

/** An error as it is logged. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

function safeErrorOf(err: Error, inherited: readonly string[], depth: number): LoggedError {
  const e = err as Error & Record<string, unknown>;
  // drizzle's DrizzleQueryError: its message is "Failed query: <sql>\nparams: <every value>".
  const isQueryError = typeof e.query === 'string' && 'params' in e;
  const secrets = [...inherited];
  if (isQueryError && Array.isArray(e.params)) for (const p of e.params) paramTexts(p, secrets);
  secrets.sort((a, b) => b.length - a.length);
  const scrub = (text: string) => secrets.reduce((t, secret) => t.split(secret).join('[redacted]'), text);

  const type = (typeof e.constructor === 'function' && e.constructor.name) || e.name || 'Error';
  const message = isQueryError ? `Failed query: ${e.query as string}` : scrub(String(e.message));
  // The stack's first line repeats the raw message: only its frames are kept.
  const frames = String(e.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line));
  const out: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (isQueryError) out.query = e.query;
  for (const key of SAFE_FIELDS) {
    const v = e[key];
    if (typeof v === 'string') out[key] = scrub(v);
    else if (typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  if (e.cause instanceof Error && depth < MAX_CAUSES) out.cause = safeErrorOf(e.cause, secrets, depth + 1);
  return out;
}

/**
 * An error as the log may hold it: type, message, stack frames, the SQL text of a failed query, the
 * PostgreSQL code and message, the causes. Never a query's parameters (nor any text of theirs that
 * PostgreSQL quotes in its message), nor PostgreSQL's detail, where or hint, nor a raw packet. The
 * pino `serializers.err` (app.ts) and this plugin's own log line both go through it.
 */
export function safeError(err: Error): LoggedError;
export function safeError(err: unknown): unknown;
export function safeError(err: unknown): unknown {
  return err instanceof Error ? safeErrorOf(err, [], 0) : err;
}

/** What a 503 asks the client to wait: a crash recovery of the embedded database takes about a second. */
const RETRY_AFTER_S = 2;

// ---- answers made before routing ---------------------------------------------------------------

function preRoutingMessage(status: number): string {
  switch (status) {
    case 404:
      return OWN_MSG.notFound;
    case 408:
      return OWN_MSG.requestTimeout;
    case 414:
      return OWN_MSG.uriTooLong;
    case 431:
      return OWN_MSG.headersTooLarge;
    default:
      return status >= 500 ? OWN_MSG.serverError : OWN_MSG.badRequest;
  }
}

const envelopeText = (status: number) => JSON.stringify({ code: status, msg: preRoutingMessage(status), data: null });

/**
 * Fastify's `frameworkErrors` (app.ts): the router's refusals, made before any route or hook runs —
 * a malformed URL such as `%c0%ae` (400) and a path parameter longer than maxParamLength (414).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 400;
  void reply
    .code(status)
    .headers(request.server.securityHeaders ?? {})
    .type('application/json; charset=utf-8')
    .send(envelopeText(status));
}

const rawAnswer = (status: number, headers: Readonly<Record<string, string>>) => {
  const body = envelopeText(status);
  const lines = Object.entries({
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
};

/**
 * Fastify's `clientErrorHandler` (app.ts), bound to the app: what Node's HTTP parser refuses — a
 * request line or headers past maxHeaderSize (431; a URL of more than 16 KB is one), a malformed
 * request (400), a request too slow to arrive (408). Written to the socket, as no request exists.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  this.log.debug({ err: safeError(err) }, 'client error');
  // As Node does: no answer into the middle of one already being sent on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(rawAnswer(status, this.securityHeaders ?? {}));
  socket.destroy(err);
}

interface SchemaWithLabel {
  title?: string;
  errorMessage?: string;
  properties?: Record<string, SchemaWithLabel>;
}

/** Chinese text for one ajv error, from the schema's `errorMessage` or its `title`. */
export function describeValidationError(e: FastifySchemaValidationError & { parentSchema?: SchemaWithLabel }): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required') {
    const missing = String(params.missingProperty ?? '');
    const label = e.parentSchema?.properties?.[missing]?.title;
    return label ? `请填写${label}` : MSG.required;
  }
  const schema = e.parentSchema ?? {};
  if (schema.errorMessage) return schema.errorMessage;
  const label = schema.title ?? '参数';
  switch (e.keyword) {
    case 'maxLength':
      return `${label}不能超过${params.limit}个字符`;
    case 'minLength':
      return params.limit === 1 ? `请填写${label}` : `${label}不能少于${params.limit}个字符`;
    case 'minimum':
      return `${label}不能小于${params.limit}`;
    case 'maximum':
      return `${label}不能大于${params.limit}`;
    case 'maxItems':
      return `${label}最多${params.limit}项`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `${label}的取值无效`;
    default:
      return `${label}格式不正确`;
  }
}

export default fp(
  async (app) => {
    app.setSchemaErrorFormatter((errors) => {
      const err = new AppError(400, describeValidationError(errors[0]!));
      return err;
    });

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return reply.code(error.status).send({ code: error.status, msg: error.message, data: error.data });
      }
      if (isDatabaseUnavailable(error)) {
        // The database is restarting (server.ts brings the embedded one back) or unreachable: the
        // client may try again shortly.
        request.log.warn({ err: safeError(error) }, 'database unavailable');
        return reply.code(503).header('retry-after', String(RETRY_AFTER_S)).send({ code: 503, msg: OWN_MSG.databaseUnavailable, data: null });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.code(429).send({ code: 429, msg: OWN_MSG.tooManyRequests, data: null });
      }
      if (status >= 400 && status < 500) {
        // Framework errors (malformed JSON, wrong content type, body too large) get a generic message.
        const msg = status === 403 ? MSG.forbidden : status === 404 ? OWN_MSG.notFound : OWN_MSG.badRequest;
        return reply.code(status).send({ code: status, msg, data: null });
      }
      request.log.error({ err: safeError(error) }, 'unhandled error');
      return reply.code(500).send({ code: 500, msg: OWN_MSG.serverError, data: null });
    });

    // Node answers an `Expect` it does not know (anything but 100-continue) with a bare 417 of its
    // own unless someone listens.
    app.server.on('checkExpectation', (_req, res) => {
      const body = envelopeText(417);
      res.writeHead(417, { ...app.securityHeaders, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
      res.end(body);
    });
  },
  { name: 'errors' },
);
