import { type Kysely, type Updateable, sql } from 'kysely';
import type { ListingStatus } from '@/contract/feature-enums';
import type { Database, InsertableMerchantRow, MerchantRow, MerchantTable, PhotoRow } from '../db/schema';
import { afterCursor, type ListingCursor } from './listing-cursor';
import { MERCHANT_CARD_COLUMNS, type MerchantCardRow } from './listing.mappers';
import { microsOf } from './recent-cursor';
import { deletePhotosOfOwners } from './photo.repository';
import { likePattern, searchKey } from './search-key';

/**
 * Merchant rows. Public reads always carry the literal predicate `status = 'published' and visible`, so the
 * planner can prove it implies the partial indexes of migration 0003 (merchants_city_new, ..._popular).
 */

/** A row of a page: the card columns of public lists, every column of the owner's list, and the cursor's key. */
export type MerchantPageRow = MerchantCardRow & { created_micros: string };
export type OwnMerchantPageRow = MerchantRow & { created_micros: string };

export interface MerchantFilter {
  regionId?: number;
  cityId?: number;
  merchantType?: number;
  tag?: number;
  priceLevel?: number;
  keyword?: string;
}

/** Public pages select the card columns only (a detail page reads the rest). */
function selectPage(db: Kysely<Database>) {
  return db.selectFrom('merchants').select(MERCHANT_CARD_COLUMNS).select(microsOf('merchants.created_at').as('created_micros'));
}

function selectOwnPage(db: Kysely<Database>) {
  return db.selectFrom('merchants').selectAll('merchants').select(microsOf('merchants.created_at').as('created_micros'));
}

/** A page (limit + 1 rows, to tell whether another follows) of published, visible merchants. */
export async function listPublicMerchants(
  db: Kysely<Database>,
  filter: MerchantFilter,
  cursor: ListingCursor | null,
  order: 'newest' | 'popular',
  limit: number,
): Promise<MerchantPageRow[]> {
  let query = selectPage(db).where(sql<boolean>`merchants.status = 'published' and merchants.visible`);
  if (filter.cityId !== undefined) query = query.where('merchants.city_id', '=', filter.cityId);
  else if (filter.regionId !== undefined) query = query.where('merchants.region_id', '=', filter.regionId);
  if (filter.merchantType !== undefined) query = query.where('merchants.merchant_type', '=', filter.merchantType);
  if (filter.priceLevel !== undefined) query = query.where('merchants.price_level', '=', filter.priceLevel);
  if (filter.tag !== undefined) query = query.where(sql<boolean>`merchants.tags @> ${JSON.stringify([filter.tag])}::jsonb`);
  const key = filter.keyword === undefined ? '' : searchKey(filter.keyword);
  if (key !== '') query = query.where(sql<boolean>`merchants.search_key like ${likePattern(key)}`);
  if (cursor) query = query.where(afterCursor('merchants', cursor));
  query =
    order === 'newest'
      ? query.orderBy('merchants.created_at', 'desc').orderBy('merchants.id', 'desc')
      : query.orderBy('merchants.favorite_count', 'desc').orderBy('merchants.id', 'desc');
  return query.limit(limit + 1).execute();
}

/** A page of one owner's merchants in every status, newest id first. */
export async function listOwnMerchants(
  db: Kysely<Database>,
  ownerUuid: string,
  status: ListingStatus | undefined,
  cursor: ListingCursor | null,
  limit: number,
): Promise<OwnMerchantPageRow[]> {
  let query = selectOwnPage(db).where('merchants.owner_uuid', '=', ownerUuid);
  if (status !== undefined) query = query.where('merchants.status', '=', status);
  if (cursor) query = query.where(afterCursor('merchants', cursor));
  return query.orderBy('merchants.id', 'desc').limit(limit + 1).execute();
}

export async function findMerchant(db: Kysely<Database>, id: number): Promise<MerchantRow | undefined> {
  return db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row locked until the transaction ends (edits, deletes and toggles of one listing never interleave). */
export async function lockMerchant(db: Kysely<Database>, id: number): Promise<MerchantRow | undefined> {
  return db.selectFrom('merchants').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertMerchant(db: Kysely<Database>, values: InsertableMerchantRow): Promise<MerchantRow> {
  return db.insertInto('merchants').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateMerchant(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<MerchantTable>,
): Promise<MerchantRow> {
  return db
    .updateTable('merchants')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Published, visible merchants whose name or address contains the keyword, most favourited first. */
export async function searchMerchants(
  db: Kysely<Database>,
  keyword: string,
  regionId: number | undefined,
  limit: number,
): Promise<MerchantCardRow[]> {
  const key = searchKey(keyword);
  if (key === '') return [];
  let query = db
    .selectFrom('merchants')
    .select(MERCHANT_CARD_COLUMNS)
    .where(sql<boolean>`merchants.status = 'published' and merchants.visible`)
    .where(sql<boolean>`merchants.search_key like ${likePattern(key)}`);
  if (regionId !== undefined) query = query.where('region_id', '=', regionId);
  return query.orderBy('favorite_count', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Deletes a merchant with everything that hangs on it: favourites, gallery rows, the photo rows of its visit
 * reports (the reports themselves cascade), and partners' links to it (set null by the foreign key). Answers the
 * photo rows whose files the caller removes after commit. Reports about it stay for the moderators' trail.
 */
export async function deleteMerchantWithDependents(db: Kysely<Database>, id: number): Promise<PhotoRow[]> {
  const reports = await db.selectFrom('visit_reports').select('id').where('merchant_id', '=', id).execute();
  const reportPhotos = await deletePhotosOfOwners(db, 'visit_report', reports.map((r) => r.id));
  const gallery = await deletePhotosOfOwners(db, 'merchant', [id]);
  await db.deleteFrom('favorites').where('source', '=', 'merchant').where('listing_id', '=', id).execute();
  await db.deleteFrom('merchants').where('id', '=', id).execute();
  return [...gallery, ...reportPhotos];
}
