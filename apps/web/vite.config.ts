import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:8080';

/** The staff console's own code: its pages, its shell and its kit (docs/boundaries.md). */
const CONSOLE_CODE = /\/src\/(features\/[^/]+\/console|app\/admin|shared\/console|shared\/editor)\//;

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // The browser needs no validator: build/typebox-browser.ts says why.
      typebox: path.resolve(import.meta.dirname, 'build/typebox-browser.ts'),
    },
  },
  server: {
    proxy: { '/api': api, '/new': api, '/user': api, '/socket.io': { target: api, ws: true } },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // antd's core is one shared chunk; the rest splits by route.
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => (chunk.facadeModuleId && CONSOLE_CODE.test(chunk.facadeModuleId) ? 'assets/console/[name]-[hash].js' : 'assets/[name]-[hash].js'),
        // The login page's frame and captcha in one chunk: pages that use only the frame (the reset
        // links' pages) would otherwise split them, one more request on the login page. The market's
        // address (contract/policy-links.ts: the route table and many pages use it) goes with them,
        // into the chunk every page fetches, rather than into an 80-byte chunk of its own.
        codeSplitting: { groups: [{ name: 'auth', test: /\/features\/auth\/(auth-card|captcha-field)\.tsx$|\/contract\/src\/policy-links\.ts$/ }] },
      },
    },
    // A console page's chunk fetches its own imports when it is opened: the list of them to preload
    // would otherwise sit in the entry every visitor downloads, the login page's included.
    modulePreload: { resolveDependencies: (filename, deps) => (filename.startsWith('assets/console/') ? [] : deps) },
  },
  test: {
    environment: 'jsdom',
    // Each file in a VM context of its own inside two long-lived workers, not a process of its own:
    // the suite took 138 s in forks, 62 s here (each file loaded antd, jsdom and the app afresh, 5 s).
    pool: 'vmForks',
    // The icons' Node entry is their CommonJS build, which require()s an ES module of
    // @ant-design/colors; the VM's require gives it no default export. Their ES build imports it.
    alias: [{ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }],
    globals: true,
    setupFiles: ['test/setup.ts', 'test/msw.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // An upper bound for a stuck test, not a speed claim: a busy 2-core machine is several times slower.
    testTimeout: 120_000,
    // Vitest's default on 2 cores is one worker (cores − 1); jsdom tests are CPU-bound, so two halve the run.
    maxWorkers: 2,
    // The portal's users are in China: dates are read and written in their zone.
    env: { TZ: 'Asia/Shanghai' },
  },
});
