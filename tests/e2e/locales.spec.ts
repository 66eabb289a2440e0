import type { Page } from '@playwright/test';
import { type Locale, LOCALES, RTL_LOCALES } from '../../src/contract/enums';
import { LOCALE_NAMES } from '../../src/ui/app/locale-names';
import { HOME_HEADING, LANGUAGE, msg, NOT_FOUND_TEXT, NOT_FOUND_TITLE } from './catalog';
import { appReady, expect, test } from './fixtures';

/** `<html lang dir>` as the app set it: the document element has no role to query by. */
async function expectDocumentLanguage(page: Page, locale: Locale) {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr');
}

async function expectHome(page: Page, locale: Locale) {
  await expect(page.getByRole('heading', { level: 1, name: msg(locale, HOME_HEADING), exact: true })).toBeVisible();
  await expectDocumentLanguage(page, locale);
}

async function localeCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'locale')?.value;
}

/** The language switch, named in the language the page is in. */
function languageSwitch(page: Page, locale: Locale) {
  return page.getByRole('combobox', { name: msg(locale, LANGUAGE), exact: true });
}

test.describe('home in every locale', () => {
  for (const locale of LOCALES) {
    test(`/${locale} renders the home in ${LOCALE_NAMES[locale]}`, async ({ page }) => {
      await page.goto(`/${locale}`);
      await expectHome(page, locale);
      await expect(languageSwitch(page, locale)).toHaveValue(locale);
    });
  }
});

test.describe('language switch', () => {
  test('keeps the home page and remembers the choice in the locale cookie', async ({ page }) => {
    await page.goto('/en');
    await expectHome(page, 'en');
    await appReady(page);
    await languageSwitch(page, 'en').selectOption({ label: LOCALE_NAMES.de });
    await expect(page).toHaveURL(/\/de$/);
    await expectHome(page, 'de');
    expect(await localeCookie(page)).toBe('de');
  });

  test('keeps an unknown page: /ja/zz-not-a-page becomes /fr/zz-not-a-page', async ({ page }) => {
    await page.goto('/ja/zz-not-a-page');
    await expect(page.getByRole('heading', { level: 1, name: msg('ja', NOT_FOUND_TITLE), exact: true })).toBeVisible();
    await languageSwitch(page, 'ja').selectOption({ label: LOCALE_NAMES.fr });
    await expect(page).toHaveURL(/\/fr\/zz-not-a-page$/);
    await expect(page.getByRole('heading', { level: 1, name: msg('fr', NOT_FOUND_TITLE), exact: true })).toBeVisible();
    await expect(page.getByText(msg('fr', NOT_FOUND_TEXT, { path: '/fr/zz-not-a-page' }), { exact: true })).toBeVisible();
    await expectDocumentLanguage(page, 'fr');
    expect(await localeCookie(page)).toBe('fr');
  });

  test('Arabic chosen on / is still Arabic after reloading /', async ({ page }) => {
    await page.goto('/');
    await expectHome(page, 'en');
    await languageSwitch(page, 'en').selectOption({ label: LOCALE_NAMES.ar });
    await expectHome(page, 'ar');
    expect(await localeCookie(page)).toBe('ar');
    await page.goto('/');
    await expectHome(page, 'ar');
    await expect(page).toHaveURL(/\/$/);
    await expect(languageSwitch(page, 'ar')).toHaveValue('ar');
  });
});

test.describe('browser language', () => {
  test.use({ locale: 'ja-JP' });

  test('a Japanese browser opening / gets Japanese', async ({ page }) => {
    await page.goto('/');
    await expectHome(page, 'ja');
    await expect(page).toHaveURL(/\/$/);
  });
});
