import { LOCALE_COOKIE_DAYS } from '@/contract/constants';
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALE_COOKIE, matchLocale, readLocaleCookie } from '@/contract/enums';

// Shared with the server, which starts each page in the cookie's language (server/web/spa.plugin.ts).
export { LOCALE_COOKIE, readLocaleCookie };

export function writeLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_DAYS * 86_400;
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/**
 * Locale detection (issue 3): the path prefix, then the cookie, then the browser's languages (full tag, then
 * base language), then English.
 */
export function detectLocale(input: { pathLocale?: string; cookie: string; languages: readonly string[] }): Locale {
  if (input.pathLocale && isLocale(input.pathLocale)) return input.pathLocale;
  const fromCookie = readLocaleCookie(input.cookie);
  if (fromCookie) return fromCookie;
  for (const tag of input.languages) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** Replaces the locale prefix of a path, keeping the page: the language switch stays where the user is. */
export function swapLocale(pathname: string, locale: Locale): string {
  const rest = pathname.split('/').slice(2).join('/');
  return `/${locale}${rest ? `/${rest}` : ''}`;
}
