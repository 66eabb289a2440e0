import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

/**
 * `npm test`: everything, in the order a failure is cheapest to find — type check, lint, then the unit, contract,
 * server integration (PGlite and PostgreSQL) and model-based suites under vitest, then the production build and its
 * bundle budget, then the browser tests (Playwright, real Chromium against real servers). Stops at the first
 * failure.
 */
const steps: { name: string; cmd: string; args: string[] }[] = [
  { name: 'type check', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'translations', cmd: process.execPath, args: ['--import', 'tsx', 'tests/i18n/check-catalogs.ts'] },
  {
    name: 'unit, contract and server suites',
    cmd: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json'],
  },
  // Builds dist/ and checks the home page's initial JS: budget and forbidden modules (tests/budget/check-bundle.ts).
  { name: 'bundle budget', cmd: process.execPath, args: ['--import', 'tsx', 'tests/budget/check-bundle.ts', '--build'] },
  // Writes .tmp/playwright.json (playwright.config.ts) for the closing summary.
  { name: 'browser tests', cmd: 'npx', args: ['playwright', 'test'] },
];

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest.json', { force: true });
rmSync('.tmp/playwright.json', { force: true });

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Counts from the reports the test runners wrote; a runner that ran but left no report has none to give. */
function readReports(): Counts[] {
  const counts: Counts[] = [];
  if (existsSync('.tmp/vitest.json')) {
    const r = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    counts.push({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests });
  }
  if (existsSync('.tmp/playwright.json')) {
    const { stats } = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    counts.push({ passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped });
  }
  return counts;
}

/**
 * One closing line that CI reads: 'N passed, N failed' over every test that ran (vitest and Playwright). A step
 * that failed without a failing test to show for it (type check, lint, a runner that could not start) counts
 * as one failure, so a failed run never reads '0 failed'.
 */
function summary(failedStep: boolean): string {
  const total = readReports().reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }), { passed: 0, failed: 0, skipped: 0 });
  if (failedStep && total.failed === 0) total.failed = 1;
  return `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`;
}

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.cmd, step.args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} failed (${seconds} s)`);
    console.log(`\nTests: ${summary(true)}`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${step.name} (${seconds} s)`);
}

console.log(`\nTests: ${summary(false)}`);
