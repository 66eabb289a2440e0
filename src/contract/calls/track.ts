import { z } from 'zod';
import { defineCall, nullResponse } from '../call';
import { TrackSection } from '../enums';
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
