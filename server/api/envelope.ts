import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ENVELOPE_MAX_SKEW_S } from '@/contract/constants';

/**
 * The server half of the request envelope (DESIGN section 4) with node:crypto; the client half is
 * src/services/envelope.ts. Both are checked against src/contract/envelope-vectors.ts.
 */

const IV_BYTES = 16;
/** Stateless between calls (no `stream` option), so one decoder serves every request. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export interface ServerKeys {
  aes: Buffer;
  sign: Buffer;
}

export function serverKeys(aesKeyHex: string, signKeyHex: string): ServerKeys {
  return { aes: Buffer.from(aesKeyHex, 'hex'), sign: Buffer.from(signKeyHex, 'hex') };
}

export function sealData(plaintext: string, aes: Buffer, iv: Buffer = randomBytes(IV_BYTES)): string {
  const cipher = createCipheriv('aes-256-cbc', aes, iv);
  return Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

/** Throws on anything but well-formed base64 of iv ‖ ciphertext with valid padding and UTF-8 content. */
export function openData(data: string, aes: Buffer): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) throw new Error('not base64');
  const all = Buffer.from(data, 'base64');
  if (all.length <= IV_BYTES || (all.length - IV_BYTES) % 16 !== 0) throw new Error('bad length');
  const decipher = createDecipheriv('aes-256-cbc', aes, all.subarray(0, IV_BYTES));
  const plain = Buffer.concat([decipher.update(all.subarray(IV_BYTES)), decipher.final()]);
  return strictUtf8.decode(plain);
}

export function computeSign(client: string, timestamp: string | number, data: string, sign: Buffer): string {
  return createHmac('sha256', sign).update(`${client}\n${timestamp}\n${data}`).digest('hex');
}

export function signMatches(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(givenHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}

/**
 * Signs seen inside the skew window. A sign is remembered until its timestamp leaves the window, so memory is
 * bounded by the request rate × 2 × window. One process: this map. Several processes: the Redis-backed store
 * (SET NX with expiry) so a replay to another process is refused too.
 */
export interface ReplayStore {
  /** True when the sign is new (and records it); false when it was seen before. */
  claim(sign: string, timestampS: number, nowS: number): Promise<boolean> | boolean;
}

export class MemoryReplayStore implements ReplayStore {
  private readonly seen = new Map<string, number>();
  private lastSweep = 0;

  claim(sign: string, timestampS: number, nowS: number): boolean {
    if (nowS - this.lastSweep >= 30) {
      for (const [key, expiry] of this.seen) if (expiry < nowS) this.seen.delete(key);
      this.lastSweep = nowS;
    }
    const expiry = this.seen.get(sign);
    if (expiry !== undefined && expiry >= nowS) return false;
    this.seen.set(sign, timestampS + ENVELOPE_MAX_SKEW_S);
    return true;
  }
}

export class RedisReplayStore implements ReplayStore {
  constructor(private readonly redis: { set(key: string, value: string, ex: 'EX', seconds: number, nx: 'NX'): Promise<string | null> }) {}

  async claim(sign: string, timestampS: number, nowS: number): Promise<boolean> {
    const ttl = Math.max(1, timestampS + ENVELOPE_MAX_SKEW_S - nowS + 1);
    try {
      return (await this.redis.set(`envelope:sign:${sign}`, '1', 'EX', ttl, 'NX')) === 'OK';
    } catch (error) {
      // Fail closed: without the shared window a replay could pass. 503 tells the client to retry later.
      throw Object.assign(new Error(`replay store unavailable: ${(error as Error).message}`), { statusCode: 503 });
    }
  }
}

export type EnvelopeFailure = 'envelope.malformed' | 'envelope.badSign' | 'envelope.clock' | 'envelope.replay' | 'envelope.undecryptable';

export interface OpenedEnvelope {
  client: string;
  payload: Record<string, unknown>;
}

/**
 * Checks and opens an encrypted form: sign first (so nothing unauthenticated is decrypted or remembered),
 * then the clock window, then replay, then decryption. Returns the failure code instead of throwing.
 */
export async function openEnvelope(
  fields: Record<string, unknown>,
  keys: ServerKeys,
  replay: ReplayStore,
  nowS: number,
): Promise<OpenedEnvelope | { failure: EnvelopeFailure }> {
  const { client, timestamp, data, sign } = fields;
  if (
    typeof client !== 'string' || !/^(pwa|web)$/.test(client) ||
    typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp) ||
    typeof data !== 'string' || data.length === 0 ||
    typeof sign !== 'string'
  ) {
    return { failure: 'envelope.malformed' };
  }
  if (!signMatches(computeSign(client, timestamp, data, keys.sign), sign.toLowerCase())) {
    return { failure: 'envelope.badSign' };
  }
  const ts = Number(timestamp);
  if (Math.abs(nowS - ts) > ENVELOPE_MAX_SKEW_S) return { failure: 'envelope.clock' };
  if (!(await replay.claim(sign.toLowerCase(), ts, nowS))) return { failure: 'envelope.replay' };
  let payload: unknown;
  try {
    payload = JSON.parse(openData(data, keys.aes));
  } catch {
    return { failure: 'envelope.undecryptable' };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { failure: 'envelope.undecryptable' };
  }
  return { client, payload: payload as Record<string, unknown> };
}
