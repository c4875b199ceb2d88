import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type MigrationDb = NodePgDatabase<typeof schema>;

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
/** Any constant: nodes starting at once queue on it, so the migrations run exactly once. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed migrations, then `afterMigrate` (reference data) under the same lock, so
 * nodes starting at once never race on either.
 */
export async function runMigrations(connectionString: string, afterMigrate?: (db: MigrationDb) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const db = drizzle(client, { schema, casing: 'snake_case' });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    await afterMigrate?.(db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
