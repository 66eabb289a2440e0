import { describe, expect, it } from 'vitest';
import { BLUR_THRESHOLD, DARK_THRESHOLD, laplacianVariance, measurePhoto, toGray } from './photo-quality';

/** An RGBA image of `width` × `height` whose grey level at (x, y) is `level(x, y)`. */
function image(width: number, height: number, level: (x: number, y: number) => number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = level(x, y);
      data[i + 3] = 255;
    }
  }
  return data;
}

/** Printed text on paper: dark strokes every few pixels on a light page. */
const sharpText = (x: number, y: number) => ((x % 6 < 2 && y % 10 < 7) ? 30 : 220);
/** The same page out of focus: a gentle ramp with no edges. */
const blurred = (x: number) => 120 + 40 * Math.sin(x / 40);

describe('photo quality', () => {
  it('grey levels follow Rec. 601', () => {
    const pixel = new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]);
    expect(Array.from(toGray(pixel)).map((v) => Math.round(v))).toEqual([76, 150, 29]);
  });

  it('a sharp, well-lit document passes', () => {
    const q = measurePhoto(image(120, 80, sharpText), 120, 80);
    expect(q.sharpness).toBeGreaterThan(BLUR_THRESHOLD);
    expect(q.brightness).toBeGreaterThan(DARK_THRESHOLD);
    expect(q.problems).toEqual([]);
  });

  it('an out-of-focus photo is blurry; a flat one has no edges at all', () => {
    expect(measurePhoto(image(120, 80, blurred), 120, 80).problems).toEqual(['blurry']);
    expect(laplacianVariance(toGray(image(20, 20, () => 128)), 20, 20)).toBe(0);
  });

  it('a photo taken in the dark is dark (not also called blurry)', () => {
    const q = measurePhoto(image(120, 80, (x, y) => sharpText(x, y) / 8), 120, 80);
    expect(q.brightness).toBeLessThan(DARK_THRESHOLD);
    expect(q.problems).toEqual(['dark']);
  });
});
