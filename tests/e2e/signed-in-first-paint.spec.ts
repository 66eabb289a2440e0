import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn } from './log-in';

/**
 * Signed-in pages never stay blank while their data loads (issue 30 item 8): for a signed-in browser the server
 * paints the page's frame and skeleton (src/entry-server.tsx renderShell), and the app replaces them with the page
 * in one commit once it has the member's content. Measured on a slow connection: Chromium throttled to 400 ms and
 * 400 kbit/s, no cache.
 */

const MIA = { account: 'member', password: 'member-pass-2026' };

/** The hint cookie (src/contract/first-paint-keys.ts SIGNED_IN_COOKIE), literal here on purpose. */
const SIGNED_IN_COOKIE = 'venuely_member';

async function throttle(page: Page, context: BrowserContext): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 });
}

/** Records whether #root was ever empty on screen after its first paint (a blank page between skeleton and page). */
async function watchForBlank(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state: { painted: boolean; blankAfter: boolean } = { painted: false, blankAfter: false };
    (window as unknown as { blank: typeof state }).blank = state;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      if (root.innerText.trim()) state.painted = true;
      else if (state.painted) state.blankAfter = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const firstContentfulPaint = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY);

for (const { path, title, skeleton, content } of [
  { path: '/en/member/point', title: 'Wallet', skeleton: '.record-skeletons[aria-busy="true"]', content: 'Your points' },
  { path: '/en/message', title: 'Messages', skeleton: '[aria-label="Conversations"][aria-busy="true"]', content: 'Welcome to Venuely!' },
]) {
  test(`${path} shows its frame and skeleton within 2 s on a slow connection, then the member's content, never blank`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await logIn(page, MIA);
    const context = await browser.newContext({ storageState: await page.context().storageState(), serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    try {
      const slow = await context.newPage();
      await watchForBlank(slow);
      await throttle(slow, context);
      await slow.goto(path, { waitUntil: 'commit' });
      // The server's paint: the tab bar, the page's title and its placeholder, before the app has run.
      await expect(slow.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(slow.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(slow.locator(skeleton)).toBeVisible();
      expect(await slow.evaluate(() => document.documentElement.dataset.app ?? null)).toBeNull();
      // The page's own first paint (the browser reports it a moment after painting).
      await expect.poll(() => firstContentfulPaint(slow)).toBeLessThan(2_000);
      // Then the app's page with the member's own content, in place of the skeleton.
      await expect(slow.getByText(content).first()).toBeVisible({ timeout: 60_000 });
      await expect(slow.locator(skeleton)).toHaveCount(0);
      expect(await slow.evaluate(() => (window as unknown as { blank: { blankAfter: boolean } }).blank.blankAfter)).toBe(false);
    } finally {
      await context.close();
    }
  });
}

test('a browser whose session has ended sees the skeleton, then the login it needs', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    // The hint cookie says "signed in", but there is no session in the browser's storage any more.
    await context.addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: baseURL! }]);
    const page = await context.newPage();
    const response = await page.goto('/en/member/point', { waitUntil: 'commit' });
    expect(await response!.text()).toContain('aria-busy="true"');
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/en$/);
  } finally {
    await context.close();
  }
});
