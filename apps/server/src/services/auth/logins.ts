// The live logins this node has checked, held in memory so that a request's guard costs no round
// trip (docs/sessions.md). A trigger names every change that can end a login or change what it may
// reach on `hqt_logins_changed` (drizzle/0014_login_notify.sql): a session ('s<uuid>': logout, a
// reused refresh token, any revocation), an account ('a<id>': password, reset, disabled, lock, role,
// name, an enterprise added, deleted or moved), everything (''). Every node drops what is named the
// moment it hears it (lib/notified-cache.ts); while its listener is down nothing is held and every
// check reads the database.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, authSessions, enterprises } from '../../db/schema/index';
import { NotifiedCache } from '../../lib/notified-cache';

export const LOGINS_CHANNEL = 'hqt_logins_changed';

/** What the guard needs of a live login: its account and that account's enterprises. */
export interface LiveLogin {
  accountId: number;
  username: string;
  name: string;
  roleId: number;
  mustChangePassword: boolean;
  expiresAt: Date;
  enterpriseIds: readonly number[];
}

/** A changed session, a changed account, or everything. */
export type LoginChange = { sessionId: string } | { accountId: number } | 'all';

export function parseLoginChange(payload: string): LoginChange {
  if (payload.startsWith('s')) return { sessionId: payload.slice(1) };
  const accountId = Number(payload.slice(1));
  return payload.startsWith('a') && Number.isInteger(accountId) ? { accountId } : 'all';
}

/** Logins held at most; beyond it the expired ones go, and if none has, all of them. */
const MAX_HELD = 50_000;
/**
 * A held login is read again after this long, whatever was heard: the bound on how long another
 * node can still admit an ended login should its notification be late (a listener that died
 * silently is only found out by its next heartbeat). Normally a notification drops it in milliseconds.
 */
const HELD_MS = 10_000;

type Held = LiveLogin & { heldUntil: number };

export class LiveLogins {
  private readonly cache: NotifiedCache<Map<string, Held>>;
  /** Counts the changes applied: a read that saw one land while it queried keeps its answer to itself. */
  private changes = 0;
  private readonly listeners: ((change: LoginChange) => void)[] = [];

  /** One round trip, prepared once per connection: the login, its account, the account's enterprises. */
  private readonly read;

  constructor(db: Db, connectionString: string, onError: (err: Error) => void) {
    this.read = db
      .select({
        accountId: accounts.id,
        username: accounts.username,
        name: accounts.name,
        roleId: accounts.roleId,
        disabled: accounts.disabled,
        mustChangePassword: accounts.mustChangePassword,
        revokedAt: authSessions.revokedAt,
        expiresAt: authSessions.expiresAt,
        enterpriseIds: sql<number[]>`array(select ${enterprises.id} from ${enterprises} where ${enterprises.accountId} = ${accounts.id} and ${enterprises.deletedAt} is null order by ${enterprises.id})`,
      })
      .from(authSessions)
      .innerJoin(accounts, eq(accounts.id, authSessions.accountId))
      .where(eq(authSessions.id, sql.placeholder('sessionId')))
      .prepare('auth_live_login');
    this.cache = new NotifiedCache({
      connectionString,
      channel: LOGINS_CHANNEL,
      load: () => Promise.resolve(new Map()),
      onError,
      refresh: (held, payloads) => {
        this.drop(held, payloads.map(parseLoginChange));
        return Promise.resolve(held);
      },
      notified: (payload) => {
        const change = parseLoginChange(payload);
        for (const listener of this.listeners) listener(change);
      },
    });
  }

  start = () => this.cache.start();
  stop = () => this.cache.stop();
  /** Resolves once this node has heard every change committed before the call. */
  heard = () => this.cache.heard();

  /** Called on every change this node hears of, as it hears it (the hub ends the sockets of an ended login). */
  onChange(listener: (change: LoginChange) => void): void {
    this.listeners.push(listener);
  }

  /** The session's login if it is alive and belongs to the account the token names; null if not. */
  async find(sessionId: string, accountId: number): Promise<LiveLogin | null> {
    const held = await this.cache.get();
    const hit = held.get(sessionId);
    if (hit) {
      if (hit.heldUntil < Date.now()) held.delete(sessionId);
      else {
        if (hit.expiresAt > new Date() && hit.accountId === accountId) return hit;
        held.delete(sessionId);
        return null;
      }
    }
    const changesBefore = this.changes;
    const [row] = await this.read.execute({ sessionId });
    if (!row || row.accountId !== accountId || row.revokedAt || row.disabled || row.expiresAt <= new Date()) return null;
    const { revokedAt: _r, disabled: _d, ...login } = row;
    // Kept only if no change was heard while it was read (it may predate the change) and the copy is
    // still the one it was read for (a reconnected listener starts a new one).
    if ((await this.cache.get()) === held && this.changes === changesBefore) this.hold(held, sessionId, login);
    return login;
  }

  private hold(held: Map<string, Held>, sessionId: string, login: LiveLogin) {
    if (held.size >= MAX_HELD) {
      const now = new Date();
      for (const [id, l] of held) if (l.expiresAt <= now) held.delete(id);
      if (held.size >= MAX_HELD) held.clear();
    }
    held.set(sessionId, { ...login, heldUntil: Date.now() + HELD_MS });
  }

  /** One pass over what is held for a whole batch of changes (a bulk import names thousands of accounts). */
  private drop(held: Map<string, Held>, changes: LoginChange[]) {
    this.changes++;
    if (changes.includes('all')) return held.clear();
    const accountIds = new Set<number>();
    for (const change of changes) {
      if (change === 'all') continue;
      if ('sessionId' in change) held.delete(change.sessionId);
      else accountIds.add(change.accountId);
    }
    if (accountIds.size) for (const [id, login] of held) if (accountIds.has(login.accountId)) held.delete(id);
  }
}
