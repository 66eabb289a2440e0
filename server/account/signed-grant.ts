import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * A grant the server hands out and later takes back: base64url(JSON {u: uuid, s: session id, e: expiry s}) + '.' +
 * HMAC-SHA256 under the server-only secret (config.serverSecret), never the envelope's sign key, which ships to every
 * browser. The purpose is part of what is signed, so a grant of one kind (the chat socket's token, the page session
 * cookie) is never accepted as another.
 *
 * The signature proves who the grant was given to and by which session (`s`, the id of the session token). It does
 * not prove that session is still live: whoever accepts a grant checks that in the database.
 */
export interface SessionGrant {
  user: string;
  /** The id of the session (user_tokens row) the grant came from. */
  session: string;
}

/** The secret as a key object, imported once (a process has one secret; user/me signs a cookie on every call). */
const keys = new Map<string, KeyObject>();
function keyOf(secretHex: string): KeyObject {
  let key = keys.get(secretHex);
  if (key === undefined) {
    if (keys.size >= 8) keys.clear();
    keys.set(secretHex, (key = createSecretKey(Buffer.from(secretHex, 'hex'))));
  }
  return key;
}

const macOf = (secretHex: string, purpose: string, body: string) => createHmac('sha256', keyOf(secretHex)).update(`${purpose}:${body}`);

export function signGrant(secretHex: string, purpose: string, grant: SessionGrant, ttlS: number, nowMs = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ u: grant.user, s: grant.session, e: Math.floor(nowMs / 1000) + ttlS })).toString('base64url');
  return `${body}.${macOf(secretHex, purpose, body).digest('base64url')}`;
}

/** The user and session of a well-signed, unexpired grant of `purpose`; null for anything else. */
export function verifyGrant(secretHex: string, purpose: string, token: string, nowMs = Date.now()): SessionGrant | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = macOf(secretHex, purpose, body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { u, s, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u?: unknown; s?: unknown; e?: unknown };
    if (typeof u !== 'string' || typeof s !== 'string' || !/^[1-9][0-9]{0,17}$/.test(s) || typeof e !== 'number' || e * 1000 < nowMs) return null;
    return { user: u, session: s };
  } catch {
    return null;
  }
}
