/**
 * What an image shows (spec section 8, "Images"): the picture, or a fallback picture with the error that arose.
 * Pure logic of `FallbackImage` (src/ui/fallback-image.tsx), kept apart so it is unit-tested without a DOM.
 */

/** The link loaded but the picture did not (network error, 404, not an image). */
export const IMAGE_LOAD_FAILED = 'image load failed';
/** There is no link to load: an empty or blank src. */
export const LINK_EMPTY = 'link empty';

export type ImageErrorCode = typeof IMAGE_LOAD_FAILED | typeof LINK_EMPTY;

export type ImageView = { show: 'image'; src: string } | { show: 'fallback'; error: ImageErrorCode };

/**
 * The view for `src`, given the src whose load failed last (`failedSrc`). A changed src is tried afresh, so a
 * component reused for another image does not keep an old failure.
 */
export function imageViewOf(src: string | null | undefined, failedSrc: string | null): ImageView {
  const link = src?.trim() ?? '';
  if (link === '') return { show: 'fallback', error: LINK_EMPTY };
  if (failedSrc !== null && failedSrc === link) return { show: 'fallback', error: IMAGE_LOAD_FAILED };
  return { show: 'image', src: link };
}

/** A CSS aspect-ratio value from a number (width / height) or a "w / h" string; undefined when unusable. */
export function aspectRatioOf(ratio: number | string | undefined): string | undefined {
  if (typeof ratio === 'number') return Number.isFinite(ratio) && ratio > 0 ? String(ratio) : undefined;
  if (typeof ratio !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+(?:\.\d+)?)\s*)?$/.exec(ratio);
  if (!match) return undefined;
  const [, width, height] = match;
  if (Number(width) <= 0 || (height !== undefined && Number(height) <= 0)) return undefined;
  return height === undefined ? width : `${width} / ${height}`;
}
