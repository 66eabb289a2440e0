import type { ApiCall, PayloadOf } from './call';
import * as city from './calls/city';
import * as dict from './calls/dict';
import * as feedback from './calls/feedback';
import * as merchant from './calls/merchant';
import * as partner from './calls/partner';

export { FIRST_DATA_ELEMENT_ID, firstDataKey, SIGNED_IN_COOKIE } from './first-paint-keys';

/**
 * The pages the server renders before the client takes over (DESIGN section 1, "First paint"; docs/decisions.md),
 * and the public calls each one is rendered with. The server runs these calls in process as a guest, renders the
 * page with their answers and embeds the answers in the page; the client's first render reads the same answers
 * (src/services/first-data.ts), so hydration finds exactly the markup it would have rendered.
 */

/** How many listings each home section shows. */
export const HOME_LISTINGS = 8;

/** The dictionaries the listing cards and filters name (dict/multi). */
export const LISTING_DICT_TYPES = ['merchant_type', 'merchant_tag', 'partner_tag', 'sex', 'body_type', 'language'] as const;

export interface FirstCall<C extends ApiCall = ApiCall> {
  call: C;
  payload: PayloadOf<C>;
}

/**
 * A read a signed-in page's filled first paint is rendered from, run as the member (src/routes/-app/signed-in-pages.tsx):
 * only one marked `embed` travels in the page for the app's first render; the rest of the member's data stays out
 * of the HTML.
 */
export interface MemberCall extends FirstCall {
  embed?: boolean;
}

const first = <C extends ApiCall>(call: C, payload: PayloadOf<C>): FirstCall<C> => ({ call, payload });

/** The home page's sections: hot cities, regions, new and popular venues, new profiles, and the card names. */
export const HOME_CALLS = {
  hot: first(city.hot, {}),
  geography: first(city.lang, {}),
  newest: first(merchant.list, { sort: 'newest', limit: HOME_LISTINGS }),
  popular: first(merchant.list, { sort: 'popular', limit: HOME_LISTINGS }),
  profiles: first(partner.list, { sort: 'newest', limit: HOME_LISTINGS }),
  dictionaries: first(dict.multi, { types: [...LISTING_DICT_TYPES] }),
} as const;

/** Listings per page of a place or collection list. */
export const LIST_PAGE_SIZE = 12;

/**
 * The first page of a place's list as the place page asks for it without filters (place-screen.tsx builds the
 * same payload from the route: the place's slugs, then the page size).
 */
export function placeListCall(source: 'merchant' | 'partner', regionSlug: string, citySlug?: string): FirstCall {
  const payload = { region_slug: regionSlug, ...(citySlug === undefined ? {} : { city_slug: citySlug }), limit: LIST_PAGE_SIZE };
  return source === 'merchant' ? first(merchant.list, payload) : first(partner.list, payload);
}

/** How many visit reports the venue page shows; the rest are on /merchant/{id}/visit-report. */
export const LATEST_REPORTS = 3;

/** A venue's page (/{lang}/merchant/{id}): the venue, the card names and its latest visit reports. */
export function venueCalls(id: number) {
  return {
    detail: first(merchant.detail, { id }),
    dictionaries: HOME_CALLS.dictionaries,
    reports: first(feedback.visitReports, { merchant_id: id, limit: LATEST_REPORTS }),
  } as const;
}
