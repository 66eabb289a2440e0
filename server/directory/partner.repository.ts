import { type Kysely, type Updateable, sql } from 'kysely';
import type { ListingStatus } from '@/contract/feature-enums';
import type { Database, InsertablePartnerRow, PartnerRow, PartnerTable, PhotoRow } from '../db/schema';
import { afterCursor, type ListingCursor } from './listing-cursor';
import { PARTNER_CARD_COLUMNS, type PartnerCardRow } from './listing.mappers';
import { microsOf } from './recent-cursor';
import { deletePhotosOfOwners } from './photo.repository';
import { likePattern, searchKey } from './search-key';

/**
 * Partner rows. Public reads always carry the literal predicate `status = 'published' and visible`, so the
 * planner can prove it implies the partial indexes of migration 0003 (partners_city_new, ..._popular).
 */

/** A row of a page: the card columns of public lists, every column of the owner's list, and the cursor's key. */
export type PartnerPageRow = PartnerCardRow & { created_micros: string };
export type OwnPartnerPageRow = PartnerRow & { created_micros: string };

export interface PartnerFilter {
  regionId?: number;
  cityId?: number;
  sex?: number;
  bodyType?: number;
  tag?: number;
  language?: number;
  merchantId?: number;
  ageMin?: number;
  ageMax?: number;
  keyword?: string;
}

/** Public pages select the card columns only (a detail page reads the rest). */
function selectPage(db: Kysely<Database>) {
  return db.selectFrom('partners').select(PARTNER_CARD_COLUMNS).select(microsOf('partners.created_at').as('created_micros'));
}

function selectOwnPage(db: Kysely<Database>) {
  return db.selectFrom('partners').selectAll('partners').select(microsOf('partners.created_at').as('created_micros'));
}

/** A page (limit + 1 rows, to tell whether another follows) of published, visible partners. */
export async function listPublicPartners(
  db: Kysely<Database>,
  filter: PartnerFilter,
  cursor: ListingCursor | null,
  order: 'newest' | 'popular',
  limit: number,
): Promise<PartnerPageRow[]> {
  let query = selectPage(db).where(sql<boolean>`partners.status = 'published' and partners.visible`);
  if (filter.cityId !== undefined) query = query.where('partners.city_id', '=', filter.cityId);
  else if (filter.regionId !== undefined) query = query.where('partners.region_id', '=', filter.regionId);
  if (filter.sex !== undefined) query = query.where('partners.sex', '=', filter.sex);
  if (filter.bodyType !== undefined) query = query.where('partners.body_type', '=', filter.bodyType);
  if (filter.merchantId !== undefined) query = query.where('partners.merchant_id', '=', filter.merchantId);
  if (filter.ageMin !== undefined) query = query.where('partners.age', '>=', filter.ageMin);
  if (filter.ageMax !== undefined) query = query.where('partners.age', '<=', filter.ageMax);
  if (filter.language !== undefined) {
    query = query.where(sql<boolean>`partners.languages @> ${JSON.stringify([filter.language])}::jsonb`);
  }
  if (filter.tag !== undefined) query = query.where(sql<boolean>`partners.tags @> ${JSON.stringify([filter.tag])}::jsonb`);
  const key = filter.keyword === undefined ? '' : searchKey(filter.keyword);
  if (key !== '') query = query.where(sql<boolean>`partners.search_key like ${likePattern(key)}`);
  if (cursor) query = query.where(afterCursor('partners', cursor));
  query =
    order === 'newest'
      ? query.orderBy('partners.created_at', 'desc').orderBy('partners.id', 'desc')
      : query.orderBy('partners.favorite_count', 'desc').orderBy('partners.id', 'desc');
  return query.limit(limit + 1).execute();
}

/** A page of one owner's partners in every status, newest id first. */
export async function listOwnPartners(
  db: Kysely<Database>,
  ownerUuid: string,
  status: ListingStatus | undefined,
  cursor: ListingCursor | null,
  limit: number,
): Promise<OwnPartnerPageRow[]> {
  let query = selectOwnPage(db).where('partners.owner_uuid', '=', ownerUuid);
  if (status !== undefined) query = query.where('partners.status', '=', status);
  if (cursor) query = query.where(afterCursor('partners', cursor));
  return query.orderBy('partners.id', 'desc').limit(limit + 1).execute();
}

export async function findPartner(db: Kysely<Database>, id: number): Promise<PartnerRow | undefined> {
  return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row locked until the transaction ends (edits, deletes and toggles of one listing never interleave). */
export async function lockPartner(db: Kysely<Database>, id: number): Promise<PartnerRow | undefined> {
  return db.selectFrom('partners').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertPartner(db: Kysely<Database>, values: InsertablePartnerRow): Promise<PartnerRow> {
  return db.insertInto('partners').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updatePartner(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<PartnerTable>,
): Promise<PartnerRow> {
  return db
    .updateTable('partners')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a partner with its favourites and photo rows; answers the photo rows whose files the caller removes. */
export async function deletePartnerWithDependents(db: Kysely<Database>, id: number): Promise<PhotoRow[]> {
  const photos = await deletePhotosOfOwners(db, 'partner', [id]);
  await db.deleteFrom('favorites').where('source', '=', 'partner').where('listing_id', '=', id).execute();
  await db.deleteFrom('partners').where('id', '=', id).execute();
  return photos;
}

/** Published, visible partners whose nickname contains the keyword, most favourited first. */
export async function searchPartners(
  db: Kysely<Database>,
  keyword: string,
  regionId: number | undefined,
  limit: number,
): Promise<PartnerCardRow[]> {
  const key = searchKey(keyword);
  if (key === '') return [];
  let query = db
    .selectFrom('partners')
    .select(PARTNER_CARD_COLUMNS)
    .where(sql<boolean>`partners.status = 'published' and partners.visible`)
    .where(sql<boolean>`partners.search_key like ${likePattern(key)}`);
  if (regionId !== undefined) query = query.where('region_id', '=', regionId);
  return query.orderBy('favorite_count', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

