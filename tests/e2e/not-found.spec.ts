import { HOME_HEADING, msg, NOT_FOUND_TEXT, NOT_FOUND_TITLE } from './catalog';
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
});
