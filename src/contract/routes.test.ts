import { describe, expect, it } from 'vitest';
import { isKnownRoute, matchesRoutePattern } from './routes';

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

  it('treats any path with a /dev segment as unknown', () => {
    expect(isKnownRoute(patterns, '/')).toBe(true);
    expect(isKnownRoute(patterns, '/en/nope')).toBe(false);
    expect(isKnownRoute(patterns, '/en/merchant/dev')).toBe(false);
    expect(isKnownRoute(patterns, '/dev')).toBe(false);
  });
});
