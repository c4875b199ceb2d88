// npm run bench: every benchmark in turn. Each prints its own figures as ratios against a
// baseline measured in the same run (these machines are noisy).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches = ['bundle-size.ts', 'transfer-size.ts', 'search-load.ts', 'market-scale.ts', 'appeal-scale.ts', 'apply-scale.ts', 'payout-scale.ts', 'visit-scale.ts', 'qa-scale.ts', 'calculator-load.ts', 'reverse-list.ts', 'push-fanout.ts', 'hub-latency.ts', 'auth-load.ts', 'mixed-load.ts'];
for (const bench of benches) {
  process.stdout.write(`\n=== ${bench} ===\n`);
  const run = spawnSync('npx', ['tsx', path.join(import.meta.dirname, bench)], { stdio: 'inherit' });
  if (run.status !== 0) process.exitCode = 1;
}
