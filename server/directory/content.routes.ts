import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as content from '@/contract/calls/content';
import { LIST_LIMIT_DEFAULT } from '@/contract/shapes';
import { decodeListingCursor, pageOf } from './listing-cursor';
import { listingStateOf, merchantDetailOf, merchantSummaries, ownDetail, partnerDetailOf, partnerSummaries } from './listing.mappers';
import {
  changeListingCount,
  checkMerchantRefs,
  checkPartnerRefs,
  committingImages,
  keptPhotos,
  listingNotFound,
  merchantColumns,
  partnerColumns,
  photoParts,
  removeDroppedImages,
  saveListingImages,
} from './listing.service';
import { deleteMerchantWithDependents, findMerchant, listOwnMerchants, lockMerchant, updateMerchant } from './merchant.repository';
import { deletePartnerWithDependents, findPartner, listOwnPartners, lockPartner, updatePartner } from './partner.repository';
import { deletePhotos, insertPhotos, photosOf, renumberPhotos } from './photo.repository';
import { failpoint } from '../failpoints/failpoints';

/**
 * Content management (spec section 7 "Content"): the owner's own merchants and partners in every status, their
 * preview, full edit, delete and visible switch. Every call reads or writes only rows the caller owns, and
 * another user's id gets the very answer a nonexistent id gets, so ids cannot be probed. Writes lock the row and
 * check the owner again inside the transaction.
 *
 * An owner's edit keeps the moderation status: a listing moderators hid stays hidden, a published one stays
 * published (identity-verified publishers publish at once; moderators act on reports).
 */
