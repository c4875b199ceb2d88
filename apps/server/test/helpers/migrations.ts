// A migration's test runs on a database of its own, migrated up to the migration before it and
// holding rows shaped as they were then (raw SQL: the schema's tables have what later migrations
// add), then migrated the rest of the way as a deployment would be.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { runMigrations } from '../../src/db/migrate';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

/** The migrations folder as it was up to `tag`. */
function migrationsUpTo(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

export interface ScratchDatabase {
  pool: pg.Pool;
  db: ReturnType<typeof drizzle>;
  /** Runs every migration after `tag`, as the server's start does. */
  migrateRest(): Promise<void>;
  drop(): Promise<void>;
}

/** A new database migrated up to `tag` (its last migration's tag, e.g. 0015_workflow_steps). */
export async function databaseAt(tag: string): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  const name = `${inject('testDatabasePrefix')}mig_${randomBytes(4).toString('hex')}`;
  await admin.connect();
  await admin.query(`create database ${name} template template0`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzle(pool, { casing: 'snake_case' });
  await migrate(db, { migrationsFolder: migrationsUpTo(tag) });
  return {
    pool,
    db,
    migrateRest: () => runMigrations(url.toString()),
    async drop() {
      await pool.end();
      await admin.query(`drop database if exists ${name}`).catch(() => {});
      await admin.end();
    },
  };
}
