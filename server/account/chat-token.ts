import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The chat socket's token (`chat_token` of home/config): base64url(JSON {u: uuid, e: expiry s}) + '.' + HMAC.
 * Stateless, so any chat process can verify it; short-lived, so a leaked one is of little use.
 */
const CHAT_TOKEN_TTL_S = 24 * 3600;

export function createChatToken(signKeyHex: string, uuid: string, nowMs = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ u: uuid, e: Math.floor(nowMs / 1000) + CHAT_TOKEN_TTL_S })).toString('base64url');
  const mac = createHmac('sha256', Buffer.from(signKeyHex, 'hex')).update(`chat:${body}`).digest('base64url');
  return `${body}.${mac}`;
}

/** The user uuid of a valid, unexpired chat token; null otherwise. */
export function verifyChatToken(signKeyHex: string, token: string, nowMs = Date.now()): string | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', Buffer.from(signKeyHex, 'hex')).update(`chat:${body}`).digest();
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
