/**
 * Image upload pipeline: validate untrusted bytes by content, re-encode to metadata-free WebP (main + square
 * thumbnail), and store both through the app's storage under uploads/<kind>/<yyyy>/<mm>/<uuid>(.thumb).webp (DATA_DIR or
 * the S3 bucket; writes are atomic in both).
 *
 * Security notes:
 * - The client's file name and MIME type are never consulted; the format is decided by magic bytes and then
 *   confirmed by sharp's own decoder choice, both of which must be in IMAGE_FORMATS (SVG, TIFF, PDF, ... refused).
 * - Decompression bombs are refused from the header (metadata) before any pixel is decoded, and again by
 *   `limitInputPixels` on the decoding pipeline.
 * - Output never carries EXIF/GPS/XMP/IPTC/ICC: sharp strips all metadata unless told otherwise, and this module
 *   never calls withMetadata/keepExif/keepXmp/keepIccProfile.
 */
import { randomUUID } from 'node:crypto';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { IMAGE_FORMATS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@/contract/constants';
import type { FileStorage } from '../storage/file-storage';

export type ImageErrorCode = 'image.missing' | 'image.tooLarge' | 'image.invalid' | 'image.tooManyPixels';

export class ImageError extends Error {
  constructor(
    public code: ImageErrorCode,
    public params: Record<string, number> = {},
    public httpStatus = 200,
  ) {
    super(code);
    this.name = 'ImageError';
  }
}

/** image/thumb are URL paths like '/uploads/avatar/2026/11/<uuid>.webp'. */
export interface StoredImage {
  image: string;
  thumb: string;
  width: number;
  height: number;
}

export interface ImageStoreOptions {
  /** The app's storage (app.storage); images go to its 'uploads' area. */
  storage: FileStorage;
  /** URL path prefix of stored files, default '/uploads'. */
  publicPrefix?: string;
}

export interface ImageVariant {
  maxWidth: number;
  maxHeight: number;
  /** Side of the square cover-cropped thumbnail. */
  thumbSize: number;
}

export const IMAGE_VARIANTS: { avatar: ImageVariant; listing: ImageVariant; document: ImageVariant } = {
  avatar: { maxWidth: 512, maxHeight: 512, thumbSize: 128 },
  listing: { maxWidth: 1600, maxHeight: 1600, thumbSize: 400 },
  document: { maxWidth: 2000, maxHeight: 2000, thumbSize: 300 },
};

type ImageKind = 'avatar' | 'listing' | 'feedback' | 'document' | 'chat';

/**
 * Which variant each stored kind uses; feedback attachments (screenshots, photos) are sized like documents, chat photos
 * like listing photos.
 */
const KIND_VARIANT: Readonly<Record<ImageKind, ImageVariant>> = {
  avatar: IMAGE_VARIANTS.avatar,
  listing: IMAGE_VARIANTS.listing,
  feedback: IMAGE_VARIANTS.document,
  document: IMAGE_VARIANTS.document,
  chat: IMAGE_VARIANTS.listing,
};
const KINDS = Object.keys(KIND_VARIANT) as ImageKind[];

const WEBP_QUALITY = 82;
/** Upper bound on one sharp pipeline, so a pathological input cannot hold a worker indefinitely. */
const PROCESS_TIMEOUT_S = 30;

type AllowedFormat = (typeof IMAGE_FORMATS)[number];

/** ISO-BMFF (HEIF/AVIF) brands we accept in the ftyp box. */
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * Identify the container from its leading bytes. Returns the name sharp reports in `metadata().format`
 * (AVIF and HEIC are both 'heif' there), or null for anything not on the allow-list.
 */
function sniffFormat(buf: Buffer): AllowedFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 6) {
    const sig = buf.toString('latin1', 0, 6);
    if (sig === 'GIF87a' || sig === 'GIF89a') return 'gif';
  }
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (buf.length >= 16 && buf.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = buf.readUInt32BE(0);
    const end = Math.min(boxSize >= 16 ? boxSize : 16, buf.length, 256);
    // major brand at 8..12, minor version at 12..16, compatible brands from 16 on.
    const brands = [buf.toString('latin1', 8, 12)];
    for (let i = 16; i + 4 <= end; i += 4) brands.push(buf.toString('latin1', i, i + 4));
    if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heif';
  }
  return null;
}

function isAllowedFormat(format: string): format is AllowedFormat {
  return (IMAGE_FORMATS as readonly string[]).includes(format);
}

function tooManyPixels(): ImageError {
  return new ImageError('image.tooManyPixels', { megapixels: IMAGE_MAX_PIXELS / 1_000_000 });
}

