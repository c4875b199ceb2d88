// `npm test`: every test runner (type check, lint, server, web, browser), then one line
// "N passed, N failed" over all of them. Exits non-zero if anything failed.
//
// The run is bound by two cores' CPU: steps side by side only help where one leaves a core idle.
// The server's tests do (a fifth of the time: they wait on restarts, heartbeats, mail and the clock),
// so the type check, the linter and the web app's build run beside them, filling that time (the
// first group: 332 s, against 103 + 270 s one after the other). The web tests and the browser step
// keep both cores busy and run alone (the web tests beside the server's: 430 s for the group, against
// 332 + 62 s; every step at once: 17 min, with four tests past their time limits). Within the
// browser step the accessibility walks run beside the flows (playwright.config.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Steps in turn; the steps of an inner list run side by side. */
const steps = [
  [
    { name: 'typecheck', cmd: 'npx', args: ['tsc', '-b'] },
    { name: 'lint', cmd: 'npx', args: ['eslint', '--max-warnings=0', '.'] },
    { name: 'lint rules', cmd: 'node', args: ['--test', '--test-reporter=tap', 'eslint/*.test.js'], tap: true },
    // Pure rules (flows as tables, check characters, the calculator engine, working days): seconds.
    { name: 'contract', cmd: 'npx', args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=../../.tmp/vitest-contract.json'], cwd: 'packages/contract', json: '.tmp/vitest-contract.json' },
    // The browser step's app.
    { name: 'build', cmd: 'npm', args: ['run', 'build', '-w', '@hqt/web'] },
    { name: 'server', cmd: 'npx', args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=../../.tmp/vitest-server.json'], cwd: 'apps/server', json: '.tmp/vitest-server.json' },
  ],
  { name: 'web', cmd: 'npx', args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=../../.tmp/vitest-web.json'], cwd: 'apps/web', json: '.tmp/vitest-web.json' },
  { name: 'e2e', cmd: 'npx', args: ['playwright', 'test'], cwd: 'e2e', json: '.tmp/playwright.json' },
];

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });

/**
 * Runs a step; a TAP step's output is also kept, to read its counts. A step beside others (`held`)
 * keeps its stdout and stderr and prints them when it ends, so their lines do not interleave.
 */
function run({ cmd, args, cwd, tap }, held) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: path.join(root, cwd ?? '.'), stdio: held ? ['ignore', 'pipe', 'pipe'] : tap ? ['ignore', 'pipe', 'inherit'] : 'inherit', env: process.env });
    let output = '';
    let printed = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (held) printed += chunk;
      else process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk) => (printed += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output, printed }));
  });
}

/** Counts from node --test's TAP summary. */
function tapCounts(output) {
  const pass = output.match(/^# pass (\d+)$/m);
  const fail = output.match(/^# fail (\d+)$/m);
  return pass && fail ? { passed: Number(pass[1]), failed: Number(fail[1]) } : null;
}

/** Counts from a vitest or Playwright JSON report. */
function counts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    if ('numPassedTests' in report) return { passed: report.numPassedTests, failed: report.numFailedTests };
    if (report.stats) return { passed: report.stats.expected + (report.stats.flaky ?? 0), failed: report.stats.unexpected };
  } catch {
    // no report: the runner did not get as far as writing one
  }
  return null;
}

let passed = 0;
let failed = 0;
let broken = false;

/** Adds a finished step's counts to the run's. */
function tally(step, { code, output }) {
  const c = step.json ? counts(step.json) : step.tap ? tapCounts(output) : null;
  if (c) {
    passed += c.passed;
    // A runner that fails with every test passing (an unhandled error) still failed once.
    failed += c.failed || (code === 0 ? 0 : 1);
  } else if (step.json || step.tap) {
    // A runner that died before reporting counts as one failure.
    failed += code === 0 ? 0 : 1;
  } else if (code !== 0) {
    // A step without tests (type check, build) that fails counts as one failure.
    failed += 1;
  }
  if (code !== 0) {
    broken = true;
    process.stdout.write(`\n${step.name} failed (exit ${code})\n`);
  }
}

for (const group of steps) {
  const together = Array.isArray(group) ? group : [group];
  const held = together.length > 1;
  await Promise.all(
    together.map(async (step) => {
      if (step.json) fs.rmSync(path.join(root, step.json), { force: true });
      if (!held) process.stdout.write(`\n=== ${step.name} ===\n`);
      const started = Date.now();
      const result = await run(step, held);
      if (held) process.stdout.write(`\n=== ${step.name} ===\n${result.printed}`);
      process.stdout.write(`\n--- ${step.name}: ${Math.round((Date.now() - started) / 1000)} s\n`);
      tally(step, result);
    }),
  );
}
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(broken || failed > 0 ? 1 : 0);
