import { intParam, oneOfParam, searchParams } from '../-app/search-params';

/**
 * The filters and sort of a place page's list, as search params (STYLE rule 12): the names are those of the
 * merchant/list and partner/list payloads, so a link states exactly what is asked. A value that is not valid (a
 * hand-edited URL, an old link) is dropped, not an error: the page shows the list without that filter. The router
 * parses `?tag=5` as the number 5, so numbers arrive as numbers.
 */

const ID_MAX = 2_147_483_647;
export const SORTS = ['recommended', 'newest', 'popular'] as const;
export type ListingSort = (typeof SORTS)[number];

const listingFilters = {
  sort: oneOfParam(SORTS),
  // Venues.
  merchant_type: intParam(1, ID_MAX),
  price_level: intParam(1, 4),
  // Profiles.
  sex: intParam(1, ID_MAX),
  body_type: intParam(1, ID_MAX),
  language: intParam(1, ID_MAX),
  age_min: intParam(18, 99),
  age_max: intParam(18, 99),
  // Both.
  tag: intParam(1, ID_MAX),
};

export const listingSearch = searchParams(listingFilters);
export type ListingSearch = ReturnType<typeof listingSearch>;

/** The region page's list has a tab of its own (`source`); the city page names the source in its path. */
export const regionSearch = searchParams({ ...listingFilters, source: oneOfParam(['merchant', 'partner'] as const) });
export type RegionSearch = ReturnType<typeof regionSearch>;
