import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The chat socket's token (`chat_token` of home/config): base64url(JSON {u: uuid, s: session id, e: expiry s}) + '.'
 * + HMAC. It grants identity, so it is signed with the server-only secret (config.serverSecret), never with the
 * envelope's sign key: that key ships to every browser, and anyone holding it could mint a token for any uuid.
 *
 * The signature proves who the token was given to and by which session (`s`, the id of the session token that
 * fetched it). It does not prove that session is still live: the chat socket checks that in the database when it
 * opens and while it stays open (DESIGN section 8, "Sessions"), so logging out, a password change or reset, idle
 * expiry or an admin's action ends the chat access the session gave.
 */
const CHAT_TOKEN_TTL_S = 24 * 3600;

export interface ChatGrant {
  user: string;
  /** The id of the session (user_tokens row) that obtained the token. */
  session: string;
}

const macOf = (secretHex: string, body: string) => createHmac('sha256', Buffer.from(secretHex, 'hex')).update(`chat:${body}`);

export function createChatToken(secretHex: string, grant: ChatGrant, nowMs = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ u: grant.user, s: grant.session, e: Math.floor(nowMs / 1000) + CHAT_TOKEN_TTL_S })).toString('base64url');
  return `${body}.${macOf(secretHex, body).digest('base64url')}`;
}

/**
 * The user and session of a well-signed, unexpired chat token; null otherwise (a token of the earlier format,
 * without a session, included). Whether the session is still live is for the caller to check.
 */
export function verifyChatToken(secretHex: string, token: string, nowMs = Date.now()): ChatGrant | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = macOf(secretHex, body).digest();
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
