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
/**
 * How long a sign of life may take. A dead connection's query does not fail until the kernel gives
 * up (minutes): past this the listener is taken as lost (nothing held is trusted) and made anew.
 */
const ANSWER_WITHIN_MS = 5_000;

/** The promise's outcome, or a rejection once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export class NotifiedCache<T> {
  private cached: Promise<T> | null = null;
  private listening = false;
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private pending: string[] = [];
  /** Ends the current listener as lost (its reconnect follows). */
  private loseListener: ((err: Error) => void) | null = null;

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
    this.loseListener = lost;
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
      this.heartbeat = setInterval(() => void within(client.query('select 1'), ANSWER_WITHIN_MS).catch((e: Error) => lost(e)), HEARTBEAT_MS);
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
    // A connection that died silently, or one still connecting, may never finish ending.
    await (client && within(client.end(), 1000).catch(() => {}));
  }

  /**
   * Resolves once every notification committed before the call has arrived (PostgreSQL delivers a
   * listening session's notifications before it answers that session's next query). Not listening,
   * nothing is held, so there is nothing to wait for.
   */
  async heard(): Promise<void> {
    const client = this.listener;
    if (!this.listening || !client) return;
    // A listener that does not answer is lost: dropping it drops what is held, which is as good as heard.
    await within(client.query('select 1'), ANSWER_WITHIN_MS).catch((err: Error) => {
      if (this.listener === client) this.loseListener?.(err);
    });
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
