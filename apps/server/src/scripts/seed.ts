import { createDb, createPool } from '../db/client';
import { isEmpty, seedDemo } from '../setup/demo';
import { requireDatabaseUrl } from './database-url';

if (process.env.NODE_ENV === 'production') {
  process.stderr.write('demo data are never created in production\n');
  process.exit(2);
}
const pool = createPool(requireDatabaseUrl(), () => {}, 2);
const db = createDb(pool);
if (await isEmpty(db)) {
  await seedDemo(db);
  process.stdout.write('demo data created\n');
} else {
  process.stdout.write('database not empty: nothing done\n');
}
await pool.end();
