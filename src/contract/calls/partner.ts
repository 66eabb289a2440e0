import { z } from 'zod';
import { defineCall } from '../call';
import { NICKNAME_MAX } from '../constants';
import { UNLOCK_PRICE_LIMIT } from '../economy';
import * as f from '../fields';
import {
  dateTime,
  entityId,
  fileFields,
  idempotencyKey,
  idList,
  idPayload,
  keepPhotoIds,
  listingPlace,
  listingState,
  publicListingState,
  moderationPayload,
  oneOf,
  pageQuery,
  pagedList,
  PHOTOS_MAX,
  rowId,
  slug,
  storedImage,
  visibilityResponse,
} from '../shapes';
import { imageResponse } from './account';
import { KEYWORD_MAX, LISTING_TAGS_MAX } from './merchant';

/**
 * Partners (person profiles: hosts and guides), spec section 7 "Partner" with the fields of DESIGN section 5. Every
 * profile is of an adult, so `age` starts at 18. The owner's list, detail, edit and delete are user/* calls in
 * content.ts. The spec's partner/delete is not served: moderators hide, only owners delete (issue 31 item 12).
 */

export const PARTNER_AGE_MIN = 18;
export const PARTNER_AGE_MAX = 99;
export const PARTNER_INTRO_MAX = 2_000;
export const PARTNER_LANGUAGES_MAX = 5;

/** Image parts of a partner form: photo0..photo11; the first kept or uploaded photo is the cover. */
export const PARTNER_FILES = fileFields('photo', PHOTOS_MAX);

const partnerFields = z.object({
  nickname: f.text(1, NICKNAME_MAX),
  age: f.int(PARTNER_AGE_MIN, PARTNER_AGE_MAX),
  /** dict/sex, dict/body_type, dict/language, dict/drive_type and dict/partner_tag ids. */
  sex: entityId,
  body_type: entityId,
  languages: idList({ min: 1, max: PARTNER_LANGUAGES_MAX }),
  drive_type: entityId.optional(),
  /** Centimetres. */
  height: f.int(100, 250).optional(),
  intro: f.text(1, PARTNER_INTRO_MAX, { multiline: true }),
  tags: idList({ max: LISTING_TAGS_MAX }).default([]),
  city_id: entityId,
  /** The venue they work from (a published merchant). */
  merchant_id: entityId.optional(),
  /**
   * Points to unlock this profile's chat, once per user. The configured range (home/economy) is checked by the
   * server; absent means the configured default.
   */
  unlock_price: f.int(1, UNLOCK_PRICE_LIMIT).optional(),
  visible: f.bool.default(true),
});

/** With an idempotency key the profile is published once, as merchant/create's venue. */
export const partnerCreatePayload = partnerFields.extend({ idempotency_key: idempotencyKey.optional() });
/** The owner's full update (user/partner_update): every field again, plus which stored photos to keep. */
export const partnerUpdatePayload = partnerFields.extend({ id: entityId, keep_photo_ids: keepPhotoIds.optional() });

/** A partner in a list. `uuid` is the profile's chat identity (chat calls' partner_uuid). */
export const partnerSummary = listingPlace.extend({
  id: rowId,
  uuid: z.string(),
  nickname: z.string(),
  age: z.number().int().min(PARTNER_AGE_MIN),
  sex: rowId,
  tags: z.array(rowId),
  languages: z.array(rowId),
  cover: imageResponse.nullable(),
  unlock_price: z.number().int().min(0),
  merchant_id: rowId.nullable(),
  favorite_count: z.number().int().min(0),
  is_favorite: z.boolean(),
  created_at: dateTime,
});
export type PartnerSummary = z.infer<typeof partnerSummary>;

/** A profile's page as anyone reads it: no owner identity, no moderation note; `is_own` is the viewer's. */
export const partnerDetail = partnerSummary.extend({
  ...publicListingState.shape,
  is_own: z.boolean(),
  body_type: rowId,
  drive_type: rowId.nullable(),
  height: z.number().int().nullable(),
  intro: z.string(),
  photos: z.array(storedImage),
  /** Whether the viewer has unlocked this profile's chat (always true for the owner). */
  is_unlocked: z.boolean(),
});
export type PartnerDetail = z.infer<typeof partnerDetail>;

/** The owner's and moderators' view of a profile: the public page plus the moderation note. */
export const ownPartnerDetail = partnerDetail.extend({ moderation_note: listingState.shape.moderation_note });
export type OwnPartnerDetail = z.infer<typeof ownPartnerDetail>;

export const PARTNER_SORTS = ['recommended', 'newest', 'popular'] as const;

export const list = defineCall({
  path: 'partner/list',
  mutates: false,
  auth: 'optional',
  payload: pageQuery
    .extend({
      region_slug: slug.optional(),
      city_slug: slug.optional(),
      sex: entityId.optional(),
      body_type: entityId.optional(),
      /** Age range, both ends included. */
      age_min: f.int(PARTNER_AGE_MIN, PARTNER_AGE_MAX).optional(),
      age_max: f.int(PARTNER_AGE_MIN, PARTNER_AGE_MAX).optional(),
      tag: entityId.optional(),
      language: entityId.optional(),
      merchant_id: entityId.optional(),
      keyword: f.text(1, KEYWORD_MAX).optional(),
      sort: oneOf(PARTNER_SORTS).optional(),
    })
    .refine((p) => p.city_slug === undefined || p.region_slug !== undefined, {
      message: 'zod.string.required',
      path: ['region_slug'],
    }),
  response: pagedList(partnerSummary),
});

export const detail = defineCall({
  path: 'partner/detail',
  mutates: false,
  auth: 'optional',
  payload: idPayload,
  response: partnerDetail,
});

/** Publish a partner (membership 4, or 3 with no partner yet; server-checked). It is 'published' at once. */
export const create = defineCall({
  path: 'partner/create',
  mutates: true,
  auth: 'required',
  files: PARTNER_FILES,
  payload: partnerCreatePayload,
  response: ownPartnerDetail,
});

/** Moderation (role admin), as merchant/update: the owner's edit is user/partner_update. */
export const update = defineCall({
  path: 'partner/update',
  mutates: true,
  auth: 'required',
  role: 'admin',
  payload: moderationPayload,
  response: ownPartnerDetail,
});

/**
 * The owner sets the visible flag to a given value. Unlike user/partner_toggleVisiable it is idempotent, so a
 * client that knows the state it wants (the preview page's switch) uses this one.
 */
export const setVisiable = defineCall({
  path: 'partner/setVisiable',
  mutates: true,
  auth: 'required',
  payload: z.object({ id: entityId, visible: f.bool }),
  response: visibilityResponse,
});
