import { createFileRoute } from '@tanstack/react-router';
import { listingSearch } from '@/routes/-directory/filter-params';
import { CitySourcePage } from '@/routes/-directory/place-pages';
import { PlacePending } from '@/routes/-directory/place-pending';
import { placeBeforeLoad } from '@/routes/-directory/place-loaders';
import { PlaceNotFound } from '@/routes/-directory/place-not-found';

/**
 * /{lang}/{region}/{city}/{source}: the city's venues (merchant) or profiles (partner), guarded by
 * region-route-verify (an unknown region or city, or any other source, is the 404 page). The page is
 * -directory/place-pages.tsx.
 */
export const Route = createFileRoute('/$lang/_search/$region/$city/$source')({
  validateSearch: listingSearch,
  beforeLoad: placeBeforeLoad,
  // The list's skeleton while the place is checked (and, on a first visit, the app system loads).
  pendingComponent: PlacePending,
  pendingMs: 150,
  component: CitySourcePage,
  notFoundComponent: PlaceNotFound,
});
