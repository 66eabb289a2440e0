import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import WordArray from 'crypto-js/lib-typedarrays';

/**
 * The client half of the request envelope (DESIGN section 4), with crypto-js submodules only so the bundle
 * carries just AES-CBC (crypto-js's default mode and PKCS7 padding), HMAC-SHA256 and the encoders. The server half is server/api/envelope.ts; both are
 * checked against the same vectors in src/contract/envelope-vectors.ts.
 */

export interface EnvelopeKeys {
  /** 64 hex characters: the AES-256 key. */
  aesKey: string;
  /** 64 hex characters: the HMAC-SHA256 key. */
  signKey: string;
}

const IV_BYTES = 16;

function randomIv(): WordArray {
  const bytes = new Uint8Array(IV_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  return WordArray.create(bytes as unknown as number[]);
}

/** base64(iv ‖ AES-256-CBC-PKCS7(utf8(plaintext))). `ivHex` is for test vectors only. */
export function sealData(plaintext: string, aesKeyHex: string, ivHex?: string): string {
  const iv = ivHex ? Hex.parse(ivHex) : randomIv();
  const encrypted = AES.encrypt(Utf8.parse(plaintext), Hex.parse(aesKeyHex), { iv });
  return Base64.stringify(iv.clone().concat(encrypted.ciphertext));
}

/** Inverse of sealData; throws on malformed input or bad padding. */
export function openData(data: string, aesKeyHex: string): string {
  const all = Base64.parse(data);
  if (all.sigBytes <= IV_BYTES || (all.sigBytes - IV_BYTES) % 16 !== 0) throw new Error('undecryptable data');
  const hex = Hex.stringify(all);
  const iv = Hex.parse(hex.slice(0, IV_BYTES * 2));
  const ciphertext = Hex.parse(hex.slice(IV_BYTES * 2));
  const plain = AES.decrypt({ ciphertext } as never, Hex.parse(aesKeyHex), { iv });
  const text = Utf8.stringify(plain);
  if (!text) throw new Error('undecryptable data');
  return text;
}

export function signEnvelope(client: string, timestamp: number, data: string, signKeyHex: string): string {
  return Hex.stringify(HmacSHA256(`${client}\n${timestamp}\n${data}`, Hex.parse(signKeyHex)));
}

export interface SealedEnvelope {
  client: string;
  timestamp: string;
  data: string;
  sign: string;
}

export function sealEnvelope(
  payload: unknown,
  keys: EnvelopeKeys,
  client: string,
  timestamp: number,
  ivHex?: string,
): SealedEnvelope {
  const data = sealData(JSON.stringify(payload), keys.aesKey, ivHex);
  return { client, timestamp: String(timestamp), data, sign: signEnvelope(client, timestamp, data, keys.signKey) };
}
