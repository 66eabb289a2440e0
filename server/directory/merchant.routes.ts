import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as merchant from '@/contract/calls/merchant';
import { isCanPostMerchant } from '@/contract/permissions';
import { LIST_LIMIT_DEFAULT } from '@/contract/shapes';
import { recordAdminAction } from '../admin/audit.repository';
import { ApiFailure } from '../api/failure';
import type { MerchantRow, UserRow } from '../db/schema';
import { failpoint } from '../failpoints/failpoints';
import { decodeListingCursor, orderOfSort, pageOf } from './listing-cursor';
import { isPubliclyVisible, merchantDetailOf, merchantSummaries, ownDetail } from './listing.mappers';
import {
  changeListingCount,
  checkMerchantRefs,
  committingImages,
  createOnce,
  listingNotFound,
  merchantColumns,
  photoParts,
  placeFilterOf,
  publisherFacts,
  saveListingImages,
} from './listing.service';
import {
  findMerchant,
  insertMerchant,
  listPublicMerchants,
  lockMerchant,
  updateMerchant,
} from './merchant.repository';
import { insertPhotos, photosOf } from './photo.repository';

/**
 * Merchants (spec section 7 "Merchant"): the public list and page, publishing, and the moderators' status change.
 * The owner's own list, edit, delete and visible switch are in content.routes.ts. Moderators never delete a
 * listing (the spec's merchant/delete is not served): they hide it, and its owner still sees it with the reason.
 *
 * Sorts: "newest" is created_at desc; "popular" is favorite_count desc; "recommended" (the default) is, for now,
 * the popular order within whatever region or city the list is narrowed to: the most favourited venues of the
 * place. It uses the same partial indexes; a ranking that also weighs visit-report ratings can replace it without
 * changing the contract.
 */
export default fp(
  async function merchantRoutes(app: FastifyInstance) {
    const { db, images } = app;

    /** Published and visible, or the viewer's own, or a moderator looking. */
    const canSee = (row: { status: string; visible: boolean; owner_uuid: string }, viewer: UserRow | null) =>
      isPubliclyVisible(row) || (viewer !== null && (viewer.uuid === row.owner_uuid || viewer.role === 'admin'));

    app.api(merchant.list, async ({ payload, session }) => {
      const order = orderOfSort(payload.sort);
      const cursor = decodeListingCursor('merchant', order, payload.cursor);
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const place = await placeFilterOf(db, payload.region_slug, payload.city_slug);
      const rows = await listPublicMerchants(
        db,
        {
          ...place,
          merchantType: payload.merchant_type,
          tag: payload.tag,
          priceLevel: payload.price_level,
          keyword: payload.keyword,
        },
        cursor,
        order,
        limit,
      );
      const page = pageOf('merchant', order, rows, limit);
      return { list: await merchantSummaries(db, page.rows, session?.user.uuid ?? null), next_cursor: page.nextCursor };
    });

    app.api(merchant.detail, async ({ payload, session }) => {
      const row = await findMerchant(db, payload.id);
      if (!row || !canSee(row, session?.user ?? null)) throw listingNotFound();
      return merchantDetailOf(db, row, await photosOf(db, 'merchant', row.id), session?.user.uuid ?? null);
    });

    app.api(merchant.create, async ({ payload, session, files, request }) => {
      const uuid = session.user.uuid;
      const detail = async (row: MerchantRow) => ownDetail(await merchantDetailOf(db, row, await photosOf(db, 'merchant', row.id), uuid), row);
      return createOnce(db, 'merchants', uuid, payload.idempotency_key, async () => {
        // Cheap refusals first, before any upload is decoded.
        if (!isCanPostMerchant(await publisherFacts(db, uuid))) throw new ApiFailure('listing.cannotPostMerchant');
        const cover = files.cover;
        if (!cover) throw new ApiFailure('listing.coverRequired', {}, 200, { field: 'cover', code: 'zod.string.required' });
        const gallery = photoParts(files);
        const city = await checkMerchantRefs(db, payload);
        const saved = await saveListingImages(images, [cover, ...gallery], request.log);
        const row = await committingImages(images, saved, request.log, () =>
          db.transaction().execute(async (trx) => {
            // Again under the user's row lock: the membership may have ended while the images were processed.
            if (!isCanPostMerchant(await publisherFacts(trx, uuid, true))) throw new ApiFailure('listing.cannotPostMerchant');
            const inserted = await insertMerchant(trx, {
              ...merchantColumns(payload, city),
              owner_uuid: uuid,
              create_key: payload.idempotency_key ?? null,
              cover: JSON.stringify(saved[0]),
              status: 'published',
            });
            await insertPhotos(trx, 'merchant', inserted.id, saved.slice(1));
            await changeListingCount(trx, uuid, 'merchant_count', 1);
            failpoint('listing.create');
            return inserted;
          }),
        );
        return detail(row);
      }, detail);
    });

    app.api(merchant.update, async ({ payload, session, request }) => {
      const row = await db.transaction().execute(async (trx) => {
        const current = await lockMerchant(trx, payload.id);
        if (!current) throw listingNotFound();
        const updated = await updateMerchant(trx, current.id, { status: payload.status, moderation_note: payload.note ?? null });
        await recordAdminAction(trx, {
          admin: session.user.uuid,
          action: 'listing.status',
          targetType: 'merchant',
          targetId: current.id,
          details: { name: current.name, owner: current.owner_uuid, from: current.status, to: updated.status, note: payload.note ?? null },
        });
        return updated;
      });
      request.log.info({ merchant: row.id, status: row.status, moderator: session.user.uuid }, 'merchant moderated');
      return ownDetail(await merchantDetailOf(db, row, await photosOf(db, 'merchant', row.id), session.user.uuid), row);
    });
  },
  { name: 'merchant-routes', dependencies: ['api', 'core'] },
);
