import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as city from '@/contract/calls/city';
import { ApiFailure } from '../api/failure';
import { findCityById, localizedName, toCity, toRegion } from '../directory/place.repository';
import { searchKey } from '../directory/search-key';
import {
  addSearchHistory,
  clearSearchHistory,
  historyOwnerKey,
  hotCities,
  listSearchHistory,
} from './search-history.repository';

/**
 * Geography and search history (spec section 7 "City/search", DESIGN section 5): city/lang, city/hot,
 * city/searchHistory, city/searchHistoryAdd and city/clearHistory. city/search itself lives with the listings
 * (server/directory/listing-search.routes.ts).
 */
export default fp(
  async function searchRoutes(app: FastifyInstance) {
    const { db } = app;

    app.api(city.lang, async ({ locale }) => {
      const [regions, cities] = await Promise.all([
        db.selectFrom('regions').selectAll().orderBy('sort').orderBy('id').execute(),
        db
          .selectFrom('cities')
          .innerJoin('regions', 'regions.id', 'cities.region_id')
          .selectAll('cities')
          .select('regions.slug as region_slug')
          .orderBy('cities.sort')
          .orderBy('cities.id')
          .execute(),
      ]);
      return { locale, regions: regions.map((row) => toRegion(row, locale)), cities: cities.map((row) => toCity(row, locale)) };
    });

    app.api(city.hot, async ({ locale }) => hotCities(db, locale));

    app.api(city.searchHistory, async ({ session, guestId, locale }) => listSearchHistory(db, historyOwnerKey(session, guestId), locale));

    app.api(city.searchHistoryAdd, async ({ payload, session, guestId, locale }) => {
      let cityId: number | null = null;
      let keyword = payload.keyword;
      if (payload.city_id !== undefined) {
        const found = await findCityById(db, payload.city_id);
        if (!found) throw new ApiFailure('search.cityUnknown');
        cityId = found.id;
        // A picked city is remembered under its name as the user saw it, unless they typed something.
        keyword ??= localizedName(found.names, locale);
      }
      const keywordKey = searchKey(keyword ?? '');
      if (keyword === undefined || keywordKey === '') {
        throw new ApiFailure('validation.required', { field: 'keyword' }, 200, { field: 'keyword', code: 'zod.string.required' });
      }
      const ownerKey = historyOwnerKey(session, guestId);
      await db.transaction().execute((trx) => addSearchHistory(trx, { ownerKey, keyword, keywordKey, cityId }));
      return null;
    });

    app.api(city.clearHistory, async ({ session, guestId }) => {
      await clearSearchHistory(db, historyOwnerKey(session, guestId));
      return null;
    });
  },
  { name: 'search-routes', dependencies: ['api', 'core'] },
);
