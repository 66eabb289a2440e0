import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageJson } from '../db/schema';
import type { ImageStore } from '../images/image.service';
import { createRandom, type Random } from './prng';

/**
 * The picture pool of demo and benchmark listings: drawn here (an SVG scene per index: sky, sun, hills, city lights,
 * a table seen from above), rendered to PNG by sharp and then stored through the real image store exactly like an
 * upload (validated, re-encoded to WebP, thumbnail). No network, and the same pictures on every machine.
 *
 * Listings reuse the pool, so thousands of listings cost 24 stored images. A manifest in DATA_DIR remembers the
 * stored URLs, so later starts (and `npm run seed:listings`) reuse them instead of drawing again, as long as the
 * storage (DATA_DIR or the S3 bucket) still holds them.
 */

export type { ImageStore };

export const DEMO_IMAGE_COUNT = 24;
/** Every third picture is portrait (profiles); the others are landscape (venues). */
const isPortrait = (index: number) => index % 3 === 2;
// Big enough for a detail page's hero on a phone and a card on a desktop; smaller would look soft, bigger costs
// start-up time (re-encoding dominates the pool's cost).
const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
/** Bump when the drawings change, so cached pools are drawn again. */
const POOL_VERSION = 2;

export interface DemoImagePool {
  /** Venue pictures (4:3). */
  landscape: ImageJson[];
  /** Profile pictures (3:4). */
  portrait: ImageJson[];
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;

/** A smooth ridge across the picture as an SVG path, closed along the bottom edge. */
function ridge(r: Random, width: number, height: number, baseY: number, amplitude: number): string {
  const points: string[] = [];
  const steps = 6;
  const phase = r.next() * Math.PI * 2;
  const frequency = 1 + r.next() * 2;
  for (let i = 0; i <= steps; i++) {
    const x = (width / steps) * i;
    const y = baseY + Math.sin(phase + (i / steps) * Math.PI * frequency) * amplitude + (r.next() - 0.5) * amplitude * 0.6;
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M0,${height} L${points.join(' L')} L${width},${height} Z`;
}

function landscapeScene(r: Random, hue: number, width: number, height: number): string {
  const sunX = width * (0.2 + r.next() * 0.6);
  const sunY = height * (0.2 + r.next() * 0.25);
  const layers = [0, 1, 2, 3]
    .map((layer) => {
      const baseY = height * (0.45 + layer * 0.13);
      return `<path d="${ridge(r, width, height, baseY, height * (0.08 - layer * 0.012))}" fill="${hsl(hue + 150 + layer * 8, 35 + layer * 8, 45 - layer * 9)}" opacity="${0.75 + layer * 0.08}"/>`;
    })
    .join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 220, 55, 35)}"/><stop offset="0.6" stop-color="${hsl(hue + 20, 80, 70)}"/><stop offset="1" stop-color="${hsl(hue + 40, 90, 82)}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${hsl(hue + 45, 100, 92)}"/><stop offset="1" stop-color="${hsl(hue + 45, 100, 80)}" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/><circle cx="${sunX}" cy="${sunY}" r="${height * 0.3}" fill="url(#glow)"/>
<circle cx="${sunX}" cy="${sunY}" r="${height * 0.07}" fill="${hsl(hue + 45, 100, 90)}"/>${layers}`;
}

function nightLightsScene(r: Random, hue: number, width: number, height: number): string {
  const lights: string[] = [];
  for (let i = 0; i < 70; i++) {
    const radius = 8 + r.next() * 60;
    lights.push(`<circle cx="${(r.next() * width).toFixed(0)}" cy="${(r.next() * height).toFixed(0)}" r="${radius.toFixed(0)}" fill="${hsl(hue + r.int(-40, 60), 90, 55 + r.next() * 30)}" opacity="${(0.15 + r.next() * 0.45).toFixed(2)}"/>`);
  }
  const skyline: string[] = [];
  let x = 0;
  while (x < width) {
    const w = 40 + r.next() * 110;
    const h = height * (0.15 + r.next() * 0.35);
    skyline.push(`<rect x="${x.toFixed(0)}" y="${(height - h).toFixed(0)}" width="${(w + 1).toFixed(0)}" height="${h.toFixed(0)}" fill="${hsl(hue + 230, 30, 8 + r.next() * 8)}"/>`);
    x += w;
  }
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue + 240, 60, 12)}"/><stop offset="1" stop-color="${hsl(hue + 290, 55, 22)}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${lights.join('')}${skyline.join('')}`;
}

function tableScene(r: Random, hue: number, width: number, height: number): string {
  const items: string[] = [];
  const count = r.int(3, 6);
  for (let i = 0; i < count; i++) {
    const cx = width * (0.15 + r.next() * 0.7);
    const cy = height * (0.15 + r.next() * 0.7);
    const radius = Math.min(width, height) * (0.1 + r.next() * 0.12);
    items.push(
      `<circle cx="${cx.toFixed(0)}" cy="${(cy + 10).toFixed(0)}" r="${radius.toFixed(0)}" fill="black" opacity="0.18"/>`,
      `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${radius.toFixed(0)}" fill="${hsl(hue + 20, 20, 94)}"/>`,
      `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${(radius * 0.62).toFixed(0)}" fill="${hsl(hue + r.int(-30, 90), 65, 50)}"/>`,
      `<circle cx="${(cx - radius * 0.2).toFixed(0)}" cy="${(cy - radius * 0.15).toFixed(0)}" r="${(radius * 0.22).toFixed(0)}" fill="${hsl(hue + r.int(60, 160), 60, 45)}"/>`,
    );
  }
  const planks = Array.from({ length: 8 }, (_, i) => `<rect x="0" y="${((height / 8) * i).toFixed(0)}" width="${width}" height="${(height / 8 - 4).toFixed(0)}" fill="${hsl(hue + 25, 40, 30 + (i % 3) * 4)}"/>`).join('');
  return `<rect width="${width}" height="${height}" fill="${hsl(hue + 25, 35, 20)}"/>${planks}${items.join('')}`;
}

