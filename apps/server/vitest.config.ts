import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Tests that start real processes (the server, a second node, a killed postmaster) or send
 * thousands of requests: they run after the fast ones, alone, with timeouts above their own
 * inner deadlines, so a busy machine slows them down without failing them. Listed longest first
 * (on CI: crash 90 s, crash-recovery 45, push-nodes 44, fuzz 39, server 23, two-nodes 18, the rest
 * under 12), the order they start in: the two workers then end together. Vitest's own order on a
 * fresh clone, by file size, started crash.test last but two (the group took 166 s, not 145).
 */
const SLOW = [
  'test/resilience/crash.test.ts',
  'test/db/crash-recovery.test.ts',
  'test/services/push-nodes.test.ts',
  'test/resilience/fuzz.test.ts',
  'test/server.test.ts',
  'test/resilience/two-nodes.test.ts',
  'test/db/embedded-postgres.test.ts',
  'test/db/message-migration.test.ts',
  'test/db/outage.test.ts',
];

/** Vitest's order, but the slow files (a group of their own, run last) in SLOW's order. */
class SlowInListedOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (spec: TestSpecification) => SLOW.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
    const sorted = await super.sort(files);
    const slow = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...sorted.filter((spec) => rank(spec) < 0), ...slow];
  }
}

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    // Two cores: more parallel files only queue on the database.
    maxWorkers: 2,
    sequence: { sequencer: SlowInListedOrder },
    env: { NODE_ENV: 'test', TZ: 'Asia/Shanghai', PASSWORD_HASH_COST: '10' },
    // expect.poll waits for a condition (a notification, a job, a socket); vitest's default second
    // is a speed claim a busy machine breaks.
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/**/*.test.ts'],
          exclude: SLOW,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
          // Each file builds its apps on a database of its own (helpers/app.ts), so files share no
          // rows; what they would share, a worker's loaded modules, keeps only caches of pure results
          // (sanitised HTML) or caches keyed by an app's own pool. Importing the server afresh for
          // every file took longer than most files' tests: the fast files 99 s, not 164.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'server-slow', include: SLOW, testTimeout: 300_000, hookTimeout: 300_000, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
