import { HOME_HEADING, msg, NOT_FOUND_TEXT, NOT_FOUND_TITLE } from './catalog';
import type { Locale } from '../../src/contract/enums';
import { appReady, expect, test } from './fixtures';

/**
 * Paths no route matches: the server answers HTTP 404 (crawlers and monitors see the real status) with the app,
 * which shows its 404 page naming the path.
 */
for (const path of ['/en/nope', '/xx']) {
  test(`${path} answers 404 and shows the 404 page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: msg('en', NOT_FOUND_TITLE), exact: true })).toBeVisible();
    await expect(page.getByText(msg('en', NOT_FOUND_TEXT, { path }), { exact: true })).toBeVisible();
  });
}

/**
 * Issue 30 item 9: unknown ids and params that a route refuses are the 404 page AND HTTP 404, in every language,
 * signed-in pages included (a guest sees the 404 page, not a login prompt, for /message/bad). The server asks the
 * app's own router, so they agree on case too: /en/Search is the search page (200), /en/Japan no place (404).
 */
test('unknown ids, pages, steps and channels answer 404 and show the 404 page, in every language', async ({ page }) => {
  const paths: [Locale, string][] = [
    ['en', '/en/merchant/abc'],
    ['en', '/en/partner/0'],
    ['en', '/en/info/xyz'],
    ['en', '/en/verify/kyc/step9'],
    ['en', '/en/message/bad'],
    ['ja', '/ja/merchant/abc'],
    ['ar', '/ar/message/bad'],
    ['en', '/xx/info/terms'],
    ['en', '/en/Japan'],
  ];
  for (const [locale, path] of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    const title = msg(locale, NOT_FOUND_TITLE);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true }), path).toBeVisible();
    await expect(page.getByText(msg(locale, NOT_FOUND_TEXT, { path }), { exact: true }), path).toBeVisible();
    await expect(page, path).toHaveTitle(`${title} · Venuely`);
  }
});

test('the 401 and 403 pages answer with their status, and have their own heading and title', async ({ page }) => {
  for (const [locale, status, heading] of [
    ['en', 401, 'Please log in'],
    ['ja', 403, 'Access denied'],
  ] as const) {
    const response = await page.goto(`/${locale}/${status}`);
    expect(response?.status()).toBe(status);
    const title = msg(locale, heading);
    // The title is the page's from the server's first byte, before the app runs.
    expect(await response?.text()).toContain(`<title>${title} · Venuely</title>`);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await appReady(page);
    await expect(page).toHaveTitle(`${title} · Venuely`);
  }
});

test('a path containing /dev redirects to the 404 page (spec section 2), also when reached in the app', async ({ page }) => {
  await page.goto('/ja/dev/x');
  await expect(page).toHaveURL(/\/ja\/404$/);
  await page.goto('/en');
  await appReady(page);
  // A navigation inside the app goes through the router's guard, not the server.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/en/devices');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/en\/404$/);
});

test('a known page answers 200 (the 404s above are not the server failing every path)', async ({ page }) => {
  const response = await page.goto('/en');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: msg('en', HOME_HEADING), exact: true })).toBeVisible();
  for (const path of ['/en/search', '/en/info/terms', '/ja/merchant/1', '/en/japan/tokyo']) expect((await page.request.get(path)).status(), path).toBe(200);
  // The router matches a page's path in any case, and so does the server: /en/Search is the search page, with 200.
  const search = await page.goto('/en/Search');
  expect(search?.status()).toBe(200);
  await expect(page.getByRole('searchbox', { name: msg('en', 'Search cities, venues and profiles') })).toBeVisible();
});
