import { z } from 'zod';
import { defineCall } from '../call';
import { SocialChannel } from '../feature-enums';
import * as f from '../fields';
import {
  dateTime,
  entityId,
  fileFields,
  idempotencyKey,
  idList,
  idPayload,
  intOneOf,
  jsonArray,
  keepPhotoIds,
  listingPlace,
  listingState,
  moderationPayload,
  publicListingState,
  oneOf,
  pageQuery,
  pagedList,
  PHOTOS_MAX,
  rowId,
  slug,
  storedImage,
} from '../shapes';
import { imageResponse } from './account';

/**
 * Merchants (venues), spec section 7 "Merchant" with the fields of DESIGN section 5. The owner's own listings and
 * their edits are the user/* calls of content.ts; here are the public reads, publishing (create), and the
 * moderators' status change. The spec's merchant/delete is not served: moderators hide, only owners delete
 * (issue 31 item 12, docs/decisions.md).
 */

export const MERCHANT_NAME_MAX = 100;
export const ADDRESS_MAX = 200;
export const MERCHANT_DESCRIPTION_MAX = 5_000;
export const LISTING_TAGS_MAX = 10;
export const SOCIAL_LINKS_MAX = 5;
export const SOCIAL_VALUE_MAX = 100;
export const OPENING_HOURS_MAX = 14;
export const KEYWORD_MAX = 50;

/** Image parts of a merchant form: the cover, and the gallery photo0..photo11. */
export const MERCHANT_FILES = ['cover', ...fileFields('photo', PHOTOS_MAX)] as const;

const hhmm = z
  .string({ message: 'zod.string.invalid' })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: 'errors.time.invalid' });

/**
 * One opening period on an ISO weekday (1 Monday … 7 Sunday). A close time at or before the open time runs past
 * midnight; equal times mean open all day. A day with no period is closed; two periods make a split day.
 */
export const openingPeriod = z.object({ day: f.int(1, 7), open: hhmm, close: hhmm });
export type OpeningPeriod = z.infer<typeof openingPeriod>;

/** A contact channel (spec section 3 "Social channel"): 1 Telegram … 5 Twitter, and the handle or number. */
export const socialLink = z.object({
  type: intOneOf(Object.values(SocialChannel)),
  value: f.text(1, SOCIAL_VALUE_MAX),
});
export type SocialLink = z.infer<typeof socialLink>;

export const phone = z
  .string({ message: 'zod.string.invalid' })
  .transform((s) => s.trim())
  .pipe(z.string().regex(/^\+?\d[\d ()-]{2,30}$/, { message: 'errors.phone.invalid' }));

/** The fields an owner fills in (create and full update); images travel as MERCHANT_FILES parts. */
const merchantFields = z.object({
  name: f.text(1, MERCHANT_NAME_MAX),
  /** dict/merchant_type id. */
  merchant_type: entityId,
  /** dict/merchant_tag ids. */
  tags: idList({ max: LISTING_TAGS_MAX }).default([]),
  city_id: entityId,
  address: f.text(1, ADDRESS_MAX),
  lat: f.decimal(-90, 90).optional(),
  lng: f.decimal(-180, 180).optional(),
  phone: phone.optional(),
  opening_hours: jsonArray(openingPeriod, { max: OPENING_HOURS_MAX }).default([]),
  price_level: f.int(1, 4),
  description: f.text(1, MERCHANT_DESCRIPTION_MAX, { multiline: true }),
  social: jsonArray(socialLink, { max: SOCIAL_LINKS_MAX, unique: true }).default([]),
  visible: f.bool.default(true),
});

/** A map pin needs both coordinates. */
function hasWholeLocation(p: { lat?: number; lng?: number }): boolean {
  return (p.lat === undefined) === (p.lng === undefined);
}
const wholeLocation = { message: 'errors.location.partial', path: ['lng'] };

/**
 * Publishing: the cover part is required (checked with the parts, which travel outside the payload). With an
 * idempotency key the venue is published once: the same key again (a retry after a lost answer) answers the venue
 * the first call made.
 */
export const merchantCreatePayload = merchantFields.extend({ idempotency_key: idempotencyKey.optional() }).refine(hasWholeLocation, wholeLocation);

/** The owner's full update (user/merchant_update): every field again, plus which stored gallery photos to keep. */
export const merchantUpdatePayload = merchantFields
  .extend({ id: entityId, keep_photo_ids: keepPhotoIds.optional() })
  .refine(hasWholeLocation, wholeLocation);

/** A merchant in a list: what a card shows. `is_favorite` is the viewer's, false for guests. */
export const merchantSummary = listingPlace.extend({
  id: rowId,
  name: z.string(),
  merchant_type: rowId,
  tags: z.array(rowId),
  cover: imageResponse.nullable(),
  price_level: z.number().int().min(1).max(4),
  /** Mean visit-report rating, null without reports. */
  rating: z.number().min(1).max(5).nullable(),
  report_count: z.number().int().min(0),
  favorite_count: z.number().int().min(0),
  is_favorite: z.boolean(),
  created_at: dateTime,
});
export type MerchantSummary = z.infer<typeof merchantSummary>;

/**
 * A merchant's page as anyone reads it: no owner identity and no moderation note; `is_own` tells the viewer whether
 * it is theirs (false for guests).
 */
export const merchantDetail = merchantSummary.extend({
  ...publicListingState.shape,
  is_own: z.boolean(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  phone: z.string().nullable(),
  opening_hours: z.array(openingPeriod),
  description: z.string(),
  gallery: z.array(storedImage),
  social: z.array(socialLink),
});
export type MerchantDetail = z.infer<typeof merchantDetail>;

/** The owner's and moderators' view of a merchant: the public page plus the moderation note. */
export const ownMerchantDetail = merchantDetail.extend({ moderation_note: listingState.shape.moderation_note });
export type OwnMerchantDetail = z.infer<typeof ownMerchantDetail>;

export const MERCHANT_SORTS = ['recommended', 'newest', 'popular'] as const;

export const list = defineCall({
  path: 'merchant/list',
  mutates: false,
  auth: 'optional',
  payload: pageQuery
    .extend({
      region_slug: slug.optional(),
      /** City slugs are unique within a region only, so a city needs its region. */
      city_slug: slug.optional(),
      merchant_type: entityId.optional(),
      tag: entityId.optional(),
      price_level: f.int(1, 4).optional(),
      keyword: f.text(1, KEYWORD_MAX).optional(),
      sort: oneOf(MERCHANT_SORTS).optional(),
    })
    .refine((p) => p.city_slug === undefined || p.region_slug !== undefined, {
      message: 'zod.string.required',
      path: ['region_slug'],
    }),
  response: pagedList(merchantSummary),
});

/** A published, visible merchant; anything else answers "not found". */
export const detail = defineCall({
  path: 'merchant/detail',
  mutates: false,
  auth: 'optional',
  payload: idPayload,
  response: merchantDetail,
});

/** Publish a merchant (membership 4, server-checked). It is 'published' at once; moderators hide it on reports. */
export const create = defineCall({
  path: 'merchant/create',
  mutates: true,
  auth: 'required',
  files: MERCHANT_FILES,
  payload: merchantCreatePayload,
  response: ownMerchantDetail,
});

/**
 * Moderation (role admin). The spec lists both merchant/update and user/merchant_update; the owner's edit is
 * user/merchant_update, so merchant/update is the moderators' status change (DESIGN section 7: admins may hide any).
 */
export const update = defineCall({
  path: 'merchant/update',
  mutates: true,
  auth: 'required',
  role: 'admin',
  payload: moderationPayload,
  response: ownMerchantDetail,
});
