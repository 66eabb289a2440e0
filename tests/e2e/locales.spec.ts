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

/** The language switch: the header's globe button, named in the language the page is in. */
function languageSwitch(page: Page, locale: Locale) {
  return page.getByRole('button', { name: msg(locale, LANGUAGE), exact: true });
}

/** The list the globe button opens: a link per language, each named in its own language. */
function languageList(page: Page, locale: Locale) {
  return page.getByRole('navigation', { name: msg(locale, LANGUAGE), exact: true });
}

/** Picks a language the way a user does: the globe button, then the language's own name in the list. */
async function chooseLanguage(page: Page, from: Locale, to: Locale) {
  await languageSwitch(page, from).click();
  await languageList(page, from).getByRole('link', { name: LOCALE_NAMES[to], exact: true }).click();
}

/**
 * Each main tab's label as laid out: its height against its line height (one line, not two) and whether its text
 * is wider than its box (cut by the ellipsis). The labels are the visible text of the tab links (their icons and
 * badges are hidden from assistive technology).
 */
async function tabLabelsAsLaidOut(page: Page, locale: Locale) {
  const links = page.getByRole('navigation', { name: msg(locale, 'Main'), exact: true }).getByRole('link');
  return links.evaluateAll((anchors) =>
    anchors.map((anchor) => {
      const label = Array.from(anchor.querySelectorAll('span')).find((span) => span.children.length === 0 && !span.closest('[aria-hidden="true"]'))!;
      const lineHeight = parseFloat(getComputedStyle(label).lineHeight);
      return { text: label.textContent, lines: Math.round(label.getBoundingClientRect().height / lineHeight), cut: label.scrollWidth > label.clientWidth };
    }),
  );
}

test.describe('home in every locale', () => {
  // A phone (DESIGN section 10): the tab bar at the bottom, five tabs in 390 px.
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of LOCALES) {
    test(`/${locale} renders the home in ${LOCALE_NAMES[locale]}; each tab label fits its tab on one line`, async ({ page }) => {
      await page.goto(`/${locale}`);
      await expectHome(page, locale);
      await expect(languageSwitch(page, locale)).toHaveText(locale.slice(0, 2), { ignoreCase: true });
      const labels = await tabLabelsAsLaidOut(page, locale);
      expect(labels).toHaveLength(5);
      for (const label of labels) expect(label, `the ${locale} tab label "${label.text}"`).toMatchObject({ lines: 1, cut: false });
    });
  }
});

test.describe('language switch', () => {
  test('the globe button opens the 15 languages, each in its own name; Escape closes the list and focus returns', async ({ page }) => {
    await page.goto('/en');
    await appReady(page);
    const button = languageSwitch(page, 'en');
    await expect(languageList(page, 'en')).toBeHidden();
    await button.click();
    const links = languageList(page, 'en').getByRole('link');
    await expect(links).toHaveText(LOCALES.map((locale) => LOCALE_NAMES[locale]));
    for (const locale of LOCALES) {
      const link = links.filter({ hasText: LOCALE_NAMES[locale] });
      await expect(link).toHaveAttribute('lang', locale);
      await expect(link).toHaveAttribute('aria-current', String(locale === 'en'));
    }
    await page.keyboard.press('Escape');
    await expect(languageList(page, 'en')).toBeHidden();
    await expect(button).toBeFocused();
    // From the keyboard: the list follows its button in the tab order, and Escape brings focus back from inside it.
    await button.press('Enter');
    await page.keyboard.press('Tab');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(languageList(page, 'en')).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('keeps the home page and remembers the choice in the locale cookie', async ({ page }) => {
    await page.goto('/en');
    await expectHome(page, 'en');
    await appReady(page);
    await chooseLanguage(page, 'en', 'de');
    await expect(page).toHaveURL(/\/de$/);
    await expectHome(page, 'de');
    expect(await localeCookie(page)).toBe('de');
  });

  test('keeps an unknown page: /ja/zz-not-a-page becomes /fr/zz-not-a-page', async ({ page }) => {
    await page.goto('/ja/zz-not-a-page');
    await expect(page.getByRole('heading', { level: 1, name: msg('ja', NOT_FOUND_TITLE), exact: true })).toBeVisible();
    await chooseLanguage(page, 'ja', 'fr');
    await expect(page).toHaveURL(/\/fr\/zz-not-a-page$/);
    await expect(page.getByRole('heading', { level: 1, name: msg('fr', NOT_FOUND_TITLE), exact: true })).toBeVisible();
    await expect(page.getByText(msg('fr', NOT_FOUND_TEXT, { path: '/fr/zz-not-a-page' }), { exact: true })).toBeVisible();
    await expectDocumentLanguage(page, 'fr');
    expect(await localeCookie(page)).toBe('fr');
  });

  test('Arabic chosen on / is still Arabic after reloading /', async ({ page }) => {
    await page.goto('/');
    await expectHome(page, 'en');
    await chooseLanguage(page, 'en', 'ar');
    await expectHome(page, 'ar');
    expect(await localeCookie(page)).toBe('ar');
    await page.goto('/');
    await expectHome(page, 'ar');
    await expect(page).toHaveURL(/\/$/);
    await expect(languageSwitch(page, 'ar')).toHaveText('ar', { ignoreCase: true });
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
