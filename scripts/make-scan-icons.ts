// Draws the Scan app's icons (a loyalty card with a barcode on the brand blue)
// and writes them as PNGs to public/base-scan/icons/. Run after changing the
// design: `npx tsx scripts/make-scan-icons.ts`; the PNGs are committed.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { encodePng } from "./encode-png";

type Rgba = [number, number, number, number];

const BLUE: Rgba = [0x1e, 0x40, 0xaf, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const INK: Rgba = [0x0f, 0x17, 0x2a, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
// Bar widths in modules, alternating bar and space: reads as a barcode at 48 px.
const BARS = [2, 1, 1, 1, 3, 1, 1, 2, 2, 1, 1, 1, 3, 2, 1, 1, 2, 1, 1, 1, 3, 1, 2];
const SUPERSAMPLE = 4;

function insideRoundedRect(x: number, y: number, left: number, top: number, w: number, h: number, r: number): boolean {
  if (x < left || y < top || x > left + w || y > top + h) return false;
  const cx = Math.min(Math.max(x, left + r), left + w - r);
  const cy = Math.min(Math.max(y, top + r), top + h - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The colour at a point of the unit square (0..1). */
function colourAt(x: number, y: number, maskable: boolean): Rgba {
  if (!maskable && !insideRoundedRect(x, y, 0, 0, 1, 1, 0.22)) return CLEAR;
  const card = { left: 0.19, top: 0.29, w: 0.62, h: 0.42 };
  if (!insideRoundedRect(x, y, card.left, card.top, card.w, card.h, 0.05)) return BLUE;
  const barsLeft = card.left + 0.08;
  const barsWidth = card.w - 0.16;
  if (y < card.top + 0.08 || y > card.top + card.h - 0.08 || x < barsLeft || x > barsLeft + barsWidth) return WHITE;
  const modules = BARS.reduce((sum, width) => sum + width, 0);
  let at = ((x - barsLeft) / barsWidth) * modules;
  for (let index = 0; index < BARS.length; index += 1) {
    at -= BARS[index]!;
    if (at < 0) return index % 2 === 0 ? INK : WHITE;
  }
  return WHITE;
}

function drawIcon(size: number, maskable: boolean): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SUPERSAMPLE; sy += 1) {
        for (let sx = 0; sx < SUPERSAMPLE; sx += 1) {
          const colour = colourAt(
            (px + (sx + 0.5) / SUPERSAMPLE) / size,
            (py + (sy + 0.5) / SUPERSAMPLE) / size,
            maskable,
          );
          // Premultiplied, so transparent corners do not darken the edge.
          sum[0]! += colour[0] * colour[3];
          sum[1]! += colour[1] * colour[3];
          sum[2]! += colour[2] * colour[3];
          sum[3]! += colour[3];
        }
      }
      const offset = (py * size + px) * 4;
      const alpha = sum[3]!;
      pixels[offset] = alpha ? Math.round(sum[0]! / alpha) : 0;
      pixels[offset + 1] = alpha ? Math.round(sum[1]! / alpha) : 0;
      pixels[offset + 2] = alpha ? Math.round(sum[2]! / alpha) : 0;
      pixels[offset + 3] = Math.round(alpha / SUPERSAMPLE ** 2);
    }
  }
  return encodePng(size, size, pixels);
}

const out = path.resolve("public/base-scan/icons");
mkdirSync(out, { recursive: true });
const icons: [string, number, boolean][] = [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["maskable-512.png", 512, true],
  ["apple-touch-icon.png", 180, true],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(path.join(out, name), drawIcon(size, maskable));
  console.log(`wrote ${path.join(out, name)}`);
}
