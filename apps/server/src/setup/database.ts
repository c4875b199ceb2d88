// A database ready for the app: the migrations, then the reference data every database needs
// (dictionaries), under the migration lock; then the job queue's schema and queues. The app layer
// composes this; db/ knows no service.
import { runMigrations } from '../db/migrate';
import { ensureDictionaries } from '../services/dict/public';
import { ensurePushQueues } from '../services/push/public';

export async function prepareDatabase(connectionString: string): Promise<void> {
  await runMigrations(connectionString, ensureDictionaries);
  // pg-boss keeps its own schema and migrates it under its own lock.
  await ensurePushQueues(connectionString);
}
