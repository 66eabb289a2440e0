import { z } from 'zod';
import { defineCall, nullResponse } from '../call';
import { dateTime, entityId, listingSource, pageQuery, pagedList } from '../shapes';
import { merchantSummary } from './merchant';
import { partnerSummary } from './partner';

/**
 * Favourites (spec section 7 "Favorites", /collection/{source}): one per (user, source, id). Adding one that exists
 * or cancelling one that does not succeeds, so a repeated tap never shows an error.
 */

export const favoriteTarget = z.object({ source: listingSource, id: entityId });
export type FavoriteTarget = z.infer<typeof favoriteTarget>;

/** A collection row: the listing's card and when it was saved; `source` tells which card it is. */
export const favoriteItem = z.discriminatedUnion('source', [
  z.object({ source: z.literal('merchant'), item: merchantSummary, favorited_at: dateTime }),
  z.object({ source: z.literal('partner'), item: partnerSummary, favorited_at: dateTime }),
]);
export type FavoriteItem = z.infer<typeof favoriteItem>;

export const add = defineCall({
  path: 'favorite/add',
  mutates: true,
  auth: 'required',
  payload: favoriteTarget,
  response: nullResponse,
});

export const cancel = defineCall({
  path: 'favorite/cancel',
  mutates: true,
  auth: 'required',
  payload: favoriteTarget,
  response: nullResponse,
});

/** The caller's favourites of one source, newest first; listings no longer visible are left out. */
export const list = defineCall({
  path: 'favorite/list',
  mutates: false,
  auth: 'required',
  payload: pageQuery.extend({ source: listingSource }),
  response: pagedList(favoriteItem),
});
