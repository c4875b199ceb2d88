// The real-time hub (the spec's socket store made real): Socket.IO on the app's HTTP server, one
// room per account, for every role (docs/messages.md). It only tells: every notice is in the
// account's inbox before it is told, and a browser that missed one (offline, or a NOTIFY lost in a
// reconnect) reads the inbox. It emits to this node's sockets only: the message centre hears each
// committed notice on every node (PostgreSQL NOTIFY) and each node tells its own browsers.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import { HUB_PATH } from '@hqt/contract/inbox';
import { OWN_MSG } from '@hqt/contract/messages';
import type { LoginChange } from '../services/auth/public';

const roomOf = (accountId: number) => `account:${accountId}`;
/** setTimeout fires at once beyond this (2^31-1 ms, about 24.8 days); a longer token is dropped then and resumed. */
const MAX_TIMER_MS = 2_147_483_647;

export interface Hub {
  /** Sends `event` to the accounts' browsers connected to this node. */
  emitLocal(accountIds: readonly number[], event: string, payload: unknown): void;
  /** Ends this node's connections whose login has ended (logout, password change, account disabled). */
  dropEndedLogins(): Promise<void>;
  /** Connected sockets on this node (tests and the bench read it). */
  localSockets(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
  }
}

/**
 * `sessionCheckS`: how often every connection's login is checked again, a safety net for a change
 * this node did not hear (its listener was down): an ended login is normally dropped as it is heard.
 */
function startHub(app: FastifyInstance, sessionCheckS: number) {
  const io = new Server(app.server, {
    path: HUB_PATH,
    serveClient: false,
    // Browsers send nothing but the handshake.
    maxHttpBufferSize: 4096,
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

  const hub: Hub = {
    dropEndedLogins,
    emitLocal(accountIds, event, payload) {
      if (accountIds.length) io.local.to(accountIds.map(roomOf)).emit(event, payload);
    },
    localSockets: () => io.of('/').sockets.size,
  };
  return {
    hub,
    // This node's sockets only: open sockets would keep the HTTP server open.
    disconnectAll: () => void io.local.disconnectSockets(true),
    async close() {
      clearInterval(sessionCheck);
      // Also closes the HTTP server, which Fastify has closed already: that error is expected.
      await new Promise<void>((resolve) => void io.close(() => resolve()));
    },
  };
}

export default fp<{ sessionCheckS: number }>(
  async (app, opts) => {
    const { hub, disconnectAll, close } = startHub(app, opts.sessionCheckS);
    app.decorate('hub', hub);
    app.addHook('preClose', async () => disconnectAll());
    app.addHook('onClose', close);
  },
  { name: 'hub', dependencies: ['db', 'auth'] },
);
