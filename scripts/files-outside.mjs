// Which files a branch touched outside a new service's own places (docs/adding-a-service.md), for the
// service's note: printed, not enforced. Usage: npm run files-outside -- <service> [base]
// (base: the commit the branch started from; main by default). The expected ones — the one-line
// registrations and the migration — are marked; anything else is a shared piece that did not fit.
import { execFileSync } from 'node:child_process';

const [service, base = 'main'] = process.argv.slice(2);
if (!service || !/^[a-z][a-z-]*$/.test(service)) {
  console.error('usage: npm run files-outside -- <service> [base]');
  process.exit(2);
}

/** The service's own places: its contract files, server folder, web feature, tests, demo and note. */
const OWN = [
  new RegExp(`^packages/contract/src/${service}(-[a-z-]+)?\\.ts$`),
  new RegExp(`^packages/contract/test/${service}(-[a-z-]+)?\\.test\\.ts$`),
  new RegExp(`^apps/server/src/services/${service}/`),
  new RegExp(`^apps/server/test/services/${service}(-[a-z-]+)?\\.test\\.ts$`),
  new RegExp(`^apps/server/src/setup/demo-content/${service}\\.ts$`),
  new RegExp(`^apps/web/src/features/${service}/`),
  new RegExp(`^e2e/tests/${service}(-[a-z-]+)?\\.spec\\.ts$`),
  new RegExp(`^docs/${service}\\.md$`),
];
/** Touched outside, as expected: each by one line or one call (or the migration drizzle-kit writes). */
const EXPECTED = [
  /^packages\/contract\/src\/services\.ts$/,
  /^apps\/server\/src\/app\.ts$/,
  /^eslint\/boundaries\.js$/,
  /^apps\/web\/src\/app\/features\.ts$/,
  /^apps\/server\/drizzle\//,
  /^apps\/server\/src\/setup\/demo\.ts$/,
  /^README\.md$/,
];

const mergeBase = execFileSync('git', ['merge-base', base, 'HEAD'], { encoding: 'utf8' }).trim();
const changed = execFileSync('git', ['diff', '--name-only', `${mergeBase}...HEAD`], { encoding: 'utf8' }).split('\n').filter(Boolean);
const outside = changed.filter((f) => !OWN.some((own) => own.test(f)));
const expected = outside.filter((f) => EXPECTED.some((e) => e.test(f)));
const other = outside.filter((f) => !expected.includes(f));

console.log(`${service}: ${changed.length} files changed since ${mergeBase.slice(0, 8)}, ${outside.length} outside its own places`);
for (const f of expected) console.log(`  expected  ${f}`);
for (const f of other) console.log(`  other     ${f}`);
console.log(`${other.length} outside the expected registrations`);
