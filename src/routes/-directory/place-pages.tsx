import { getRouteApi } from '@tanstack/react-router';
import type { Locale } from '@/contract/enums';
import type { ListingSource } from '@/contract/shapes';
import { placeHref } from './listing-links';
import { PlaceScreen } from './place-screen';

/**
 * The pages of /{lang}/{region}, /{lang}/{region}/{city} and /{lang}/{region}/{city}/{source}: params, search
 * params and the guard's place → PlaceScreen. Filter changes replace the search params (no history entry per
 * filter, and the page keeps its scroll position).
 */

const regionRoute = getRouteApi('/$lang/$region/');
const cityRoute = getRouteApi('/$lang/$region/$city/');
const citySourceRoute = getRouteApi('/$lang/$region/$city/$source');

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
