import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySeededTemplate } from './seeded-template';
import { freePort } from '../support/free-port';
import { logInThroughDialog, MIA } from './log-in';

/**
 * Issue 10 item 13: `npm run dev` works for a developer: the Vite dev server with the API behind its proxy, the page
 * configured as in production (encrypted requests), and a member can log in. The spec starts its own `npm run dev`
 * (not the production server of the other specs) on free ports with a fresh data directory.
 */


async function waitForHttp(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.describe('npm run dev', () => {
  test.describe.configure({ timeout: 240_000 });
  let dev: ChildProcess;
  let dataDir: string;
  let base: string;
  const requests: { url: string; body: string }[] = [];

  test.beforeAll(async () => {
    // A hook has the config's 30 s, not the group's timeout; starting `npm run dev` under load takes longer.
    test.setTimeout(240_000);
    const [port, apiPort] = [await freePort(), await freePort()];
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-dev-'));
    // The demo data the other specs' servers start from (seeded-template.ts): no seeding of its own to wait for.
    copySeededTemplate(dataDir);
    dev = spawn('npm', ['run', 'dev'], {
      env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', API_DEBUG: '0' },
      stdio: 'ignore',
      detached: true,
    });
    base = `http://127.0.0.1:${port}`;
    await waitForHttp(`http://127.0.0.1:${apiPort}/runtime-config.json`, 180_000);
    await waitForHttp(`${base}/en`, 60_000);
  });

  test.afterAll(async () => {
    // The whole process group: npm, the dev script, tsx --watch and Vite.
    if (dev?.pid) {
      try {
        process.kill(-dev.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 1000));
      try {
        process.kill(-dev.pid, 'SIGKILL');
      } catch {
        // stopped
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the dev page logs a member in with encrypted requests through the proxy', async ({ page }) => {
    page.on('request', (request) => {
      if (request.url().includes('/api/')) requests.push({ url: request.url(), body: request.postData() ?? '' });
    });
    await page.goto(`${base}/en/member`, { timeout: 120_000 });
    await page.getByRole('button', { name: 'Log in or create an account' }).click({ timeout: 60_000 });
    await logInThroughDialog(page, MIA);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
    const loginCall = requests.find((r) => r.url.endsWith('/api/account/loginByPassword'));
    expect(loginCall, 'the login went through the dev proxy').toBeDefined();
    // Encrypted as in production: the envelope's fields, never the password in the clear.
    expect(loginCall!.body).toContain('sign=');
    expect(loginCall!.body).not.toContain('member-pass-2026');
  });
});
