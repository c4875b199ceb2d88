// `npm run db:seed`: the demo data into the empty database DATABASE_URL names (the app is built
// for the workflow services' part, which goes through the services themselves).
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb, createPool } from '../db/client';
import { isEmpty, seedDemo, seedWorkflowDemo } from '../setup/demo';
import { requireDatabaseUrl } from './database-url';

if (process.env.NODE_ENV === 'production') {
  process.stderr.write('demo data are never created in production\n');
  process.exit(2);
}
const databaseUrl = requireDatabaseUrl();
const pool = createPool(databaseUrl, () => {}, 2);
const db = createDb(pool);
if (await isEmpty(db)) {
  await seedDemo(db);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, databaseUrl, jwtSecret: 'seed' });
  await app.ready();
  await seedWorkflowDemo(app, { uploadsDir: config.uploadsDir, bureau: config.platform.bureau.name });
  await app.close();
  process.stdout.write('demo data created\n');
} else {
  process.stdout.write('database not empty: nothing done\n');
}
await pool.end();
