import { createImage, type GrayImage, type InkMask } from './gray-image.ts';
import type { OcrWord } from './recognize.ts';
import type { PixelBox } from './rules.ts';

/** How missed ink is gathered into regions, in pixels of the mask. */
export interface MissedOptions {
  /** Ink this close along a line (a word gap) belongs to one region. */
  joinX: number;
  /** Ink this close across lines belongs to one region. */
  joinY: number;
  /** Regions with less ink than this are specks. */
  minInk: number;
  /** Regions shorter or taller than this are not text. */
  minHeight: number;
  maxHeight: number;
  /** At most this many regions (the inkiest) are read again. */
  maxRegions: number;
}

/**
 * Ink no recognised word covers: the places where Tesseract's page layout skipped text (a cell it
 * took for a picture, a column it cut off). Uncovered ink pixels, joined across word and line gaps
 * into boxes, specks and non-text shapes left out.
 */
export function missedRegions(mask: InkMask, words: readonly PixelBox[], opts: MissedOptions): PixelBox[] {
  const { width: w, height: h } = mask;
  const covered = new Uint8Array(w * h);
  for (const b of words) {
    for (let y = Math.max(0, Math.floor(b.y0) - 2); y < Math.min(h, Math.ceil(b.y1) + 2); y++) {
      covered.fill(1, y * w + Math.max(0, Math.floor(b.x0) - 2), y * w + Math.min(w, Math.ceil(b.x1) + 2));
    }
  }
  // Coarse cells joinX × joinY: a cell is set when it holds uncovered ink.
  const cw = Math.max(1, opts.joinX);
  const ch = Math.max(1, opts.joinY);
  const gw = Math.ceil(w / cw);
  const gh = Math.ceil(h / ch);
  const count = new Uint32Array(gw * gh);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      if (mask.data[k] && !covered[k]) count[Math.floor(y / ch) * gw + Math.floor(x / cw)]!++;
    }
  }
  const seen = new Uint8Array(gw * gh);
  const regions: (PixelBox & { ink: number })[] = [];
  const stack: number[] = [];
  for (let start = 0; start < count.length; start++) {
    if (!count[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let gx0 = gw;
    let gy0 = gh;
    let gx1 = -1;
    let gy1 = -1;
    let ink = 0;
    while (stack.length) {
      const c = stack.pop()!;
      const gx = c % gw;
      const gy = (c - gx) / gw;
      ink += count[c]!;
      gx0 = Math.min(gx0, gx);
      gx1 = Math.max(gx1, gx);
      gy0 = Math.min(gy0, gy);
      gy1 = Math.max(gy1, gy);
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const nx = gx + dx;
        const ny = gy + dy;
        if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
        const n = ny * gw + nx;
        if (count[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    const box = { x0: gx0 * cw, y0: gy0 * ch, x1: Math.min(w, (gx1 + 1) * cw), y1: Math.min(h, (gy1 + 1) * ch), ink };
    const height = box.y1 - box.y0;
    if (ink >= opts.minInk && height >= opts.minHeight && height <= opts.maxHeight) regions.push(box);
  }
  return regions
    .sort((a, b) => b.ink - a.ink)
    .slice(0, opts.maxRegions)
    .map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 }));
}

/** Where each region landed in a stacked image. */
export interface Placement {
  box: PixelBox;
  /** Top of the region in the stacked image. */
  top: number;
}

/**
 * The regions of `img` cut out and stacked one under another on white, `gap` pixels apart: one
 * image to read them all in one OCR call.
 */
export function stackRegions(img: GrayImage, boxes: readonly PixelBox[], gap: number): { image: GrayImage; placed: Placement[] } {
  const width = Math.max(1, ...boxes.map((b) => b.x1 - b.x0)) + 2 * gap;
  const height = boxes.reduce((s, b) => s + (b.y1 - b.y0) + gap, gap);
  const out = createImage(width, height, 255);
  const placed: Placement[] = [];
  let top = gap;
  for (const b of boxes) {
    for (let y = b.y0; y < b.y1; y++) out.data.set(img.data.subarray(y * img.width + b.x0, y * img.width + b.x1), (top + y - b.y0) * width + gap);
    placed.push({ box: b, top });
    top += b.y1 - b.y0 + gap;
  }
  return { image: out, placed };
}

/** Words read on a stacked image moved back to where their region is on the page (words between regions are dropped). */
export function unstackWords(words: readonly OcrWord[], placed: readonly Placement[], gap: number): OcrWord[] {
  const out: OcrWord[] = [];
  for (const w of words) {
    const cy = (w.y0 + w.y1) / 2;
    const p = placed.find((q) => cy >= q.top && cy < q.top + (q.box.y1 - q.box.y0));
    if (!p) continue;
    const dx = p.box.x0 - gap;
    const dy = p.box.y0 - p.top;
    const glyphs = w.glyphs?.map((g) => ({ ...g, x0: g.x0 + dx, x1: g.x1 + dx }));
    out.push({ ...w, x0: w.x0 + dx, x1: w.x1 + dx, y0: w.y0 + dy, y1: w.y1 + dy, baseline: w.baseline + dy, line: (w.line ?? 0) + 100_000, ...(glyphs ? { glyphs } : {}) });
  }
  return out;
}
