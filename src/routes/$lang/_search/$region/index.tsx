import { createFileRoute } from '@tanstack/react-router';
import { regionSearch } from '@/routes/-directory/filter-params';
import { RegionPage } from '@/routes/-directory/place-pages';
import { PlacePending } from '@/routes/-directory/place-pending';
import { placeBeforeLoad } from '@/routes/-directory/place-loaders';
import { PlaceNotFound } from '@/routes/-directory/place-not-found';

/**
 * /{lang}/{region}: the region's cities and its listings (venues, or profiles with ?source=partner), guarded by
 * region-route-verify (an unknown region is the 404 page). The page is -directory/place-pages.tsx.
 */
export const Route = createFileRoute('/$lang/_search/$region/')({
  validateSearch: regionSearch,
  beforeLoad: placeBeforeLoad,
  // The list's skeleton while the place is checked (and, on a first visit, the app system loads).
  pendingComponent: PlacePending,
  pendingMs: 150,
  component: RegionPage,
  notFoundComponent: PlaceNotFound,
});
