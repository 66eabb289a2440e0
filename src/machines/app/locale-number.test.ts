import { describe, expect, it } from 'vitest';
import { parseLocaleNumber } from './locale-number';

describe('parseLocaleNumber: what a user of the locale types', () => {
  it.each([
    ['de', '1.000', 1000],
    ['de', '52,52', 52.52],
    ['de', '1.000,5', 1000.5],
    ['en', '1,000', 1000],
    ['en', '1.5', 1.5],
    ['en', '1000', 1000],
    ['fr', '52,52', 52.52],
    ['fr', '1 000', 1000],
    ['ar', '١٠٠٠', 1000],
    ['ar', '١٬٠٠٠', 1000],
    ['ar', '1000', 1000],
    ['hi', '१०००', 1000],
    ['th', '๑๐๐๐', 1000],
    ['th', '1,000', 1000],
    ['ja', '１０００', 1000],
    ['ru', '1 000', 1000],
  ])('%s reads %j as %d', (locale, text, expected) => {
    expect(parseLocaleNumber(text, locale)).toBe(expected);
  });

  it.each([
    ['en', ''],
    ['en', '   '],
    ['en', 'abc'],
    ['en', '12abc'],
  ])('%s refuses %j', (locale, text) => {
    expect(parseLocaleNumber(text, locale)).toBeNaN();
  });

  it('a whole number is asked for: a fraction is refused rather than rounded', () => {
    expect(parseLocaleNumber('1.5', 'en', { integer: true })).toBeNaN();
    expect(parseLocaleNumber('1000,5', 'de', { integer: true })).toBeNaN();
    expect(parseLocaleNumber('1.000', 'de', { integer: true })).toBe(1000);
  });
});
