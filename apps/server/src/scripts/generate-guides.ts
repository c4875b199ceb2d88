// DATABASE_URL=… npm run generate-guides -w @hqt/server -- 10000
import { createDb, createPool } from '../db/client';
import { generateGuides } from '../services/policy/synthetic';
import { requireDatabaseUrl } from './database-url';

const n = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(n) || n <= 0) {
  process.stderr.write('usage: generate-guides <count>\n');
  process.exit(2);
}
const pool = createPool(requireDatabaseUrl(), () => {}, 2);
const started = Date.now();
await generateGuides(createDb(pool), n);
await pool.end();
process.stdout.write(`${n} guides generated in ${Date.now() - started} ms\n`);
