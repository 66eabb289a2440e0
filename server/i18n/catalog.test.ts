import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/contract/enums';
import { argumentsOf, compiledMessage, formatMoney, intlLocale, type MessageKey, SERVER_CATALOGS, translate, waitPhrase } from './index';
import { en } from './locales/en';

const KEYS = Object.keys(en) as MessageKey[];
const NUMERIC = new Set(['plural', 'selectordinal', 'number']);

/** The choices of every plural in a compiled message, by argument name. */
function pluralChoices(tokens: ReturnType<typeof compiledMessage>, found = new Map<string, Set<string>[]>()): Map<string, Set<string>[]> {
  for (const token of tokens) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    if (type !== 'plural' && type !== 'select' && type !== 'selectordinal') continue;
    const choices = Object.entries(format as Record<string, unknown>).filter(([choice]) => choice !== 'offset');
    if (type === 'plural') found.set(name, [...(found.get(name) ?? []), new Set(choices.map(([choice]) => choice))]);
    for (const [, branch] of choices) if (Array.isArray(branch)) pluralChoices(branch as ReturnType<typeof compiledMessage>, found);
  }
  return found;
}

/** The plural categories a locale picks for whole numbers a message may count (0 to 1 000). */
function categoriesUsed(locale: (typeof LOCALES)[number]): Set<string> {
  const rules = new Intl.PluralRules(intlLocale(locale));
  const used = new Set<string>();
  for (let n = 0; n <= 1000; n++) used.add(rules.select(n));
  return used;
}

