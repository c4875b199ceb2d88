import path from 'node:path';

/** Where the e2e server's stdout and stderr go for the run (playwright.config.ts; read by tests/zz-logs.spec.ts). */
export const SERVER_LOG = path.resolve(import.meta.dirname, '../.out/server.log');

/** The accessibility scan's server's (a11y.spec.ts runs on a server and database of its own). */
export const SCAN_SERVER_LOG = path.resolve(import.meta.dirname, '../.out/scan-server.log');
