import type { ResponseOf } from '@/contract/call';
import * as city from '@/contract/calls/city';
import * as dict from '@/contract/calls/dict';
import type { Locale } from '@/contract/enums';
import { LISTING_DICT_TYPES } from '@/contract/first-paint';
import type { ApiClient } from './api-client';

/**
 * Reference data the browse screens read again and again, fetched once per locale and kept for the session: the
 * geography (city/lang: every region and city with its name) behind the region-route-verify guard and the place
 * pickers, and the dictionaries whose names listing cards and filters show (dict/multi). Reference data changes
 * only with a deployment, so there is no expiry; a failed fetch is forgotten, so the next use asks again.
 */

export { LISTING_DICT_TYPES };
export type ListingDictionaries = ResponseOf<typeof dict.multi>;

export interface DirectoryCache {
  geography(locale: Locale): Promise<city.Geography>;
  dictionaries(locale: Locale): Promise<ListingDictionaries>;
}

/**
 * `client` sends Accept-Language from the current route, which is `locale` by the time a route asks; an answer in
 * another locale (a navigation that changed language meanwhile) is returned but not kept under `locale`.
 */
export function createDirectoryCache(client: Pick<ApiClient, 'call'>): DirectoryCache {
  const geographies = new Map<Locale, Promise<city.Geography>>();
  const dictionaries = new Map<Locale, Promise<ListingDictionaries>>();

  function remember<T>(cache: Map<Locale, Promise<T>>, locale: Locale, load: () => Promise<T>, keep: (value: T) => boolean) {
    const cached = cache.get(locale);
    if (cached) return cached;
    const pending = load().then(
      (value) => {
        if (!keep(value)) cache.delete(locale);
        return value;
      },
      (error: unknown) => {
        cache.delete(locale);
        throw error;
      },
    );
    cache.set(locale, pending);
    return pending;
  }

  return {
    geography: (locale) => remember(geographies, locale, () => client.call(city.lang, {}), (geo) => geo.locale === locale),
    dictionaries: (locale) =>
      remember(dictionaries, locale, () => client.call(dict.multi, { types: [...LISTING_DICT_TYPES] }), () => true),
  };
}
