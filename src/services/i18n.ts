import { i18n } from '@lingui/core';
import { type Locale, RTL_LOCALES } from '@/contract/enums';

export { i18n };

const loaded = new Set<Locale>();

/**
 * Loads one locale's catalog (a separate chunk per locale, fetched once) and activates it, then sets
 * `<html lang dir>` so Arabic lays out right to left.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Record<string, string> };
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  // Activating the active locale again would still tell every translated component (and React's context) that it
  // changed: a navigation inside one language would re-render the page and drop its parts still to hydrate.
  if (i18n.locale !== locale) i18n.activate(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
  }
}
