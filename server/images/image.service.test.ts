import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@/contract/constants';
import { createLocalStorage } from '../storage/local-storage';
import { createImageStore, IMAGE_VARIANTS, ImageError, processImage, type ImageErrorCode, type ImageStore } from './image.service';

// ---------------------------------------------------------------- fixtures (all generated locally with sharp)

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];

/** 1200x800 stored pixels: top half red, bottom half blue. */
function twoToneRaw(width: number, height: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const c = y < height / 2 ? RED : BLUE;
    for (let x = 0; x < width; x++) raw.set(c, (y * width + x) * 3);
  }
  return raw;
}

const GPS_EXIF = {
  IFD0: { Make: 'PhoneMaker', Model: 'SecretPhone 15', Artist: 'Jane Doe' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 2400/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 21/1 700/100',
    GPSMapDatum: 'WGS-84',
  },
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Jane Doe"/></rdf:RDF></x:xmpmeta>';

/** A phone-like JPEG: 1200x800 stored, EXIF orientation 6 (displays as 800x1200), GPS, camera model, XMP. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp(twoToneRaw(1200, 800), { raw: { width: 1200, height: 800, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif(GPS_EXIF)
    .withMetadata({ orientation: 6 })
    .withXmp(XMP)
    .toBuffer();
}

function solid(width: number, height: number, background = '#3a7') {
  return sharp({ create: { width, height, channels: 3, background } });
}

async function rgbAt(img: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

function expectClose(actual: number[], expected: number[]) {
  actual.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(40));
}

async function expectNoMetadata(img: Buffer) {
  const m = await sharp(img).metadata();
  expect(m.format).toBe('webp');
  expect(m.exif).toBeUndefined();
  expect(m.xmp).toBeUndefined();
  expect(m.iptc).toBeUndefined();
  expect(m.icc).toBeUndefined();
  expect(m.orientation).toBeUndefined();
  const bytes = img.toString('latin1');
  for (const needle of ['Exif', 'EXIF', 'SecretPhone', 'PhoneMaker', 'Jane Doe', 'WGS-84', 'xmpmeta', 'ICCP', 'XMP ']) {
    expect(bytes).not.toContain(needle);
  }
}

async function expectImageError(p: Promise<unknown>, code: ImageErrorCode, params?: Record<string, number>, status?: number) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageError);
  const ie = err as ImageError;
  expect(ie.code).toBe(code);
  if (params) expect(ie.params).toEqual(params);
  expect(ie.httpStatus).toBe(status ?? 200);
}

const UUID_RE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** DATA_DIR of the local storage; its images are under root = DATA_DIR/uploads, as before the storage interface. */
let dataDir: string;
let root: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'image-service-test-'));
  root = path.join(dataDir, 'uploads');
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- processImage