/** Map a sharp failure onto the public error codes. */
function toImageError(err: unknown): ImageError {
  if (err instanceof ImageError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return tooManyPixels();
  return new ImageError('image.invalid');
}

/** Sharp input options for untrusted data: pixel cap, first frame only, fail on corrupt pixel data. */
const INPUT_OPTIONS: SharpOptions = {
  limitInputPixels: IMAGE_MAX_PIXELS,
  failOn: 'error',
  pages: 1,
  page: 0,
  animated: false,
};

/**
 * Validate and re-encode one untrusted upload. Throws ImageError for anything not acceptable.
 * `width`/`height` are those of `main` (after EXIF orientation and down-scaling).
 */
export async function processImage(
  input: Buffer,
  variant: ImageVariant,
): Promise<{ main: Buffer; thumb: Buffer; width: number; height: number }> {
  if (!Buffer.isBuffer(input) || input.length === 0) throw new ImageError('image.missing');
  if (input.length > IMAGE_MAX_BYTES) {
    throw new ImageError('image.tooLarge', { mb: IMAGE_MAX_BYTES / 1024 / 1024 }, 413);
  }

  const sniffed = sniffFormat(input);
  if (sniffed === null) throw new ImageError('image.invalid');

  // Header-only inspection: no pixel data is decoded here.
  let meta: Metadata;
  try {
    meta = await sharp(input, INPUT_OPTIONS).metadata();
  } catch (err) {
    throw toImageError(err);
  }
  if (!isAllowedFormat(meta.format) || meta.format !== sniffed) throw new ImageError('image.invalid');
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!(width > 0 && height > 0)) throw new ImageError('image.invalid');
  if (width * height > IMAGE_MAX_PIXELS) throw tooManyPixels();

  const pipeline = () => sharp(input, INPUT_OPTIONS).timeout({ seconds: PROCESS_TIMEOUT_S }).rotate();
  try {
    const [main, thumb] = await Promise.all([
      pipeline()
        .resize({ width: variant.maxWidth, height: variant.maxHeight, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true }),
      pipeline()
        .resize({ width: variant.thumbSize, height: variant.thumbSize, fit: 'cover', position: 'centre' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    ]);
    return { main: main.data, thumb, width: main.info.width, height: main.info.height };
  } catch (err) {
    throw toImageError(err);
  }
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** '<kind>/<yyyy>/<mm>/<uuid>[.thumb].webp', the only shape `keyOf` accepts after the prefix. */
const STORED_PATH = new RegExp(`^(${KINDS.join('|')})/(\\d{4})/(0[1-9]|1[0-2])/(${UUID})(\\.thumb)?\\.webp$`);
/** The storage area of public images: key 'uploads/<kind>/…' (DATA_DIR/uploads/… on disk). */
const AREA = 'uploads';

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed !== '' && !/^(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/.test(trimmed)) {
    throw new Error(`Invalid image publicPrefix: ${JSON.stringify(prefix)}`);
  }
  if (trimmed.split('/').some((seg) => seg === '.' || seg === '..')) {
    throw new Error(`Invalid image publicPrefix: ${JSON.stringify(prefix)}`);
  }
  return trimmed;
}

export interface ImageStore {
  /** Validates, re-encodes and stores one upload (main and thumbnail); throws ImageError for unacceptable input. */
  save(kind: ImageKind, input: Buffer): Promise<StoredImage>;
  /** Deletes an image and its thumbnail, given either URL; URLs that are not this store's are ignored. */
  remove(url: string): Promise<void>;
  /** The storage key of a stored image's URL, or null for anything that is not one (never a key elsewhere). */
  keyOf(url: string): string | null;
  /** Whether the image of a URL is stored (false for URLs that are not this store's). */
  exists(url: string): Promise<boolean>;
}

/**
 * Public images in the storage's 'uploads' area. The URL '/uploads/<kind>/<yyyy>/<mm>/<uuid>.webp' and the key
 * 'uploads/<kind>/<yyyy>/<mm>/<uuid>.webp' name the same file, whichever backend the storage is.
 */
export function createImageStore(options: ImageStoreOptions): ImageStore {
  const { storage } = options;
  const prefix = normalisePrefix(options.publicPrefix ?? '/uploads');

  function keyOf(url: string): string | null {
    if (typeof url !== 'string' || url.length > 512) return null;
    if (url.includes('\\') || url.includes('\0') || url.includes('..') || url.includes('%')) return null;
    if (!url.startsWith(`${prefix}/`)) return null;
    const rest = url.slice(prefix.length + 1);
    const m = STORED_PATH.exec(rest);
    if (!m) return null;
    const [, kind, yyyy, mm, id, thumb] = m;
    return `${AREA}/${kind}/${yyyy}/${mm}/${id}${thumb ?? ''}.webp`;
  }

  async function save(kind: ImageKind, input: Buffer): Promise<StoredImage> {
    if (!KINDS.includes(kind)) throw new Error(`Unknown image kind: ${String(kind)}`);
    const processed = await processImage(input, KIND_VARIANT[kind]);

    const now = new Date();
    const yyyy = String(now.getUTCFullYear()).padStart(4, '0');
    const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
    const name = `${kind}/${yyyy}/${mm}/${randomUUID()}`;
    const mainKey = `${AREA}/${name}.webp`;
    const thumbKey = `${AREA}/${name}.thumb.webp`;
    // The thumbnail first: a main image that exists always has its thumbnail.
    try {
      await storage.put(thumbKey, processed.thumb, { contentType: 'image/webp' });
      await storage.put(mainKey, processed.main, { contentType: 'image/webp' });
    } catch (err) {
      await Promise.all([storage.delete(mainKey), storage.delete(thumbKey)]).catch(() => {});
      throw err;
    }

    const base = `${prefix}/${name}`;
    return { image: `${base}.webp`, thumb: `${base}.thumb.webp`, width: processed.width, height: processed.height };
  }

  /**
   * Delete a stored image and its thumbnail, given either URL. URLs outside this store (e.g. an external avatar)
   * and already-deleted files are ignored.
   */
  async function remove(url: string): Promise<void> {
    const key = keyOf(url);
    if (key === null) return;
    const mainKey = key.replace(/(\.thumb)?\.webp$/, '.webp');
    const thumbKey = key.replace(/(\.thumb)?\.webp$/, '.thumb.webp');
    await Promise.all([storage.delete(mainKey), storage.delete(thumbKey)]);
  }

  async function exists(url: string): Promise<boolean> {
    const key = keyOf(url);
    return key !== null && storage.exists(key);
  }

  return { save, remove, keyOf, exists };
}