function abstractScene(r: Random, hue: number, width: number, height: number): string {
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = r.next() * width;
    const y = r.next() * height;
    const size = Math.min(width, height) * (0.2 + r.next() * 0.5);
    shapes.push(
      r.chance(0.5)
        ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(size / 2).toFixed(0)}" fill="${hsl(hue + i * 25, 70, 55)}" opacity="0.55"/>`
        : `<rect x="${(x - size / 2).toFixed(0)}" y="${(y - size / 2).toFixed(0)}" width="${size.toFixed(0)}" height="${size.toFixed(0)}" rx="${(size * 0.2).toFixed(0)}" transform="rotate(${r.int(0, 90)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${hsl(hue + i * 25 + 180, 60, 60)}" opacity="0.5"/>`,
    );
  }
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 85)}"/><stop offset="1" stop-color="${hsl(hue + 60, 60, 60)}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${shapes.join('')}`;
}

/** A profile picture: a soft silhouette (head and shoulders) in front of out-of-focus lights. */
function portraitScene(r: Random, hue: number, width: number, height: number): string {
  const bokeh: string[] = [];
  for (let i = 0; i < 24; i++) {
    bokeh.push(`<circle cx="${(r.next() * width).toFixed(0)}" cy="${(r.next() * height * 0.7).toFixed(0)}" r="${(20 + r.next() * 70).toFixed(0)}" fill="${hsl(hue + r.int(-30, 30), 80, 70)}" opacity="${(0.12 + r.next() * 0.3).toFixed(2)}"/>`);
  }
  const cx = width * (0.42 + r.next() * 0.16);
  const headY = height * 0.45;
  const head = width * 0.17;
  const tone = hsl(hue + 200, 25, 18 + r.next() * 10);
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 72)}"/><stop offset="1" stop-color="${hsl(hue + 40, 45, 40)}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${bokeh.join('')}
<ellipse cx="${cx.toFixed(0)}" cy="${(height * 0.98).toFixed(0)}" rx="${(width * 0.42).toFixed(0)}" ry="${(height * 0.3).toFixed(0)}" fill="${tone}"/>
<rect x="${(cx - head * 0.45).toFixed(0)}" y="${(headY + head * 0.7).toFixed(0)}" width="${(head * 0.9).toFixed(0)}" height="${(height * 0.74 - headY - head * 0.7).toFixed(0)}" fill="${tone}"/>
<ellipse cx="${cx.toFixed(0)}" cy="${headY.toFixed(0)}" rx="${head.toFixed(0)}" ry="${(head * 1.22).toFixed(0)}" fill="${tone}"/>`;
}

