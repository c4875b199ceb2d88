// The real-time hub (the spec's socket store made real): Socket.IO on the app's HTTP server, one
// room per account, and @socket.io/postgres-adapter so that an emit on any node reaches a browser
// connected to any other, with nothing but PostgreSQL between them (docs/push.md).
//
// The hub only announces: every message is in the inbox before it is announced, and a browser that
// missed an announcement (offline, or PostgreSQL's NOTIFY lost in a reconnect) reads the inbox.
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { OWN_MSG } from '@hqt/contract/messages';
import { HUB_MESSAGE_EVENT, HUB_PATH, type HubMessage } from '@hqt/contract/push';
import type { LoginChange } from '../auth/public';

const roomOf = (accountId: number) => `account:${accountId}`;
/** setTimeout fires at once beyond this (2^31-1 ms, about 24.8 days); a longer token is dropped then and resumed. */
const MAX_TIMER_MS = 2_147_483_647;
/**
 * Rooms per emit: the adapter NOTIFYs payloads under 8000 bytes directly (larger ones go through a
 * table: an insert, and a read on every other node). 400 names of up to ten digits ("account:…",
 * quoted) and the message stay under it.
 */
const ROOMS_PER_EMIT = 400;

export interface Hub {
  announce(accountIds: number[], message: HubMessage): void;
  /** Ends this node's connections whose login has ended (logout, password change, account disabled). */
  dropEndedLogins(): Promise<void>;
  /** Connected sockets on this node (tests and the bench read it). */
  localSockets(): number;
  /** Before the HTTP server closes: open sockets would keep it open. */
  disconnectAll(): void;
  close(): Promise<void>;
}

/**
 * `sessionCheckS`: how often every connection's login is checked again, a safety net for a change
 * this node did not hear (its listener was down): an ended login is normally dropped as it is heard.
 */
export function startHub(app: FastifyInstance, connectionString: string, sessionCheckS: number): Hub {
  // Its own small pool: even a local delivery waits for pg_notify, and a shared busy pool reorders
  // emits. The adapter never listens for errors on its LISTEN client: without this a restarted
  // PostgreSQL would crash the process (the adapter reconnects by itself).
  const pool = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: 5000, query_timeout: 10_000, application_name: 'hqt-hub' });
  const lost = (err: Error) => app.log.warn({ err }, 'hub database connection lost; reconnecting');
  pool.on('error', lost);
  // Nor does it give its LISTEN client back when that connection ends (the database restarted):
  // each outage would keep one of the two slots for good, and emits would then wait in vain for
  // one. Given back here with the error, the pool drops it; the adapter listens on a new one.
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', lost);
    client.once('end', () => {
      if (checkedOut.has(client) && client.listenerCount('notification') > 0) client.release(new Error('LISTEN connection ended'));
    });
  });

  const io = new Server(app.server, {
    path: HUB_PATH,
    serveClient: false,
    // Browsers send nothing but the handshake.
    maxHttpBufferSize: 4096,
    adapter: createAdapter(pool, { errorHandler: (err: Error) => app.log.warn({ err }, 'hub adapter error') }),
  });
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || !token) return next(new Error(OWN_MSG.notLoggedIn));
    app.signIn(token, socket.handshake.address).then(
      (ctx) => {
        socket.data.accountId = ctx.actor.accountId;
        socket.data.sessionId = ctx.actor.sessionId;
        socket.data.exp = ctx.exp;
        next();
      },
      (err: Error) => next(new Error(err.message)),
    );
  });

  io.on('connection', (socket) => {
    void socket.join(roomOf(socket.data.accountId as number));
    // An expired token ends the connection; the browser reconnects with the refreshed one. (The
    // timer stays in this closure: socket.data must stay JSON, other nodes read it.)
    const timer = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, Math.max(0, (socket.data.exp as number) * 1000 - Date.now())));
    socket.on('disconnect', () => clearTimeout(timer));
  });

  /** Ends those of the given connections whose login has ended. */
  const dropEnded = async (sockets: Socket[]) => {
    if (!sockets.length) return;
    const sessionIds = [...new Set(sockets.map((socket) => socket.data.sessionId as string))];
    const { rows } = await app.db.execute<{ id: string }>(sql`
      select s.id from auth_sessions s join accounts a on a.id = s.account_id
      where s.id = any(${sql.param(sessionIds)}::uuid[]) and (s.revoked_at is not null or a.disabled)`);
    const ended = new Set(rows.map((r) => r.id));
    for (const socket of sockets) if (ended.has(socket.data.sessionId as string)) socket.disconnect(true);
  };
  const dropEndedLogins = () => dropEnded([...io.of('/').sockets.values()]);
  const checkFailed = (err: unknown) => app.log.warn({ err }, 'hub session check failed');

  // A login ended on any node (logout, password change or reset, account disabled, a reused refresh
  // token) is named by PostgreSQL (services/auth/logins.ts): the connections it names are checked
  // at once, the changes heard in one turn of the event loop together.
  let heard: LoginChange[] = [];
  const checkHeard = () => {
    const changes = heard;
    heard = [];
    const all = changes.includes('all');
    const sessions = new Set(changes.flatMap((c) => (c !== 'all' && 'sessionId' in c ? [c.sessionId] : [])));
    const accountIds = new Set(changes.flatMap((c) => (c !== 'all' && 'accountId' in c ? [c.accountId] : [])));
    const named = [...io.of('/').sockets.values()].filter((s) => all || sessions.has(s.data.sessionId as string) || accountIds.has(s.data.accountId as number));
    dropEnded(named).catch(checkFailed);
  };
  app.logins.onChange((change) => {
    heard.push(change);
    if (heard.length === 1) setImmediate(checkHeard);
  });
  const sessionCheck = setInterval(() => void dropEndedLogins().catch(checkFailed), Math.min(MAX_TIMER_MS, sessionCheckS * 1000));
  sessionCheck.unref();

  return {
    dropEndedLogins,
    announce(accountIds, message) {
      for (let i = 0; i < accountIds.length; i += ROOMS_PER_EMIT) {
        io.to(accountIds.slice(i, i + ROOMS_PER_EMIT).map(roomOf)).emit(HUB_MESSAGE_EVENT, message);
      }
    },
    localSockets: () => io.of('/').sockets.size,
    // This node's sockets only: io.disconnectSockets would tell every node to drop its browsers.
    disconnectAll: () => void io.local.disconnectSockets(true),
    async close() {
      clearInterval(sessionCheck);
      // Also closes the HTTP server, which Fastify has closed already: that error is expected.
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await pool.end();
    },
  };
}
