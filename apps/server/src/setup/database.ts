// A database ready for the app: the migrations, then the reference data every database needs
// (dictionaries), under the migration lock; then the job queue's schema. The app layer
// composes this; db/ knows no service.
import { runMigrations } from '../db/migrate';
import { ensureDictionaries } from '../services/dict/public';
import { ensureJobSchema } from '../plugins/jobs';

export async function prepareDatabase(connectionString: string): Promise<void> {
  await runMigrations(connectionString, ensureDictionaries);
  // pg-boss keeps its own schema and migrates it under its own lock; the services' queues are
  // created by each node as it starts (plugins/jobs.ts).
  await ensureJobSchema(connectionString);
}
