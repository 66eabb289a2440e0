/**
 * Business constants, limits and timings (spec section 9, DESIGN sections 4 and 6). Machines name their delays
 * from these so model-based tests and fake clocks run on the real values.
 */

export const CLIENT_VERSION = '1.1';
export const API_BASE = '/api';

export const REQUEST_TIMEOUT_MS = 20_000;
/** HTTP statuses on which a non-mutating call is retried once (DESIGN section 4). */
export const RETRY_HTTP_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

/** The envelope's accepted clock skew and replay window, seconds. */
export const ENVELOPE_MAX_SKEW_S = 300;

/**
 * How deeply a payload may nest (objects and arrays): the payload object is level 1, an array in one of its fields
 * level 2, and so on. The contract's payloads need 3 (a list of objects in a field). A deeper payload is refused with
 * status 0 naming the field (`validation.tooDeep`, code `zod.depth`) before anything reads it, so no recursive code
 * on the server ever meets a crafted depth (README "Security"; docs/decisions.md).
 */
export const PAYLOAD_DEPTH_MAX = 32;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 1;
export const USERNAME_MAX = 32;
export const EMAIL_MAX = 254;
export const NICKNAME_MAX = 40;
export const TEXT_INPUT_MAX = 200;

export const LOGIN_DEBOUNCE_MS = 500;
export const USERNAME_CHECK_DEBOUNCE_MS = 500;
export const TRACK_DEBOUNCE_MS = 1_000;
/** Search as you type: the query goes out this long after the last keystroke (our decision; issue 4). */
export const SEARCH_DEBOUNCE_MS = 300;

export const DIALOG_AUTO_CLOSE_MS = 5_000;
export const DIALOG_CLOSE_TRANSITION_MS = 300;
export const DIALOG_OPEN_TRANSITION_MS = 200;
export const DIALOG_LIST_CLEAR_MS = 300;
export const PAYMENT_DIALOG_IN_MS = 300;
export const PAYMENT_DIALOG_OUT_MS = 200;
export const TOAST_MS = 1_500;
export const NOTIFICATION_MS = 3_000;

export const CHAT_HISTORY_PAGE_SIZE = 20;
export const CHAT_RECONNECT_MS = 3_000;
export const CHAT_HEARTBEAT_MS = 8_000;
export const CHAT_PONG_TIMEOUT_MS = 1_000;

export const PAYMENT_POLL_MS = 5_000;
/**
 * An identity check under review (issue 31 item 8): the status page reads the status again after each of these in
 * turn, the last one repeating (a backoff from 5 s to a minute); paused while the page is hidden.
 */
export const KYC_STATUS_POLL_MS = [5_000, 10_000, 20_000, 40_000, 60_000] as const;
export const PAYMENT_TIMEOUT_MS = 300_000;
export const PAYMENT_FAILURE_DELAY_MS = 1_500;
export const MAX_SAVED_CARDS = 5;
export const CARD_SETUP_RETRY_MS = 500;
export const CARD_SETUP_MAX_RETRIES = 10;
export const CURRENCY = 'USD';

export const IMAGE_ZOOM_MIN = 1;
export const IMAGE_ZOOM_MAX = 2;
export const IMAGE_SWIPE_MS = 300;
export const IMAGE_TAP_MAX_MS = 250;
export const IMAGE_LONG_PRESS_MS = 500;
export const IMAGE_SWIPE_CLOSE_PX = 50;
/** Image viewer (our decisions; issue 4): a horizontal drag over this changes the image, like the close drag. */
export const IMAGE_SWIPE_CHANGE_PX = 50;
/** Pointer travel that turns a press into a drag (no longer a tap or a long press). */
export const IMAGE_DRAG_SLOP_PX = 10;
/**
 * Image viewer (our decisions; issue 30, PhotoSwipe's values): a tap followed within this time by a second tap within
 * IMAGE_DOUBLE_TAP_SLOP_PX of it is a double tap (zoom there); a single tap waits this long before it toggles the
 * controls.
 */
export const IMAGE_DOUBLE_TAP_MS = 300;
export const IMAGE_DOUBLE_TAP_SLOP_PX = 25;
export const CAMERA_WIDTH = 1920;
export const CAMERA_HEIGHT = 1080;

export const RELOAD_GUARD_MS = 10_000;
export const IDLE_FALLBACK_MS = 50;
export const BUILD_POLL_MS = 5 * 60_000;
export const LOCALE_COOKIE_DAYS = 365;

/** Token lifetimes (DESIGN section 4, issue 2). */
export const SESSION_IDLE_DAYS = 30;
export const RESET_TOKEN_MINUTES = 30;
export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_CODE_LENGTH = 6;

/** Upload limits: bytes of one image file, and accepted decoded formats. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'] as const;

/** The economy (DESIGN section 6) is server configuration, served by home/economy: see economy.ts. */
