import { getRouteApi } from '@tanstack/react-router';
import type { Locale } from '@/contract/enums';
import type { ListingSource } from '@/contract/shapes';
import type { ListingSearch } from './filter-params';
import { placeHref } from './listing-links';
import { PlaceScreen } from './place-screen';

/**
 * The pages of /{lang}/{region}, /{lang}/{region}/{city} and /{lang}/{region}/{city}/{source}: params, search
 * params and the guard's place → PlaceScreen. Filter changes replace the search params (no history entry per
 * filter, and the page keeps its scroll position).
 */

const regionRoute = getRouteApi('/$lang/_search/$region/');
const cityRoute = getRouteApi('/$lang/_search/$region/$city/');
const citySourceRoute = getRouteApi('/$lang/_search/$region/$city/$source');
const allMerchantsRoute = getRouteApi('/$lang/_search/merchant/');
const allPartnersRoute = getRouteApi('/$lang/_search/partner/');

export function RegionPage() {
  const { lang, region } = regionRoute.useParams();
  const { source = 'merchant', ...filters } = regionRoute.useSearch();
  const { place } = regionRoute.useRouteContext();
  const navigate = regionRoute.useNavigate();
  return (
    <PlaceScreen
      key={lang}
      lang={lang as Locale}
      place={place}
      source={source}
      search={filters}
      onSearch={(next) =>
        void navigate({ search: { ...next, ...(source === 'partner' ? { source } : {}) }, replace: true, resetScroll: false })
      }
      tabHref={(tab) => `/${lang}/${region}${tab === 'partner' ? '?source=partner' : ''}`}
    />
  );
}

export function CityPage() {
  const { lang, region, city } = cityRoute.useParams();
  const search = cityRoute.useSearch();
  const { place } = cityRoute.useRouteContext();
  const navigate = cityRoute.useNavigate();
  return (
    <PlaceScreen
      key={lang}
      lang={lang as Locale}
      place={place}
      source="merchant"
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
      tabHref={(tab) => placeHref(lang, region, city, tab)}
    />
  );
}

export function CitySourcePage() {
  const { lang, region, city, source } = citySourceRoute.useParams();
  const search = citySourceRoute.useSearch();
  const { place } = citySourceRoute.useRouteContext();
  const navigate = citySourceRoute.useNavigate();
  return (
    <PlaceScreen
      key={lang}
      lang={lang as Locale}
      place={place}
      source={source as ListingSource}
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
      tabHref={(tab) => placeHref(lang, region, city, tab)}
    />
  );
}

/**
 * /{lang}/merchant and /{lang}/partner: every venue or profile, in every place, with the same sort and filters as a
 * place page (the "See all" of the home page's sections, e.g. /en/merchant?sort=newest).
 */
export function AllMerchantsPage() {
  const route = allMerchantsRoute;
  return <EverywhereScreen source="merchant" lang={route.useParams().lang} search={route.useSearch()} navigate={route.useNavigate()} />;
}

export function AllPartnersPage() {
  const route = allPartnersRoute;
  return <EverywhereScreen source="partner" lang={route.useParams().lang} search={route.useSearch()} navigate={route.useNavigate()} />;
}

function EverywhereScreen({
  source,
  lang,
  search,
  navigate,
}: {
  source: ListingSource;
  lang: string;
  search: ListingSearch;
  navigate: (options: { search: ListingSearch; replace: boolean; resetScroll: boolean }) => Promise<void>;
}) {
  return (
    <PlaceScreen
      key={lang}
      lang={lang as Locale}
      place={null}
      source={source}
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
      tabHref={(tab) => `/${lang}/${tab}${search.sort ? `?sort=${search.sort}` : ''}`}
    />
  );
}
