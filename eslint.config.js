// `npm run lint` (and `npm test`): zero warnings. Type-aware rules (floating promises), React's
// hook rules, the import boundaries of eslint/boundaries.js, and no import cycles in the web app or
// the server (eslint/no-cycle.js, docs/boundaries.md).
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import hqt from './eslint/boundaries.js';
import { noCycles } from './eslint/no-cycle.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'e2e/.out/**', 'var/**', '**/*.d.ts', 'eslint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { hqt },
    rules: {
      'hqt/boundaries': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    // Plugins wire services into Fastify; what a service needs of them (the token signer, the
    // caller's ctx) lives in lib/, which both import (docs/boundaries.md).
    files: ['apps/server/src/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/plugins', '**/plugins/**'], message: 'services do not import plugins/: take what both need from lib/' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // No import cycles, lazy imports included. In the web app: a module list that loads a page which
  // imports the module list back is a cycle (app/site-context.ts says how the app avoids it). In the
  // server: services stand on floors (hqt/boundaries), and no circle runs between or within them.
  noCycles(['apps/web/src/**/*.{ts,tsx}'], { '@': [path.join(import.meta.dirname, 'apps/web/src')] }),
  noCycles(['apps/server/src/**/*.ts']),
  {
    // Plain scripts outside the TypeScript projects.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{js,mjs}'],
    rules: { 'no-console': 'off' },
  },
);
