import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and each service's own (services/<name>/schema.ts, beside its code).
  schema: ['./src/db/schema/index.ts', './src/services/*/schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
