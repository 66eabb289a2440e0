import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

/**
 * `npm test`: everything, in the order a failure is cheapest to find — type check, lint, then the unit, contract,
 * server integration (PGlite and PostgreSQL) and model-based suites under vitest. Stops at the first failure.
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
];

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest.json', { force: true });

/** One closing line that CI reads: 'N passed, N failed' over every test that ran. */
function summary(): string {
  if (!existsSync('.tmp/vitest.json')) return '0 passed, 1 failed';
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  const skipped = report.numPendingTests + report.numTodoTests;
  return `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.cmd, step.args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} failed (${seconds} s)`);
    console.log(`\nTests: ${summary()}`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${step.name} (${seconds} s)`);
}

console.log(`\nTests: ${summary()}`);
