// Reads configuration, starts the database (embedded unless DATABASE_URL; restarted if it dies),
// migrates, seeds demo data on an empty database, listens, and shuts down gracefully on SIGTERM/SIGINT.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp, loggerOptions } from './app';
import { loadConfig } from './config';
import { createDb, createPool } from './db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres';
import { isDatabaseUnavailable } from './lib/errors';
import { prepareDatabase } from './setup/database';
import { isEmpty, seedDemo, seedWorkflowDemo } from './setup/demo';

const EXIT_DATABASE_LOST = 70;
/** Tries to restart a crashed embedded database, RESTART_DELAY_MS × the attempt apart (about 15 s in all). */
const RESTART_ATTEMPTS = 5;
const RESTART_DELAY_MS = 1000;
const SHUTDOWN_TIMEOUT_MS = 20_000;
const DATABASE_NAME = 'huiqitong';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const config = loadConfig();
// Lines are written without waiting for the disk (pino flushes what is left when the process
// exits): a synchronous write per line held the event loop under load.
const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions, pino.destination({ sync: false }));

/** The signing secret: configured, or made once and kept beside the embedded database. */
function jwtSecret(): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

async function ensureDatabase(embedded: EmbeddedPostgres): Promise<string> {
  const client = new pg.Client({ connectionString: embedded.connectionString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (!rowCount) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  return embedded.connectionString(DATABASE_NAME);
}

async function main() {
  let embedded: EmbeddedPostgres | null = null;
  /** A restart of the embedded database in progress: a shutdown waits for it, then stops what it started. */
  let restarting: Promise<void> | null = null;
  let stopping = false;
  let databaseUrl = config.databaseUrl;

  /**
   * Postgres died under the server (killed, out of memory): start it again on the same folder and
   * port, so every pool's connection string stays right; it runs crash recovery and keeps every
   * committed row. Meanwhile queries fail and the routes answer 503 (plugins/errors.ts). If it
   * cannot be started after a few tries, the server exits non-zero for its supervisor.
   */
  const restartOnExit = (instance: EmbeddedPostgres) =>
    instance.onUnexpectedExit((info) => {
      if (stopping) return;
      log.error(info, 'embedded PostgreSQL exited unexpectedly: restarting it');
      const restart = (async () => {
        for (let attempt = 1; attempt <= RESTART_ATTEMPTS && !stopping; attempt++) {
          try {
            // Never a fresh empty cluster in place of the one that died (its folder moved or deleted).
            if (!fs.existsSync(path.join(instance.dataDir, 'PG_VERSION'))) throw new Error(`the PostgreSQL folder ${instance.dataDir} is gone`);
            embedded = await startEmbeddedPostgres({ dataDir: instance.dataDir, port: instance.port, logger: log });
            restartOnExit(embedded);
            log.warn({ attempt }, 'embedded PostgreSQL restarted after a crash');
            return;
          } catch (err) {
            log.error({ err, attempt }, 'embedded PostgreSQL could not be restarted');
            await sleep(RESTART_DELAY_MS * attempt);
          }
        }
        if (stopping) return;
        log.fatal('embedded PostgreSQL could not be restarted: stopping the server');
        process.exit(EXIT_DATABASE_LOST);
      })();
      restarting = restart;
      void restart.finally(() => {
        if (restarting === restart) restarting = null;
      });
    });

  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pg'), logger: log });
    restartOnExit(embedded);
    databaseUrl = await ensureDatabase(embedded);
  }

  // An external database not up yet (boot order, its own restart) is waited for, not given up on.
  for (let attempt = 1; ; attempt++) {
    try {
      await prepareDatabase(databaseUrl);
      break;
    } catch (err) {
      if (embedded || !isDatabaseUnavailable(err)) throw err;
      if (attempt === 1) log.warn({ err }, 'database unreachable: waiting for it');
      await sleep(Math.min(attempt, 5) * 1000);
    }
  }
  let seeded = false;
  if (config.demo) {
    const pool = createPool(databaseUrl, (err) => log.error({ err }, 'seed pool error'), 2);
    const db = createDb(pool);
    if (await isEmpty(db)) {
      await seedDemo(db);
      seeded = true;
    }
    await pool.end();
  }

  const app = await buildApp({ config, databaseUrl, jwtSecret: jwtSecret(), loggerInstance: log });
  if (seeded) {
    // The workflow services' demo goes through the services themselves (their calendar, messages).
    await app.ready();
    await seedWorkflowDemo(app, { uploadsDir: config.uploadsDir, bureau: config.platform.bureau.name });
    log.info('empty database: demo data created');
  }

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close(); // stops accepting, lets requests in flight finish, ends the pool
      await restarting;
      await embedded?.stop();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    log.fatal({ err }, 'cannot listen');
    await embedded?.stop();
    process.exit(1);
  }
}

main().catch((err) => {
  log.fatal({ err }, 'start failed');
  process.exit(1);
});
