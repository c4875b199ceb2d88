import { OWN_MSG } from '@hqt/contract/messages';

/** An error whose Chinese message reaches the client as `{ code: status, msg, data }` (data: what the refusal needs shown, e.g. 企业走访's clashing visits; null otherwise). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string = OWN_MSG.badRequest) => new AppError(400, msg);
export const unauthorized = (msg: string) => new AppError(401, msg);
export const forbidden = (msg: string) => new AppError(403, msg);
export const notFound = (msg: string = OWN_MSG.notFound) => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);

/** PostgreSQL's unique_violation, as drizzle wraps it: two writers raced for one unique value. */
export const isUniqueViolation = (err: unknown) => (err as { cause?: { code?: string } })?.cause?.code === '23505' || (err as { code?: string })?.code === '23505';

/**
 * SQLSTATEs of a database that is down or coming back: connection_exception (class 08),
 * admin_shutdown, crash_shutdown, cannot_connect_now (starting up, in crash recovery).
 */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03)$/;
/** Node's socket errors when nothing listens or a connection drops. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own words for a connection that dropped, timed out or was already broken. */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * The database is unreachable (stopped, killed, restarting, network down) rather than refusing
 * this query: drizzle wraps the driver's error, so the causes are looked at too.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
    // pg-pool rejects with an AggregateError when every address of a host refused.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
