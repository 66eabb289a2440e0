import { createFileRoute } from '@tanstack/react-router';
import { listingSearch } from '../../../-directory/filter-params';
import { CitySourcePage } from '../../../-directory/place-pages';
import { placeBeforeLoad } from '../../../-directory/place-loaders';
import { PlaceNotFound } from '../../../-directory/place-not-found';

/**
 * /{lang}/{region}/{city}/{source}: the city's venues (merchant) or profiles (partner), guarded by
 * region-route-verify (an unknown region or city, or any other source, is the 404 page). The page is
 * -directory/place-pages.tsx.
 */
export const Route = createFileRoute('/$lang/$region/$city/$source')({
  validateSearch: listingSearch,
  beforeLoad: placeBeforeLoad,
  component: CitySourcePage,
  notFoundComponent: PlaceNotFound,
});
