import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The chat socket's token (`chat_token` of home/config): base64url(JSON {u: uuid, e: expiry s}) + '.' + HMAC.
 * Stateless, so any chat process can verify it; short-lived, so a leaked one is of little use. It grants identity,
 * so it is signed with the server-only secret (config.serverSecret), never with the envelope's sign key: that key
 * ships to every browser, and anyone holding it could mint a token for any uuid.
 */
const CHAT_TOKEN_TTL_S = 24 * 3600;

export function createChatToken(secretHex: string, uuid: string, nowMs = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ u: uuid, e: Math.floor(nowMs / 1000) + CHAT_TOKEN_TTL_S })).toString('base64url');
  const mac = createHmac('sha256', Buffer.from(secretHex, 'hex')).update(`chat:${body}`).digest('base64url');
  return `${body}.${mac}`;
}

/** The user uuid of a valid, unexpired chat token; null otherwise. */
export function verifyChatToken(secretHex: string, token: string, nowMs = Date.now()): string | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', Buffer.from(secretHex, 'hex')).update(`chat:${body}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { u, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u?: unknown; e?: unknown };
    if (typeof u !== 'string' || typeof e !== 'number' || e * 1000 < nowMs) return null;
    return u;
  } catch {
    return null;
  }
}
