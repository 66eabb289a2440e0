import type { ApiCall } from './call';

/**
 * The parts of src/contract/first-paint.ts the first page's own script needs, without the calls' schemas (zod
 * stays out of the first page's JavaScript).
 */

/** The key an answer is embedded under: the call's path and its payload (objects' keys sorted). */
export function firstDataKey(call: ApiCall, payload: unknown): string {
  return `${call.path} ${JSON.stringify(payload, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )}`;
}

/** The id of the script element (type application/json) that carries a server-rendered page's answers. */
export const FIRST_DATA_ELEMENT_ID = 'first-data';

/**
 * The cookie a signed-in browser carries (a hint, no secret: the session token stays in storage): the server
 * renders pages for guests only, since a member's cards differ (their favourites), and serves a member the app to
 * render itself.
 */
export const SIGNED_IN_COOKIE = 'venuely_member';

/** The cookie the app keeps the browser's time zone in (src/services/time-zone.ts), for the server's signed-in pages. */
export const TIME_ZONE_COOKIE = 'venuely_tz';