describe('processImage', () => {
  it('strips EXIF/GPS/XMP, applies orientation and fits the variant (phone JPEG)', async () => {
    const input = await phoneJpeg();
    // Sanity: the fixture really carries the sensitive metadata.
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif?.toString('latin1')).toContain('WGS-84');
    expect(inMeta.exif?.toString('latin1')).toContain('SecretPhone');
    expect(inMeta.xmp).toBeDefined();
    expect([inMeta.width, inMeta.height]).toEqual([1200, 800]);

    const out = await processImage(input, IMAGE_VARIANTS.avatar);
    await expectNoMetadata(out.main);
    await expectNoMetadata(out.thumb);

    const mainMeta = await sharp(out.main).metadata();
    // Orientation 6 applied: landscape storage becomes portrait, scaled into 512x512.
    expect([mainMeta.width, mainMeta.height]).toEqual([out.width, out.height]);
    expect(out.height).toBe(512);
    expect(out.width).toBeLessThan(out.height);
    expect(Math.abs(out.width - 341)).toBeLessThanOrEqual(1);
    // Rotated 90° clockwise: the stored top (red) is now on the right, the stored bottom (blue) on the left.
    expectClose(await rgbAt(out.main, out.width - 5, out.height / 2), RED);
    expectClose(await rgbAt(out.main, 5, out.height / 2), BLUE);

    const thumbMeta = await sharp(out.thumb).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([128, 128]);
  });

  it('accepts PNG without enlarging it, and still makes a square thumb', async () => {
    const png = await solid(300, 200).png().toBuffer();
    const out = await processImage(png, IMAGE_VARIANTS.listing);
    expect([out.width, out.height]).toEqual([300, 200]);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 400]);
    await expectNoMetadata(out.main);
  });

  it('accepts WebP and downsizes within the document variant', async () => {
    const webp = await solid(3000, 1500).webp().toBuffer();
    const out = await processImage(webp, IMAGE_VARIANTS.document);
    expect([out.width, out.height]).toEqual([2000, 1000]);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.width, thumb.height]).toEqual([300, 300]);
  });

  it('accepts AVIF', async () => {
    const avif = await solid(64, 48).avif().toBuffer();
    const out = await processImage(avif, IMAGE_VARIANTS.avatar);
    expect([out.width, out.height]).toEqual([64, 48]);
    expect((await sharp(out.main).metadata()).format).toBe('webp');
  });

  it('takes only the first frame of an animated GIF', async () => {
    // Three 40x40 frames: red, blue, blue.
    const frame = 40 * 40 * 3;
    const raw = Buffer.alloc(frame * 3);
    for (let i = 0; i < raw.length; i += 3) raw.set(i < frame ? RED : BLUE, i);
    const gif = await sharp(raw, { raw: { width: 40, height: 120, channels: 3, pageHeight: 40 } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBeGreaterThan(1);

    const out = await processImage(gif, IMAGE_VARIANTS.avatar);
    const meta = await sharp(out.main).metadata();
    expect([out.width, out.height]).toEqual([40, 40]);
    expect(meta.pages ?? 1).toBe(1);
    expectClose(await rgbAt(out.main, 20, 20), RED);
  });

  it('rejects a text file, SVG, TIFF and a corrupt JPEG as image.invalid', async () => {
    const text = Buffer.from('hello, this is definitely not an image\n');
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
        '<rect width="100" height="100" fill="red"/></svg>',
    );
    const tiff = await solid(50, 50).tiff().toBuffer();
    const jpeg = await solid(50, 50).jpeg().toBuffer();
    const corrupt = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(200, 0x41)]);
    // An SVG behind a fake PNG magic number is still not a PNG.
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), svg]);

    for (const bad of [text, svg, tiff, corrupt, fakePng]) {
      await expectImageError(processImage(bad, IMAGE_VARIANTS.listing), 'image.invalid');
    }
  });

  it('rejects an empty buffer as image.missing', async () => {
    await expectImageError(processImage(Buffer.alloc(0), IMAGE_VARIANTS.avatar), 'image.missing');
  });

  it('rejects an oversize buffer as image.tooLarge with 413', async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff], 0);
    await expectImageError(
      processImage(big, IMAGE_VARIANTS.avatar),
      'image.tooLarge',
      { mb: IMAGE_MAX_BYTES / 1024 / 1024 },
      413,
    );
  });

  it('refuses a decompression bomb (10000x5000 PNG, tiny file) as image.tooManyPixels', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 5_000, channels: 3, background: '#fff' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    expect(10_000 * 5_000).toBeGreaterThan(IMAGE_MAX_PIXELS);
    await expectImageError(processImage(bomb, IMAGE_VARIANTS.listing), 'image.tooManyPixels', {
      megapixels: IMAGE_MAX_PIXELS / 1_000_000,
    });
  });
});

// ---------------------------------------------------------------- store

/** The file of a stored image's URL in the local storage, or null when the store refuses the URL. */
function fileOf(store: ImageStore, url: string): string | null {
  const key = store.keyOf(url);
  return key === null ? null : path.join(dataDir, key);
}

