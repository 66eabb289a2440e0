import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/**
 * Every stored file (listing pictures, avatars, chat photos, feedback screenshots, identity documents) goes through
 * this one interface (DESIGN section 9): the local DATA_DIR on one machine, S3-compatible object storage beyond it.
 * The same key names the same file in both: `uploads/<kind>/<yyyy>/<mm>/<uuid>[.thumb].webp` for public images,
 * `kyc/<yyyy>/<mm>/<uuid>.bin` for sealed identity documents (DATA_DIR/uploads/… and DATA_DIR/kyc/… on disk, the
 * object of that name in the bucket).
 *
 * The storage knows nothing of permissions or encryption: callers decide who may read a key (the /uploads route
 * serves only image keys, the KYC route only its owner's and admins' documents) and seal documents before they get
 * here, so a bucket only ever holds ciphertext of a document.
 */
export interface FileStorage {
  readonly backend: 'local' | 's3';
  /** Writes the whole object; a reader sees the old one (or none) or the whole new one, never a partial file. */
  put(key: string, data: Buffer, options: PutOptions): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** A stream of the object for serving, with its size and a validator, or null when there is none. */
  open(key: string): Promise<OpenedObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the object; one already gone is fine. */
  delete(key: string): Promise<void>;
  /** Throws unless the storage can be written to (the bucket exists and answers, the directory is writable). */
  check(): Promise<void>;
  /** Where the files go, for logs and the start banner (no credentials). */
  describe(): string;
  close(): void;
}

export interface PutOptions {
  contentType: string;
  /** Readable only by this process's user on disk (documents: mode 600 in a mode 700 directory). */
  private?: boolean;
}

export interface OpenedObject {
  body: Readable;
  /** Bytes, when the backend says (it always does for a file and for S3). */
  size: number | null;
  contentType: string;
  /** A strong validator of this version of the object (quoted), for If-None-Match. */
  etag: string;
}

/** The top-level areas a key may start with: nothing else of DATA_DIR (the database, the key files) is reachable. */
export const STORAGE_AREAS = ['uploads', 'kyc'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

const KEY_MAX = 512;
/**
 * One area, then 1–8 segments of letters, digits, '_', '-' and '.', none starting with '.': no '..', no empty
 * segment, no leading '/', no backslash, no NUL, no '%', nothing a file system or an object store reads twice.
 */
const KEY_SHAPE = new RegExp(`^(?:${STORAGE_AREAS.join('|')})(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){1,8}$`);

/** A key outside the allowed shape: a caller's bug or hostile input; nothing is read or written for it. */
export class StorageKeyError extends Error {
  constructor(key: unknown) {
    super(`Refused storage key ${JSON.stringify(String(key)).slice(0, 200)}`);
    this.name = 'StorageKeyError';
  }
}

export function isStorageKey(key: unknown): key is string {
  return typeof key === 'string' && key.length <= KEY_MAX && KEY_SHAPE.test(key);
}

/** Throws StorageKeyError unless `key` is one; every backend calls it before touching anything. */
export function assertStorageKey(key: unknown): asserts key is string {
  if (!isStorageKey(key)) throw new StorageKeyError(key);
}

/** The content type a key implies when the backend keeps none (the local directory). */
export function contentTypeOfKey(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  return 'application/octet-stream';
}

/**
 * The storage of a deployment, chosen by configuration: S3 when S3_BUCKET is set, else DATA_DIR. Created once per
 * app (core.plugin.ts) and by the command-line seeds, never per route file.
 */
export function createFileStorage(config: { dataDir: string; storage: StorageConfig }): FileStorage {
  return config.storage.kind === 's3' ? createS3Storage(config.storage) : createLocalStorage(config.dataDir);
}
