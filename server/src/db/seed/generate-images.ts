import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { products, type SeedProduct } from './catalogue-data';

type Shape = SeedProduct['image']['shape'];

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const SIZE = 800;
const FONT = 'system-ui, sans-serif';
const BRAND = 'Dispensario Funcional';
const NAME_FONT_SIZES = [40, 36, 32, 29, 26, 23, 20, 18, 16];
const MAX_NAME_LINES = 3;
// Average bold glyph width in em, sized for wide fallbacks such as DejaVu Sans so names stay inside the label.
const CHAR_EM = 0.64;
const BRAND_EM = 0.62;

function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number): string => {
    const k = (n + h / 30) % 12;
    const value = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// Keeps a quantity and its unit ('400 mg', '25 g') on the same line.
const UNIT = /^(mg|g|µg|ui|ml|mg\/g|µg\/ml|mg\/ml|%)[),.;]*$/i;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const previous = tokens[tokens.length - 1];
    if (previous !== undefined && /\d$/.test(previous) && UNIT.test(word))
      tokens[tokens.length - 1] = `${previous} ${word}`;
    else tokens.push(word);
  }
  return tokens;
}

function wrapWords(tokens: string[], maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const token of tokens) {
    const candidate = current ? `${current} ${token}` : token;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = token;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function fitName(name: string, width: number, height: number): { lines: string[]; fontSize: number } {
  const tokens = tokenize(name);
  for (const fontSize of NAME_FONT_SIZES) {
    const maxChars = Math.floor(width / (fontSize * CHAR_EM));
    const lines = wrapWords(tokens, maxChars);
    const fits = lines.length <= MAX_NAME_LINES && lines.every((line) => line.length <= maxChars);
    if (fits && lines.length * fontSize * 1.18 <= height) return { lines, fontSize };
  }
  // Last resort for names too long for the label: hard-split long words and truncate with an ellipsis.
  const fontSize = NAME_FONT_SIZES[NAME_FONT_SIZES.length - 1] ?? 16;
  const maxChars = Math.floor(width / (fontSize * CHAR_EM));
  const pieces = tokens.flatMap((token) => token.match(new RegExp(`.{1,${maxChars}}`, 'gu')) ?? []);
  const lines = wrapWords(pieces, maxChars);
  if (lines.length > MAX_NAME_LINES) {
    lines.length = MAX_NAME_LINES;
    lines[MAX_NAME_LINES - 1] = `${(lines[MAX_NAME_LINES - 1] ?? '').slice(0, maxChars - 1).trimEnd()}…`;
  }
  return { lines, fontSize };
}

function rect(x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ''): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra}/>`;
}

/** A translucent white highlight on a container: its reflection or a band of its cap. */
function shine(x: number, y: number, w: number, h: number, rx: number, opacity = '.18'): string {
  return rect(x, y, w, h, rx, '#fff', ` fill-opacity="${opacity}"`);
}

// Each drawing returns the container markup and the area where the white label goes.
function drawContainer(shape: Shape, hue: number): { svg: string; label: Box } {
  const body = hsl(hue, 42, 52);
  const dark = hsl(hue, 38, 28);
  const light = hsl(hue, 45, 80);
  switch (shape) {
    case 'bottle':
      return {
        svg:
          rect(300, 140, 200, 76, 14, dark) +
          shine(300, 160, 200, 6, 0) +
          shine(300, 180, 200, 6, 0) +
          rect(322, 212, 156, 40, 8, light) +
          rect(230, 240, 340, 450, 48, body) +
          shine(248, 270, 22, 390, 11),
        label: { x: 260, y: 320, w: 300, h: 300 },
      };
    case 'jar':
      return {
        svg:
          rect(195, 305, 410, 385, 40, body) +
          rect(180, 235, 440, 86, 20, dark) +
          shine(180, 262, 440, 6, 0) +
          shine(212, 330, 20, 330, 10),
        label: { x: 240, y: 360, w: 340, h: 285 },
      };
    case 'dropper':
      return {
        svg:
          `<path d="M360 215V150a40 40 0 0 1 80 0v65z" fill="${dark}"/>` +
          rect(335, 205, 130, 76, 10, hsl(hue, 20, 35)) +
          rect(355, 276, 90, 26, 6, light) +
          rect(260, 295, 280, 395, 44, hsl(hue, 55, 38)) +
          shine(276, 325, 18, 335, 9),
        label: { x: 285, y: 365, w: 230, h: 280 },
      };
    case 'tube':
      return {
        svg:
          rect(240, 118, 320, 46, 6, dark) +
          [262, 294, 326, 358, 390, 422, 454, 486, 518].map((x) => rect(x, 126, 12, 30, 3, light)).join('') +
          `<path d="M252 160h296l-28 440q-3 30-33 32H313q-30-2-33-32z" fill="${body}"/>` +
          rect(335, 626, 130, 70, 12, dark) +
          shine(335, 644, 130, 6, 0),
        label: { x: 280, y: 190, w: 240, h: 315 },
      };
    case 'box':
      return {
        svg:
          `<path d="M210 250l80-50h300l-80 50z" fill="${light}"/>` +
          `<path d="M510 250l80-50v440l-80 50z" fill="${dark}"/>` +
          rect(210, 250, 300, 440, 0, body),
        label: { x: 230, y: 290, w: 260, h: 360 },
      };
    case 'vial':
      return {
        svg:
          rect(325, 168, 150, 48, 12, body) +
          rect(312, 210, 176, 58, 8, '#b8bec6') +
          shine(312, 226, 176, 5, 0, '.45') +
          rect(342, 266, 116, 30, 4, hsl(hue, 30, 86)) +
          rect(268, 290, 264, 400, 30, hsl(hue, 35, 88)) +
          rect(280, 430, 240, 248, 22, hsl(hue, 50, 72)) +
          shine(284, 310, 16, 360, 8, '.5'),
        label: { x: 280, y: 370, w: 240, h: 250 },
      };
  }
}

function drawLabel(label: Box, product: SeedProduct): string {
  const { hue } = product.image;
  const pad = 18;
  const cx = label.x + label.w / 2;
  const inner = label.w - pad * 2;
  const accent = hsl(hue, 50, 34);
  const brandSize = Math.min(15, Math.floor((inner - 16) / (BRAND.length * BRAND_EM)));
  const brandStart = Math.round(cx - (BRAND.length * brandSize * BRAND_EM + 16) / 2);

  const nameTop = label.y + 62;
  const nameBottom = label.y + label.h - 58;
  const { lines, fontSize } = fitName(product.name, label.w - 30, nameBottom - nameTop);
  const lineHeight = Math.round(fontSize * 1.18);
  const firstBaseline = Math.round(nameTop + (nameBottom - nameTop - lines.length * lineHeight) / 2 + lineHeight * 0.8);
  const tspans = lines
    .map((line, i) => `<tspan x="${cx}" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');

  const tagSize = Math.min(14, Math.floor((inner - 24) / (product.tag.length * CHAR_EM)));
  const pillWidth = Math.min(inner, Math.round(product.tag.length * tagSize * CHAR_EM + 28));
  const pillY = label.y + label.h - 46;

  return (
    rect(label.x, label.y, label.w, label.h, 16, '#fff') +
    `<circle cx="${brandStart + 5}" cy="${label.y + 29}" r="5" fill="${accent}"/>` +
    `<text x="${brandStart + 16}" y="${label.y + 34}" font-size="${brandSize}" font-weight="600" fill="${accent}" ` +
    `letter-spacing=".4">${BRAND}</text>` +
    rect(label.x + pad, label.y + 48, inner, 2, 1, hsl(hue, 40, 88)) +
    `<text font-size="${fontSize}" font-weight="700" fill="#1f2933" text-anchor="middle">${tspans}</text>` +
    rect(Math.round(cx - pillWidth / 2), pillY, pillWidth, 30, 15, hsl(hue, 55, 92)) +
    `<text x="${cx}" y="${pillY + 20}" font-size="${tagSize}" font-weight="600" fill="${accent}" ` +
    `text-anchor="middle">${escapeXml(product.tag)}</text>`
  );
}

