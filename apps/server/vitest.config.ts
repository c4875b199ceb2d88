import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: more parallel files only queue on the database.
    maxWorkers: 2,
    env: { NODE_ENV: 'test', TZ: 'Asia/Shanghai' },
  },
});
