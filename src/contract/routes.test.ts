import { describe, expect, it } from 'vitest';
import { devRedirectTarget, isDevPath, isKnownRoute, matchesRoutePattern } from './routes';

describe('route manifest matching', () => {
  const patterns = ['/', '/$lang', '/$lang/', '/$lang/merchant/$id', '/$lang/info/about-us'];

  it('matches locales, params and literals, with or without a trailing slash', () => {
    expect(matchesRoutePattern('/$lang', '/en')).toBe(true);
    expect(matchesRoutePattern('/$lang/', '/zh-hant/')).toBe(true);
    expect(matchesRoutePattern('/$lang', '/xx')).toBe(false);
    expect(matchesRoutePattern('/$lang/merchant/$id', '/ja/merchant/12')).toBe(true);
    expect(matchesRoutePattern('/$lang/merchant/$id', '/ja/merchant')).toBe(false);
    expect(matchesRoutePattern('/$lang/info/about-us', '/ar/info/about-us')).toBe(true);
    expect(matchesRoutePattern('/$lang/info/about-us', '/ar/info/about-them')).toBe(false);
    expect(matchesRoutePattern('/$lang/merchant/$id', '/ja/merchant/%E0%A4%A')).toBe(false);
  });

  it('treats any path containing /dev as unknown, and sends it to the 404 page of its locale', () => {
    expect(isKnownRoute(patterns, '/')).toBe(true);
    expect(isKnownRoute(patterns, '/en/nope')).toBe(false);
    expect(isKnownRoute(patterns, '/en/merchant/dev')).toBe(false);
    expect(isKnownRoute(patterns, '/dev')).toBe(false);
    expect(isDevPath('/ja/devtools')).toBe(true);
    expect(isDevPath('/en/merchant/12')).toBe(false);
    expect(devRedirectTarget('/ja/devtools')).toBe('/ja/404');
    expect(devRedirectTarget('/dev')).toBe('/en/404');
    expect(devRedirectTarget('/xx/dev/y')).toBe('/en/404');
  });
});
