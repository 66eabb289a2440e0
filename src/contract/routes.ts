import { DEFAULT_LOCALE, isLocale } from './enums';

/** Spec section 2, read literally: any path containing "/dev" redirects to /404. */
export function isDevPath(pathname: string): boolean {
  return pathname.includes('/dev');
}

/** Where a /dev path redirects: the 404 page of the path's locale, else of the default one. */
export function devRedirectTarget(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return `/${isLocale(first) ? first : DEFAULT_LOCALE}/404`;
}