function renderProductSvg(product: SeedProduct): string {
  const { hue, shape } = product.image;
  const { svg, label } = drawContainer(shape, hue);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" ` +
    `font-family="${FONT}" role="img" aria-label="${escapeXml(product.name)}">` +
    rect(0, 0, SIZE, SIZE, 0, hsl(hue, 60, 95)) +
    `<circle cx="400" cy="410" r="310" fill="${hsl(hue, 55, 89)}"/>` +
    `<circle cx="650" cy="150" r="46" fill="${hsl((hue + 40) % 360, 60, 90)}"/>` +
    `<circle cx="140" cy="620" r="30" fill="${hsl((hue + 320) % 360, 60, 90)}"/>` +
    `<ellipse cx="400" cy="700" rx="240" ry="22" fill="${hsl(hue, 30, 72)}" fill-opacity=".55"/>` +
    svg +
    drawLabel(label, product) +
    '</svg>\n'
  );
}

function writeAll(): void {
  const outDir = fileURLToPath(new URL('../../../assets/products/', import.meta.url));
  mkdirSync(outDir, { recursive: true });
  for (const product of products) {
    writeFileSync(`${outDir}${product.slug}.svg`, renderProductSvg(product));
  }
  console.log(`Generated ${products.length} product images in ${outDir}`);
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  writeAll();
}
