import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, MIA } from './log-in';

/**
 * Issue 30 item 6: the nine named layouts of spec section 2 are pathless layout routes (src/routes/$lang/_*.tsx),
 * and each decides the page's frame: the brand header, the main tabs, the language switch, the back button. One page
 * per layout on a phone (390×844), its frame checked by role and name. (`dev` has no page.)
 */

test.use({ viewport: { width: 390, height: 844 } });

const VERIFIED = { account: 'verified', password: 'verified-pass-2026' };

interface Frame {
  brand: boolean;
  tabs: boolean;
  language: boolean;
  back: boolean;
  /** The page's title (its h1). */
  title: string | RegExp;
}

async function expectFrame(page: Page, frame: Frame) {
  await expect(page.getByRole('heading', { level: 1, name: frame.title })).toBeVisible();
  const present = async (locator: ReturnType<Page['getByRole']>, shown: boolean) =>
    shown ? await expect(locator).toBeVisible() : await expect(locator).toHaveCount(0);
  await present(page.getByRole('link', { name: 'Venuely', exact: true }), frame.brand);
  await present(page.getByRole('navigation', { name: 'Main' }), frame.tabs);
  await present(page.getByRole('button', { name: 'Language' }), frame.language);
  await present(page.getByRole('link', { name: 'Back' }), frame.back);
}

test.describe('a guest', () => {
  test('default-search (home): the brand header with the search box in it, the tabs, the language switch', async ({ page }) => {
    await page.goto('/en');
    await expectFrame(page, { brand: true, tabs: true, language: true, back: false, title: 'Venues and hosts in your city' });
    await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search cities, venues and profiles' })).toBeVisible();
  });

  test('default (search page, error page): the brand header, the tabs, no search box in the header', async ({ page }) => {
    await page.goto('/en/search');
    await expectFrame(page, { brand: true, tabs: true, language: true, back: true, title: 'Search' });
    await expect(page.getByRole('banner').getByRole('search')).toHaveCount(0);
    await page.goto('/en/404');
    await expect(page.getByRole('link', { name: 'Venuely', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test("search (a city): the back button and the place's title, no brand header or tabs", async ({ page }) => {
    await page.goto('/en/japan/tokyo');
    await expectFrame(page, { brand: false, tabs: false, language: true, back: true, title: 'Tokyo' });
  });

  test('auth (login): the form alone, with its back button and the language switch', async ({ page }) => {
    await page.goto('/en/login');
    await expectFrame(page, { brand: false, tabs: false, language: true, back: true, title: 'Log in' });
  });

  test('no layout (an info page): back button and white header only', async ({ page }) => {
    await page.goto('/en/info/terms');
    await expectFrame(page, { brand: false, tabs: false, language: false, back: true, title: /terms/i });
  });
});

test.describe('a member', () => {
  test.beforeEach(async ({ page }) => logIn(page, MIA));

  test('collection: the title Collection, the tabs, no brand header', async ({ page }) => {
    await page.goto('/en/collection/merchant');
    await expectFrame(page, { brand: false, tabs: true, language: true, back: false, title: 'Collection' });
  });

  test('mine (settings): the back header, no language switch, no tabs', async ({ page }) => {
    await page.goto('/en/member/setup');
    await expectFrame(page, { brand: false, tabs: false, language: false, back: true, title: 'Account settings' });
  });

  test('message: the list keeps the tabs; a conversation has only its own header', async ({ page }) => {
    await page.goto('/en/message');
    await expectFrame(page, { brand: true, tabs: true, language: true, back: false, title: 'Messages' });
    await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Venuely', exact: true })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Language' })).toHaveCount(0);
  });
});

test('content (an owner’s venues): back and plus buttons, no tabs, no language switch', async ({ page }) => {
  await logIn(page, VERIFIED);
  await page.goto('/en/member/content/merchant');
  await expectFrame(page, { brand: false, tabs: false, language: false, back: true, title: 'My venues' });
  // The header's plus button (an icon with the action as its tooltip); the empty list offers the action again below.
  await expect(page.getByRole('link', { name: 'Publish a venue', description: 'Publish a venue' })).toBeVisible();
});
