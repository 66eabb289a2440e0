import { describe, expect, it } from 'vitest';
import { centreOf, clampPan, fittedSize, panLimit, zoomAround, type Point, type Size } from './image-viewer-geometry';

/** A portrait phone's stage and a landscape photo: the case PhotoSwipe handles and the old viewer did not. */
const PHONE: Size = { width: 390, height: 844 };
const LANDSCAPE: Size = { width: 1600, height: 1200 };

/** Where stage point `p` is on the picture (px from its centre, unzoomed), as the frame draws it. */
const pictureAt = (p: Point, offset: Point, zoom: number, stage: Size): Point => ({
  x: (p.x - stage.width / 2 - offset.x) / zoom,
  y: (p.y - stage.height / 2 - offset.y) / zoom,
});

describe('fittedSize', () => {
  it('fits a landscape photo to the width of a portrait stage, keeping its proportions', () => {
    expect(fittedSize(LANDSCAPE, PHONE)).toEqual({ width: 390, height: 292.5 });
  });

  it('fits a portrait photo to the height of a landscape stage', () => {
    expect(fittedSize({ width: 600, height: 900 }, { width: 1200, height: 600 })).toEqual({ width: 400, height: 600 });
  });

  it('enlarges a small picture to fit, as the viewer shows it (object-fit: contain)', () => {
    expect(fittedSize({ width: 100, height: 50 }, PHONE)).toEqual({ width: 390, height: 195 });
  });

  it('a picture of unknown or unusable size fills the stage', () => {
    expect(fittedSize(null, PHONE)).toEqual(PHONE);
    expect(fittedSize({ width: 0, height: 10 }, PHONE)).toEqual(PHONE);
    expect(fittedSize({ width: Number.NaN, height: 10 }, PHONE)).toEqual(PHONE);
  });
});

describe('panLimit and clampPan', () => {
  it('a zoomed landscape photo on a portrait phone pans sideways to its edges and not up or down', () => {
    const picture = fittedSize(LANDSCAPE, PHONE); // 390 × 292.5
    const limit = panLimit(picture, PHONE, 2); // 780 × 585: 195 px each side, and it fits the height
    expect(limit).toEqual({ x: 195, y: 0 });
    expect(clampPan({ x: 500, y: 300 }, limit)).toEqual({ x: 195, y: 0 });
    expect(clampPan({ x: -500, y: -300 }, limit)).toEqual({ x: -195, y: 0 });
    // At the limit the picture's edge is exactly at the stage's edge: no black beyond it.
    const left = PHONE.width / 2 + 195 - (picture.width * 2) / 2;
    expect(left).toBe(0);
  });

  it('pans on both axes once the zoomed picture is larger than the stage both ways', () => {
    const picture = fittedSize({ width: 900, height: 1600 }, PHONE); // 390 × 693.33
    const limit = panLimit(picture, PHONE, 2);
    expect(limit.x).toBe(195);
    expect(limit.y).toBeCloseTo((693.333 * 2 - 844) / 2, 2);
  });

  it('has no room to pan at zoom 1, and turns -0 into 0', () => {
    const limit = panLimit(fittedSize(LANDSCAPE, PHONE), PHONE, 1);
    expect(limit).toEqual({ x: 0, y: 0 });
    expect(Object.is(clampPan({ x: -10, y: -0 }, limit).x, 0)).toBe(true);
    expect(Object.is(clampPan({ x: -10, y: -0 }, limit).y, 0)).toBe(true);
  });
});

describe('zoomAround', () => {
  it('keeps the picture point under the cursor where it is', () => {
    const at = { x: 300, y: 500 };
    const before = pictureAt(at, { x: 0, y: 0 }, 1, PHONE);
    const offset = zoomAround({ x: 0, y: 0 }, 1, 2, PHONE, at);
    expect(pictureAt(at, offset, 2, PHONE)).toEqual(before);
    expect(offset).toEqual({ x: -105, y: -78 });
  });

  it('keeps the point from an already zoomed and panned state, zooming in or out', () => {
    const at = { x: 40, y: 700 };
    const start = { x: 120, y: -60 };
    for (const nextZoom of [1.3, 2, 3.7]) {
      const offset = zoomAround(start, 1.6, nextZoom, PHONE, at);
      const seen = pictureAt(at, offset, nextZoom, PHONE);
      const before = pictureAt(at, start, 1.6, PHONE);
      expect(seen.x).toBeCloseTo(before.x, 9);
      expect(seen.y).toBeCloseTo(before.y, 9);
    }
  });

  it('moves the point under the fingers with them when they move while pinching', () => {
    const from = { x: 200, y: 400 };
    const to = { x: 230, y: 380 };
    const offset = zoomAround({ x: 10, y: 0 }, 1.5, 1.8, PHONE, from, to);
    const before = pictureAt(from, { x: 10, y: 0 }, 1.5, PHONE);
    const after = pictureAt(to, offset, 1.8, PHONE);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('around the centre it scales the offset (the keys and the zoom button)', () => {
    expect(zoomAround({ x: 40, y: -20 }, 2, 1.5, PHONE, centreOf(PHONE))).toEqual({ x: 30, y: -15 });
    expect(zoomAround({ x: 0, y: 0 }, 1, 2, PHONE, centreOf(PHONE))).toEqual({ x: 0, y: 0 });
  });

  it('clamped, a zoom at the picture edge stops at the edge instead of showing black', () => {
    const picture = fittedSize(LANDSCAPE, PHONE);
    // Zooming at the phone's left edge, low down: the left edge stays put, and the height (which fits) stays centred.
    const offset = clampPan(zoomAround({ x: 0, y: 0 }, 1, 2, PHONE, { x: 0, y: 800 }), panLimit(picture, PHONE, 2));
    expect(offset).toEqual({ x: 195, y: 0 });
  });
});
