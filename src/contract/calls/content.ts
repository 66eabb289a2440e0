import { defineCall, nullResponse } from '../call';
import { ListingStatus } from '../feature-enums';
import { idPayload, listingState, oneOf, pageQuery, pagedList, visibilityResponse } from '../shapes';
// The calls user/merchant_detail and user/partner_detail take the names of the shapes, so those are renamed here.
import {
  MERCHANT_FILES,
  ownMerchantDetail as merchantDetailShape,
  merchantSummary,
  merchantUpdatePayload,
} from './merchant';
import {
  PARTNER_FILES,
  ownPartnerDetail as partnerDetailShape,
  partnerSummary,
  partnerUpdatePayload,
} from './partner';

/**
 * Content management (spec section 7 "Content", /member/content/{source}): the owner's own listings in every
 * status, their preview and edit, delete and the visible switch. Every call reads or changes only listings the
 * caller owns; another user's id answers "not found".
 */

/** A row of the owner's list: the public card plus the visible flag and the moderation status. */
export const ownMerchantSummary = merchantSummary.extend(listingState.shape);
export const ownPartnerSummary = partnerSummary.extend(listingState.shape);

const ownListQuery = pageQuery.extend({ status: oneOf(ListingStatus).optional() });

export const merchants = defineCall({
  path: 'user/merchants',
  mutates: false,
  auth: 'required',
  payload: ownListQuery,
  response: pagedList(ownMerchantSummary),
});

export const partners = defineCall({
  path: 'user/partners',
  mutates: false,
  auth: 'required',
  payload: ownListQuery,
  response: pagedList(ownPartnerSummary),
});

export const merchantDelete = defineCall({
  path: 'user/merchant_delete',
  mutates: true,
  auth: 'required',
  payload: idPayload,
  response: nullResponse,
});

export const partnerDelete = defineCall({
  path: 'user/partner_delete',
  mutates: true,
  auth: 'required',
  payload: idPayload,
  response: nullResponse,
});

/** The owner's listing in any status (preview and modify pages). */
export const merchantDetail = defineCall({
  path: 'user/merchant_detail',
  mutates: false,
  auth: 'required',
  payload: idPayload,
  response: merchantDetailShape,
});

export const partnerDetail = defineCall({
  path: 'user/partner_detail',
  mutates: false,
  auth: 'required',
  payload: idPayload,
  response: partnerDetailShape,
});

/**
 * The owner's full edit (/member/merchant/{id}/modify). New image parts replace the cover or add gallery photos;
 * `keep_photo_ids` drops the others. A published listing goes back to 'pending' only when moderation requires it.
 */
export const merchantUpdate = defineCall({
  path: 'user/merchant_update',
  mutates: true,
  auth: 'required',
  files: MERCHANT_FILES,
  payload: merchantUpdatePayload,
  response: merchantDetailShape,
});

export const partnerUpdate = defineCall({
  path: 'user/partner_update',
  mutates: true,
  auth: 'required',
  files: PARTNER_FILES,
  payload: partnerUpdatePayload,
  response: partnerDetailShape,
});

/** Flips the owner's visible flag and answers the new value. */
export const merchantToggleVisiable = defineCall({
  path: 'user/merchant_toggleVisiable',
  mutates: true,
  auth: 'required',
  payload: idPayload,
  response: visibilityResponse,
});

export const partnerToggleVisiable = defineCall({
  path: 'user/partner_toggleVisiable',
  mutates: true,
  auth: 'required',
  payload: idPayload,
  response: visibilityResponse,
});
