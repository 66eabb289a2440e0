import { TRACK_PATH_MAX } from './calls/track';
import { isLocale } from './enums';
import { type TrackSection } from './feature-enums';
import { slug } from './shapes';

/**
 * Page-view sections (spec section 2), shared by the client, which labels each view, and the server, which
 * refuses a view whose section is not the one its path maps to. One pure function, so both always agree.
 *
 * The spec names path fragments: /merchant → merchant, /partner → partner, /visit_report → deep_report,
 * /search and /region → search, /message → message, /collect → favorite, /member → mine, anything else →
 * homepage. This app's routes are `/{lang}/...`, so the mapping reads whole segments rather than substrings
 * (a substring test would call `/member/merchant/3/modify` a merchant page and `/en/partnership` a partner page):
 *
 * 1. Query and hash are ignored; empty segments (`//`, a trailing `/`) are skipped.
 * 2. A first segment that is one of the 15 locales is the language prefix and is skipped.
 * 3. The first remaining segment decides:
 *    - `merchant` → merchant, or deep_report when a later segment is `visit-report` (this app's route,
 *      /merchant/{id}/visit-report) or `visit_report` (the spec's spelling);
 *    - `visit-report` / `visit_report` → deep_report; `partner` → partner; `search`, `region` → search;
 *      `message` → message; `collection`, `collect` → favorite; `member` → mine;
 *    - any other static route of spec section 2 (login, info, chat, verify, 404, ...) → homepage;
 *    - otherwise, when the path had a language prefix and the segment is a region slug (kebab-case ASCII,
 *      DESIGN section 5), it is the region search route /{lang}/{region}[/{city}[/{source}]] → search. Whether
 *      that region exists is not knowable here; an unknown one renders the 404 page but is still counted as
 *      search, which is what the user attempted.
 * 4. Everything else (/, /en, an unprefixed unknown path, a segment that is no slug) → homepage.
 *
 * Matching is case-sensitive like the routes themselves: `/en/Merchant/1` is not a merchant page.
 */
export function sectionOfPath(path: string): TrackSection {
  const segments = stripQueryAndHash(path).split('/').filter((s) => s !== '');
  const prefixed = segments.length > 0 && isLocale(segments[0]);
  const [head, ...rest] = prefixed ? segments.slice(1) : segments;
  if (head === undefined) return 'homepage';
  const section = SECTION_OF_HEAD[head];
  if (section === 'merchant' && rest.some(isVisitReport)) return 'deep_report';
  if (section) return section;
  if (STATIC_ROUTES.has(head)) return 'homepage';
  if (prefixed && slug.safeParse(head).success) return 'search';
  return 'homepage';
}

/** The first segment after the language prefix that names a section directly. */
const SECTION_OF_HEAD: Readonly<Record<string, TrackSection>> = {
  merchant: 'merchant',
  'visit-report': 'deep_report',
  visit_report: 'deep_report',
  partner: 'partner',
  search: 'search',
  region: 'search',
  message: 'message',
  collection: 'favorite',
  collect: 'favorite',
  member: 'mine',
};

/**
 * First segments of the static routes of spec section 2 that map to no named section. The router matches these
 * before the /{region} parameter, so none of them can be a region page.
 */
const STATIC_ROUTES: ReadonlySet<string> = new Set([
  '401', '403', '404', 'chat', 'dev', 'forget-password', 'forgot-password', 'info', 'login', 'register',
  'reset-pwd', 'resetlink-success', 'verify',
]);

function isVisitReport(segment: string): boolean {
  return segment === 'visit-report' || segment === 'visit_report';
}

function stripQueryAndHash(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/**
 * Turns a location path into one the track call accepts, so a view the client queues is never refused for its
 * path (a refused view would sink its whole batch): query and hash dropped, a leading `/` ensured, whitespace
 * and control characters percent-encoded as a URL would carry them, and cut to TRACK_PATH_MAX without splitting
 * a surrogate pair. The section is computed from the result, so it matches what the server recomputes.
 */
export function normalizeTrackPath(raw: string): string {
  let path = stripQueryAndHash(raw);
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/[\s\u0000-\u001F\u007F]/g, (c) => encodeURIComponent(c));
  if (path.length > TRACK_PATH_MAX) {
    path = path.slice(0, TRACK_PATH_MAX);
    if (/[\uD800-\uDBFF]$/.test(path)) path = path.slice(0, -1);
  }
  return path;
}
