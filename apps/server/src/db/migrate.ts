import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ensureDictionaries } from '../services/policy/dictionaries';
import * as schema from './schema/index';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
/** Any constant: nodes starting at once queue on it, so the migrations run exactly once. */
const MIGRATION_LOCK_KEY = 727_001;

export async function runMigrations(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const db = drizzle(client, { schema, casing: 'snake_case' });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    // Reference data every database needs, kept in step with the code under the same lock.
    await ensureDictionaries(db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
