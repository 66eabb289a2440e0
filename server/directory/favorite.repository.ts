import { type Kysely, sql, type Transaction } from 'kysely';
import type { ListingSource } from '@/contract/shapes';
import type { Database, MerchantRow, PartnerRow } from '../db/schema';
import { microsOf, olderThan, type RecentCursor } from './recent-cursor';

/**
 * Favourites (DESIGN section 5: one per user, source and listing) and the listings' favorite_count, which is
 * changed in the same transaction as the row and only when a row was really inserted or deleted, so repeated or
 * concurrent taps never drift the count.
 */

/**
 * The listing table of a source. Both tables share the columns used here (id, status, visible, favorite_count);
 * the cast only tells Kysely's types which one to check them against.
 */
function tableOf(source: ListingSource) {
  return (source === 'merchant' ? 'merchants' : 'partners') as 'merchants';
}

/** Whether the listing is one anybody may see: published and not hidden by its owner. */
async function isFavoritable(trx: Transaction<Database>, source: ListingSource, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom(tableOf(source))
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'published')
    .where('visible', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Saves a favourite. 'unavailable' when the listing does not exist or is not public (one answer for both, so hidden
 * listings cannot be probed); 'exists' when it was already saved.
 */
export async function addFavorite(
  db: Kysely<Database>,
  userUuid: string,
  source: ListingSource,
  id: number,
): Promise<'added' | 'exists' | 'unavailable'> {
  return db.transaction().execute(async (trx) => {
    if (!(await isFavoritable(trx, source, id))) return 'unavailable';
    const inserted = await trx
      .insertInto('favorites')
      .values({ user_uuid: userUuid, source, listing_id: id })
      .onConflict((oc) => oc.columns(['user_uuid', 'source', 'listing_id']).doNothing())
      .returning('listing_id')
      .executeTakeFirst();
    if (!inserted) return 'exists';
    await trx
      .updateTable(tableOf(source))
      .set((eb) => ({ favorite_count: eb('favorite_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
    return 'added';
  });
}

/** Removes a favourite whatever the listing's state; false when there was none. */
export async function cancelFavorite(db: Kysely<Database>, userUuid: string, source: ListingSource, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('favorites')
      .where('user_uuid', '=', userUuid)
      .where('source', '=', source)
      .where('listing_id', '=', id)
      .returning('listing_id')
      .executeTakeFirst();
    if (!deleted) return false;
    // greatest(): a count written by other means (imports, demo data) must never make a cancel fail the check.
    await trx
      .updateTable(tableOf(source))
      .set({ favorite_count: sql<number>`greatest(favorite_count - 1, 0)` })
      .where('id', '=', id)
      .execute();
    return true;
  });
}

export interface FavoritePageRow<R> {
  row: R;
  favoritedAt: Date;
  micros: string;
}

/**
 * One page of the user's favourites of a source, newest first, leaving out listings that are no longer public.
 * Reads `limit + 1` rows so the caller knows whether another page follows.
 */
export async function favoritePage(
  db: Kysely<Database>,
  userUuid: string,
  source: 'merchant',
  cursor: RecentCursor | null,
  limit: number,
): Promise<FavoritePageRow<MerchantRow>[]>;
export async function favoritePage(
  db: Kysely<Database>,
  userUuid: string,
  source: 'partner',
  cursor: RecentCursor | null,
  limit: number,
): Promise<FavoritePageRow<PartnerRow>[]>;
export async function favoritePage(
  db: Kysely<Database>,
  userUuid: string,
  source: ListingSource,
  cursor: RecentCursor | null,
  limit: number,
): Promise<FavoritePageRow<MerchantRow | PartnerRow>[]> {
  const table = tableOf(source);
  let query = db
    .selectFrom('favorites')
    .innerJoin(table, `${table}.id`, 'favorites.listing_id')
    .selectAll(table)
    .select(['favorites.created_at as favorited_at', microsOf('favorites.created_at').as('favorited_micros')])
    .where('favorites.user_uuid', '=', userUuid)
    .where('favorites.source', '=', source)
    .where(`${table}.status`, '=', 'published')
    .where(`${table}.visible`, '=', true);
  if (cursor) query = query.where(olderThan('favorites.created_at', 'favorites.listing_id', cursor));
  const rows = await query.orderBy('favorites.created_at', 'desc').orderBy('favorites.listing_id', 'desc').limit(limit + 1).execute();
  return rows.map(({ favorited_at, favorited_micros, ...row }) => ({
    row: row as MerchantRow | PartnerRow,
    favoritedAt: favorited_at,
    micros: favorited_micros,
  }));
}
