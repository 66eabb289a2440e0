import { type SessionGrant, signGrant, verifyGrant } from './signed-grant';

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

export type ChatGrant = SessionGrant;

export function createChatToken(secretHex: string, grant: ChatGrant, nowMs = Date.now()): string {
  return signGrant(secretHex, 'chat', grant, CHAT_TOKEN_TTL_S, nowMs);
}

/**
 * The user and session of a well-signed, unexpired chat token; null otherwise (a token of the earlier format,
 * without a session, included). Whether the session is still live is for the caller to check.
 */
export function verifyChatToken(secretHex: string, token: string, nowMs = Date.now()): ChatGrant | null {
  return verifyGrant(secretHex, 'chat', token, nowMs);
}