const SCENES = [landscapeScene, nightLightsScene, tableScene, abstractScene];

/** The PNG of pool picture `index`: the same bytes for the same index on every run. */
export async function demoPicture(index: number): Promise<Buffer> {
  const { width, height } = isPortrait(index) ? PORTRAIT : LANDSCAPE;
  const r = createRandom(`demo-picture-${index}`);
  const hue = (index * 137.508) % 360;
  const draw = isPortrait(index) ? portraitScene : SCENES[index % SCENES.length];
  const scene = draw(r, hue, width, height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${scene}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

interface Manifest {
  version: number;
  images: (ImageJson & { index: number })[];
}

async function readManifest(file: string, store: ImageStore): Promise<Map<number, ImageJson>> {
  const kept = new Map<number, ImageJson>();
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    if (manifest.version !== POOL_VERSION) return kept;
    const present = await Promise.all(manifest.images.map(async (image) => (await store.exists(image.image)) && (await store.exists(image.thumb))));
    manifest.images.forEach(({ index, ...image }, i) => {
      // A picture whose files were deleted (or that another storage holds) is drawn again.
      if (present[i]) kept.set(index, image);
    });
  } catch {
    // No manifest yet, or an unreadable one: draw the pool.
  }
  return kept;
}

/**
 * The stored pool: reused from `cacheFile` when its pictures are still on disk, otherwise drawn and stored (two at
 * a time: sharp has its own thread pool and the machine may be small).
 */
export async function demoImagePool(store: ImageStore, options: { cacheFile: string; count?: number }): Promise<DemoImagePool> {
  const count = options.count ?? DEMO_IMAGE_COUNT;
  const images = await readManifest(options.cacheFile, store);
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !images.has(i));
  for (let i = 0; i < missing.length; i += 2) {
    await Promise.all(
      missing.slice(i, i + 2).map(async (index) => {
        images.set(index, await store.save('listing', await demoPicture(index)));
      }),
    );
  }
  if (missing.length > 0) {
    const manifest: Manifest = { version: POOL_VERSION, images: [...images].sort(([a], [b]) => a - b).map(([index, image]) => ({ index, ...image })) };
    await mkdir(path.dirname(options.cacheFile), { recursive: true });
    const tmp = `${options.cacheFile}.tmp`;
    await writeFile(tmp, JSON.stringify(manifest, null, 1));
    await rename(tmp, options.cacheFile);
  }
  const pool: DemoImagePool = { landscape: [], portrait: [] };
  for (let index = 0; index < count; index++) {
    const image = images.get(index)!;
    const { image: url, thumb, width, height } = image;
    (isPortrait(index) ? pool.portrait : pool.landscape).push({ image: url, thumb, width, height });
  }
  return pool;
}

/** Where the pool's manifest lives in a data directory (outside the public uploads folder). */
export function demoPoolCacheFile(dataDir: string): string {
  return path.join(dataDir, 'demo-images.json');
}
