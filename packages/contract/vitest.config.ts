import { defineConfig } from 'vitest/config';

/**
 * The contract's own run: pure rules (flows, check characters, numbers, the calculator's engine,
 * working days), no app and no database, in seconds. China time, as the server's tests, so a rule
 * that reads the day is tested on the day it means.
 */
export default defineConfig({
  test: {
    name: 'contract',
    include: ['test/**/*.test.ts'],
    env: { TZ: 'Asia/Shanghai' },
    // Pure modules and no shared state: one worker's loaded modules serve every file.
    isolate: false,
  },
});
