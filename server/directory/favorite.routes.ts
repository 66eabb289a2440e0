import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as favorite from '@/contract/calls/favorite';
import { LIST_LIMIT_DEFAULT } from '@/contract/shapes';
import { ApiFailure } from '../api/failure';
import { addFavorite, cancelFavorite, favoritePage } from './favorite.repository';
import { isoOf, merchantSummaries, partnerSummaries } from './listing.mappers';
import { decodeRecentCursor, encodeRecentCursor } from './recent-cursor';

/**
 * Favourites (spec section 7 "Favorites", /collection/{source}). Adding a saved favourite and cancelling a missing
 * one both succeed, as the contract promises, so a repeated tap never shows an error. Only listings anybody may see
 * can be added; every other id, hidden or nonexistent, gets the same "not found".
 */
export default fp(
  async function favoriteRoutes(app: FastifyInstance) {
    const { db } = app;

    app.api(favorite.add, async ({ payload, session }) => {
      const result = await addFavorite(db, session.user.uuid, payload.source, payload.id);
      if (result === 'unavailable') throw new ApiFailure('listing.notFound');
      return null;
    });

    app.api(favorite.cancel, async ({ payload, session }) => {
      await cancelFavorite(db, session.user.uuid, payload.source, payload.id);
      return null;
    });

    app.api(favorite.list, async ({ payload, session }) => {
      const viewer = session.user.uuid;
      const listName = `fav:${payload.source}`;
      const cursor = decodeRecentCursor(listName, payload.cursor);
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const nextOf = (page: { micros: string; row: { id: number } }[]) => {
        if (page.length <= limit) return null;
        const last = page[limit - 1];
        return encodeRecentCursor(listName, { micros: last.micros, id: last.row.id });
      };
      if (payload.source === 'merchant') {
        const page = await favoritePage(db, viewer, 'merchant', cursor, limit);
        const shown = page.slice(0, limit);
        const cards = await merchantSummaries(db, shown.map((p) => p.row), viewer);
        return {
          list: cards.map((item, i) => ({ source: 'merchant' as const, item, favorited_at: isoOf(shown[i].favoritedAt) })),
          next_cursor: nextOf(page),
        };
      }
      const page = await favoritePage(db, viewer, 'partner', cursor, limit);
      const shown = page.slice(0, limit);
      const cards = await partnerSummaries(db, shown.map((p) => p.row), viewer);
      return {
        list: cards.map((item, i) => ({ source: 'partner' as const, item, favorited_at: isoOf(shown[i].favoritedAt) })),
        next_cursor: nextOf(page),
      };
    });
  },
  { name: 'favorite-routes', dependencies: ['api', 'core'] },
);
