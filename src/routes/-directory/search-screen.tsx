import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import * as cityCalls from '@/contract/calls/city';
import type { Locale } from '@/contract/enums';
import { type RecordInput, type SearchCallInput, type SearchResults, searchMachine } from '@/machines/directory/search.machine';
import { requestErrorText } from '@/ui/directory/directory-names';
import { type HistoryEntry, SearchPage, type SearchResultsView } from '@/ui/directory/search-page';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { directoryOf } from './directory-data';
import { listingHref, placeHref, useCityNames } from './listing-links';
import { useLoad } from './use-load';


/** How long the keyword rests before it is written to the URL (one history entry replaced, not one per key). */
const URL_SYNC_MS = 400;

/**
 * The search machine bound to the search page's ui (loaded by search-route.tsx). `typed` is what was typed into
 * the page's box before this screen arrived: it starts the search instead of `q`.
 */
export function SearchScreen({ lang, q, typed = null }: { lang: Locale; q: string; typed?: string | null }) {
  const initialKeyword = useRef(typed ?? q).current;
  const { t, i18n } = useLingui();
  const system = useAppSystem();
  const navigate = useNavigate();
  useDocumentTitle(t`Search`);

  const actor = useActorRef(
    searchMachine.provide({
      actors: {
        searchPlaces: fromPromise<SearchResults, SearchCallInput>(({ input, signal }) =>
          system.api.call(cityCalls.search, { keyword: input.keyword }, { signal }),
        ),
        loadHistory: fromPromise(({ signal }) => system.api.call(cityCalls.searchHistory, {}, { signal })),
        clearHistory: fromPromise(({ signal }) => system.api.call(cityCalls.clearHistory, {}, { signal })),
        recordSearch: fromPromise<unknown, RecordInput>(({ input, signal }) =>
          system.api.call(cityCalls.searchHistoryAdd, input, { signal }),
        ),
      },
      actions: {
        navigate: (_, params: { to: string }) => void navigate({ href: params.to }),
      },
    }),
    { input: { keyword: initialKeyword } },
  );
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;

  // The keyword lives in the URL (?q=), so a search can be shared and survives a reload: written once typing
  // rests, replacing the entry; a ?q= that changes otherwise (back, forward, a link) is typed into the search.
  // Not while a picked place is being recorded: the page is about to leave, and a late write would bring it back.
  const written = useRef(q);
  const leaving = snapshot.hasTag('navigating');
  useEffect(() => {
    const keyword = context.keyword.trim();
    if (leaving || keyword === written.current) return;
    const timer = setTimeout(() => {
      written.current = keyword;
      void navigate({ to: '/$lang/search', params: { lang }, search: { q: keyword || undefined }, replace: true });
    }, URL_SYNC_MS);
    return () => clearTimeout(timer);
  }, [context.keyword, lang, navigate, leaving]);
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    actor.send({ type: 'search.type', keyword: q });
  }, [q, actor]);

  const hot = useLoad((signal) => system.api.call(cityCalls.hot, {}, { signal }));
  const geography = useLoad(() => directoryOf(system).geography(lang));
  const cityNames = useCityNames(geography.data);
  const regionNames = useMemo(
    () => new Map((geography.data?.regions ?? []).map((region) => [region.slug, region.name])),
    [geography.data],
  );

  const cityChip = (city: cityCalls.City) => ({
    key: `city-${city.id}`,
    href: placeHref(lang, city.region_slug, city.slug),
    label: city.name,
    detail: regionNames.get(city.region_slug),
    cityId: city.id,
  });

  const results: SearchResultsView | null = context.results && {
    regions: context.results.regions.map((region) => ({ key: `region-${region.id}`, href: placeHref(lang, region.slug), label: region.name })),
    cities: context.results.cities.map(cityChip),
    venues: context.results.merchants.map((merchant) => ({
      key: `merchant-${merchant.id}`,
      href: listingHref(lang, 'merchant', merchant.id),
      name: merchant.name,
      detail: cityNames.get(merchant.city_id),
      thumb: merchant.cover?.thumb ?? null,
    })),
    profiles: context.results.partners.map((partner) => ({
      key: `partner-${partner.id}`,
      href: listingHref(lang, 'partner', partner.id),
      name: partner.nickname,
      detail: cityNames.get(partner.city_id),
      thumb: partner.cover?.thumb ?? null,
    })),
  };

  const history: HistoryEntry[] = context.history.map((item) =>
    item.city
      ? { key: `history-${item.id}`, kind: 'city', chip: { ...cityChip(item.city), key: `history-${item.id}` } }
      : { key: `history-${item.id}`, kind: 'keyword', keyword: item.keyword },
  );

  const pickCity = (chip: { href: string; cityId?: number }) => {
    if (chip.cityId === undefined) return void navigate({ href: chip.href });
    actor.send({ type: 'search.pickCity', cityId: chip.cityId, to: chip.href });
  };

  return (
    <SearchPage
      backHref={`/${lang}`}
      initialText={initialKeyword}
      onType={(text) => actor.send({ type: 'search.type', keyword: text })}
      onSubmit={() => actor.send({ type: 'search.submit' })}
      keyword={context.keyword}
      searching={snapshot.hasTag('busy')}
      results={results}
      resultsFor={context.resultsFor}
      searchError={context.searchError ? requestErrorText(i18n, context.searchError) : undefined}
      onRetrySearch={() => actor.send({ type: 'search.retry' })}
      history={{
        status: snapshot.matches({ history: 'failed' }) ? 'error' : snapshot.hasTag('historyLoading') ? 'loading' : 'ready',
        error: requestErrorText(i18n, context.historyError),
        onRetry: () => actor.send({ type: 'history.retry' }),
        entries: history,
        clearing: snapshot.hasTag('historyClearing'),
        clearError: context.clearError ? requestErrorText(i18n, context.clearError) : undefined,
        onClear: () => actor.send({ type: 'history.clear' }),
      }}
      hot={{
        status: hot.status,
        error: requestErrorText(i18n, hot.error),
        onRetry: hot.retry,
        chips: (hot.data ?? []).map(cityChip),
      }}
      onPickCity={pickCity}
      leaving={leaving}
    />
  );
}
