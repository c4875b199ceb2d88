import { runMigrations } from '../db/migrate';
import { requireDatabaseUrl } from './database-url';

await runMigrations(requireDatabaseUrl());
process.stdout.write('migrations applied\n');
