import path from 'node:path';

/** Where the e2e server's stdout and stderr go for the run (playwright.config.ts; read by tests/zz-logs.spec.ts). */
export const SERVER_LOG = path.resolve(import.meta.dirname, '../.out/server.log');