describe('server message catalogs', () => {
  it.each(LOCALES)('%s has every key, translated, as ICU MessageFormat with the arguments of the English text', (locale) => {
    const catalog = SERVER_CATALOGS[locale];
    expect(Object.keys(catalog).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) {
      const english = en[key];
      const text = catalog[key];
      expect(text.trim().length, `${locale} ${key}`).toBeGreaterThan(0);
      // Compiling throws on invalid ICU (catalogOf names the key).
      const own = argumentsOf(compiledMessage(locale, key));
      const source = argumentsOf(compiledMessage('en', key));
      expect([...own.keys()].sort(), `${locale} ${key}`).toEqual([...source.keys()].sort());
      // A count or a number in English is one in every language: formatted for the locale, never inserted as it is.
      for (const [name, type] of source) {
        if (NUMERIC.has(type)) expect(NUMERIC.has(own.get(name)!), `${locale} ${key}: {${name}} must be a plural or a number`).toBe(true);
      }
      if (locale !== 'en' && key !== 'app.name' && english.length > 12) {
        expect(text, `${locale} ${key} is still English`).not.toBe(english);
      }
    }
  });

  it.each(LOCALES)('%s gives every plural the categories its language uses for counts (Arabic: zero, one, two, few, many, other)', (locale) => {
    const needed = categoriesUsed(locale);
    for (const key of KEYS) {
      for (const [name, plurals] of pluralChoices(compiledMessage(locale, key))) {
        for (const choices of plurals) {
          expect(choices.has('other'), `${locale} ${key} {${name}} has no "other"`).toBe(true);
          for (const category of needed) expect(choices.has(category), `${locale} ${key} {${name}} lacks "${category}"`).toBe(true);
        }
      }
    }
  });

  it.each(LOCALES)('%s loses no quote or brace to ICU quoting: a text reads as written once its values are in', (locale) => {
    for (const key of KEYS) {
      const params = Object.fromEntries([...argumentsOf(compiledMessage(locale, key))].map(([name, type]) => [name, NUMERIC.has(type) ? 7 : 'X']));
      const text = translate(locale, key, params);
      expect(text, `${locale} ${key}`).not.toMatch(/[{}]/);
      // ICU keeps an apostrophe that quotes nothing and turns '' into one: the rendered text has as many as the source
      // has once its doubled ones are counted once.
      const source = SERVER_CATALOGS[locale][key];
      const expected = (source.match(/'/g)?.length ?? 0) - (source.match(/''/g)?.length ?? 0);
      expect(text.match(/'/g)?.length ?? 0, `${locale} ${key}: ${text}`).toBe(expected);
    }
  });

  it('fills placeholders and leaves an unknown text placeholder visible', () => {
    expect(translate('en', 'validation.invalid', { field: 'password' })).toBe('Invalid value for "password".');
    expect(translate('en', 'validation.min', { min: 8 })).toBe('"{field}" must have at least 8 characters.');
  });

  it('puts a person\'s text in exactly as written, escape sequences and braces included', () => {
    const reason = 'Blurry \\u0041 photo {field} #1';
    expect(translate('en', 'notice.kycRejected', { reason })).toBe(`Your identity verification was not approved. Check the reason below, then apply again.\nReason: ${reason}`);
  });
});

describe('counts and waits in the server\'s messages (issue 30 item 12)', () => {
  it('says 1 second and 2 seconds, never "1 seconds"', () => {
    expect(translate('en', 'rate.limited', { wait: waitPhrase('en', 1) })).toBe('Too many attempts. Please try again in 1 second.');
    expect(translate('en', 'rate.limited', { wait: waitPhrase('en', 2) })).toBe('Too many attempts. Please try again in 2 seconds.');
  });

  it('phrases a wait in the largest sensible unit, rounded up', () => {
    expect(waitPhrase('en', 587)).toBe('in 10 minutes');
    expect(translate('en', 'rate.limited', { wait: waitPhrase('en', 587) })).toBe('Too many attempts. Please try again in 10 minutes.');
    expect(waitPhrase('en', 59)).toBe('in 59 seconds');
    expect(waitPhrase('en', 60)).toBe('in 1 minute');
    expect(waitPhrase('en', 61)).toBe('in 2 minutes');
    expect(waitPhrase('en', 3600)).toBe('in 1 hour');
    expect(waitPhrase('en', 2 * 86_400)).toBe('in 2 days');
    expect(waitPhrase('en', 0.2)).toBe('in 1 second');
    expect(waitPhrase('de', 587)).toBe('in 10 Minuten');
    expect(waitPhrase('ja', 587)).toBe('10 分後');
    expect(translate('ja', 'rate.limited', { wait: waitPhrase('ja', 587) })).toBe('試行回数が多すぎます。10 分後にもう一度お試しください。');
  });

  it('declines an Arabic wait and count for the number: one, two, few, many and other', () => {
    expect(waitPhrase('ar', 1)).toBe('خلال ثانية واحدة');
    expect(waitPhrase('ar', 2)).toBe('خلال ثانيتين');
    expect(waitPhrase('ar', 3)).toBe('خلال 3 ثوانٍ');
    expect(waitPhrase('ar', 11)).toBe('خلال 11 ثانية');
    expect(translate('ar', 'rate.limited', { wait: waitPhrase('ar', 587) })).toBe('محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى خلال 10 دقائق.');
    const have = (points: number) => translate('ar', 'wallet.insufficient', { points });
    expect(have(0)).toBe('ليست لديك نقاط قابلة للسحب.');
    expect(have(1)).toBe('لديك نقطة واحدة قابلة للسحب.');
    expect(have(2)).toBe('لديك نقطتان قابلتان للسحب.');
    expect(have(3)).toBe('لديك 3 نقاط قابلة للسحب.');
    expect(have(11)).toBe('لديك 11 نقطة قابلة للسحب.');
    expect(have(100)).toBe('لديك 100 نقطة قابلة للسحب.');
    expect(translate('ar', 'wallet.withdrawMin', { min: 2 })).toBe('يمكنك سحب نقطتين أو أكثر.');
  });

  it('counts in each language\'s own forms and formats the number for the locale', () => {
    expect(translate('en', 'wallet.insufficient', { points: 1 })).toBe('You have 1 withdrawable point.');
    expect(translate('en', 'wallet.insufficient', { points: 1200 })).toBe('You have 1,200 withdrawable points.');
    expect(translate('en', 'validation.min', { field: 'password', min: 1 })).toBe('"password" must have at least 1 character.');
    expect(translate('ru', 'wallet.insufficient', { points: 1 })).toBe('У вас 1 балл для вывода.');
    expect(translate('ru', 'wallet.insufficient', { points: 3 })).toBe('У вас 3 балла для вывода.');
    expect(translate('ru', 'wallet.insufficient', { points: 25 })).toBe('У вас 25 баллов для вывода.');
    expect(translate('de', 'wallet.withdrawMin', { min: 1000 })).toBe('Sie können ab 1.000 Punkten auszahlen lassen.');
    expect(translate('fr', 'wallet.insufficient', { points: 0 })).toBe('Vous avez 0 point retirable.');
    expect(translate('pt', 'wallet.insufficient', { points: 0 })).toBe('Tem 0 pontos disponíveis para levantamento.');
    expect(translate('ja', 'wallet.insufficientPoints', { price: 1200, balance: 35 })).toBe('1,200ポイントが必要ですが、残高は35ポイントです。続けるにはコインを購入してください。');
    expect(translate('en', 'validation.numberMax', { field: 'points', max: 1_000_000 })).toBe('"points" must be at most 1,000,000.');
    expect(formatMoney('en', 999, 'USD')).toBe('$9.99');
    expect(formatMoney('de', 999, 'USD')).toBe('9,99\u00a0$');
  });
});
