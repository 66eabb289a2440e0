import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/contract/enums';
import { SERVER_CATALOGS, translate } from './index';
import { en } from './locales/en';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server message catalogs', () => {
  it.each(LOCALES)('%s has every key, translated, with the same placeholders', (locale) => {
    const catalog = SERVER_CATALOGS[locale];
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const text = catalog[key as keyof typeof en];
      expect(text.trim().length, `${locale} ${key}`).toBeGreaterThan(0);
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english));
      if (locale !== 'en' && key !== 'app.name' && english.length > 12) {
        expect(text, `${locale} ${key} is still English`).not.toBe(english);
      }
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'rate.limited', { seconds: 42 })).toBe('Too many attempts. Please try again in 42 seconds.');
    expect(translate('en', 'validation.min', { field: 'password' })).toBe('"password" must have at least {min} characters.');
  });
});
