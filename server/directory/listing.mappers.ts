import type { Kysely } from 'kysely';
import type { MerchantDetail, MerchantSummary } from '@/contract/calls/merchant';
import type { PartnerDetail, PartnerSummary } from '@/contract/calls/partner';
import type { ListingSource, ListingState, StoredImage } from '@/contract/shapes';
import type { Database, ImageJson, MerchantRow, PartnerRow, PhotoRow } from '../db/schema';
import { isUnlocked } from '../chat/chat.repository';
import { placeSlugsOf } from './place.repository';

/**
 * Rows of merchants and partners as the contract shows them (DESIGN section 5). The list mappers batch their
 * lookups (place slugs, the viewer's favourites): one query each per page, never one per row.
 */

/** The columns a merchant card shows (public lists and search select only these, not the whole row). */
export const MERCHANT_CARD_COLUMNS = [
  'id',
  'city_id',
  'name',
  'merchant_type',
  'tags',
  'cover',
  'price_level',
  'rating_sum',
  'report_count',
  'favorite_count',
  'created_at',
] as const satisfies readonly (keyof MerchantRow)[];
export type MerchantCardRow = Pick<MerchantRow, (typeof MERCHANT_CARD_COLUMNS)[number]>;

/** The columns a partner card shows. */
export const PARTNER_CARD_COLUMNS = [
  'id',
  'uuid',
  'city_id',
  'nickname',
  'age',
  'sex',
  'tags',
  'languages',
  'cover',
  'unlock_price',
  'merchant_id',
  'favorite_count',
  'created_at',
] as const satisfies readonly (keyof PartnerRow)[];
export type PartnerCardRow = Pick<PartnerRow, (typeof PARTNER_CARD_COLUMNS)[number]>;

/** What a guest or another member may see: published by moderation and not hidden by the owner. */
export function isPubliclyVisible(row: { status: string; visible: boolean }): boolean {
  return row.status === 'published' && row.visible;
}

/** Mean visit-report rating, null without reports. */
export function ratingOf(row: { rating_sum: number; report_count: number }): number | null {
  return row.report_count > 0 ? row.rating_sum / row.report_count : null;
}

