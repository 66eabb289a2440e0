import { describe, expect, it } from 'vitest';
import { devRedirectTarget, isDevPath } from './routes';

describe('/dev paths', () => {
  it('finds /dev anywhere in a path, and sends it to the 404 page of its locale', () => {
    expect(isDevPath('/ja/devtools')).toBe(true);
    expect(isDevPath('/en/merchant/dev')).toBe(true);
    expect(isDevPath('/dev')).toBe(true);
    expect(isDevPath('/en/merchant/12')).toBe(false);
    expect(devRedirectTarget('/ja/devtools')).toBe('/ja/404');
    expect(devRedirectTarget('/dev')).toBe('/en/404');
    expect(devRedirectTarget('/xx/dev/y')).toBe('/en/404');
  });
});
