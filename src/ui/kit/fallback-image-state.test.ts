import { describe, expect, it } from 'vitest';
import { aspectRatioOf, IMAGE_LOAD_FAILED, imageViewOf, LINK_EMPTY } from './fallback-image-state';

describe('imageViewOf', () => {
  it('shows the image for a link that has not failed', () => {
    expect(imageViewOf('/uploads/a.webp', null)).toEqual({ show: 'image', src: '/uploads/a.webp' });
    expect(imageViewOf(' /uploads/a.webp ', '/uploads/b.webp')).toEqual({ show: 'image', src: '/uploads/a.webp' });
  });

  it("falls back with 'link empty' for a missing, empty or blank link", () => {
    for (const src of [undefined, null, '', '   ']) {
      expect(imageViewOf(src, null)).toEqual({ show: 'fallback', error: LINK_EMPTY });
    }
    expect(LINK_EMPTY).toBe('link empty');
  });

  it("falls back with 'image load failed' once that link failed, and tries a new link afresh", () => {
    expect(imageViewOf('/uploads/a.webp', '/uploads/a.webp')).toEqual({ show: 'fallback', error: IMAGE_LOAD_FAILED });
    expect(imageViewOf('/uploads/c.webp', '/uploads/a.webp').show).toBe('image');
    expect(IMAGE_LOAD_FAILED).toBe('image load failed');
  });
});

describe('aspectRatioOf', () => {
  it('accepts positive numbers and "w / h" strings', () => {
    expect(aspectRatioOf(1.5)).toBe('1.5');
    expect(aspectRatioOf('4 / 3')).toBe('4 / 3');
    expect(aspectRatioOf('16/9')).toBe('16 / 9');
    expect(aspectRatioOf('1')).toBe('1');
  });

  it('drops unusable values', () => {
    for (const ratio of [undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY, '', 'auto', '4 / 0', '0 / 3', '1 / 2 / 3']) {
      expect(aspectRatioOf(ratio)).toBeUndefined();
    }
  });
});
