import { z } from 'zod';
import { defineCall, nullResponse } from '../call';
import { TrackSection } from '../feature-enums';
import * as f from '../fields';
import { jsonArray, oneOf } from '../shapes';

/**
 * Page-view tracking (spec section 2: path fragments map to sections, debounced 1 s). Not in the spec's call list:
 * the client batches views and sends them to POST /api/track. Guests are counted by their guest id, members by
 * their token. Recording is a write, so it is never retried; a lost batch only loses statistics.
 */

export const TRACK_BATCH_MAX = 50;
export const TRACK_PATH_MAX = 300;
/** Bounds of `at`: 2020-01-01 to 2100-01-01, in milliseconds; anything else is a broken clock or a forgery. */
export const TRACK_AT_MIN = Date.UTC(2020, 0, 1);
export const TRACK_AT_MAX = Date.UTC(2100, 0, 1);

export const pageView = z.object({
  section: oneOf(TrackSection),
  /** The route path as shown (language prefix included), without query or hash. */
  path: f.text(1, TRACK_PATH_MAX).refine((s) => /^\/[^\s?#]*$/.test(s), { message: 'zod.string.invalid' }),
  at: f.int(TRACK_AT_MIN, TRACK_AT_MAX),
});
export type PageView = z.infer<typeof pageView>;

export const track = defineCall({
  path: 'track',
  mutates: true,
  auth: 'optional',
  payload: z.object({ views: jsonArray(pageView, { min: 1, max: TRACK_BATCH_MAX }) }),
  response: nullResponse,
});

/** Payment method names of spec section 3 (PAYMENT_METHOD_NAMES). */
export const PURCHASE_METHODS = ['other', 'alipay', 'unionpay', 'usdt', 'stripe'] as const;

/**
 * A purchase tracking record (spec section 3): sent once by the client after a successful payment. The server
 * checks it against the order (the caller's own and paid, same value and currency) and stores it once per order;
 * `user_id` is the session's user, never the client's word.
 */
export const purchase = defineCall({
  path: 'track/purchase',
  mutates: true,
  auth: 'required',
  payload: z.object({
    transaction_id: f.uuid,
    /** Cents, as the order's amount. */
    value: f.int(0, 10_000_000),
    currency: z.literal('USD', { message: 'zod.enum.invalid' }).default('USD'),
    /** The plan code for a membership ('monthly', 'annual'); absent for coins. */
    plan: z.enum(['monthly', 'annual'], { message: 'zod.enum.invalid' }).optional(),
    payment_method: z.enum(PURCHASE_METHODS, { message: 'zod.enum.invalid' }),
    /** Coins bought, as a decimal string (spec: default '0'). */
    fun_amount: z.string({ message: 'zod.string.invalid' }).regex(/^\d{1,9}$/, { message: 'zod.string.invalid' }).default('0'),
  }),
  response: nullResponse,
});
