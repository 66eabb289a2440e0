import { type I18n, setupI18n } from '@lingui/core';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/contract/enums';
import { ar } from './locales/ar';
import { de } from './locales/de';
import { en, type MessageKey, type Messages } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { hi } from './locales/hi';
import { id } from './locales/id';
import { ja } from './locales/ja';
import { ko } from './locales/ko';
import { pt } from './locales/pt';
import { ru } from './locales/ru';
import { th } from './locales/th';
import { vi } from './locales/vi';
import { zhHans } from './locales/zh-hans';
import { zhHant } from './locales/zh-hant';

export type { MessageKey };

/**
 * The server's own texts (API refusals, e-mails, the system contact's notices) in ICU MessageFormat, as the client's
 * Lingui catalogs are: a count is a plural that receives the number (`{points, plural, one {# point} other {# points}}`,
 * with each language's own categories: Arabic has zero, one, two, few, many and other), a number stands as
 * `{max, number}`, and both are formatted for the locale. Plain `{name}` inserts a text as it is.
 */
export const SERVER_CATALOGS: Record<Locale, Messages> = {
  ar, de, en, es, fr, hi, id, ja, ko, pt, ru, th, vi, 'zh-hans': zhHans, 'zh-hant': zhHant,
};

export type MessageParams = Record<string, string | number>;

/**
 * The Intl locale a locale's numbers, plurals, dates and waits are formatted with: its own code, as the client's
 * Lingui does, but for Portuguese, whose texts are European Portuguese (LOCALE_TAGS pt-PT): `pt` alone is Brazilian
 * in CLDR, where 0 takes the singular ("0 ponto") and 1 200 has no group separator rule of Portugal's.
 */
export function intlLocale(locale: Locale): string {
  return locale === 'pt' ? 'pt-PT' : locale;
}

/**
 * Each locale's catalog, compiled once when the server starts (a catalog that is not valid ICU fails here, and the
 * catalog test names it), on an I18n instance of its own: the server answers many languages at once, so nothing
 * switches a shared active locale.
 */
const compiled = new Map<Locale, { i18n: I18n; messages: Record<string, CompiledMessage> }>();

function catalogOf(locale: Locale) {
  let entry = compiled.get(locale);
  if (!entry) {
    const messages: Record<string, CompiledMessage> = {};
    for (const [key, text] of Object.entries(SERVER_CATALOGS[locale])) {
      try {
        messages[key] = compileMessageOrThrow(text);
      } catch (error) {
        throw new Error(`server catalog ${locale}: ${key} is not valid ICU MessageFormat: ${(error as Error).message}`);
      }
    }
    entry = { i18n: setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: messages } }), messages };
    compiled.set(locale, entry);
  }
  return entry;
}

/** The names of a compiled message's arguments, with their ICU type ('' for a plain `{name}`). */
export function argumentsOf(message: CompiledMessage): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      if (!found.has(name) || found.get(name) === '') found.set(name, type ?? '');
      if ((type === 'plural' || type === 'selectordinal' || type === 'select') && format && typeof format === 'object') {
        for (const [choice, branch] of Object.entries(format as Record<string, unknown>)) {
          if (choice !== 'offset' && Array.isArray(branch)) walk(branch as CompiledMessage);
        }
      }
    }
  };
  walk(message);
  return found;
}

/** The compiled message of a key in a locale (the catalog test reads its arguments and plural choices). */
export function compiledMessage(locale: Locale, key: MessageKey): CompiledMessage {
  return catalogOf(locale).messages[key];
}

/** Private-use characters around the index of a text put in after formatting (see translate). */
const HOLD_OPEN = '\uE000';
const HOLD_CLOSE = '\uE001';

/**
 * The message in the locale, its arguments filled: counts chosen by the locale's plural rules, numbers formatted for
 * it, texts inserted as they are. An argument not given stays visible as `{name}`. English when a locale lacks the
 * key (the catalog test forbids that).
 *
 * A text argument (an admin's reason, a user name) is put in after formatting: Lingui decodes `\uXXXX` and `\xXX`
 * sequences in what it formats, and a member's text must come out exactly as it was typed.
 */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const own = SERVER_CATALOGS[locale]?.[key] !== undefined ? locale : DEFAULT_LOCALE;
  const { i18n, messages } = catalogOf(own);
  const values: Record<string, unknown> = {};
  const held: string[] = [];
  for (const [name, type] of argumentsOf(messages[key])) {
    const value = params[name];
    if (value === undefined) values[name] = `{${name}}`;
    else if (typeof value === 'string' && type === '') {
      values[name] = `${HOLD_OPEN}${held.length}${HOLD_CLOSE}`;
      held.push(value);
    } else values[name] = value;
  }
  const text = i18n._(key, values);
  if (held.length === 0) return text;
  return text.replace(new RegExp(`${HOLD_OPEN}(\\d+)${HOLD_CLOSE}`, 'g'), (_whole, index: string) => held[Number(index)] ?? '');
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A wait as the locale says it, in the largest unit that fits, rounded up so it never promises too early:
 * 1 → "in 1 second", 587 → "in 10 minutes", 7200 → "in 2 hours" (Intl.RelativeTimeFormat, which declines the unit
 * for the number in every language).
 */
export function waitPhrase(locale: Locale, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    s < MINUTE ? [s, 'second'] : s < HOUR ? [Math.ceil(s / MINUTE), 'minute'] : s < DAY ? [Math.ceil(s / HOUR), 'hour'] : [Math.ceil(s / DAY), 'day'];
  return new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'always' }).format(value, unit);
}

/** An amount of money in the locale's currency format ("$4.99", "4,99 $US", "‏4.99 US$"). */
export function formatMoney(locale: Locale, cents: number, currency: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(cents / 100);
}

/** A locale of the app, or the default for anything else (a value stored before a locale was dropped). */
export function knownLocale(value: string | null | undefined): Locale {
  return LOCALES.includes(value as Locale) ? (value as Locale) : DEFAULT_LOCALE;
}
