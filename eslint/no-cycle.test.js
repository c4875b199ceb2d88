// The cycle rule as eslint.config.js applies it reports a circle of imports and nothing else
// (node --test, run by npm test).
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { noCycles } from './no-cycle.js';

const fixtures = path.join(import.meta.dirname, 'fixtures/cycle');
const eslint = new ESLint({
  cwd: fixtures,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, noCycles(['**/*.ts'])],
});

const problems = async (file) => (await eslint.lintFiles([path.join(fixtures, file)]))[0].messages.map((m) => `${m.ruleId}: ${m.line}`);

test('import-x/no-cycle reports both ends of a circle of imports', async () => {
  assert.deepEqual(await problems('visit.ts'), ['import-x/no-cycle: 2']);
  assert.deepEqual(await problems('appeal.ts'), ['import-x/no-cycle: 1']);
});

test('import-x/no-cycle leaves an import of a cycle from outside it alone', async () => {
  assert.deepEqual(await problems('entcode.ts'), []);
  assert.deepEqual(await problems('calendar.ts'), []);
});
