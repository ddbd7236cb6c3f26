/**
 * Draws the app icons (a white document with a table on the app's blue) as PNGs with Node alone:
 * `npx tsx scripts/make-icons.ts`. The PNGs are committed; rerun only when the design changes.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type RGBA = [number, number, number, number];
const BLUE: RGBA = [29, 78, 216, 255]; // #1d4ed8, the manifest's theme_color
const WHITE: RGBA = [255, 255, 255, 255];
const FOLD: RGBA = [191, 219, 254, 255]; // #bfdbfe
const LINE: RGBA = [29, 78, 216, 255];

/** A shape in unit coordinates (0–1 across the icon). */
type Shape = { inside: (x: number, y: number) => boolean; color: RGBA };

function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number, color: RGBA): Shape {
  return {
    color,
    inside: (x, y) => {
      if (x < x0 || x > x1 || y < y0 || y > y1) return false;
      const cx = Math.min(Math.max(x, x0 + r), x1 - r);
      const cy = Math.min(Math.max(y, y0 + r), y1 - r);
      return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
    },
  };
}

/** The document: a page whose top-right corner is folded, with a 3×4 table drawn on it. */
function documentShapes(scale: number): Shape[] {
  const s = (v: number) => 0.5 + (v - 0.5) * scale;
  const [left, top, right, bottom, fold] = [s(0.27), s(0.18), s(0.73), s(0.82), 0.13 * scale];
  const page: Shape = {
    color: WHITE,
    inside: (x, y) => roundedRect(left, top, right, bottom, 0.03 * scale, WHITE).inside(x, y) && !(x > right - fold && y < top + fold && x - (right - fold) > y - top),
  };
  const corner: Shape = { color: FOLD, inside: (x, y) => x > right - fold && x <= right && y >= top && y < top + fold && x - (right - fold) <= y - top };
  const shapes: Shape[] = [page, corner];
  const [tl, tr, tt, tb] = [left + 0.06 * scale, right - 0.06 * scale, top + 0.2 * scale, bottom - 0.08 * scale];
  const w = 0.018 * scale;
  for (let i = 0; i <= 4; i++) {
    const y = tt + ((tb - tt) * i) / 4;
    shapes.push({ color: LINE, inside: (x, yy) => x >= tl && x <= tr && Math.abs(yy - y) <= w / 2 });
  }
  for (let i = 0; i <= 3; i++) {
    const x = tl + ((tr - tl) * i) / 3;
    shapes.push({ color: LINE, inside: (xx, y) => y >= tt && y <= tb && Math.abs(xx - x) <= w / 2 });
  }
  return shapes;
}

function render(size: number, shapes: Shape[], samples = 4): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          let color: RGBA = [0, 0, 0, 0];
          for (const shape of shapes) if (shape.inside(x, y)) color = shape.color;
          const a = color[3] / 255;
          acc[0]! += color[0] * a;
          acc[1]! += color[1] * a;
          acc[2]! += color[2] * a;
          acc[3]! += a;
        }
      }
      const o = py * (size * 4 + 1) + 1 + px * 4;
      const alpha = acc[3]!;
      raw[o] = alpha ? Math.round(acc[0]! / alpha) : 0;
      raw[o + 1] = alpha ? Math.round(acc[1]! / alpha) : 0;
      raw[o + 2] = alpha ? Math.round(acc[2]! / alpha) : 0;
      raw[o + 3] = Math.round((alpha / (samples * samples)) * 255);
    }
  }
  return png(size, raw);
}

function png(size: number, raw: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const fullBleed = (color: RGBA): Shape => ({ color, inside: () => true });
const outDir = new URL('../public/icons/', import.meta.url);
mkdirSync(outDir, { recursive: true });
const icons: [string, number, Shape[]][] = [
  // 'any': a rounded tile, the document filling most of it.
  ['icon-192.png', 192, [roundedRect(0, 0, 1, 1, 0.18, BLUE), ...documentShapes(1)]],
  ['icon-512.png', 512, [roundedRect(0, 0, 1, 1, 0.18, BLUE), ...documentShapes(1)]],
  // 'maskable': full bleed, the document inside the central 80 % safe zone.
  ['maskable-192.png', 192, [fullBleed(BLUE), ...documentShapes(0.8)]],
  ['maskable-512.png', 512, [fullBleed(BLUE), ...documentShapes(0.8)]],
  // iOS rounds the corners itself and shows transparency as black.
  ['apple-touch-icon-180.png', 180, [fullBleed(BLUE), ...documentShapes(0.9)]],
];
for (const [name, size, shapes] of icons) {
  writeFileSync(new URL(name, outDir), render(size, shapes));
  console.log(`public/icons/${name} ${size}x${size}`);
}
