import { isLocale } from './enums';

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

/** Spec section 2: any path containing /dev goes to the 404 page. */
export function isDevPath(pathname: string): boolean {
  return pathname.split('/').includes('dev');
}

export function isKnownRoute(patterns: readonly string[], pathname: string): boolean {
  return !isDevPath(pathname) && patterns.some((pattern) => matchesRoutePattern(pattern, pathname));
}
