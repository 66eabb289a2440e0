import type { Locale } from '@/contract/enums';

/** Each language named in its own script (endonyms), the same in every UI language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ar: 'العربية',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  ja: '日本語',
  ko: '한국어',
  pt: 'Português',
  ru: 'Русский',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  'zh-hans': '简体中文',
  'zh-hant': '繁體中文',
};
