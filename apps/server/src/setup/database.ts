// A database ready for the app: the migrations, then the reference data every database needs
// (dictionaries), under the migration lock. The app layer composes this; db/ knows no service.
import { runMigrations } from '../db/migrate';
import { ensureDictionaries } from '../services/dict/public';

export const prepareDatabase = (connectionString: string) => runMigrations(connectionString, ensureDictionaries);