describe('createImageStore', () => {
  it('save() writes main and thumb under rootDir/<kind>/<yyyy>/<mm>/ without metadata', async () => {
    const store = createImageStore({ storage: createLocalStorage(dataDir) });
    const saved = await store.save('avatar', await phoneJpeg());

    const now = new Date();
    const yyyy = String(now.getUTCFullYear());
    const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
    expect(saved.image).toMatch(new RegExp(`^/uploads/avatar/${yyyy}/${mm}/${UUID_RE}\\.webp$`));
    expect(saved.thumb).toBe(saved.image.replace(/\.webp$/, '.thumb.webp'));

    const mainPath = fileOf(store, saved.image)!;
    const thumbPath = fileOf(store, saved.thumb)!;
    expect(mainPath).toBe(path.join(root, saved.image.slice('/uploads/'.length)));
    expect(path.dirname(mainPath)).toBe(path.join(root, 'avatar', yyyy, mm));
    expect(existsSync(mainPath)).toBe(true);
    expect(existsSync(thumbPath)).toBe(true);

    // Only the two final files: no temp files left behind.
    const files = await readdir(path.dirname(mainPath));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files).toContain(path.basename(mainPath));
    expect(files).toContain(path.basename(thumbPath));

    const main = await readFile(mainPath);
    const thumb = await readFile(thumbPath);
    await expectNoMetadata(main);
    await expectNoMetadata(thumb);
    const mainMeta = await sharp(main).metadata();
    expect([mainMeta.width, mainMeta.height]).toEqual([saved.width, saved.height]);
    expect(saved.height).toBe(512);
    expect(saved.width).toBeLessThan(saved.height);
    const thumbMeta = await sharp(thumb).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([128, 128]);
  });

  it('save() uses a fresh name each time and the kind’s variant (feedback, listing)', async () => {
    const store = createImageStore({ storage: createLocalStorage(dataDir) });
    const input = await solid(2400, 1200).png().toBuffer();
    const a = await store.save('listing', input);
    const b = await store.save('listing', input);
    expect(a.image).not.toBe(b.image);
    expect([a.width, a.height]).toEqual([1600, 800]);
    const fb = await store.save('feedback', input);
    expect(fb.image).toMatch(/^\/uploads\/feedback\//);
    expect([fb.width, fb.height]).toEqual([2000, 1000]);
  });

  it('save() writes nothing for a rejected upload', async () => {
    const emptyRoot = await mkdtemp(path.join(os.tmpdir(), 'image-service-reject-'));
    try {
      const store = createImageStore({ storage: createLocalStorage(emptyRoot) });
      await expectImageError(store.save('document', Buffer.from('%PDF-1.7\n')), 'image.invalid');
      expect(await readdir(emptyRoot)).toEqual([]);
    } finally {
      await rm(emptyRoot, { recursive: true, force: true });
    }
  });

  it('resolve() refuses traversal and anything off the naming pattern', async () => {
    const store = createImageStore({ storage: createLocalStorage(dataDir) });
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(fileOf(store, `/uploads/avatar/2026/11/${id}.webp`)).toBe(path.join(root, 'avatar/2026/11', `${id}.webp`));
    expect(fileOf(store, `/uploads/avatar/2026/11/${id}.thumb.webp`)).toBe(
      path.join(root, 'avatar/2026/11', `${id}.thumb.webp`),
    );

    const refused = [
      '',
      '/',
      '/uploads',
      '/uploads/',
      '/etc/passwd',
      '../etc/passwd',
      '/uploads/../etc/passwd',
      '/uploads/../../../../etc/passwd',
      `/uploads/avatar/2026/11/../../../../etc/${id}.webp`,
      `/uploads/avatar/../avatar/2026/11/${id}.webp`,
      `/uploads/%2e%2e/avatar/2026/11/${id}.webp`,
      `/uploads/avatar/2026/11/%2e%2e%2f${id}.webp`,
      `/uploads\\avatar\\2026\\11\\${id}.webp`,
      `/uploads/avatar/2026/11/..\\${id}.webp`,
      `C:\\uploads\\avatar\\2026\\11\\${id}.webp`,
      `${root}/avatar/2026/11/${id}.webp`,
      `//uploads/avatar/2026/11/${id}.webp`,
      `/uploads//avatar/2026/11/${id}.webp`,
      `/uploadsavatar/2026/11/${id}.webp`,
      `/media/avatar/2026/11/${id}.webp`,
      `/uploads/secrets/2026/11/${id}.webp`,
      `/uploads/avatar/2026/13/${id}.webp`,
      `/uploads/avatar/26/11/${id}.webp`,
      `/uploads/avatar/2026/11/${id}.png`,
      `/uploads/avatar/2026/11/${id}.webp.tmp`,
      `/uploads/avatar/2026/11/.${id}.webp.tmp`,
      `/uploads/avatar/2026/11/${id}.webp?x=1`,
      `/uploads/avatar/2026/11/${id}.webp\0.png`,
      `/uploads/avatar/2026/11/not-a-uuid.webp`,
      `/uploads/avatar/2026/11/${id.toUpperCase()}.webp`,
      `/uploads/avatar/2026/11/${id}/x.webp`,
    ];
    for (const url of refused) expect(fileOf(store, url), url).toBeNull();
  });

  it('honours a custom publicPrefix (trailing slash tolerated)', async () => {
    const store = createImageStore({ storage: createLocalStorage(dataDir), publicPrefix: '/media/img/' });
    const saved = await store.save('document', await solid(40, 30).png().toBuffer());
    expect(saved.image).toMatch(new RegExp(`^/media/img/document/\\d{4}/\\d{2}/${UUID_RE}\\.webp$`));
    expect(existsSync(fileOf(store, saved.image)!)).toBe(true);
    expect(fileOf(store, saved.image.replace('/media/img', '/uploads'))).toBeNull();
    await store.remove(saved.image);
    expect(() => createImageStore({ storage: createLocalStorage(dataDir), publicPrefix: '/../etc' })).toThrow();
  });

  it('remove() deletes both files (by either URL) and ignores unknown URLs', async () => {
    const store = createImageStore({ storage: createLocalStorage(dataDir) });
    const png = await solid(100, 100).png().toBuffer();

    const a = await store.save('listing', png);
    const aMain = fileOf(store, a.image)!;
    const aThumb = fileOf(store, a.thumb)!;
    expect(existsSync(aMain) && existsSync(aThumb)).toBe(true);
    await store.remove(a.image);
    expect(existsSync(aMain)).toBe(false);
    expect(existsSync(aThumb)).toBe(false);
    await expect(store.remove(a.image)).resolves.toBeUndefined(); // already gone

    const b = await store.save('listing', png);
    await store.remove(b.thumb);
    expect(existsSync(fileOf(store, b.image)!)).toBe(false);
    expect(existsSync(fileOf(store, b.thumb)!)).toBe(false);

    await expect(store.remove('https://cdn.example.com/avatar.png')).resolves.toBeUndefined();
    await expect(store.remove('/uploads/../../etc/passwd')).resolves.toBeUndefined();
  });
});
