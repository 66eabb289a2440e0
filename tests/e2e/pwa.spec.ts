import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { HOME_HEADING, msg } from './catalog';

/** The update offer's texts (src/ui/messages.ts: app.update.available, app.update.reload). */
const UPDATE_AVAILABLE = 'A new version is available';
const RELOAD = 'Reload';
import { expect, test } from './fixtures';

/**
 * The installable-app layer (DESIGN section 1; vite.config.ts pwa(), src/services/pwa.ts, src/services/runtime-config.ts): the web app manifest
 * and its icons, the service worker, the app shell offline, the reload guard after a failed chunk load, and the
 * `?inspect` switch (src/services/inspector.ts).
 */

const ROOT = new URL('../../', import.meta.url);

const homeHeading = (page: Page, locale: 'en' | 'de' = 'en') =>
  page.getByRole('heading', { level: 1, name: msg(locale, HOME_HEADING), exact: true });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The active service worker's script URL once `navigator.serviceWorker.ready` resolves, or null after `ms`. */
function serviceWorkerReady(page: Page, ms = 20_000): Promise<string | null> {
  return page.evaluate(
    (timeout) =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL ?? null),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), timeout)),
      ]),
    ms,
  );
}

test.describe('web app manifest', () => {
  test('is linked from the page and served with the app name, scope, display, colours and icons', async ({ page, request }) => {
    await page.goto('/en');
    await expect(homeHeading(page)).toBeVisible();
    // <link rel="manifest"> has no role; the attribute is the only handle on it.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Venuely',
      short_name: 'Venuely',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // src/ui/styles.css: --color-accent and --color-bg.
      theme_color: '#0f766e',
      background_color: '#f7f7f5',
    });
    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort();
    expect(icons).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
    }
  });
});

test.describe('service worker', () => {

  test('registers on the home page', async ({ page }) => {
    await page.goto('/en');
    await expect(homeHeading(page)).toBeVisible();
    // Ready means installed, i.e. the whole precache (about 170 hashed files since the directory screens) fetched.
    const script = await serviceWorkerReady(page, 20_000);
    expect(script).toMatch(/\/sw\.js$/);
  });

  test('offline, the app shell still loads: a reload of /en, and a page never opened online', async ({ page, context }) => {
    await page.goto('/en');
    await expect(homeHeading(page)).toBeVisible();
    // Active means installed, and installing is precaching: the whole shell is in the cache now.
    expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);

    await context.setOffline(true);
    const build = await page.evaluate(() => fetch('/build.json').then(() => 'online', () => 'offline'));
    expect(build).toBe('offline');

    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(homeHeading(page)).toBeVisible();

    // Never visited: the precached shell answers (200, where the server would have said 404), and the German
    // catalog comes from the precache too.
    const unvisited = await page.goto('/de');
    expect(unvisited?.fromServiceWorker()).toBe(true);
    await expect(homeHeading(page, 'de')).toBeVisible();
    const unknown = await page.goto('/en/nope');
    expect(unknown?.status()).toBe(200);
  });

  test('online, navigations come from the network, not the cache', async ({ page }) => {
    await page.goto('/en');
    expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);
    await page.reload();
    // A path no route matches: only the server answers 404, so a 404 here means the page came from the network.
    const unknown = await page.goto('/en/nope');
    expect(unknown?.status()).toBe(404);
  });
});

test.describe('new build', () => {

  test('a new version on the server offers a reload, which loads it', async ({ page, context }) => {
    await page.goto('/en');
    await expect(homeHeading(page)).toBeVisible();
    const offer = page.getByRole('status').filter({ hasText: msg('en', UPDATE_AVAILABLE) });
    await expect(offer).toHaveCount(0);
    // The update checks start after the page has loaded and painted, with the service worker's registration.
    expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);

    // The server now announces another build (context.route also sees what passes through the service worker).
    await context.route('**/build.json', (route) => route.fulfill({ json: { version: 'f00dfeedbeef', builtAt: null } }));
    // The app comes back to the foreground: the update machine checks at once (app.focus).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(offer).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: msg('en', RELOAD), exact: true }).click();
    await reloaded;
    await expect(homeHeading(page)).toBeVisible();
  });
});

test.describe('chunk load errors', () => {

  /** Resolves with true when the page loads again within `ms` (a full load: the router's own navigations are not). */
  const reloadsWithin = (page: Page, ms: number) =>
    page.waitForEvent('load', { timeout: ms }).then(
      () => true,
      () => false,
    );

  test('reload the page once, and not again within 10 s on the same path', async ({ page }) => {
    await page.goto('/en');
    await expect(homeHeading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    const first = reloadsWithin(page, 5_000);
    await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
    expect(await first).toBe(true);
    await expect(homeHeading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    const second = reloadsWithin(page, 1_500);
    const cancelled = await page.evaluate(() => {
      const event = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(await second).toBe(false);
    // Not cancelled: Vite rethrows the error, and the route shows its error state.
    expect(cancelled).toBe(false);
  });

  test('a failed dynamic import that nobody handles reloads too, per path', async ({ page }) => {
    await page.goto('/de');
    await expect(homeHeading(page, 'de')).toBeVisible();
    // The home is server-rendered and its app starts after the load event: the handler comes with the app.
    await page.waitForLoadState('networkidle');
    const reloaded = reloadsWithin(page, 5_000);
    await page.evaluate(() => {
      void Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/gone-0000.js'));
    });
    expect(await reloaded).toBe(true);
    await expect(homeHeading(page, 'de')).toBeVisible();
  });
});

test.describe('?inspect', () => {

  /** The chunk of @statelyai/inspect, from the build's manifest. */
  function inspectorChunk(): string {
    const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('dist/.vite/manifest.json', ROOT)), 'utf8')) as Record<string, { file: string; src?: string }>;
    const entry = Object.values(manifest).find((chunk) => chunk.src?.includes('@statelyai/inspect'));
    if (!entry) throw new Error('dist/.vite/manifest.json has no chunk of @statelyai/inspect');
    return `/${entry.file}`;
  }

  test('does not break the page, and only then loads the inspector', async ({ page, context }) => {
    const chunk = inspectorChunk();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The inspector opens stately.ai in a window of its own; no test needs the internet.
    await context.route(/^https:\/\/stately\.ai\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>inspector</title>' }));

    await page.goto('/en');
    await expect(homeHeading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested).not.toContain(chunk);

    await page.goto('/en?inspect');
    await expect(homeHeading(page)).toBeVisible();
    // The server-rendered home's app starts after the load event, and with it the inspector.
    await expect.poll(() => requested).toContain(chunk);
    expect(errors).toEqual([]);
  });
});
