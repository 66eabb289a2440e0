import { notFound } from '@tanstack/react-router';
import { LISTING_SOURCES, type ListingSource } from '@/contract/shapes';
import { isLocale } from '@/contract/enums';
import { HOME_CALLS } from '@/contract/first-paint';
import { firstAnswer } from '@/services/first-data';
import type { AppSystem } from '../-app/app-system';
import { directoryOf, type PlaceContext } from './directory-data';

/**
 * The region-route-verify guard (DESIGN section 7) of /{lang}/{region}[/{city}[/{source}]]: an unknown region, a
 * city that is not in that region, or a source other than merchant|partner is the 404 page ("Page not found:
 * {path}"). The geography comes from the session's cache, so moving between place pages costs no request. The
 * server answers the same paths with HTTP 404 (server/web/spa.plugin.ts).
 *
 * Loaded on demand by the routes' beforeLoad: route configs are in the initial bundle, this module and the
 * contract it reads are not.
 */
export async function verifyPlace(
  pending: Promise<AppSystem>,
  params: { lang: string; region: string; city?: string; source?: string },
): Promise<PlaceContext & { source?: ListingSource }> {
  if (params.source !== undefined && !(LISTING_SOURCES as readonly string[]).includes(params.source)) throw notFound();
  if (!isLocale(params.lang)) throw notFound();
  // A server-rendered place page (src/contract/first-paint.ts) brought the geography it was rendered with.
  const embedded = firstAnswer(HOME_CALLS.geography);
  const geography = embedded?.locale === params.lang ? embedded : await directoryOf(await pending).geography(params.lang);
  const region = geography.regions.find((r) => r.slug === params.region);
  if (!region) throw notFound();
  const cities = geography.cities.filter((c) => c.region_slug === region.slug).sort((a, b) => a.sort - b.sort);
  if (params.city === undefined) return { region, cities };
  const city = cities.find((c) => c.slug === params.city);
  if (!city) throw notFound();
  return { region, cities, city, ...(params.source === undefined ? {} : { source: params.source as ListingSource }) };
}
