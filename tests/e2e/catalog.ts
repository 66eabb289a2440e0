import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../../src/contract/enums';

/**
 * The translations the app ships (locales/{locale}/messages.po, and the features' catalogs beside it), so specs
 * expect what a user of that language reads rather than a copy of it.
 */
const CATALOGS = readdirSync(fileURLToPath(new URL('../../locales/en', import.meta.url)))
  .filter((file) => file.endsWith('.po'))
  .map((file) => file.slice(0, -'.po'.length));
const cache = new Map<Locale, Map<string, string>>();

function parsePo(text: string): Map<string, string> {
  const messages = new Map<string, string>();
  const re = /^msgid ((?:"(?:[^"\\]|\\.)*"\n?)+)msgstr ((?:"(?:[^"\\]|\\.)*"\n?)+)/gm;
  const join = (block: string) => block.trim().split('\n').map((line) => JSON.parse(line) as string).join('');
  for (const match of text.matchAll(re)) {
    const msgid = join(match[1]);
    if (msgid !== '') messages.set(msgid, join(match[2]));
  }
  return messages;
}

/** The translation of `msgid` in `locale`, with `{name}` placeholders filled from `values`. */
export function msg(locale: Locale, msgid: string, values: Record<string, string> = {}): string {
  let messages = cache.get(locale);
  if (!messages) {
    messages = new Map();
    for (const catalog of CATALOGS) {
      const file = fileURLToPath(new URL(`../../locales/${locale}/${catalog}.po`, import.meta.url));
      for (const [id, text] of parsePo(readFileSync(file, 'utf8'))) messages.set(id, text);
    }
    cache.set(locale, messages);
  }
  const text = messages.get(msgid);
  if (!text) throw new Error(`locales/${locale}/*.po have no translation of ${JSON.stringify(msgid)}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export const HOME_HEADING = 'Venues and hosts in your city';
export const LANGUAGE = 'Language';
export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_TEXT = 'Page not found: {path}';
