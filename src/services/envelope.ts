import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import WordArray from 'crypto-js/lib-typedarrays';

/**
 * The client half of the request envelope (DESIGN section 4), with crypto-js submodules only so the bundle
 * carries just AES-CBC (crypto-js's default mode and PKCS7 padding), HMAC-SHA256 and the encoders. Answers are
 * opened with the browser's Web Crypto where it has it (openDataNative), else with crypto-js. The server half is
 * server/api/envelope.ts; all are checked against the same vectors in src/contract/envelope-vectors.ts.
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

/** Imported AES keys by their hex, for openDataNative: importing a key costs a round trip into the browser's crypto. */
const nativeKeys = new Map<string, Promise<CryptoKey>>();

function nativeAesKey(subtle: SubtleCrypto, aesKeyHex: string): Promise<CryptoKey> {
  let key = nativeKeys.get(aesKeyHex);
  if (!key) {
    const bytes = new Uint8Array(aesKeyHex.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(aesKeyHex.slice(i * 2, i * 2 + 2), 16);
    key = subtle.importKey('raw', bytes, 'AES-CBC', false, ['decrypt']);
    // A key that failed to import (not 32 bytes) is not kept: the next call fails the same way, on its own.
    key.catch(() => nativeKeys.delete(aesKeyHex));
    nativeKeys.set(aesKeyHex, key);
  }
  return key;
}

/** Fails decoding of malformed UTF-8 instead of replacing it, as crypto-js's Utf8.stringify does. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * openData for answers, off the main thread where the browser can: the Web Crypto API's AES-CBC (native, and
 * asynchronous, so a page of listings decrypts while the page stays responsive). A large answer took crypto-js
 * tens of milliseconds on a phone, in one piece. The format and the checks are openData's: base64 of iv ‖
 * ciphertext, whole blocks, PKCS7 padding, UTF-8, not empty. Where the page has no Web Crypto (a page served over
 * plain HTTP from another host than localhost is not a secure context) it is openData itself.
 */
export async function openDataNative(data: string, aesKeyHex: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return openData(data, aesKeyHex);
  let binary: string;
  try {
    binary = atob(data);
  } catch {
    throw new Error('undecryptable data');
  }
  if (binary.length <= IV_BYTES || (binary.length - IV_BYTES) % 16 !== 0) throw new Error('undecryptable data');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  let plain: ArrayBuffer;
  try {
    plain = await subtle.decrypt({ name: 'AES-CBC', iv: bytes.subarray(0, IV_BYTES) }, await nativeAesKey(subtle, aesKeyHex), bytes.subarray(IV_BYTES));
  } catch {
    throw new Error('undecryptable data');
  }
  const text = strictUtf8.decode(plain);
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
