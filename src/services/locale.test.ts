import { describe, expect, it } from 'vitest';
import { detectLocale, readLocaleCookie, swapLocale } from './locale';

describe('locale detection', () => {
  it('prefers the path, then the cookie, then the browser by full tag then base, then English', () => {
    expect(detectLocale({ pathLocale: 'ja', cookie: 'locale=de', languages: ['fr-FR'] })).toBe('ja');
    expect(detectLocale({ pathLocale: 'xx', cookie: 'a=1; locale=de', languages: ['fr-FR'] })).toBe('de');
    expect(detectLocale({ cookie: 'locale=klingon', languages: ['pt-PT', 'en'] })).toBe('pt');
    expect(detectLocale({ cookie: '', languages: ['pt-BR'] })).toBe('pt');
    expect(detectLocale({ cookie: '', languages: ['zh-TW'] })).toBe('zh-hant');
    expect(detectLocale({ cookie: '', languages: ['zh-CN'] })).toBe('zh-hans');
    expect(detectLocale({ cookie: '', languages: ['sw-KE', 'ar-EG'] })).toBe('ar');
    expect(detectLocale({ cookie: '', languages: ['sw'] })).toBe('en');
  });

  it('reads only a supported locale from the cookie', () => {
    expect(readLocaleCookie('locale=zh-hant')).toBe('zh-hant');
    expect(readLocaleCookie('xlocale=ja')).toBeUndefined();
    expect(readLocaleCookie('locale=%3Cscript%3E')).toBeUndefined();
    expect(readLocaleCookie('locale=%E0%A4%A')).toBeUndefined();
  });
});

describe('language switch', () => {
  it('keeps the current page', () => {
    expect(swapLocale('/en/member/setup', 'ar')).toBe('/ar/member/setup');
    expect(swapLocale('/ja', 'zh-hant')).toBe('/zh-hant');
    expect(swapLocale('/de/', 'fr')).toBe('/fr');
  });
});
