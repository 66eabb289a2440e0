import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as partner from '@/contract/calls/partner';
import { isCanPostPartner } from '@/contract/permissions';
import { LIST_LIMIT_DEFAULT, PHOTOS_MAX } from '@/contract/shapes';
import { recordAdminAction } from '../admin/audit.repository';
import { ApiFailure } from '../api/failure';
import type { PartnerRow, UserRow } from '../db/schema';
import { decodeListingCursor, orderOfSort, pageOf } from './listing-cursor';
import { isPubliclyVisible, ownDetail, partnerDetailOf, partnerSummaries } from './listing.mappers';
import {
  checkPartnerRefs,
  committingImages,
  createOnce,
  listingNotFound,
  photoParts,
  placeFilterOf,
  publisherFacts,
  publishPartner,
  saveListingImages,
} from './listing.service';
import {
  findPartner,
  listPublicPartners,
  lockPartner,
  updatePartner,
} from './partner.repository';
import { photosOf } from './photo.repository';

/**
 * Partners (spec section 7 "Partner"): the public list and page, publishing, the owner's idempotent visible
 * switch, and the moderators' status change (they hide, never delete: partner/delete is not served). Sorts as merchant.routes.ts ("recommended" is the
 * popular order within the place). A partner's cover is a copy of its first photo.
 */
export default fp(
  async function partnerRoutes(app: FastifyInstance) {
    const { db, images } = app;

    const canSee = (row: { status: string; visible: boolean; owner_uuid: string }, viewer: UserRow | null) =>
      isPubliclyVisible(row) || (viewer !== null && (viewer.uuid === row.owner_uuid || viewer.role === 'admin'));

    app.api(partner.list, async ({ payload, session }) => {
      const order = orderOfSort(payload.sort);
      const cursor = decodeListingCursor('partner', order, payload.cursor);
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const place = await placeFilterOf(db, payload.region_slug, payload.city_slug);
      const rows = await listPublicPartners(
        db,
        {
          ...place,
          sex: payload.sex,
          bodyType: payload.body_type,
          ageMin: payload.age_min,
          ageMax: payload.age_max,
          tag: payload.tag,
          language: payload.language,
          merchantId: payload.merchant_id,
          keyword: payload.keyword,
        },
        cursor,
        order,
        limit,
      );
      const page = pageOf('partner', order, rows, limit);
      return { list: await partnerSummaries(db, page.rows, session?.user.uuid ?? null), next_cursor: page.nextCursor };
    });

    app.api(partner.detail, async ({ payload, session }) => {
      const row = await findPartner(db, payload.id);
      if (!row || !canSee(row, session?.user ?? null)) throw listingNotFound();
      return partnerDetailOf(db, row, await photosOf(db, 'partner', row.id), session?.user.uuid ?? null);
    });

    app.api(partner.create, async ({ payload, session, files, request }) => {
      const uuid = session.user.uuid;
      const detail = async (row: PartnerRow) => ownDetail(await partnerDetailOf(db, row, await photosOf(db, 'partner', row.id), uuid), row);
      return createOnce(db, 'partners', uuid, payload.idempotency_key, async () => {
        if (!isCanPostPartner(await publisherFacts(db, uuid))) throw new ApiFailure('listing.cannotPostPartner');
        const parts = photoParts(files);
        if (parts.length === 0) throw new ApiFailure('listing.photoRequired', {}, 200, { field: 'photo0', code: 'zod.array.min' });
        if (parts.length > PHOTOS_MAX) throw new ApiFailure('listing.tooManyPhotos', { max: PHOTOS_MAX });
        const city = await checkPartnerRefs(db, payload, app.config.economy.unlock_price);
        const saved = await saveListingImages(images, parts, request.log);
        const row = await committingImages(images, saved, request.log, () =>
          publishPartner(
            db,
            { uuid: randomUUID(), owner: uuid, fields: payload, city, photos: saved, defaultUnlockPrice: app.config.economy.unlock_price.default },
            () => new ApiFailure('listing.cannotPostPartner'),
          ),
        );
        return detail(row);
      }, detail);
    });

    app.api(partner.setVisiable, async ({ payload, session }) => {
      const row = await db.transaction().execute(async (trx) => {
        const current = await lockPartner(trx, payload.id);
        if (!current || current.owner_uuid !== session.user.uuid) throw listingNotFound();
        if (current.visible === payload.visible) return current;
        return updatePartner(trx, current.id, { visible: payload.visible });
      });
      return { visible: row.visible };
    });

    app.api(partner.update, async ({ payload, session, request }) => {
      const row = await db.transaction().execute(async (trx) => {
        const current = await lockPartner(trx, payload.id);
        if (!current) throw listingNotFound();
        const updated = await updatePartner(trx, current.id, { status: payload.status, moderation_note: payload.note ?? null });
        await recordAdminAction(trx, {
          admin: session.user.uuid,
          action: 'listing.status',
          targetType: 'partner',
          targetId: current.id,
          details: { name: current.nickname, owner: current.owner_uuid, from: current.status, to: updated.status, note: payload.note ?? null },
        });
        return updated;
      });
      request.log.info({ partner: row.id, status: row.status, moderator: session.user.uuid }, 'partner moderated');
      return ownDetail(await partnerDetailOf(db, row, await photosOf(db, 'partner', row.id), session.user.uuid), row);
    });
  },
  { name: 'partner-routes', dependencies: ['api', 'core'] },
);
