import type { Kysely } from 'kysely';
import type { Database, PhotoOwnerKind, PhotoRow } from '../db/schema';
import type { StoredImage } from '../images/image.service';

/**
 * The photos table: gallery images of merchants, partners, visit reports and feedback, in display order
 * (`position` 0, 1, ...). Files live in the image store; these functions only touch rows, so callers remove the
 * files after their transaction commits.
 */

export async function photosOf(db: Kysely<Database>, kind: PhotoOwnerKind, ownerId: number): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('owner_kind', '=', kind)
    .where('owner_id', '=', ownerId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Appends images after `firstPosition`, in order. */
export async function insertPhotos(
  db: Kysely<Database>,
  kind: PhotoOwnerKind,
  ownerId: number,
  images: readonly StoredImage[],
  firstPosition = 0,
): Promise<void> {
  if (images.length === 0) return;
  await db
    .insertInto('photos')
    .values(
      images.map((image, index) => ({
        owner_kind: kind,
        owner_id: ownerId,
        position: firstPosition + index,
        image: image.image,
        thumb: image.thumb,
        width: image.width,
        height: image.height,
      })),
    )
    .execute();
}

/** Deletes the given photo rows of one owner and answers them (their files are the caller's to remove). */
export async function deletePhotos(
  db: Kysely<Database>,
  kind: PhotoOwnerKind,
  ownerId: number,
  ids: readonly string[],
): Promise<PhotoRow[]> {
  if (ids.length === 0) return [];
  return db
    .deleteFrom('photos')
    .where('owner_kind', '=', kind)
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...ids])
    .returningAll()
    .execute();
}

/** Deletes every photo row of the owners and answers them. */
export async function deletePhotosOfOwners(
  db: Kysely<Database>,
  kind: PhotoOwnerKind,
  ownerIds: readonly number[],
): Promise<PhotoRow[]> {
  if (ownerIds.length === 0) return [];
  return db.deleteFrom('photos').where('owner_kind', '=', kind).where('owner_id', 'in', [...ownerIds]).returningAll().execute();
}

/** Renumbers the kept photos 0..n-1 in the given order. */
export async function renumberPhotos(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable('photos').set({ position }).where('id', '=', id).execute();
  }
}
