import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/**
 * Writes the app icons under public/ from one SVG drawn here (no downloaded artwork):
 *
 *   favicon.svg                the SVG itself (browsers that take SVG favicons)
 *   pwa-192x192.png            manifest icon, purpose "any"
 *   pwa-512x512.png            manifest icon, purpose "any" (install dialogs, splash screens)
 *   maskable-512x512.png       manifest icon, purpose "maskable": full-bleed background, glyph inside the safe zone
 *   apple-touch-icon.png       180 × 180, opaque (iOS fills transparency with black)
 *
 * Colours are the design tokens of src/ui/styles.css (light theme): accent #0f766e, background #f7f7f5.
 * Run `node --import tsx scripts/make-icons.ts` after changing the drawing and commit the PNGs; the build only
 * copies them.
 */

const ACCENT = '#0f766e';
const ON_ACCENT = '#ffffff';
const OUT_DIR = fileURLToPath(new URL('../public/', import.meta.url));

/**
 * The glyph: a map pin with a "V" cut into it, on a 512 × 512 canvas. `scale` shrinks it about the centre, so the
 * maskable variant keeps it inside the 40 %-radius safe circle every mask shape preserves.
 */
function glyph(scale: number): string {
  const t = (256 * (1 - scale)).toFixed(2);
  return `<g transform="translate(${t} ${t}) scale(${scale})">
    <path fill="${ON_ACCENT}" d="M256 92c-70.7 0-128 55.6-128 124.2 0 86.3 104.6 190.8 119.6 205.3a12 12 0 0 0 16.8 0C279.4 407 384 302.5 384 216.2 384 147.6 326.7 92 256 92z"/>
    <path fill="${ACCENT}" d="M197 160h32.5L256 243.5 282.5 160H315l-44.2 124h-29.6z"/>
  </g>`;
}

/** Rounded square with transparent corners ("any" icons, favicon). */
const roundedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="112" fill="${ACCENT}"/>
  ${glyph(0.92)}
</svg>`;

/** Full bleed: the platform applies its own mask (circle, squircle, rounded square). */
const maskableSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" fill="${ACCENT}"/>
  ${glyph(0.72)}
</svg>`;

async function png(svg: string, size: number, file: string, opaque = false): Promise<void> {
  // density scales the SVG rasterisation so small sizes are drawn, not downsampled from a blurry bitmap.
  const image = sharp(Buffer.from(svg), { density: Math.max(72, Math.ceil((72 * size) / 512) * 2) }).resize(size, size);
  await (opaque ? image.flatten({ background: ACCENT }) : image)
    .png({ compressionLevel: 9, palette: false })
    .toFile(`${OUT_DIR}${file}`);
  console.log(`public/${file} (${size}×${size})`);
}

mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(`${OUT_DIR}favicon.svg`, `${roundedSvg}\n`);
console.log('public/favicon.svg');
await png(roundedSvg, 192, 'pwa-192x192.png');
await png(roundedSvg, 512, 'pwa-512x512.png');
await png(maskableSvg, 512, 'maskable-512x512.png');
await png(maskableSvg, 180, 'apple-touch-icon.png', true);
