import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useContext, useMemo } from 'react';
import type { PayloadOf } from '@/contract/call';
import * as merchantCalls from '@/contract/calls/merchant';
import type { MerchantSummary } from '@/contract/calls/merchant';
import * as partnerCalls from '@/contract/calls/partner';
import type { PartnerSummary } from '@/contract/calls/partner';
import type { Locale } from '@/contract/enums';
import type { ListingSource } from '@/contract/shapes';
import { type Dictionaries, dictionaryNames } from '@/ui/directory/directory-names';
import { MerchantCard, PartnerCard } from '@/ui/directory/listing-card';
import { type FilterField, ListingFilters, ListingTabs } from '@/ui/directory/listing-filters';
import { EmptyState } from '@/ui/directory/listing-list';
import { AppLink } from '@/ui/kit/link';
import { PlacePage } from '@/ui/directory/place-page';
import { firstAnswer } from '@/services/first-data';
import { AppSystemContext } from '../-app/app-context';
import { directoryOf, type PlaceContext } from './directory-data';
import { useLoad } from './use-load';
import { useDocumentTitle } from '../-app/use-document-title';
import type { ListingSearch } from './filter-params';
import { LIST_PAGE_SIZE, ListingFeed } from './listing-feed';
import { listingHref, placeHref, useListingDictionaries } from './listing-links';

/** Age ranges of the profile filter, as age_min–age_max. */
const AGE_RANGES: readonly [number, number][] = [
  [18, 25],
  [26, 35],
  [36, 45],
  [46, 99],
];

export interface PlaceScreenProps {
  lang: Locale;
  /** The region or city; null lists every place ("See all" of the home page's sections). */
  place: PlaceContext | null;
  source: ListingSource;
  search: ListingSearch;
  /** Replaces the list's filters (the route navigates with them as search params). */
  onSearch(next: ListingSearch): void;
  /** The page of the other tab. */
  tabHref(source: ListingSource): string;
}

/** The filters the list call takes for this source, from the search params (only those of this source). */
function queryOf(source: ListingSource, place: PlaceContext | null, search: ListingSearch): Record<string, unknown> {
  const where = place ? { region_slug: place.region.slug, ...(place.city ? { city_slug: place.city.slug } : {}) } : {};
  const pick = (keys: (keyof ListingSearch)[]) =>
    Object.fromEntries(keys.filter((key) => search[key] !== undefined).map((key) => [key, search[key]]));
  return source === 'merchant'
    ? { ...where, ...pick(['sort', 'merchant_type', 'tag', 'price_level']) }
    : { ...where, ...pick(['sort', 'sex', 'body_type', 'language', 'age_min', 'age_max', 'tag']) };
}

function optionsOf(dicts: Dictionaries | null, type: keyof Dictionaries) {
  return (dicts?.[type] ?? []).map((item) => ({ value: String(item.id), label: item.name }));
}

