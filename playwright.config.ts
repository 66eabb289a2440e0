import { existsSync } from 'node:fs';
import { chromium, defineConfig } from '@playwright/test';

const NO_CHROMIUM = 'No Chromium found: apt-get install -y chromium (or set CHROMIUM_PATH)';

/**
 * The browser (DESIGN section 3): CHROMIUM_PATH, else the Debian package, else Playwright's own download. With
 * none, fail before any test with the one command that installs one, never a skipped suite.
 */
function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    // A path set on purpose but wrong is a mistake to report, not a reason to test another browser.
    fail(`CHROMIUM_PATH=${fromEnv} does not exist. ${NO_CHROMIUM}`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  let bundled = '';
  try {
    bundled = chromium.executablePath();
  } catch {
    // Playwright knows no browser for this platform.
  }
  if (bundled && existsSync(bundled)) return bundled;
  fail(NO_CHROMIUM);
}

/** Stops before any test with just the message: a stack into the config loader would bury the command. */
function fail(message: string): never {
  const error = new Error(message);
  error.stack = `Error: ${message}`;
  throw error;
}

/**
 * Browser end-to-end tests: real Chromium against the real server (spawned per spec file by tests/e2e/fixtures.ts
 * on its own copy of the seeded demo data: tests/e2e/seeded-template.ts). Two workers, a spec file each: much of a
 * browser test is waiting (a throttled network, a socket, an animation), so two files side by side use the two cores
 * better than one: docs/decisions.md "CI time".
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
        // Chromium's fake camera (a test pattern) answers getUserMedia without a prompt: the KYC photo tests.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
});
