// Writes the installable web app's icons (decision 0013) into public/icons from app-icon.svg,
// with sharp (a dependency of the server). Run after changing the SVG, and commit the PNGs:
//   node apps/web/scripts/generate-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const here = import.meta.dirname;
const source = readFileSync(path.join(here, 'app-icon.svg'));
const out = path.join(here, '../public/icons');
mkdirSync(out, { recursive: true });

/** The favicon's corner radius, a quarter of the width, for the plain icons. */
const roundedMask = (size) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${size / 4}"/></svg>`,
  );

const icons = [
  // "any": what a desktop or a launcher without masks shows, so the corners are rounded here.
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  // "maskable": full bleed; the launcher cuts its own shape from it.
  { file: 'icon-maskable-512.png', size: 512, rounded: false },
  // iOS rounds home-screen icons itself and shows transparent corners as black.
  { file: 'apple-touch-icon.png', size: 180, rounded: false },
];

for (const { file, size, rounded } of icons) {
  let image = sharp(source, { density: (72 * size) / 512 }).resize(size, size);
  if (rounded) image = image.composite([{ input: roundedMask(size), blend: 'dest-in' }]);
  else image = image.flatten({ background: '#0f766e' });
  await image.png({ compressionLevel: 9, palette: true }).toFile(path.join(out, file));
  process.stdout.write(`${file}: ${size}×${size}\n`);
}
