import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { KycFile } from '@/contract/calls/kyc';
import type { KycImageRef } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';

/**
 * Identity documents at rest (DESIGN section 5: "stored encrypted at rest (AES-256-GCM, server key)"). Each image,
 * already re-encoded by the image pipeline, is sealed with the KYC key and a fresh 96-bit iv in this process and only
 * then handed to the storage as kyc/<yyyy>/<mm>/<uuid>.bin: DATA_DIR/kyc/… (mode 600) on one machine, the object of
 * that key in the S3 bucket beyond it. Neither is ever served as a file: the 'uploads' area is the only one the
 * /uploads/ route reads. The iv and the tag go into the submission row, not the file: a stolen disk or bucket without
 * the database, or the database without the key, shows no document.
 *
 * The additional authenticated data binds a ciphertext to its file name and part, so a row edited to point its
 * selfie at another file (or at another submission's front) fails to decrypt instead of showing the wrong picture.
 */

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** '<yyyy>/<mm>/<uuid>.bin', the only shape `keyOf` accepts, so a row can never name a file elsewhere. */
const STORED_FILE = /^\d{4}\/(0[1-9]|1[0-2])\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.bin$/;
/** The storage area of identity documents (DATA_DIR/kyc on disk); the row keeps the name inside it. */
const AREA = 'kyc';

export interface SealedDocument {
  data: Buffer;
  iv: string;
  tag: string;
}

/** A document that exists but does not decrypt: a wrong or changed KYC_KEY, or a file or row altered on disk. */
export class DocumentUnreadable extends Error {
  constructor(readonly file: string) {
    super(`KYC document ${file} could not be decrypted (wrong KYC_KEY, or the file or its row was altered)`);
    this.name = 'DocumentUnreadable';
  }
}

function keyBytes(hexKey: string): Buffer {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32 || !/^[0-9a-fA-F]{64}$/.test(hexKey)) throw new Error('The KYC key must be 64 hex characters (32 bytes).');
  return key;
}

function associatedData(file: string, part: KycFile): Buffer {
  return Buffer.from(`venuely kyc v1\n${part}\n${file}`, 'utf8');
}

/** Encrypts one image for `file` and `part` with a fresh random iv. */
export function sealDocument(hexKey: string, plain: Buffer, file: string, part: KycFile): SealedDocument {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyBytes(hexKey), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(file, part));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { data, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** Decrypts what sealDocument wrote; throws DocumentUnreadable when the key, the bytes, the iv or the tag are wrong. */
export function openDocument(hexKey: string, data: Buffer, ref: Pick<KycImageRef, 'file' | 'iv' | 'tag'>, part: KycFile): Buffer {
  const iv = Buffer.from(ref.iv, 'base64');
  const tag = Buffer.from(ref.tag, 'base64');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DocumentUnreadable(ref.file);
  try {
    const decipher = createDecipheriv(ALGORITHM, keyBytes(hexKey), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(ref.file, part));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    throw new DocumentUnreadable(ref.file);
  }
}

export interface DocumentStoreOptions {
  /** The app's storage (app.storage); documents go to its 'kyc' area, sealed before they are handed to it. */
  storage: FileStorage;
  /** 64 hex characters (config.kycKey). */
  key: string;
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;

export function createDocumentStore(options: DocumentStoreOptions) {
  const { storage, key } = options;
  keyBytes(key);

  /** The storage key of a stored file name ('kyc/<yyyy>/<mm>/<uuid>.bin'), or null for anything that is not one. */
  function keyOf(file: string): string | null {
    if (typeof file !== 'string' || !STORED_FILE.test(file)) return null;
    return `${AREA}/${file}`;
  }

  /**
   * Seals and stores one re-encoded image. Only the ciphertext leaves the process: an S3 bucket never holds the
   * picture. Writes are atomic in every backend, so a reader never sees a partial file.
   */
  async function save(part: KycFile, image: { data: Buffer; width: number; height: number }): Promise<KycImageRef> {
    const now = new Date();
    const dir = `${String(now.getUTCFullYear()).padStart(4, '0')}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const file = `${dir}/${randomUUID()}.bin`;
    const sealed = sealDocument(key, image.data, file, part);
    await storage.put(keyOf(file)!, sealed.data, { contentType: 'application/octet-stream', private: true });
    return { file, iv: sealed.iv, tag: sealed.tag, width: image.width, height: image.height };
  }

  /** The decrypted image; null when its file is gone. Throws DocumentUnreadable when it does not decrypt. */
  async function read(ref: KycImageRef, part: KycFile): Promise<Buffer | null> {
    const storageKey = keyOf(ref.file);
    if (storageKey === null) throw new DocumentUnreadable(String(ref.file));
    const data = await storage.get(storageKey);
    if (data === null) return null;
    return openDocument(key, data, ref, part);
  }

  /** Deletes stored files; one already gone is fine. */
  async function remove(refs: readonly (KycImageRef | null | undefined)[]): Promise<void> {
    await Promise.all(
      refs.map(async (ref) => {
        const storageKey = ref ? keyOf(ref.file) : null;
        if (storageKey !== null) await storage.delete(storageKey);
      }),
    );
  }

  return { keyOf, save, read, remove };
}
