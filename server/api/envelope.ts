import { type CipherKey, createCipheriv, createDecipheriv, createHash, createHmac, createSecretKey, type KeyObject, randomFillSync, timingSafeEqual } from 'node:crypto';
import { ENVELOPE_MAX_SKEW_S } from '@/contract/constants';

/**
 * The server half of the request envelope (DESIGN section 4) with node:crypto; the client half is
 * src/services/envelope.ts. Both are checked against src/contract/envelope-vectors.ts.
 *
 * Every request opens one envelope and seals one answer, so the per-call work is kept to the cryptography itself:
 * the keys are KeyObjects imported once (serverKeys), IVs are cut from a pooled CSPRNG buffer, and the sign is
 * compared as bytes without a hex round trip.
 */

const IV_BYTES = 16;
/** Stateless between calls (no `stream` option), so one decoder serves every request. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const SIGN_HEX = /^[0-9a-fA-F]{64}$/;

export interface ServerKeys {
  /** API_AES_KEY, imported once: a KeyObject spares the per-call key import of a raw Buffer. */
  aes: KeyObject;
  /** API_SIGN_KEY, the HMAC-SHA256 key, imported once. */
  sign: KeyObject;
}

export function serverKeys(aesKeyHex: string, signKeyHex: string): ServerKeys {
  return { aes: createSecretKey(Buffer.from(aesKeyHex, 'hex')), sign: createSecretKey(Buffer.from(signKeyHex, 'hex')) };
}

/**
 * Fresh IVs, 16 bytes each, cut in turn from a buffer the CSPRNG refills once every IV_POOL answers: one
 * randomFillSync call cost about as much as the AES of a whole answer. Every IV is used once and each is as random
 * as a separate randomBytes(16); a slice is only read synchronously (by createCipheriv and the concatenation in
 * sealData) before the pool can be refilled.
 */
const IV_POOL = 256;
const ivPool = Buffer.allocUnsafeSlow(IV_BYTES * IV_POOL);
let ivOffset = ivPool.length;

function freshIv(): Buffer {
  if (ivOffset === ivPool.length) {
    randomFillSync(ivPool);
    ivOffset = 0;
  }
  return ivPool.subarray(ivOffset, (ivOffset += IV_BYTES));
}

