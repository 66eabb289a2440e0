import { DEFAULT_LOCALE, type Locale } from '@/contract/enums';
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

export const SERVER_CATALOGS: Record<Locale, Messages> = {
  ar, de, en, es, fr, hi, id, ja, ko, pt, ru, th, vi, 'zh-hans': zhHans, 'zh-hant': zhHant,
};

export type MessageParams = Record<string, string | number>;

/** The message in the locale, with {placeholders} filled; English when a locale lacks it (tests forbid that). */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template = SERVER_CATALOGS[locale]?.[key] ?? SERVER_CATALOGS[DEFAULT_LOCALE][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