export function isoOf(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The card image of a row's cover column. */
export function coverOf(cover: ImageJson | null): { image: string; thumb: string } | null {
  return cover ? { image: cover.image, thumb: cover.thumb } : null;
}

/** A photos-table row as the contract's stored image (its id keeps or drops it on update). */
export function storedImageOf(photo: Pick<PhotoRow, 'id' | 'image' | 'thumb'>): StoredImage {
  return { id: Number(photo.id), image: photo.image, thumb: photo.thumb };
}

/** The owner's and moderators' view of a row's state (with the moderation note: never on a public answer). */
export function listingStateOf(row: MerchantRow | PartnerRow): ListingState {
  return {
    visible: row.visible,
    status: row.status,
    moderation_note: row.moderation_note,
    updated_at: isoOf(row.updated_at),
  };
}

/** What a public page shows of a row's state. */
function publicStateOf(row: MerchantRow | PartnerRow): Omit<ListingState, 'moderation_note'> {
  return { visible: row.visible, status: row.status, updated_at: isoOf(row.updated_at) };
}

/** The owner's or a moderator's view of a detail: the public page plus the moderation note. */
export function ownDetail<D extends object>(detail: D, row: MerchantRow | PartnerRow): D & { moderation_note: string | null } {
  return { ...detail, moderation_note: row.moderation_note };
}

/** Which of the listings the viewer has favourited (empty for guests). */
export async function favoriteIdsOf(
  db: Kysely<Database>,
  viewerUuid: string | null,
  source: ListingSource,
  ids: number[],
): Promise<Set<number>> {
  if (viewerUuid === null || ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('favorites')
    .select('listing_id')
    .where('user_uuid', '=', viewerUuid)
    .where('source', '=', source)
    .where('listing_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.listing_id));
}

async function placesOf(db: Kysely<Database>, rows: { city_id: number }[]) {
  const cityIds = [...new Set(rows.map((r) => r.city_id))];
  return cityIds.length === 0 ? new Map<number, { region_slug: string; city_slug: string }>() : placeSlugsOf(db, cityIds);
}

function merchantSummaryOf(
  row: MerchantCardRow,
  place: { region_slug: string; city_slug: string } | undefined,
  isFavorite: boolean,
): MerchantSummary {
  return {
    id: row.id,
    city_id: row.city_id,
    region_slug: place?.region_slug ?? '',
    city_slug: place?.city_slug ?? '',
    name: row.name,
    merchant_type: row.merchant_type,
    tags: row.tags,
    cover: coverOf(row.cover),
    price_level: row.price_level,
    rating: ratingOf(row),
    report_count: row.report_count,
    favorite_count: row.favorite_count,
    is_favorite: isFavorite,
    created_at: isoOf(row.created_at),
  };
}

function partnerSummaryOf(
  row: PartnerCardRow,
  place: { region_slug: string; city_slug: string } | undefined,
  isFavorite: boolean,
): PartnerSummary {
  return {
    id: row.id,
    uuid: row.uuid,
    city_id: row.city_id,
    region_slug: place?.region_slug ?? '',
    city_slug: place?.city_slug ?? '',
    nickname: row.nickname,
    age: row.age,
    sex: row.sex,
    tags: row.tags,
    languages: row.languages,
    cover: coverOf(row.cover),
    unlock_price: row.unlock_price,
    merchant_id: row.merchant_id,
    favorite_count: row.favorite_count,
    is_favorite: isFavorite,
    created_at: isoOf(row.created_at),
  };
}

/** Merchant cards of a page, in the rows' order. */
export async function merchantSummaries(
  db: Kysely<Database>,
  rows: MerchantCardRow[],
  viewerUuid: string | null,
): Promise<MerchantSummary[]> {
  if (rows.length === 0) return [];
  const [places, favorites] = await Promise.all([
    placesOf(db, rows),
    favoriteIdsOf(db, viewerUuid, 'merchant', rows.map((r) => r.id)),
  ]);
  return rows.map((row) => merchantSummaryOf(row, places.get(row.city_id), favorites.has(row.id)));
}

/** Partner cards of a page, in the rows' order. */
export async function partnerSummaries(
  db: Kysely<Database>,
  rows: PartnerCardRow[],
  viewerUuid: string | null,
): Promise<PartnerSummary[]> {
  if (rows.length === 0) return [];
  const [places, favorites] = await Promise.all([
    placesOf(db, rows),
    favoriteIdsOf(db, viewerUuid, 'partner', rows.map((r) => r.id)),
  ]);
  return rows.map((row) => partnerSummaryOf(row, places.get(row.city_id), favorites.has(row.id)));
}

/**
 * A merchant's page: the card, its public state, whether it is the viewer's, and the gallery (photos rows in
 * position order). Built field by field, so nothing of the row (owner, moderation note) reaches a reader by accident;
 * the owner's and moderators' answers add the note with `ownDetail`.
 */
export async function merchantDetailOf(
  db: Kysely<Database>,
  row: MerchantRow,
  gallery: Pick<PhotoRow, 'id' | 'image' | 'thumb'>[],
  viewerUuid: string | null,
): Promise<MerchantDetail> {
  const [summary] = await merchantSummaries(db, [row], viewerUuid);
  return {
    ...summary,
    ...publicStateOf(row),
    is_own: viewerUuid !== null && viewerUuid === row.owner_uuid,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    phone: row.phone,
    opening_hours: row.opening_hours,
    description: row.description,
    gallery: gallery.map(storedImageOf),
    social: row.social as MerchantDetail['social'],
  };
}

/** A partner's page: the card, its state and its photos (the first is the cover). */
export async function partnerDetailOf(
  db: Kysely<Database>,
  row: PartnerRow,
  photos: Pick<PhotoRow, 'id' | 'image' | 'thumb'>[],
  viewerUuid: string | null,
): Promise<PartnerDetail> {
  const [summary] = await partnerSummaries(db, [row], viewerUuid);
  return {
    ...summary,
    ...publicStateOf(row),
    is_own: viewerUuid !== null && viewerUuid === row.owner_uuid,
    body_type: row.body_type,
    drive_type: row.drive_type,
    height: row.height,
    intro: row.intro,
    photos: photos.map(storedImageOf),
    // The owner's own profile is always open to them; a member has it unlocked once they paid (issue 30: the page's
    // Chat button shows the price until then).
    is_unlocked: viewerUuid !== null && (viewerUuid === row.owner_uuid || (await isUnlocked(db, viewerUuid, row.uuid))),
  };
}
