import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { merchantCreatePayload } from '@/contract/calls/merchant';
import type { partnerCreatePayload } from '@/contract/calls/partner';
import type { EconomyConfig } from '@/contract/economy';
import { KycStatus } from '@/contract/enums';
import { isCanPostPartner, type MembershipFacts } from '@/contract/permissions';
import { PHOTOS_MAX } from '@/contract/shapes';
import { activeMembership } from '../account/user.repository';
import { ApiFailure } from '../api/failure';
import { isUniqueViolation } from '../db/errors';
import { failpoint } from '../failpoints/failpoints';
import type { Database, MerchantRow, PartnerRow, PhotoRow } from '../db/schema';
import { ImageError, type ImageStore, type StoredImage } from '../images/image.service';
import { type CityWithRegion, findCityById, findCityBySlugs, findRegionBySlug } from './place.repository';
import { insertPartner } from './partner.repository';
import { insertPhotos } from './photo.repository';
import { merchantSearchKey, partnerSearchKey } from './search-key';

/**
 * What publishing, editing and listing merchants and partners share: the publisher's permission facts, checks of
 * referenced rows (city, dictionary entries), list place filters, and the image files of a listing, which live
 * outside the database and so are cleaned up by hand when a transaction does not commit.
 */

export type { ImageStore };

/** The same answer for a nonexistent, hidden, unpublished or another user's listing: nothing to tell apart. */
export function listingNotFound(): ApiFailure {
  return new ApiFailure('listing.notFound');
}

function fieldFailure(key: 'listing.cityUnknown' | 'listing.dictUnknown', field: string): ApiFailure {
  return new ApiFailure(key, key === 'listing.dictUnknown' ? { field } : {}, 200, { field, code: 'zod.enum.invalid' });
}

/**
 * The permission facts of a publisher (spec section 4: membership from KYC and an active plan, and the partner
 * count), read from the database, never from the client. With `lock`, the user's row stays locked until the
 * transaction ends, so two concurrent first-partner publications of a membership-3 user cannot both pass.
 */
export async function publisherFacts(db: Kysely<Database>, uuid: string, lock = false): Promise<MembershipFacts> {
  let query = db.selectFrom('users').select(['kyc_status', 'partner_count']).where('uuid', '=', uuid);
  if (lock) query = query.forUpdate();
  const [user, plan] = await Promise.all([query.executeTakeFirst(), activeMembership(db, uuid)]);
  if (!user) return { is_login: false, is_kyc: false, is_payed: false };
  return {
    is_login: true,
    is_kyc: user.kyc_status === KycStatus.Approved,
    is_payed: plan !== undefined,
    partner_count: user.partner_count,
  };
}

