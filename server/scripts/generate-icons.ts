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

// The notification badge: Android draws only its alpha channel, in one colour, in the status bar. The drop alone,
// white with the cross cut out, cropped to fill the square.
const BADGE_SIZE_PX = 96;
const badge = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="22 17 56 60">
  <mask id="cross"><rect x="0" y="0" width="100" height="100" fill="#fff"/>
    <path d="M50 34v40M38 52h24" stroke="#000" stroke-width="7" stroke-linecap="round"/></mask>
  <path d="M50 20c-13 10-20 22-20 34a20 20 0 0 0 40 0c0-12-7-24-20-34z" fill="#fff" mask="url(#cross)"/>
</svg>`);
await sharp(badge, { density: 400 }).resize(BADGE_SIZE_PX, BADGE_SIZE_PX).png().toFile(`${iconsDir}badge-96.png`);
