import { ApiFailure } from '../api/failure';
import { ImageError, type ImageStore, type StoredImage } from '../images/image.service';

/**
 * The images attached to a visit report or a feedback message, from the multipart parts `<prefix>0` …
 * `<prefix><max-1>` in that order (gaps allowed). They are re-encoded and stored before the database transaction
 * (sharp is slow; a transaction must not wait on it); when one fails, or the caller's transaction does not commit,
 * every file stored so far is removed again, so a refusal leaves nothing behind on disk either.
 */
export async function storeAttachedImages(
  images: ImageStore,
  kind: 'listing' | 'feedback',
  files: Record<string, Buffer>,
  prefix: string,
  max: number,
): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  for (let i = 0; i < max; i++) {
    const field = `${prefix}${i}`;
    const file = files[field];
    if (!file) continue;
    try {
      stored.push(await images.save(kind, file));
    } catch (error) {
      await removeStoredImages(images, stored);
      if (error instanceof ImageError) throw new ApiFailure(error.code, error.params, error.httpStatus, { field, code: error.code });
      throw error;
    }
  }
  return stored;
}

/** Best-effort removal of files whose rows were never written. */
export async function removeStoredImages(images: ImageStore, stored: StoredImage[]): Promise<void> {
  await Promise.all(stored.map((image) => images.remove(image.image).catch(() => undefined)));
}

/** Runs `write` and removes the stored files when it throws or reports that nothing was written (null). */
export async function withStoredImages<T>(
  images: ImageStore,
  stored: StoredImage[],
  write: () => Promise<T | null>,
): Promise<T | null> {
  let result: T | null;
  try {
    result = await write();
  } catch (error) {
    await removeStoredImages(images, stored);
    throw error;
  }
  if (result === null) await removeStoredImages(images, stored);
  return result;
}