export function PlaceScreen({ lang, place, source, search, onSearch, tabHref }: PlaceScreenProps) {
  const { t } = useLingui();
  // The system as a promise: a server-rendered place page (src/contract/first-paint.ts) renders, and hydrates,
  // with the answers it came with; the calls wait for the system only when they run.
  const system = useContext(AppSystemContext)!;
  const dictionaries = useListingDictionaries(system, lang);
  const names = useMemo(() => dictionaryNames(dictionaries.data), [dictionaries.data]);
  const region = place?.region;
  const city = place?.city;
  // Every place: the cards name their city, from the directory's geography.
  const geography = useLoad(async () => (place ? null : directoryOf(await system).geography(lang)));
  const cities = useMemo(() => place?.cities ?? geography.data?.cities ?? [], [place, geography.data]);
  const everywhereTitle = source === 'merchant' ? t`All venues` : t`All profiles`;
  const title = city?.name ?? region?.name ?? everywhereTitle;
  useDocumentTitle(title);

  const cityNames = useMemo(() => new Map(cities.map((c) => [c.id, c.name])), [cities]);
  const str = (value: number | undefined) => (value === undefined ? '' : String(value));
  const sortField: FilterField = {
    key: 'sort',
    label: t`Sort by`,
    value: search.sort ?? 'recommended',
    required: true,
    options: [
      { value: 'recommended', label: t({ message: 'Recommended', context: 'sort order' }) },
      { value: 'newest', label: t({ message: 'Newest', context: 'sort order' }) },
      { value: 'popular', label: t({ message: 'Most popular', context: 'sort order' }) },
    ],
  };
  const fields: FilterField[] =
    source === 'merchant'
      ? [
          sortField,
          { key: 'merchant_type', label: t`Type`, value: str(search.merchant_type), options: optionsOf(dictionaries.data, 'merchant_type') },
          { key: 'tag', label: t`Tag`, value: str(search.tag), options: optionsOf(dictionaries.data, 'merchant_tag') },
          {
            key: 'price_level',
            label: t`Price`,
            value: str(search.price_level),
            options: [
              { value: '1', label: t`$ · Budget` },
              { value: '2', label: t`$$ · Moderate` },
              { value: '3', label: t`$$$ · Upscale` },
              { value: '4', label: t`$$$$ · Luxury` },
            ],
          },
        ]
      : [
          sortField,
          { key: 'sex', label: t`Gender`, value: str(search.sex), options: optionsOf(dictionaries.data, 'sex') },
          {
            key: 'age',
            label: t`Age`,
            value: search.age_min !== undefined || search.age_max !== undefined ? `${search.age_min ?? 18}-${search.age_max ?? 99}` : '',
            options: AGE_RANGES.map(([min, max]) => ({
              value: `${min}-${max}`,
              label: max >= 99 ? t`${min} and over` : t`${min}–${max}`,
            })),
          },
          { key: 'language', label: t`Language`, value: str(search.language), options: optionsOf(dictionaries.data, 'language') },
          { key: 'body_type', label: t`Body type`, value: str(search.body_type), options: optionsOf(dictionaries.data, 'body_type') },
          { key: 'tag', label: t`Tag`, value: str(search.tag), options: optionsOf(dictionaries.data, 'partner_tag') },
        ];
  // An age range that is not one of the options (a hand-made link) still shows as chosen.
  const ageField = fields.find((field) => field.key === 'age');
  if (ageField && ageField.value && !ageField.options.some((option) => option.value === ageField.value)) {
    ageField.options = [...ageField.options, { value: ageField.value, label: ageField.value.replace('-', '–') }];
  }

  const change = (key: string, value: string) => {
    const next: ListingSearch = { ...search };
    if (key === 'age') {
      const [min, max] = value ? value.split('-').map(Number) : [undefined, undefined];
      next.age_min = min;
      next.age_max = max;
    } else if (key === 'sort') {
      next.sort = value === 'recommended' ? undefined : (value as ListingSearch['sort']);
    } else {
      (next as Record<string, number | undefined>)[key] = value ? Number(value) : undefined;
    }
    onSearch(next);
  };
  const reset = () => onSearch(search.sort ? { sort: search.sort } : {});

  const query = { ...queryOf(source, place, search), limit: LIST_PAGE_SIZE };
  const listTitle = !region ? everywhereTitle : source === 'merchant' ? t`Venues in ${title}` : t`Profiles in ${title}`;
  const filtered = fields.some((field) => !field.required && field.value !== '');
  const empty = (
    <EmptyState
      title={
        source === 'merchant' ? (
          filtered ? <Trans>No venue matches these filters.</Trans> : <Trans>No venues here yet.</Trans>
        ) : filtered ? (
          <Trans>No profile matches these filters.</Trans>
        ) : (
          <Trans>No profiles here yet.</Trans>
        )
      }
    >
      {filtered ? (
        <button type="button" className="button button--secondary" onClick={reset}>
          <Trans>Clear filters</Trans>
        </button>
      ) : (
        <AppLink className="button button--secondary" href={`/${lang}/search`}>
          <Trans>Search another city</Trans>
        </AppLink>
      )}
    </EmptyState>
  );

  // Stable while what the cards show is (the source, the language, the names, the city): the feed then keeps its
  // cards when this screen renders again for anything else (its loads settling after the hydration: twice), and
  // React skips the twelve cards instead of rendering and comparing each of them again.
  const renderItem = useCallback(
    (item: unknown, index: number): ReactNode => {
      const { id, city_id } = item as MerchantSummary | PartnerSummary;
      const shared = { href: listingHref(lang, source, id), names, place: city ? undefined : cityNames.get(city_id), eager: index < 2 };
      return source === 'merchant' ? <MerchantCard merchant={item as MerchantSummary} {...shared} /> : <PartnerCard partner={item as PartnerSummary} {...shared} />;
    },
    [source, lang, names, city, cityNames],
  );

  return (
    <PlacePage
      title={title}
      subtitle={!region ? undefined : city ? region.name : <Plural value={cities.length} one="# city" other="# cities" />}
      backHref={!region ? `/${lang}` : city ? placeHref(lang, region.slug) : `/${lang}/search`}
      listTitle={listTitle}
      cities={
        city || !region
          ? undefined
          : cities.map((c) => ({ key: c.slug, href: placeHref(lang, region.slug, c.slug), label: c.name }))
      }
    >
      <ListingTabs
        label={t`Listings`}
        tabs={[
          { key: 'merchant', label: t`Venues`, href: tabHref('merchant'), current: source === 'merchant' },
          { key: 'partner', label: t`Profiles`, href: tabHref('partner'), current: source === 'partner' },
        ]}
      />
      <ListingFilters fields={fields} onChange={change} onReset={reset} />
      <ListingFeed
        key={source}
        query={query}
        label={listTitle}
        firstPage={firstAnswer({ call: source === 'merchant' ? merchantCalls.list : partnerCalls.list, payload: query })}
        fetchPage={async ({ query: q, cursor }, signal) => {
          const payload = { ...(q as object), ...(cursor ? { cursor } : {}) };
          const { api } = await system;
          return source === 'merchant'
            ? api.call(merchantCalls.list, payload as PayloadOf<typeof merchantCalls.list>, { signal })
            : api.call(partnerCalls.list, payload as PayloadOf<typeof partnerCalls.list>, { signal });
        }}
        renderItem={renderItem}
        empty={empty}
      />
    </PlacePage>
  );
}
