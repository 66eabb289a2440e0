/**
 * Enums and fixed vocabularies of the product spec (sections 3 and 9), as typed values shared by client and server.
 * Numeric codes are the wire values; names are for code only, never shown to users.
 */

export const LOCALES = [
  'ar', 'de', 'en', 'es', 'fr', 'hi', 'id', 'ja', 'ko', 'pt', 'ru', 'th', 'vi', 'zh-hans', 'zh-hant',
] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The BCP 47 tag sent as Accept-Language for each route locale (spec section 9). */
export const LOCALE_TAGS: Record<Locale, string> = {
  ar: 'ar-SA', de: 'de-DE', en: 'en-US', es: 'es-ES', fr: 'fr-FR', hi: 'hi-IN', id: 'id-ID', ja: 'ja-JP',
  ko: 'ko-KR', pt: 'pt-PT', ru: 'ru-RU', th: 'th-TH', vi: 'vi-VN', 'zh-hans': 'zh-Hans', 'zh-hant': 'zh-Hant',
};
export const RTL_LOCALES: readonly Locale[] = ['ar'];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Maps a language tag (Accept-Language entry, navigator.language) to a supported locale: full tag first, then
 * the base language. Chinese scripts: Hant for zh-TW/HK/MO and explicit Hant, Hans otherwise.
 */
export function matchLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  if (isLocale(lower)) return lower;
  for (const locale of LOCALES) if (LOCALE_TAGS[locale].toLowerCase() === lower) return locale;
  const [base, ...rest] = lower.split('-');
  if (base === 'zh') {
    if (rest.includes('hant') || rest.some((r) => r === 'tw' || r === 'hk' || r === 'mo')) return 'zh-hant';
    return 'zh-hans';
  }
  return isLocale(base) ? base : undefined;
}

/** The cookie that remembers the chosen language (spec section 9: 365 days, path /, SameSite lax). */
export const LOCALE_COOKIE = 'locale';

/**
 * The locale in a Cookie header (the client's `document.cookie` reads the same), or undefined when the cookie is
 * missing, not a locale, or not decodable (a hand-made `%E0%A4%A` must not break the page).
 */
export function readLocaleCookie(cookie: string): Locale | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== LOCALE_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
    return isLocale(value) ? value : undefined;
  }
  return undefined;
}

/** Picks the best locale from an Accept-Language header value (q-values honoured), else the default. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

export const UserLevel = { Visitor: 1, User: 2, KycUser: 3 } as const;
export type UserLevel = (typeof UserLevel)[keyof typeof UserLevel];

export const KycStatus = { NotApply: 0, Applying: 1, Approved: 2, Rejected: 3 } as const;
export type KycStatus = (typeof KycStatus)[keyof typeof KycStatus];

export const Membership = {
  TOURIST: 0,
  MEMBER: 1,
  PAYED_MEMBER: 2,
  KYC_MEMBER: 3,
  KYC_PAYED_MEMBER: 4,
} as const;
export type Membership = (typeof Membership)[keyof typeof Membership];

/** Browser storage keys of spec section 3; the guest id lives under __OAUTH_ID. */
export const StorageKey = {
  auth: 'auth',
  guestId: '__OAUTH_ID',
  locale: 'locale',
  username: 'username',
  affiliateCode: 'affiliate_code',
  uuid: 'uuid',
  role: 'role',
  userData: 'user_data',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