/** Adds `delta` to the owner's merchant_count or partner_count (never below 0) and bumps the account version. */
export async function changeListingCount(
  db: Kysely<Database>,
  uuid: string,
  column: 'merchant_count' | 'partner_count',
  delta: 1 | -1,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      [column]: sql<number>`greatest(${sql.ref(column)} + ${delta}, 0)`,
      version: sql<number>`version + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('uuid', '=', uuid)
    .execute();
}

export async function requireCity(db: Kysely<Database>, cityId: number): Promise<CityWithRegion> {
  const city = await findCityById(db, cityId);
  if (!city) throw fieldFailure('listing.cityUnknown', 'city_id');
  return city;
}

/** Every id must be an entry of the dictionary `type` (a merchant tag id is no partner tag). */
export async function requireDictIds(db: Kysely<Database>, type: string, ids: readonly number[], field: string): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .selectFrom('dict_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('type', '=', type)
    .where('id', 'in', unique)
    .executeTakeFirstOrThrow();
  if (Number(found.n) !== unique.length) throw fieldFailure('listing.dictUnknown', field);
}

/** The region or city a public list is narrowed to; an unknown slug is refused with a clear message. */
export async function placeFilterOf(
  db: Kysely<Database>,
  regionSlug: string | undefined,
  citySlug: string | undefined,
): Promise<{ regionId?: number; cityId?: number }> {
  if (regionSlug === undefined) return {};
  if (citySlug !== undefined) {
    const city = await findCityBySlugs(db, regionSlug, citySlug);
    if (city) return { regionId: city.region_id, cityId: city.id };
    if (!(await findRegionBySlug(db, regionSlug))) throw new ApiFailure('listing.regionUnknown', {}, 200, { field: 'region_slug', code: 'zod.enum.invalid' });
    throw new ApiFailure('listing.cityUnknown', {}, 200, { field: 'city_slug', code: 'zod.enum.invalid' });
  }
  const region = await findRegionBySlug(db, regionSlug);
  if (!region) throw new ApiFailure('listing.regionUnknown', {}, 200, { field: 'region_slug', code: 'zod.enum.invalid' });
  return { regionId: region.id };
}

/** The gallery parts photo0..photo11 that were sent, in field order. */
export function photoParts(files: Record<string, Buffer>): Buffer[] {
  const parts: Buffer[] = [];
  for (let i = 0; i < PHOTOS_MAX; i++) {
    const part = files[`photo${i}`];
    if (part) parts.push(part);
  }
  return parts;
}

/** Removes stored files, best effort: a file left behind is garbage, never a broken page. */
export async function removeImageFiles(
  store: ImageStore,
  images: readonly (StoredImage | Pick<PhotoRow, 'image'> | null | undefined)[],
  log: FastifyBaseLogger,
): Promise<void> {
  await Promise.all(
    images.map(async (image) => {
      if (!image) return;
      try {
        await store.remove(image.image);
      } catch (error) {
        log.warn({ err: error, image: image.image }, 'could not remove a listing image');
      }
    }),
  );
}

/**
 * Removes the files of images a committed change dropped, except those some row still shows: demo listings share
 * one pool of pictures (server/seed/demo-listings.ts), so a file may belong to several listings. The lookups scan
 * photos and covers without an index; they run only after a delete or an edit that dropped images.
 */
export async function removeDroppedImages(
  db: Kysely<Database>,
  store: ImageStore,
  images: readonly (Pick<PhotoRow, 'image'> | null | undefined)[],
  log: FastifyBaseLogger,
): Promise<void> {
  const urls = [...new Set(images.flatMap((image) => (image ? [image.image] : [])))];
  if (urls.length === 0) return;
  const [photos, merchants, partners] = await Promise.all([
    db.selectFrom('photos').select('image').where('image', 'in', urls).execute(),
    db.selectFrom('merchants').select(sql<string>`cover->>'image'`.as('image')).where(sql<string>`cover->>'image'`, 'in', urls).execute(),
    db.selectFrom('partners').select(sql<string>`cover->>'image'`.as('image')).where(sql<string>`cover->>'image'`, 'in', urls).execute(),
  ]);
  const stillShown = new Set([...photos, ...merchants, ...partners].map((row) => row.image));
  await removeImageFiles(store, urls.filter((url) => !stillShown.has(url)).map((image) => ({ image })), log);
}

/**
 * Validates, re-encodes and stores the uploads one by one (sharp is CPU-bound; parallel work would only contend).
 * When one is refused, the ones already stored are removed and the refusal is answered.
 */
export async function saveListingImages(store: ImageStore, parts: readonly Buffer[], log: FastifyBaseLogger): Promise<StoredImage[]> {
  const saved: StoredImage[] = [];
  try {
    for (const part of parts) saved.push(await store.save('listing', part));
    return saved;
  } catch (error) {
    await removeImageFiles(store, saved, log);
    if (error instanceof ImageError) throw new ApiFailure(error.code, error.params, error.httpStatus);
    throw error;
  }
}

/**
 * A create that happens once per (owner, idempotency key) (issue 32 item 3): with a key, the listing an earlier call
 * with it made is answered as it is, before anything is checked or stored (a retry after a lost answer must not
 * publish twice, nor be refused because something changed since). Two calls with one key at once: the second's
 * insert meets the unique index (migration 2026-11-30-0040), its transaction rolls back with its images, and it
 * answers the first one's listing. Without a key every call publishes (older clients).
 */
export async function createOnce<Row extends MerchantRow | PartnerRow, R>(
  db: Kysely<Database>,
  table: Row extends MerchantRow ? 'merchants' : 'partners',
  owner: string,
  key: string | undefined,
  create: () => Promise<R>,
  answer: (row: Row) => Promise<R>,
): Promise<R> {
  const earlier = async (): Promise<Row | undefined> => {
    if (key === undefined) return undefined;
    const row =
      table === 'merchants'
        ? await db.selectFrom('merchants').selectAll().where('owner_uuid', '=', owner).where('create_key', '=', key).executeTakeFirst()
        : await db.selectFrom('partners').selectAll().where('owner_uuid', '=', owner).where('create_key', '=', key).executeTakeFirst();
    return row as Row | undefined;
  };
  const first = await earlier();
  if (first) return answer(first);
  try {
    return await create();
  } catch (error) {
    const raced = isUniqueViolation(error) ? await earlier() : undefined;
    if (raced) return answer(raced);
    throw error;
  }
}

/** Runs the writing transaction; when it fails, the images saved for it are removed before the failure goes on. */
export async function committingImages<T>(
  store: ImageStore,
  saved: readonly StoredImage[],
  log: FastifyBaseLogger,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await removeImageFiles(store, saved, log);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The owner's fields of a merchant or partner, checked against the rows they reference and mapped to columns.

type MerchantFields = z.output<typeof merchantCreatePayload>;
type PartnerFields = z.output<typeof partnerCreatePayload>;

/** The city and the merchant_type and merchant_tag entries a merchant names must exist. */
export async function checkMerchantRefs(db: Kysely<Database>, fields: MerchantFields): Promise<CityWithRegion> {
  const city = await requireCity(db, fields.city_id);
  await requireDictIds(db, 'merchant_type', [fields.merchant_type], 'merchant_type');
  await requireDictIds(db, 'merchant_tag', fields.tags, 'tags');
  return city;
}

export function merchantColumns(fields: MerchantFields, city: CityWithRegion) {
  return {
    name: fields.name,
    merchant_type: fields.merchant_type,
    tags: JSON.stringify(fields.tags),
    region_id: city.region_id,
    city_id: city.id,
    address: fields.address,
    lat: fields.lat ?? null,
    lng: fields.lng ?? null,
    phone: fields.phone ?? null,
    opening_hours: JSON.stringify(fields.opening_hours),
    price_level: fields.price_level,
    description: fields.description,
    social: JSON.stringify(fields.social),
    visible: fields.visible,
    search_key: merchantSearchKey(fields),
  };
}

/**
 * The city, the dictionary entries and the venue a partner names must exist; the venue must be published (a
 * partner may keep the venue it already had while that venue is hidden, `keepMerchantId`).
 */
export async function checkPartnerRefs(
  db: Kysely<Database>,
  fields: PartnerFields,
  unlockPrice: EconomyConfig['unlock_price'],
  keepMerchantId: number | null = null,
): Promise<CityWithRegion> {
  // The configured range (DESIGN section 6, server configuration); the contract only bounds it loosely.
  if (fields.unlock_price !== undefined && (fields.unlock_price < unlockPrice.min || fields.unlock_price > unlockPrice.max)) {
    throw new ApiFailure('listing.unlockPriceRange', { min: unlockPrice.min, max: unlockPrice.max }, 200, { field: 'unlock_price', code: 'zod.number.min' });
  }
  const city = await requireCity(db, fields.city_id);
  await requireDictIds(db, 'sex', [fields.sex], 'sex');
  await requireDictIds(db, 'body_type', [fields.body_type], 'body_type');
  await requireDictIds(db, 'language', fields.languages, 'languages');
  if (fields.drive_type !== undefined) await requireDictIds(db, 'drive_type', [fields.drive_type], 'drive_type');
  await requireDictIds(db, 'partner_tag', fields.tags, 'tags');
  if (fields.merchant_id !== undefined && fields.merchant_id !== keepMerchantId) {
    const venue = await db.selectFrom('merchants').select('status').where('id', '=', fields.merchant_id).executeTakeFirst();
    if (venue?.status !== 'published') {
      throw new ApiFailure('listing.merchantUnavailable', {}, 200, { field: 'merchant_id', code: 'zod.enum.invalid' });
    }
  }
  return city;
}

/**
 * Publishes a partner profile in one transaction (partner/create, and the demo wallet's profiles): under the owner's
 * row lock the publishing right is checked again, so a membership-3 user's two simultaneous "first" profiles cannot
 * both pass; then the row, its photos (the first is the cover) and the owner's partner count. `refused` is what a
 * refusal throws.
 */
export async function publishPartner(
  db: Kysely<Database>,
  profile: { uuid: string; owner: string; fields: PartnerFields; city: CityWithRegion; photos: readonly StoredImage[]; defaultUnlockPrice: number },
  refused: () => Error,
) {
  return db.transaction().execute(async (trx) => {
    if (!isCanPostPartner(await publisherFacts(trx, profile.owner, true))) throw refused();
    const inserted = await insertPartner(trx, {
      ...partnerColumns(profile.fields, profile.city, profile.defaultUnlockPrice),
      uuid: profile.uuid,
      owner_uuid: profile.owner,
      create_key: profile.fields.idempotency_key ?? null,
      cover: JSON.stringify(profile.photos[0]),
      status: 'published',
    });
    await insertPhotos(trx, 'partner', inserted.id, profile.photos);
    await changeListingCount(trx, profile.owner, 'partner_count', 1);
    failpoint('listing.create');
    return inserted;
  });
}

export function partnerColumns(fields: PartnerFields, city: CityWithRegion, defaultUnlockPrice: number) {
  return {
    nickname: fields.nickname,
    age: fields.age,
    sex: fields.sex,
    body_type: fields.body_type,
    languages: JSON.stringify(fields.languages),
    drive_type: fields.drive_type ?? null,
    height: fields.height ?? null,
    intro: fields.intro,
    tags: JSON.stringify(fields.tags),
    region_id: city.region_id,
    city_id: city.id,
    merchant_id: fields.merchant_id ?? null,
    unlock_price: fields.unlock_price ?? defaultUnlockPrice,
    visible: fields.visible,
    search_key: partnerSearchKey(fields),
  };
}

/**
 * The stored photos an update keeps, in the order of `keep_photo_ids` (so an owner can also reorder, and pick a
 * partner's cover by putting it first); absent keeps all in their order. An id that is not one of this listing's
 * photos is refused, and so is a total above PHOTOS_MAX or, with `min`, below it.
 */
export function keptPhotos<T extends { id: string }>(
  current: readonly T[],
  keepIds: readonly number[] | undefined,
  added: number,
  min = 0,
): T[] {
  let kept: T[];
  if (keepIds === undefined) {
    kept = [...current];
  } else {
    const byId = new Map(current.map((p) => [Number(p.id), p]));
    kept = keepIds.map((id) => {
      const photo = byId.get(id);
      if (!photo) throw new ApiFailure('listing.photoUnknown', {}, 200, { field: 'keep_photo_ids', code: 'zod.enum.invalid' });
      return photo;
    });
  }
  if (kept.length + added > PHOTOS_MAX) {
    throw new ApiFailure('listing.tooManyPhotos', { max: PHOTOS_MAX }, 200, { field: 'photo0', code: 'zod.array.max' });
  }
  if (kept.length + added < min) throw new ApiFailure('listing.photoRequired', {}, 200, { field: 'photo0', code: 'zod.array.min' });
  return kept;
}
