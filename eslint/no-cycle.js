// No import cycles in `files` (import-x/no-cycle, lazy `import()` included): the web app and the
// server (docs/boundaries.md). One piece for both, and for its test (no-cycle.test.js).
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** `alias`: the path aliases the files' imports use (the web's `@/`). */
export function noCycles(files, alias = {}) {
  return {
    files,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], alias })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  };
}
