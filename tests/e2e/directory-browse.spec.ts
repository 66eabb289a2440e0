import type { Locator } from '@playwright/test';
import { msg, NOT_FOUND_TEXT, NOT_FOUND_TITLE } from './catalog';
import { appReady, expect, test } from './fixtures';
import { logInThroughDialog, MIA } from './log-in';

/**
 * Browsing the directory (issue 4) against a fresh server with the demo data (SEED_DEMO=1: 20 venues and 8 profiles
 * per city, reference regions and cities): search as you type, the city page and its infinite list, filters, the
 * region-route-verify guard with its HTTP 404, and the collection behind login.
 */

/** The listing cards of a list (each an article; a card's tags are a list of their own). */
const cards = (list: Locator) => list.getByRole('article');

/** The hrefs of the cards' links in a list, in order. */
async function cardHrefs(list: Locator): Promise<string[]> {
  return cards(list).getByRole('heading').getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

test('on /ja/search, typing 東京 finds Tokyo; picking it opens the city page with its venues and records it in the history', async ({ page }) => {
  await page.goto('/ja/search');
  await page.getByRole('searchbox', { name: msg('ja', 'Search cities, venues and profiles') }).fill('東京');
  const cities = page.getByRole('list', { name: msg('ja', 'Cities') });
  const tokyo = cities.getByRole('link').filter({ hasText: '東京' }).first();
  await expect(tokyo).toBeVisible();
  await expect(tokyo).toHaveAttribute('href', '/ja/japan/tokyo');
  await tokyo.click();

  await expect(page).toHaveURL(/\/ja\/japan\/tokyo$/);
  await expect(page.getByRole('heading', { level: 1, name: '東京', exact: true })).toBeVisible();
  const venues = page.getByRole('list', { name: msg('ja', 'Venues in {title}', { title: '東京' }) });
  await expect(cards(venues).first()).toBeVisible();
  expect((await cardHrefs(venues)).every((href) => /^\/ja\/merchant\/\d+$/.test(href))).toBe(true);

  // The pick was recorded before the page left: the history shows it.
  await page.goto('/ja/search');
  const history = page.getByRole('list', { name: msg('ja', 'Recent searches') });
  await expect(history.getByRole('link').filter({ hasText: '東京' })).toBeVisible();
  await page.getByRole('button', { name: msg('ja', 'Clear history') }).click();
  await expect(history).toBeHidden();
});

test.describe('on a phone', () => {
  // One card per row: the end of the first page is far below the fold, so nothing loads until asked.
  test.use({ viewport: { width: 390, height: 740 } });

  test('the city page loads more venues on scroll and with "Load more", without duplicates, to the end', async ({ page }) => {
    await page.goto('/en/japan/tokyo');
    await expect(page.getByRole('heading', { level: 1, name: 'Tokyo', exact: true })).toBeVisible();
    const venues = page.getByRole('list', { name: 'Venues in Tokyo' });
    await expect(cards(venues)).toHaveCount(12);

    // Scrolling to the end of the list asks for the next page (the "Load more" button is the keyboard's way).
    await cards(venues).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect(page.getByText('You have reached the end of the list.')).toBeVisible();
    const hrefs = await cardHrefs(venues);
    expect(hrefs).toHaveLength(20);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
  });

  test('"Load more" works from the keyboard', async ({ page }) => {
    await page.goto('/en/japan/osaka/merchant');
    // The page arrives rendered by the server; its button works once the app runs it.
    await appReady(page);
    const venues = page.getByRole('list', { name: 'Venues in Osaka' });
    await expect(cards(venues)).toHaveCount(12);
    const more = page.getByRole('button', { name: 'Load more' });
    // Focus without scrolling (which would let the scroll observer load the page first), then press Enter.
    await more.evaluate((button) => (button as HTMLButtonElement).focus({ preventScroll: true }));
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(cards(venues)).toHaveCount(20);
    const hrefs = await cardHrefs(venues);
    expect(new Set(hrefs).size).toBe(20);
  });
});

test('filtering by type keeps only venues of that type, in the URL too; clearing brings all back', async ({ page }) => {
  await page.goto('/en/japan/tokyo');
  const venues = page.getByRole('list', { name: 'Venues in Tokyo' });
  await expect(cards(venues).first()).toBeVisible();

  const type = page.getByLabel('Type', { exact: true });
  // The types come with the dictionaries, after the list.
  await expect.poll(() => type.getByRole('option').count()).toBeGreaterThan(1);
  const options = await type.getByRole('option').allTextContents();
  const typeName = options.find((name) => name !== 'Any');
  expect(typeName).toBeTruthy();
  await type.selectOption({ label: typeName! });
  await expect(page).toHaveURL(/[?&]merchant_type=\d+/);

  const items = cards(venues);
  await expect(async () => {
    const texts = await items.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain(typeName!);
  }).toPass();

  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).not.toHaveURL(/merchant_type=/);
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('');
  await expect(cards(venues).first()).toBeVisible();
});