/** base64(iv ‖ AES-256-CBC-PKCS7(UTF-8 of plaintext)); `iv` is for the test vectors, a fresh one otherwise. */
export function sealData(plaintext: string, aes: CipherKey, iv: Buffer = freshIv()): string {
  const cipher = createCipheriv('aes-256-cbc', aes, iv);
  return Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

/** Throws on anything but well-formed base64 of iv ‖ ciphertext with valid padding and UTF-8 content. */
export function openData(data: string, aes: CipherKey): string {
  if (!BASE64.test(data)) throw new Error('not base64');
  const all = Buffer.from(data, 'base64');
  if (all.length <= IV_BYTES || (all.length - IV_BYTES) % 16 !== 0) throw new Error('bad length');
  const decipher = createDecipheriv('aes-256-cbc', aes, all.subarray(0, IV_BYTES));
  const plain = Buffer.concat([decipher.update(all.subarray(IV_BYTES)), decipher.final()]);
  return strictUtf8.decode(plain);
}

/** The HMAC-SHA256 of `client + "\n" + timestamp + "\n" + data`, as bytes. */
function signBytes(client: string, timestamp: string | number, data: string, sign: CipherKey): Buffer {
  return createHmac('sha256', sign).update(`${client}\n${timestamp}\n${data}`).digest();
}

/** The `sign` field: lowercase hex of signBytes. */
export function computeSign(client: string, timestamp: string | number, data: string, sign: CipherKey): string {
  return signBytes(client, timestamp, data, sign).toString('hex');
}

/** True when `givenHex` (64 hex digits, either case) is the sign of the fields; compared in constant time. */
export function signMatches(client: string, timestamp: string, data: string, sign: CipherKey, givenHex: string): boolean {
  if (!SIGN_HEX.test(givenHex)) return false;
  return timingSafeEqual(signBytes(client, timestamp, data, sign), Buffer.from(givenHex, 'hex'));
}

/**
 * Signs seen inside the skew window. A sign is remembered until its timestamp leaves the window, so memory is
 * bounded by the request rate × 2 × window. One process: MemoryReplayStore. Several processes: the Redis-backed
 * store (SET NX with expiry) so a replay to another process is refused too.
 */
export interface ReplayStore {
  /** True when the sign is new (and records it); false when it was seen before. */
  claim(sign: string, timestampS: number, nowS: number): Promise<boolean> | boolean;
}

/** Slots of a new MemoryReplayStore table (24 bytes each); it grows with the live window. */
const REPLAY_TABLE_MIN = 4096;
/** Hex digit values by character code (-1: not a hex digit). */
const HEX_VALUE = Int8Array.from({ length: 128 }, (_, code) => '0123456789abcdef'.indexOf(String.fromCharCode(code).toLowerCase()));

/**
 * The in-process replay window: an open-addressing hash table in typed arrays rather than a Map of sign strings.
 * A sign is an HMAC, so its first 128 bits are uniformly distributed: they index the table directly and are all
 * it keeps (no string or object per sign). Remembering five minutes of requests then costs no allocation per
 * request and gives the garbage collector no millions of entries to trace, which a Map did at every collection.
 * Two signs sharing 128 bits (odds about n² / 2^129) would only make the later one refused as a replay, never let
 * a replay pass. A key that is not a 64-digit hex sign is reduced to 128 bits with SHA-256.
 * An expired slot is reused by a later sign that probes through it; when half the slots are in use the table is
 * rebuilt with the live entries only, at four times their number, so memory follows the live window.
 */
export class MemoryReplayStore implements ReplayStore {
  private slots = REPLAY_TABLE_MIN;
  /** Four 32-bit words of key per slot. */
  private keys = new Uint32Array(REPLAY_TABLE_MIN * 4);
  /** Expiry (timestamp + window, seconds) per slot; 0: never used. */
  private expiries = new Float64Array(REPLAY_TABLE_MIN);
  /** Slots ever written since the last rebuild (live or expired). */
  private used = 0;
  private readonly key = new Uint32Array(4);

  claim(sign: string, timestampS: number, nowS: number): boolean {
    const key = this.key;
    keyOf(sign, key);
    const { keys, expiries } = this;
    const mask = this.slots - 1;
    let target = -1;
    for (let slot = key[0] & mask; ; slot = (slot + 1) & mask) {
      const expiry = expiries[slot];
      if (expiry === 0) {
        if (target < 0) {
          target = slot;
          this.used++;
        }
        break;
      }
      const at = slot * 4;
      if (keys[at] === key[0] && keys[at + 1] === key[1] && keys[at + 2] === key[2] && keys[at + 3] === key[3]) {
        if (expiry >= nowS) return false;
        target = slot;
        break;
      }
      if (target < 0 && expiry < nowS) target = slot;
    }
    keys.set(key, target * 4);
    expiries[target] = timestampS + ENVELOPE_MAX_SKEW_S;
    if (this.used * 2 > this.slots) this.rebuild(nowS);
    return true;
  }

  /** Keeps the live entries only, in a table four times their number (at least REPLAY_TABLE_MIN slots). */
  private rebuild(nowS: number): void {
    const { keys, expiries } = this;
    let live = 0;
    for (let slot = 0; slot < expiries.length; slot++) if (expiries[slot] >= nowS) live++;
    let slots = REPLAY_TABLE_MIN;
    while (slots < live * 4) slots *= 2;
    this.slots = slots;
    this.keys = new Uint32Array(slots * 4);
    this.expiries = new Float64Array(slots);
    this.used = live;
    const mask = slots - 1;
    for (let from = 0; from < expiries.length; from++) {
      if (expiries[from] < nowS) continue;
      let slot = keys[from * 4] & mask;
      while (this.expiries[slot] !== 0) slot = (slot + 1) & mask;
      this.keys.set(keys.subarray(from * 4, from * 4 + 4), slot * 4);
      this.expiries[slot] = expiries[from];
    }
  }
}

/** The 128-bit table key of a sign: its first 32 hex digits, or the start of the SHA-256 of any other string. */
function keyOf(sign: string, out: Uint32Array): void {
  if (sign.length === 64) {
    let word = 0;
    for (let i = 0; i < 32; i++) {
      const code = sign.charCodeAt(i);
      const digit = code < 128 ? HEX_VALUE[code] : -1;
      if (digit < 0) return hashedKeyOf(sign, out);
      word = (word << 4) | digit;
      if ((i & 7) === 7) {
        out[i >> 3] = word;
        word = 0;
      }
    }
    return;
  }
  hashedKeyOf(sign, out);
}

function hashedKeyOf(sign: string, out: Uint32Array): void {
  const digest = createHash('sha256').update(sign).digest();
  for (let i = 0; i < 4; i++) out[i] = digest.readUInt32BE(i * 4);
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
 * Synchronous when the replay store answers synchronously (the in-memory one): only Redis costs an await.
 */
export function openEnvelope(
  fields: Record<string, unknown>,
  keys: ServerKeys,
  replay: ReplayStore,
  nowS: number,
): OpenedEnvelope | EnvelopeRefusal | Promise<OpenedEnvelope | EnvelopeRefusal> {
  const { client, timestamp, data, sign } = fields;
  if (
    typeof client !== 'string' || (client !== 'pwa' && client !== 'web') ||
    typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp) ||
    typeof data !== 'string' || data.length === 0 ||
    typeof sign !== 'string'
  ) {
    return MALFORMED;
  }
  if (!signMatches(client, timestamp, data, keys.sign, sign)) return BAD_SIGN;
  const ts = Number(timestamp);
  if (Math.abs(nowS - ts) > ENVELOPE_MAX_SKEW_S) return CLOCK;
  // The replay key is the sign in lowercase: the same sign in other letter cases is the same request.
  const claimed = replay.claim(sign.toLowerCase(), ts, nowS);
  if (claimed === true) return decrypt(client, data, keys);
  if (claimed === false) return REPLAY;
  return claimed.then((fresh) => (fresh ? decrypt(client, data, keys) : REPLAY));
}

export interface EnvelopeRefusal {
  failure: EnvelopeFailure;
}

const MALFORMED: EnvelopeRefusal = Object.freeze({ failure: 'envelope.malformed' });
const BAD_SIGN: EnvelopeRefusal = Object.freeze({ failure: 'envelope.badSign' });
const CLOCK: EnvelopeRefusal = Object.freeze({ failure: 'envelope.clock' });
const REPLAY: EnvelopeRefusal = Object.freeze({ failure: 'envelope.replay' });
const UNDECRYPTABLE: EnvelopeRefusal = Object.freeze({ failure: 'envelope.undecryptable' });

/** The payload of a checked envelope: a JSON object, or undecryptable. */
function decrypt(client: string, data: string, keys: ServerKeys): OpenedEnvelope | EnvelopeRefusal {
  let payload: unknown;
  try {
    payload = JSON.parse(openData(data, keys.aes));
  } catch {
    return UNDECRYPTABLE;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return UNDECRYPTABLE;
  return { client, payload: payload as Record<string, unknown> };
}
