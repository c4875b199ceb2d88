// Data read on nearly every request and changed rarely (dictionaries, the calculator's rules): each
// node keeps one copy in memory and drops it the moment PostgreSQL says it changed (a trigger calls
// pg_notify on `channel`). While the listening connection is down the copy is not trusted: every
// read goes to the database until the listener is back, so no node serves stale data for long.
// A large copy (every enterprise's facts) can instead be patched: with `refresh`, a notification's
// payload (a row's id) is queued, and the next read updates just those rows.
import pg from 'pg';

const RECONNECT_MS = 1000;
/** A listening connection can die silently (a dropped NAT entry): it is asked for a sign of life. */
const HEARTBEAT_MS = 15_000;

export class NotifiedCache<T> {
  private cached: Promise<T> | null = null;
  private listening = false;
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private pending: string[] = [];

  constructor(
    private readonly opts: {
      connectionString: string;
      channel: string;
      load: () => Promise<T>;
      onError: (err: Error) => void;
      /** Applies the payloads of notifications to the copy; absent, every notification drops it. */
      refresh?: (current: T, payloads: string[]) => Promise<T>;
      /** Told every notification's payload as it arrives, whatever is held (to act at once, not at the next read). */
      notified?: (payload: string) => void;
    },
  ) {}

  /** Connects the listener; resolves once it listens (reads before that go to the database). */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.connectionString, keepAlive: true });
    this.listener = client;
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      // Said once per outage, not once per retry.
      if (err && this.listening) this.opts.onError(err);
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.listening = false;
      this.cached = null;
      this.listener = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (!this.closed) this.reconnectTimer = setTimeout(() => void this.start().catch(() => {}), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      this.opts.notified?.(n.payload ?? '');
      // Nothing held, nothing to patch: the next read loads everything anyway.
      if (!this.cached) return;
      if (this.opts.refresh && n.payload) this.pending.push(n.payload);
      else this.invalidate();
    });
    try {
      await client.connect();
      await client.query(`listen ${this.opts.channel}`);
      // A change made while the listener was away is caught here.
      this.invalidate();
      this.listening = true;
      this.heartbeat = setInterval(() => void client.query('select 1').catch((e: Error) => lost(e)), HEARTBEAT_MS);
      this.heartbeat.unref();
    } catch (err) {
      lost(err as Error);
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.listener;
    this.listener = null;
    this.listening = false;
    await client?.end().catch(() => {});
  }

  /**
   * Resolves once every notification committed before the call has arrived (PostgreSQL delivers a
   * listening session's notifications before it answers that session's next query). Not listening,
   * nothing is held, so there is nothing to wait for.
   */
  async heard(): Promise<void> {
    const client = this.listener;
    if (this.listening && client) await client.query('select 1').catch(() => {});
  }

  invalidate(): void {
    this.cached = null;
    this.pending = [];
  }

  async get(): Promise<T> {
    if (!this.listening) return this.opts.load();
    if (!this.cached) {
      this.pending = []; // the load reads them as they are now
      this.cached = this.track(this.opts.load());
    }
    else if (this.pending.length && this.opts.refresh) {
      const payloads = this.pending;
      this.pending = [];
      const refresh = this.opts.refresh;
      this.cached = this.track(this.cached.then((current) => refresh(current, payloads)));
    }
    return this.cached;
  }

  /** A failed load or refresh is not kept: the next read starts again. */
  private track(loading: Promise<T>): Promise<T> {
    const tracked: Promise<T> = loading.catch((err: unknown) => {
      if (this.cached === tracked) this.invalidate(); // a newer load stays
      throw err;
    });
    return tracked;
  }
}
