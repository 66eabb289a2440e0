import { useMemo } from 'react';
import type { Geography } from '@/contract/calls/city';
import type { Locale } from '@/contract/enums';
import { HOME_CALLS } from '@/contract/first-paint';
import type { ListingSource } from '@/contract/shapes';
import { type DictionaryNames, dictionaryNames } from '@/ui/directory/directory-names';
import type { AppSystem } from '../-app/app-system';
import { useFirstAnswer } from '../-app/kept-first-answers';
import { directoryOf } from './directory-data';
import { useLoad } from './use-load';

/** /{lang}/merchant/{id} or /{lang}/partner/{id}: a listing's detail page. */
export function listingHref(lang: string, source: ListingSource, id: number): string {
  return `/${lang}/${source}/${id}`;
}

/** /{lang}/{region}[/{city}[/{source}]]: a place page. */
export function placeHref(lang: string, region: string, city?: string, source?: ListingSource): string {
  return [`/${lang}`, region, city, source].filter((part) => part !== undefined).join('/');
}

/**
 * The names cards and filters show (dict/multi), from the session's cache. Until they arrive (or if they cannot),
 * cards show what needs no dictionary: the name, the figures and the place.
 */
export function useListingNames(system: AppSystem | Promise<AppSystem>, lang: Locale): DictionaryNames {
  const load = useListingDictionaries(system, lang);
  return useMemo(() => dictionaryNames(load.data), [load.data]);
}

/**
 * The listing dictionaries; a server-rendered page's first render has them from the page (first-data.ts), or from
 * what a part of it kept (kept-first-answers.tsx).
 */
export function useListingDictionaries(system: AppSystem | Promise<AppSystem>, lang: Locale) {
  return useLoad(
    async () => directoryOf(await system).dictionaries(lang),
    useFirstAnswer(HOME_CALLS.dictionaries),
  );
}

/** City id → name, for the place line of cards in lists that span cities. */
export function useCityNames(geography: Geography | null): ReadonlyMap<number, string> {
  return useMemo(() => new Map((geography?.cities ?? []).map((city) => [city.id, city.name])), [geography]);
}
