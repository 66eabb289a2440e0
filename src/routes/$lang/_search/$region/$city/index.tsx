import { createFileRoute } from '@tanstack/react-router';
import { listingSearch } from '@/routes/-directory/filter-params';
import { CityPage } from '@/routes/-directory/place-pages';
import { PlacePending } from '@/routes/-directory/place-pending';
import { placeBeforeLoad } from '@/routes/-directory/place-loaders';
import { PlaceNotFound } from '@/routes/-directory/place-not-found';

/**
 * /{lang}/{region}/{city}: the city's venues (the default tab; profiles are /{city}/partner), guarded by
 * region-route-verify (an unknown region, or a city not in it, is the 404 page). The page is
 * -directory/place-pages.tsx.
 */
export const Route = createFileRoute('/$lang/_search/$region/$city/')({
  validateSearch: listingSearch,
  beforeLoad: placeBeforeLoad,
  // The list's skeleton while the place is checked (and, on a first visit, the app system loads).
  pendingComponent: PlacePending,
  pendingMs: 150,
  component: CityPage,
  notFoundComponent: PlaceNotFound,
});
