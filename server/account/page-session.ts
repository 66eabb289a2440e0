import type { Kysely } from 'kysely';
import { SESSION_IDLE_DAYS } from '@/contract/constants';
import type { ApiSession } from '../api/api.plugin';
import type { Database } from '../db/schema';
import { signGrant, verifyGrant } from './signed-grant';
import { findLiveSessionById } from './token.repository';

/**
 * The page session cookie (docs/decisions.md "Signed-in pages"): what lets the server paint a signed-in page with the
 * member's own content (their account, balance, conversations) instead of a skeleton. The session token itself
 * stays in the browser's storage and travels only in the API's envelope; this cookie is a signed grant
 * (signed-grant.ts) naming the user and the session, handed out with user/me and cleared at logout.
 *
 * - HttpOnly: no script reads it, so a script injected into a page cannot carry it anywhere.
 * - SameSite=Lax: another site can link to a page (a top-level GET, which changes nothing) but cannot have the
 *   browser send it with anything else.
 * - Read by the page renderer only (server/web/spa.plugin.ts), for GET requests that change nothing. The API never
 *   accepts it: every call that reads or writes needs the token in its envelope, so the cookie gives no way in
 *   for a forged cross-site request.
 * - Worth nothing once its session ends: the renderer checks the session is live (not revoked by a logout, a
 *   password change or an admin, not idle beyond 30 days) on every page, and clears a dead one.
 */
export const PAGE_SESSION_COOKIE = 'venuely_page';
const PURPOSE = 'page';
const MAX_AGE_S = SESSION_IDLE_DAYS * 86_400;

export function pageSessionCookie(secretHex: string, session: ApiSession, secure: boolean, nowMs = Date.now()): string {
  const value = signGrant(secretHex, PURPOSE, { user: session.user.uuid, session: session.tokenId }, MAX_AGE_S, nowMs);
  return `${PAGE_SESSION_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearedPageSessionCookie(secure: boolean): string {
  return `${PAGE_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The value of cookie `name` in a Cookie header (the first one), or null. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export interface PageSession {
  /** The live session the cookie names, or null (no cookie, a forged or expired one, a session that has ended). */
  session: ApiSession | null;
  /** A cookie was sent that names no live session: the answer clears it. */
  stale: boolean;
}

export async function readPageSession(db: Kysely<Database>, secretHex: string, cookieHeader: string | undefined, nowMs = Date.now()): Promise<PageSession> {
  const value = cookieValue(cookieHeader, PAGE_SESSION_COOKIE);
  if (!value) return { session: null, stale: false };
  // A cookie is at most a few hundred bytes; anything else is not one of ours.
  const grant = value.length <= 512 ? verifyGrant(secretHex, PURPOSE, value, nowMs) : null;
  const session = grant ? await findLiveSessionById(db, grant.session, grant.user, nowMs) : null;
  return { session, stale: session === null };
}
