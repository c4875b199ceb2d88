import { prepareDatabase } from '../setup/database';
import { requireDatabaseUrl } from './database-url';

await prepareDatabase(requireDatabaseUrl());
process.stdout.write('migrations applied\n');
