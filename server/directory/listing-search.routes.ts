import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as city from '@/contract/calls/city';
import { merchantSummaries, partnerSummaries } from './listing.mappers';
import { placeFilterOf } from './listing.service';
import { searchMerchants } from './merchant.repository';
import { searchPartners } from './partner.repository';
import { searchPlaces } from './place.repository';

/**
 * city/search (spec section 7 "City/search"): places whose name in any language matches, and public listings
 * whose name (merchants: also address; partners: nickname) contains the keyword, most favourited first, each
 * kind capped at SEARCH_HITS_MAX. Everything goes through the one normalization of search-key.ts, so "ＴＯＫＹＯ",
 * "tokyo" and "Tokyo" find the same rows. Recording the search in the history is the client's separate call.
 */
export default fp(
  async function listingSearchRoutes(app: FastifyInstance) {
    const { db } = app;

    app.api(city.search, async ({ payload, session, locale }) => {
      const viewer = session?.user.uuid ?? null;
      const { regionId } = await placeFilterOf(db, payload.region_slug, undefined);
      const [places, merchants, partners] = await Promise.all([
        searchPlaces(db, payload.keyword, locale),
        searchMerchants(db, payload.keyword, regionId, city.SEARCH_HITS_MAX),
        searchPartners(db, payload.keyword, regionId, city.SEARCH_HITS_MAX),
      ]);
      const [merchantCards, partnerCards] = await Promise.all([
        merchantSummaries(db, merchants, viewer),
        partnerSummaries(db, partners, viewer),
      ]);
      return { regions: places.regions, cities: places.cities, merchants: merchantCards, partners: partnerCards };
    });
  },
  { name: 'listing-search-routes', dependencies: ['api', 'core'] },
);
