import { defineConfig } from 'vitest/config';

/**
 * Tests that start real processes (the server, a second node, a killed postmaster) or send
 * thousands of requests: they run after the fast ones, alone, with timeouts above their own
 * inner deadlines, so a busy machine slows them down without failing them.
 */
const SLOW = ['test/server.test.ts', 'test/resilience/fuzz.test.ts', 'test/services/push-nodes.test.ts', 'test/db/*.test.ts', 'test/resilience/two-nodes.test.ts', 'test/resilience/crash.test.ts', 'test/resilience/payout-crash.test.ts'];

/** The database-backed projects' cluster (test/helpers/global-setup.ts); the rules need none. */
const DATABASE = ['test/helpers/global-setup.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    // Two cores: more parallel files only queue on the database.
    maxWorkers: 2,
    env: { NODE_ENV: 'test', TZ: 'Asia/Shanghai', PASSWORD_HASH_COST: '10' },
    // expect.poll waits for a condition (a notification, a job, a socket); vitest's default second
    // is a speed claim a busy machine breaks.
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        // Pure rules (no app, no database): seconds, and first.
        extends: true,
        test: { name: 'rules', include: ['test/rules/**/*.test.ts'], sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'server',
          globalSetup: DATABASE,
          include: ['test/**/*.test.ts'],
          exclude: ['test/rules/**', ...SLOW],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
          // Each file builds its apps on a database of its own (helpers/app.ts), so files share no
          // rows; what they would share, a worker's loaded modules, keeps only caches of pure results
          // (sanitised HTML) or caches keyed by an app's own pool. Importing the server afresh for
          // every file took longer than most files' tests: the fast files 99 s, not 164.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'server-slow', globalSetup: DATABASE, include: SLOW, testTimeout: 300_000, hookTimeout: 300_000, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
