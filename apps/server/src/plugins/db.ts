import fp from 'fastify-plugin';
import type pg from 'pg';
import { createDb, createPool, type Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pgPool: pg.Pool;
  }
}

export default fp<{ connectionString: string }>(
  async (app, opts) => {
    const pool = createPool(opts.connectionString, (err) => app.log.error({ err }, 'idle database client failed'));
    app.decorate('pgPool', pool);
    app.decorate('db', createDb(pool));
    app.addHook('onClose', async () => {
      await pool.end();
    });
  },
  { name: 'db' },
);
