// Rasterises public/icons/logo.svg into the PNG icons the web manifest needs; run once when the logo changes.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconsDir = fileURLToPath(new URL('../../public/icons/', import.meta.url));
const logo = await readFile(`${iconsDir}logo.svg`);

for (const size of [192, 512]) {
  await sharp(logo, { density: 400 }).resize(size, size).png().toFile(`${iconsDir}icon-${size}.png`);
}
// Maskable icons keep the logo inside the central 80 % safe zone over a full-bleed background.
const MASKABLE_SIZE_PX = 512;
const inner = await sharp(logo, { density: 400 }).resize(320, 320).png().toBuffer();
await sharp({
  create: { width: MASKABLE_SIZE_PX, height: MASKABLE_SIZE_PX, channels: 4, background: '#1f5e4b' },
})
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(`${iconsDir}icon-maskable-512.png`);
