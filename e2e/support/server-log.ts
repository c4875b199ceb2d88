import path from 'node:path';

/**
 * A run's own files by its port (E2E_PORT): two runs side by side (two developers' specs) never share
 * a database, a log or results, and none wipes the other's at its start.
 */
export const RUN_PORT = Number(process.env.E2E_PORT ?? 8091);
export const runOut = (name: string) => path.resolve(import.meta.dirname, '../.out', `${name}-${RUN_PORT}`);

/** Where the e2e server's stdout and stderr go for the run (playwright.config.ts; read by tests/zz-logs.spec.ts). */
export const SERVER_LOG = runOut('server.log');

/** The accessibility scan's server's (a11y.spec.ts runs on a server and database of its own). */
export const SCAN_SERVER_LOG = runOut('scan-server.log');