test('the profiles tab lists profiles; the region page lists its cities', async ({ page }) => {
  await page.goto('/en/japan/tokyo');
  await page.getByRole('link', { name: 'Profiles', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/japan\/tokyo\/partner$/);
  const profiles = page.getByRole('list', { name: 'Profiles in Tokyo' });
  await expect(cards(profiles).first()).toBeVisible();
  expect((await cardHrefs(profiles)).every((href) => /^\/en\/partner\/\d+$/.test(href))).toBe(true);

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/en\/japan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Japan', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cities' }).getByRole('link', { name: 'Osaka' })).toBeVisible();
});

test('the home page shows popular cities, regions and listings, and its search box opens the search', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByRole('list', { name: 'Regions' }).getByRole('link').first()).toBeVisible();
  await expect(cards(page.getByRole('list', { name: 'New venues' })).first()).toBeVisible();
  await expect(cards(page.getByRole('list', { name: 'New profiles' })).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search cities, venues and profiles' }).fill('kyoto');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/search\?q=kyoto$/);
  await expect(page.getByRole('list', { name: 'Cities' }).getByRole('link').filter({ hasText: 'Kyoto' })).toBeVisible();
});

test("a home section's \"See all\" opens every listing of that kind, in that order, from every city", async ({ page }) => {
  await page.goto('/en');
  const homeFirst = await cards(page.getByRole('list', { name: 'Popular venues' })).first().getByRole('heading').textContent();
  await page.getByRole('link', { name: 'See all: Popular venues' }).click();
  await expect(page).toHaveURL(/\/en\/merchant\?sort=popular$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All venues', exact: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'All venues' });
  await expect(cards(list).first()).toBeVisible();
  // The same order as the home section, and more of it (the home shows 8; a page here is 12).
  await expect(cards(list).first().getByRole('heading')).toHaveText(homeFirst ?? '');
  await expect(cards(list)).toHaveCount(12);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('popular');
  // Venues from more than one city: no place filter.
  const places = new Set(await list.locator('.listing-card-meta').allTextContents());
  expect(places.size).toBeGreaterThan(1);

  await page.getByRole('link', { name: 'Profiles', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/partner\?sort=popular$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All profiles', exact: true })).toBeVisible();
  await expect(cards(page.getByRole('list', { name: 'All profiles' })).first()).toBeVisible();
  for (const path of ['/en/merchant', '/en/partner?sort=newest']) expect((await page.goto(path))?.status(), path).toBe(200);
});

for (const path of ['/en/atlantis', '/en/japan/atlantis', '/en/south-korea/tokyo', '/en/japan/tokyo/hotel']) {
  test(`${path} answers 404 and shows "Page not found"`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: msg('en', NOT_FOUND_TITLE), exact: true })).toBeVisible();
    await expect(page.getByText(msg('en', NOT_FOUND_TEXT, { path }), { exact: true })).toBeVisible();
    // Inside the app's frame, like every other 404: the language switch and the tabs are there.
    await expect(page.getByRole('button', { name: msg('en', 'Language') })).toBeVisible();
  });
}

test('a known place answers 200 (the 404s above are not the server failing every place)', async ({ page }) => {
  for (const path of ['/en/japan', '/en/japan/tokyo', '/en/japan/tokyo/partner']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }
});

test('the collection requires login, then shows the favourites with both tabs', async ({ page }) => {
  await page.goto('/en/collection/merchant');
  await logInThroughDialog(page, MIA);
  await expect(page).toHaveURL(/\/en\/collection\/merchant$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Collection' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Venues', exact: true })).toHaveAttribute('aria-current', 'page');
  // Either the saved venues or the empty state with its way to fill it.
  await expect(
    page.getByRole('list', { name: 'Collection' }).or(page.getByRole('link', { name: 'Find venues' })),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Profiles', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/collection\/partner$/);
  await expect(page.getByRole('list', { name: 'Collection' }).or(page.getByRole('link', { name: 'Find profiles' }))).toBeVisible();
});
