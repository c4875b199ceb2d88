import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;
/** A database or a transaction: query functions take either as their first argument. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * drizzle-orm's pooled `transaction()` (0.45, node-postgres/session.js; drizzle-orm issues 6023,
 * 6241, 6341, open) checks a client out and sends BEGIN before the `try` whose `finally` releases
 * it: a BEGIN that fails because the connection died (the database killed or restarted) leaks the
 * client for good, and the pool's `end()` then waits for it forever (a SIGTERM after a database
 * crash timed out instead of exiting 0). And a ROLLBACK that fails on a dead connection gives the
 * client back as healthy. Here a failed BEGIN or ROLLBACK releases the client with its error (the
 * pool destroys it), and drizzle's own `release()` after that does nothing.
 */
const guarded = new WeakSet<pg.PoolClient>();
const OPENS_OR_ENDS = /^\s*(begin|rollback)\b/i;
function releaseOnFailedBeginOrRollback(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    release(err);
  };
  if (!guarded.has(client)) {
    guarded.add(client);
    // The class's own query, looked up at each call (not bound once): what wraps it there, as a test
    // counting a request's statements does, sees this client's statements too.
    const query = (...args: unknown[]) => (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args);
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      // Of this checkout: `client.release` is set anew by the pool, then wrapped above, on each one.
      if (result instanceof Promise && text && OPENS_OR_ENDS.test(text)) result.catch((err: Error) => client.release(err));
      return result;
    }) as typeof client.query;
  }
  return client;
}

class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    // The callback form is the pool's own (`pool.query`); drizzle's transaction takes the promise.
    if (callback) return super.connect(callback);
    return super.connect().then(releaseOnFailedBeginOrRollback);
  }
}

export function createPool(connectionString: string, onError: (err: Error) => void, max = 10): pg.Pool {
  const pool = new Pool({ connectionString, max, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 });
  // An idle client's error (a restarted or killed backend) would otherwise crash the process.
  pool.on('error', onError);
  // So would a checked-out one's (in a transaction when the database goes): its query fails with
  // the error instead, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema, casing: 'snake_case' });
}
