import { NumberParser } from '@internationalized/number';

/**
 * A number as a user of the locale types it (issue 31 item 4): "1.000" is a thousand in German and one in English,
 * "52,52" is 52.52 in French; Arabic-Indic, Devanagari, Han and Thai digits count as the digits they are. Parsed with
 * `@internationalized/number`'s NumberParser, which reads the locale's grouping and decimal signs and the arab,
 * deva and hanidec numbering systems; Thai digits, which it does not know, are read as Latin ones first.
 * NaN for text that is not one number.
 */
export function parseLocaleNumber(text: string, locale: string, options: { integer?: boolean } = {}): number {
  const trimmed = toLatinThaiDigits(text).trim();
  if (trimmed === '') return Number.NaN;
  const value = parserOf(locale).parse(trimmed);
  if (Number.isNaN(value)) return value;
  // A grouping sign where the locale has its decimal sign (or the reverse) is not a whole number the user meant.
  if (options.integer && !Number.isInteger(value)) return Number.NaN;
  return value;
}

const parsers = new Map<string, NumberParser>();

function parserOf(locale: string): NumberParser {
  let parser = parsers.get(locale);
  if (!parser) {
    parser = new NumberParser(locale, { maximumFractionDigits: 20 });
    parsers.set(locale, parser);
  }
  return parser;
}

const THAI_ZERO = 0x0e50;

function toLatinThaiDigits(text: string): string {
  return text.replace(/[\u0E50-\u0E59]/g, (digit) => String(digit.charCodeAt(0) - THAI_ZERO));
}
