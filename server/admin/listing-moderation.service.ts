import { type Kysely, sql } from 'kysely';
import type { AdminListing } from '@/contract/calls/admin';
import type { ListingStatus } from '@/contract/feature-enums';
import type { ListingSource } from '@/contract/shapes';
import { ApiFailure } from '../api/failure';
import type { Database, MerchantRow, PartnerRow, UserRow } from '../db/schema';
import { isoOf } from '../directory/listing.mappers';
import { listingNotFound } from '../directory/listing.service';
import { lockMerchant, updateMerchant } from '../directory/merchant.repository';
import { lockPartner, updatePartner } from '../directory/partner.repository';
import { recordAdminAction } from './audit.repository';

/**
 * Listing moderation (issue 13 item 4; DESIGN section 7: "admins may hide any"). Hiding sets the moderation status
 * hidden with a note the owner reads; the directory's public reads all require `status = 'published' and visible`
 * (merchant.repository.ts, partner.repository.ts, favorite.repository.ts, isPubliclyVisible), so a hidden listing
 * leaves lists, search, favourites and its page for everyone but its owner and admins. Unhiding publishes it again.
 * The owner's visible switch is theirs and is left as it is.
 */

type ListingRow = MerchantRow | PartnerRow;

function nameOf(source: ListingSource, row: ListingRow): string {
  return source === 'merchant' ? (row as MerchantRow).name : (row as PartnerRow).nickname;
}

function adminListingOf(source: ListingSource, row: ListingRow, owner: Pick<UserRow, 'uuid' | 'username' | 'nickname'>): AdminListing {
  return {
    source,
    id: row.id,
    name: nameOf(source, row),
    owner: { uuid: owner.uuid, username: owner.username, nickname: owner.nickname },
    status: row.status,
    visible: row.visible,
    moderation_note: row.moderation_note,
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  };
}

/** A page (limit + 1 rows) of one source's listings of a moderation status, newest id first. */
export async function listAdminListings(
  db: Kysely<Database>,
  filter: { source: ListingSource; status: ListingStatus; ownerUuid?: string },
  before: string | null,
  limit: number,
): Promise<AdminListing[]> {
  // Both tables share every column used here but the name; the cast only tells Kysely's types which one to check.
  const table = (filter.source === 'merchant' ? 'merchants' : 'partners') as 'merchants';
  const nameColumn = filter.source === 'merchant' ? 'l.name' : 'l.nickname';
  const rows = await db
    .selectFrom(`${table} as l`)
    .select(sql<string>`${sql.ref(nameColumn)}`.as('name'))
    .innerJoin('users as u', 'u.uuid', 'l.owner_uuid')
    .select(['l.id', 'l.status', 'l.visible', 'l.moderation_note', 'l.created_at', 'l.updated_at', 'u.uuid', 'u.username', 'u.nickname'])
    .where('l.status', '=', filter.status)
    .$if(filter.ownerUuid !== undefined, (q) => q.where('l.owner_uuid', '=', filter.ownerUuid!))
    .$if(before !== null, (q) => q.where('l.id', '<', Number(before)))
    .orderBy('l.id', 'desc')
    .limit(limit + 1)
    .execute();
  return rows.map((r) => ({
    source: filter.source,
    id: r.id,
    name: r.name,
    owner: { uuid: r.uuid, username: r.username, nickname: r.nickname },
    status: r.status,
    visible: r.visible,
    moderation_note: r.moderation_note,
    created_at: isoOf(r.created_at),
    updated_at: isoOf(r.updated_at),
  }));
}

export type Moderation = { action: 'hide'; note: string } | { action: 'unhide' };

/**
 * Hides a listing that is not hidden, or publishes a hidden one, under the listing's row lock and with its audit row
 * in the same transaction. Hiding a hidden listing or unhiding one that is not hidden is refused and writes nothing.
 */
export async function moderateListing(
  db: Kysely<Database>,
  admin: Pick<UserRow, 'uuid'>,
  source: ListingSource,
  id: number,
  moderation: Moderation,
): Promise<AdminListing> {
  const row = await db.transaction().execute(async (trx) => {
    const current = source === 'merchant' ? await lockMerchant(trx, id) : await lockPartner(trx, id);
    if (!current) throw listingNotFound();
    if (moderation.action === 'hide' && current.status === 'hidden') throw new ApiFailure('admin.listingHidden');
    if (moderation.action === 'unhide' && current.status !== 'hidden') throw new ApiFailure('admin.listingNotHidden');
    const changes =
      moderation.action === 'hide'
        ? { status: 'hidden' as const, moderation_note: moderation.note }
        : { status: 'published' as const, moderation_note: null };
    const updated = source === 'merchant' ? await updateMerchant(trx, id, changes) : await updatePartner(trx, id, changes);
    await recordAdminAction(trx, {
      admin: admin.uuid,
      action: moderation.action === 'hide' ? 'listing.hide' : 'listing.unhide',
      targetType: source,
      targetId: id,
      details: {
        name: nameOf(source, current),
        owner: current.owner_uuid,
        from: current.status,
        to: updated.status,
        ...(moderation.action === 'hide' ? { note: moderation.note } : { previous_note: current.moderation_note }),
      },
    });
    return updated;
  });
  const owner = await db.selectFrom('users').select(['uuid', 'username', 'nickname']).where('uuid', '=', row.owner_uuid).executeTakeFirstOrThrow();
  return adminListingOf(source, row, owner);
}
