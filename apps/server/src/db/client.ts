import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;
/** A database or a transaction: query functions take either as their first argument. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export function createPool(connectionString: string, onError: (err: Error) => void, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 });
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
