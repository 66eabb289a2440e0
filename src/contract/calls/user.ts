import { z } from 'zod';
import { defineCall, emptyPayload, nullResponse } from '../call';
import * as f from '../fields';

/** The current user (spec section 3), plus the derived membership and the role. */
export const currentUser = z.object({
  uuid: z.string(),
  is_login: z.boolean(),
  nickname: z.string(),
  username: z.string(),
  email: z.string(),
  email_validation: z.boolean(),
  is_kyc: z.boolean(),
  kyc_status: z.number().int().min(0).max(3),
  kyc_created_date: z.string().nullable(),
  is_payed: z.boolean(),
  /** The active plan and its end date in the request's language; '' without a plan. */
  vip_txt: z.string(),
  vip_end_date: z.string().nullable(),
  image: z.string(),
  thumb: z.string(),
  /** All spendable points (purchased coins plus earned points). */
  fun_score: z.number().int(),
  merchant_count: z.number().int(),
  partner_count: z.number().int(),
  /** Cents paid out per withdrawable point (DESIGN section 6); `withdrawable_amount` = points × rate. */
  withdrawal_rate: z.number().int(),
  withdrawable_fun_score: z.number().int(),
  /** Integer US cents: withdrawable points × rate. */
  withdrawable_amount: z.number().int(),
  /** Points held by withdrawals that are still pending (neither spendable nor withdrawable until rejected). */
  held_fun_score: z.number().int().min(0).default(0),
  /** Row version, bumped on every change of the account. */
  version: z.number().int(),
  membership: z.number().int().min(0).max(4),
  role: z.enum(['member', 'admin']),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const me = defineCall({
  path: 'user/me',
  mutates: false,
  auth: 'required',
  payload: emptyPayload,
  response: currentUser,
});

/** Revokes every other session of the user; the current token stays valid. */
export const changePassword = defineCall({
  path: 'user/changePassword',
  mutates: true,
  auth: 'required',
  payload: z.object({ old_password: f.currentPassword, password: f.newPassword }),
  response: nullResponse,
});
