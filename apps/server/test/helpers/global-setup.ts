// One embedded PostgreSQL for the whole run; a migrated template database that each test file
// copies (CREATE DATABASE … TEMPLATE), so files never see each other's rows.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../src/setup/database';

export const TEMPLATE_DB = 'hqt_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** Prefix of this run's per-file databases, so the run drops exactly its own. */
    testDatabasePrefix: string;
  }
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/** TEST_DATABASE_URL: a server of your own (its user must be allowed to create databases). */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stop: () => Promise<void>;
  const prefix = `t_${randomBytes(4).toString('hex')}_`;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
    // A server of yours keeps what it is given: take this run's databases away again.
    stop = async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
        for (const { datname } of [...rows, { datname: TEMPLATE_DB }]) await admin.query(`drop database if exists ${datname} with (force)`);
      } finally {
        await admin.end();
      }
    };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-test-pg-'));
    const { startEmbeddedPostgres } = await import('../../src/db/embedded-postgres');
    // The test files' apps side by side (two nodes each in some, every one with its pool, its job
    // queue's and its listeners) passed PostgreSQL's default of 100 connections once on CI.
    const pgServer = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), logger: pino({ level: 'warn' }), settings: { max_connections: '400' } });
    adminUrl = pgServer.connectionString();
    stop = async () => {
      await pgServer.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  await prepareDatabase(withDatabase(adminUrl, TEMPLATE_DB));
  project.provide('pgAdminUrl', adminUrl);
  project.provide('testDatabasePrefix', prefix);
  return async () => {
    await stop();
    // The uploads folders of this run's databases (helpers/app.ts names them after them).
    const uploads = path.join(os.tmpdir(), 'hqt-test-uploads');
    for (const name of fs.existsSync(uploads) ? fs.readdirSync(uploads) : []) {
      if (name.startsWith(prefix)) fs.rmSync(path.join(uploads, name), { recursive: true, force: true });
    }
  };
}
