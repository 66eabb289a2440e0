import type { Kysely } from 'kysely';
import type { MemberCall } from '@/contract/first-paint';
import { LISTING_SOURCES, slug } from '@/contract/shapes';
import type { Database } from '../db/schema';
import { isPubliclyVisible } from '../directory/listing.mappers';
import { findMerchant } from '../directory/merchant.repository';
import { findPartner } from '../directory/partner.repository';
import { findCityBySlugs, findRegionBySlug } from '../directory/place.repository';

/**
 * The HTTP status of a page (issue 30 item 9): the status of what the page shows. The app's own router decides which
 * page a path is (src/entry-server.tsx `matchPage`, built into dist/ssr: the same route tree, router options and
 * `params.parse` checks as the browser), and the database whether the place or listing it names exists.
 *
 * - No route, or a route whose params refuse the path (an unknown language, info page or KYC step, a malformed id
 *   or channel): 404, whoever asks. That includes the signed-in pages: /message/bad is no page for anyone, and the
 *   app shows it the 404 page without asking to log in first (the `_auth` layout lets it through).
 * - The error pages /{lang}/401, /403 and /404: their own status, as the page says "Please log in", "Access denied"
 *   or "Page Not Found". The app never sends anyone there with a status of its own (its guards redirect inside the
 *   app); the status is for whoever loads or reloads such an address, and for crawlers.
 * - A place (/{lang}/{region}[/{city}[/{source}]]): 404 unless the region, the city of that region and the source
 *   exist (the server half of region-route-verify, DESIGN section 7).
 * - A listing (/merchant/{id}, its visit reports, /partner/{id}): 404 when no listing has that id; when it is not
 *   public (pending, hidden), 404 for a guest and 200 for a signed-in browser, which may be its owner or an admin
 *   (the server cannot tell: the session is the app's, in the browser's storage; the hint cookie only says one exists).
 * - Every other page: 200. A signed-in page (/wallet) is 200 for a guest too, whom the app asks to log in.
 */

/** What the app's router says a path is (src/entry-server.tsx `PageMatch`). */
export interface PageMatch {
  route: string | null;
  refused: boolean;
  params: Record<string, string>;
  /** The matched routes' ids, root first (a build from before them, or a test's stand-in, may lack them). */
  routes?: string[];
  /**
   * A signed-in page the server paints (first-paint.ts): the feature catalog it needs and the member's reads its
   * filled version is rendered from (absent in a build from before them); null for other pages.
   */
  skeleton?: { catalog: string; calls?: MemberCall[] } | null;
}

export interface PageMatcher {
  matchPage(pathname: string): PageMatch;
}

export type PageStatusCode = 200 | 401 | 403 | 404;

export interface PageStatus {
  status: PageStatusCode;
  /** The path is a place page that exists (first-paint.ts renders those). */
  place: boolean;
  /** A signed-in page (first-paint.ts paints it for a signed-in browser): its routes, catalog and member reads. */
  skeleton?: { routes: string[]; catalog: string; calls: MemberCall[] };
}

/** The error pages' routes, and the status each one shows. */
export const ERROR_PAGE_ROUTES: Readonly<Record<string, PageStatusCode>> = { '/$lang/401': 401, '/$lang/403': 403, '/$lang/404': 404 };

/** The place routes (index routes end in '/'). */
export const PLACE_ROUTES: readonly string[] = ['/$lang/$region/', '/$lang/$region/$city/', '/$lang/$region/$city/$source'];

/** The routes of one listing, by its source. */
export const LISTING_ROUTES: Readonly<Record<string, 'merchant' | 'partner'>> = {
  '/$lang/merchant/$id/': 'merchant',
  '/$lang/merchant/$id/visit-report': 'merchant',
  '/$lang/partner/$id': 'partner',
};

const page = (status: PageStatusCode, place = false): PageStatus => ({ status, place });

export async function pageStatus(
  matcher: PageMatcher,
  db: Kysely<Database>,
  pathname: string,
  { signedIn }: { signedIn: boolean },
): Promise<PageStatus> {
  const { route, refused, params, routes, skeleton } = matcher.matchPage(pathname);
  if (route === null || refused) return page(404);
  const errorStatus = ERROR_PAGE_ROUTES[route];
  if (errorStatus) return page(errorStatus);
  if (PLACE_ROUTES.includes(route)) return (await isKnownPlace(db, params)) ? page(200, true) : page(404);
  const source = LISTING_ROUTES[route];
  if (source) return (await isShownListing(db, source, Number(params.id), signedIn)) ? page(200) : page(404);
  if (skeleton && routes) return { status: 200, place: false, skeleton: { routes, catalog: skeleton.catalog, calls: skeleton.calls ?? [] } };
  return page(200);
}

/**
 * Whether a place exists: a known region, a city of that region, and a source of merchant|partner. Slugs are
 * checked for shape first, so a random path costs no query.
 */
export async function isKnownPlace(db: Kysely<Database>, { region, city, source }: Record<string, string | undefined>): Promise<boolean> {
  if (source !== undefined && !(LISTING_SOURCES as readonly string[]).includes(source)) return false;
  if (!slug.safeParse(region).success) return false;
  if (city === undefined) return (await findRegionBySlug(db, region!)) !== undefined;
  if (!slug.safeParse(city).success) return false;
  return (await findCityBySlugs(db, region!, city)) !== undefined;
}

/** Whether a listing's page shows it (the route checked the id's shape): public, or maybe the viewer's own. */
async function isShownListing(db: Kysely<Database>, source: 'merchant' | 'partner', id: number, signedIn: boolean): Promise<boolean> {
  const row = source === 'merchant' ? await findMerchant(db, id) : await findPartner(db, id);
  return row !== undefined && (signedIn || isPubliclyVisible(row));
}
