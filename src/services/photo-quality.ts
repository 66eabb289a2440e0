/**
 * Client-side checks of a document or selfie photo before it is uploaded (issue 13 item 2): blur, measured as the
 * variance of the Laplacian of the grey image (a sharp photo has strong edges, so a high variance), and darkness, as
 * the mean luminance. Both run on a small copy of the photo (QUALITY_SAMPLE_WIDTH px wide), so the figures do not
 * depend on the camera's resolution and the check takes a few milliseconds on a phone.
 */

/** Width of the grey copy the checks measure. */
export const QUALITY_SAMPLE_WIDTH = 320;
/** Below this variance of the Laplacian a photo is blurred (text on a document is unreadable). */
export const BLUR_THRESHOLD = 60;
/** Below this mean luminance (0–255) a photo is too dark. */
export const DARK_THRESHOLD = 50;

export type PhotoProblem = 'blurry' | 'dark';

export interface PhotoQuality {
  /** Variance of the Laplacian of the grey image. */
  sharpness: number;
  /** Mean luminance, 0–255. */
  brightness: number;
  problems: PhotoProblem[];
}

/** Grey levels (Rec. 601 luma) of RGBA pixels. */
export function toGray(rgba: Uint8ClampedArray): Float32Array {
  const gray = new Float32Array(rgba.length / 4);
  for (let i = 0; i < gray.length; i++) gray[i] = 0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2];
  return gray;
}

/** Variance of the 4-neighbour Laplacian over the inner pixels of a grey image. */
export function laplacianVariance(gray: Float32Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = gray[i - width] + gray[i + width] + gray[i - 1] + gray[i + 1] - 4 * gray[i];
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

export function meanOf(values: Float32Array): number {
  let sum = 0;
  for (const value of values) sum += value;
  return values.length ? sum / values.length : 0;
}

/** The quality of an RGBA image (an ImageData's data) of `width` × `height`. */
export function measurePhoto(rgba: Uint8ClampedArray, width: number, height: number): PhotoQuality {
  const gray = toGray(rgba);
  const sharpness = laplacianVariance(gray, width, height);
  const brightness = meanOf(gray);
  const problems: PhotoProblem[] = [];
  if (brightness < DARK_THRESHOLD) problems.push('dark');
  // A dark photo has weak edges too; name the darkness only, which is what the member can fix.
  else if (sharpness < BLUR_THRESHOLD) problems.push('blurry');
  return { sharpness, brightness, problems };
}

/** Measures a photo in the browser: drawn small on a canvas, then measured. */
export async function checkPhoto(photo: Blob): Promise<PhotoQuality> {
  const bitmap = await createImageBitmap(photo);
  const width = QUALITY_SAMPLE_WIDTH;
  const height = Math.max(3, Math.round((bitmap.height / bitmap.width) * width));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return measurePhoto(context.getImageData(0, 0, width, height).data, width, height);
}
