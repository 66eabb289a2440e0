import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KycFile } from '@/contract/calls/kyc';
import type { KycImageRef } from '../db/schema';

/**
 * Identity documents at rest (DESIGN section 5: "stored encrypted at rest (AES-256-GCM, server key)"). Each image,
 * already re-encoded by the image pipeline, is sealed with the KYC key and a fresh 96-bit iv and written to
 * DATA_DIR/kyc/<yyyy>/<mm>/<uuid>.bin (mode 600), outside DATA_DIR/uploads, which is the only directory served
 * statically. The iv and the tag go into the submission row, not the file: a stolen disk without the database, or
 * the database without the key, shows no document.
 *
 * The additional authenticated data binds a ciphertext to its file name and part, so a row edited to point its
 * selfie at another file (or at another submission's front) fails to decrypt instead of showing the wrong picture.
 */

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** '<yyyy>/<mm>/<uuid>.bin', the only shape `resolve` accepts, so a row can never name a file elsewhere. */
const STORED_FILE = /^\d{4}\/(0[1-9]|1[0-2])\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.bin$/;

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
  /** DATA_DIR/kyc. */
  rootDir: string;
  /** 64 hex characters (config.kycKey). */
  key: string;
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;

export function createDocumentStore(options: DocumentStoreOptions) {
  const root = path.resolve(options.rootDir);
  const key = options.key;
  keyBytes(key);

  /** The absolute path of a stored file name, or null for anything that is not one. */
  function resolve(file: string): string | null {
    if (typeof file !== 'string' || !STORED_FILE.test(file)) return null;
    return path.join(root, ...file.split('/'));
  }

  /** Encrypts and writes one re-encoded image; readers never see a partial file (temp file, then rename). */
  async function save(part: KycFile, image: { data: Buffer; width: number; height: number }): Promise<KycImageRef> {
    const now = new Date();
    const dir = `${String(now.getUTCFullYear()).padStart(4, '0')}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const file = `${dir}/${randomUUID()}.bin`;
    const sealed = sealDocument(key, image.data, file, part);
    const target = resolve(file)!;
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, sealed.data, { flag: 'wx', mode: 0o600 });
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true }).catch(() => {});
      throw error;
    }
    return { file, iv: sealed.iv, tag: sealed.tag, width: image.width, height: image.height };
  }

  /** The decrypted image; null when its file is gone. Throws DocumentUnreadable when it does not decrypt. */
  async function read(ref: KycImageRef, part: KycFile): Promise<Buffer | null> {
    const target = resolve(ref.file);
    if (target === null) throw new DocumentUnreadable(String(ref.file));
    let data: Buffer;
    try {
      data = await readFile(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return openDocument(key, data, ref, part);
  }

  /** Deletes stored files; one already gone is fine. */
  async function remove(refs: readonly (KycImageRef | null | undefined)[]): Promise<void> {
    await Promise.all(
      refs.map(async (ref) => {
        const target = ref ? resolve(ref.file) : null;
        if (target === null) return;
        try {
          await unlink(target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }),
    );
  }

  return { root, resolve, save, read, remove };
}
