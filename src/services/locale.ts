import { LOCALE_COOKIE_DAYS } from '@/contract/constants';
import { DEFAULT_LOCALE, isLocale, type Locale, matchLocale } from '@/contract/enums';

/** The cookie that remembers the chosen language (spec section 9: 365 days, path /, SameSite lax). */
export const LOCALE_COOKIE = 'locale';

export function readLocaleCookie(cookie: string): Locale | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LOCALE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return isLocale(value) ? value : undefined;
    }
  }
  return undefined;
}

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
