import { DEFAULT_LOCALE, isLocale } from './enums';

/**
 * Route patterns as the router writes them ('/$lang/merchant/$id'): the server reads the manifest generated
 * from the route tree (dist/routes.json) and answers 404 for paths no route matches, so crawlers and monitors
 * see real status codes while the client still renders its 404 page.
 */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    let value: string;
    try {
      value = decodeURIComponent(have[i]);
    } catch {
      return false;
    }
    if (segment === '$lang') return isLocale(value);
    if (segment.startsWith('$')) return value.length > 0;
    return segment === value;
  });
}

/** Spec section 2, read literally: any path containing "/dev" redirects to /404. */
export function isDevPath(pathname: string): boolean {
  return pathname.includes('/dev');
}

/** Where a /dev path redirects: the 404 page of the path's locale, else of the default one. */
export function devRedirectTarget(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return `/${isLocale(first) ? first : DEFAULT_LOCALE}/404`;
}

export function isKnownRoute(patterns: readonly string[], pathname: string): boolean {
  return !isDevPath(pathname) && patterns.some((pattern) => matchesRoutePattern(pattern, pathname));
}