export default fp(
  async function contentRoutes(app: FastifyInstance) {
    const { db, images } = app;

    // --- Lists and previews -----------------------------------------------------------------------------------

    app.api(content.merchants, async ({ payload, session }) => {
      const uuid = session.user.uuid;
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const cursor = decodeListingCursor('merchant', 'own', payload.cursor);
      const page = pageOf('merchant', 'own', await listOwnMerchants(db, uuid, payload.status, cursor, limit), limit);
      const cards = await merchantSummaries(db, page.rows, uuid);
      return { list: cards.map((card, i) => ({ ...card, ...listingStateOf(page.rows[i]) })), next_cursor: page.nextCursor };
    });

    app.api(content.partners, async ({ payload, session }) => {
      const uuid = session.user.uuid;
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const cursor = decodeListingCursor('partner', 'own', payload.cursor);
      const page = pageOf('partner', 'own', await listOwnPartners(db, uuid, payload.status, cursor, limit), limit);
      const cards = await partnerSummaries(db, page.rows, uuid);
      return { list: cards.map((card, i) => ({ ...card, ...listingStateOf(page.rows[i]) })), next_cursor: page.nextCursor };
    });

    app.api(content.merchantDetail, async ({ payload, session }) => {
      const row = await findMerchant(db, payload.id);
      if (!row || row.owner_uuid !== session.user.uuid) throw listingNotFound();
      return ownDetail(await merchantDetailOf(db, row, await photosOf(db, 'merchant', row.id), session.user.uuid), row);
    });

    app.api(content.partnerDetail, async ({ payload, session }) => {
      const row = await findPartner(db, payload.id);
      if (!row || row.owner_uuid !== session.user.uuid) throw listingNotFound();
      return ownDetail(await partnerDetailOf(db, row, await photosOf(db, 'partner', row.id), session.user.uuid), row);
    });

    // --- Edits ---------------------------------------------------------------------------------------------------

    app.api(content.merchantUpdate, async ({ payload, session, files, request }) => {
      const uuid = session.user.uuid;
      const before = await findMerchant(db, payload.id);
      if (!before || before.owner_uuid !== uuid) throw listingNotFound();
      const added = photoParts(files);
      // Checked before any upload is decoded, and again under the row lock below.
      keptPhotos(await photosOf(db, 'merchant', before.id), payload.keep_photo_ids, added.length);
      const city = await checkMerchantRefs(db, payload);
      const cover = files.cover;
      const saved = await saveListingImages(images, cover ? [cover, ...added] : added, request.log);
      const newCover = cover ? saved[0] : null;
      const newPhotos = cover ? saved.slice(1) : saved;
      const { row, dropped } = await committingImages(images, saved, request.log, () =>
        db.transaction().execute(async (trx) => {
          const current = await lockMerchant(trx, payload.id);
          if (!current || current.owner_uuid !== uuid) throw listingNotFound();
          const gallery = await photosOf(trx, 'merchant', current.id);
          const kept = keptPhotos(gallery, payload.keep_photo_ids, newPhotos.length);
          const keptIds = new Set(kept.map((p) => p.id));
          const removed = await deletePhotos(trx, 'merchant', current.id, gallery.filter((p) => !keptIds.has(p.id)).map((p) => p.id));
          await renumberPhotos(trx, kept.map((p) => p.id));
          await insertPhotos(trx, 'merchant', current.id, newPhotos, kept.length);
          const updated = await updateMerchant(trx, current.id, {
            ...merchantColumns(payload, city),
            ...(newCover ? { cover: JSON.stringify(newCover) } : {}),
          });
          failpoint('listing.update');
          return { row: updated, dropped: newCover ? [current.cover, ...removed] : removed };
        }),
      );
      await removeDroppedImages(db, images, dropped, request.log);
      return ownDetail(await merchantDetailOf(db, row, await photosOf(db, 'merchant', row.id), uuid), row);
    });

    app.api(content.partnerUpdate, async ({ payload, session, files, request }) => {
      const uuid = session.user.uuid;
      const before = await findPartner(db, payload.id);
      if (!before || before.owner_uuid !== uuid) throw listingNotFound();
      const added = photoParts(files);
      keptPhotos(await photosOf(db, 'partner', before.id), payload.keep_photo_ids, added.length, 1);
      const city = await checkPartnerRefs(db, payload, app.config.economy.unlock_price, before.merchant_id);
      const saved = await saveListingImages(images, added, request.log);
      const { row, dropped } = await committingImages(images, saved, request.log, () =>
        db.transaction().execute(async (trx) => {
          const current = await lockPartner(trx, payload.id);
          if (!current || current.owner_uuid !== uuid) throw listingNotFound();
          const photos = await photosOf(trx, 'partner', current.id);
          const kept = keptPhotos(photos, payload.keep_photo_ids, saved.length, 1);
          const keptIds = new Set(kept.map((p) => p.id));
          const removed = await deletePhotos(trx, 'partner', current.id, photos.filter((p) => !keptIds.has(p.id)).map((p) => p.id));
          await renumberPhotos(trx, kept.map((p) => p.id));
          await insertPhotos(trx, 'partner', current.id, saved, kept.length);
          const first = kept[0] ?? saved[0];
          const updated = await updatePartner(trx, current.id, {
            ...partnerColumns(payload, city, before.unlock_price),
            cover: JSON.stringify({ image: first.image, thumb: first.thumb, width: first.width, height: first.height }),
          });
          failpoint('listing.update');
          return { row: updated, dropped: removed };
        }),
      );
      await removeDroppedImages(db, images, dropped, request.log);
      return ownDetail(await partnerDetailOf(db, row, await photosOf(db, 'partner', row.id), uuid), row);
    });

    // --- Deletes and the visible switch -----------------------------------------------------------------------

    app.api(content.merchantDelete, async ({ payload, session, request }) => {
      const { row, photos } = await db.transaction().execute(async (trx) => {
        const current = await lockMerchant(trx, payload.id);
        if (!current || current.owner_uuid !== session.user.uuid) throw listingNotFound();
        const removed = await deleteMerchantWithDependents(trx, current.id);
        await changeListingCount(trx, current.owner_uuid, 'merchant_count', -1);
        return { row: current, photos: removed };
      });
      await removeDroppedImages(db, images, [row.cover, ...photos], request.log);
      return null;
    });

    app.api(content.partnerDelete, async ({ payload, session, request }) => {
      const { row, photos } = await db.transaction().execute(async (trx) => {
        const current = await lockPartner(trx, payload.id);
        if (!current || current.owner_uuid !== session.user.uuid) throw listingNotFound();
        const removed = await deletePartnerWithDependents(trx, current.id);
        await changeListingCount(trx, current.owner_uuid, 'partner_count', -1);
        return { row: current, photos: removed };
      });
      await removeDroppedImages(db, images, [row.cover, ...photos], request.log);
      return null;
    });

    app.api(content.merchantToggleVisiable, async ({ payload, session }) => {
      const row = await db.transaction().execute(async (trx) => {
        const current = await lockMerchant(trx, payload.id);
        if (!current || current.owner_uuid !== session.user.uuid) throw listingNotFound();
        return updateMerchant(trx, current.id, { visible: !current.visible });
      });
      return { visible: row.visible };
    });

    app.api(content.partnerToggleVisiable, async ({ payload, session }) => {
      const row = await db.transaction().execute(async (trx) => {
        const current = await lockPartner(trx, payload.id);
        if (!current || current.owner_uuid !== session.user.uuid) throw listingNotFound();
        return updatePartner(trx, current.id, { visible: !current.visible });
      });
      return { visible: row.visible };
    });
  },
  { name: 'content-routes', dependencies: ['api', 'core'] },
);
