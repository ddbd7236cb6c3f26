import type { InkMask } from './gray-image.ts';
import type { OcrWord } from './recognize.ts';

/**
 * A zero printed as a dash (`-`) in a table cell is a bar a few pixels tall standing alone: Tesseract
 * reads no word there (too little ink for a text line) and the missed-text step leaves it out as a
 * speck (decision 070, issue 10's zero cells). A dash is found by its shape instead: a solid flat bar
 * of a dash's size, with clear paper around it, on the middle of a line of text that was read.
 */
export interface DashOptions {
  /** Pixels per point of the mask. */
  pxPerPt: number;
}

/**
 * A dash's length in points (a hyphen to an en dash at 6–12 pt print; a photographed 8 pt hyphen
 * keeps about 1.4 pt of ink).
 */
export const DASH_MIN_LEN_PT = 1.2;
export const DASH_MAX_LEN_PT = 7;
/** A dash's thickness in points, and how much longer than thick it is at least. */
export const DASH_MAX_THICK_PT = 1.6;
export const DASH_MIN_ASPECT = 1.3;
/**
 * Grey level (of the OCR image, paper 255) at or below which a pixel is a dash's ink: a dash is so
 * small that Otsu's threshold keeps only its core, a round speck.
 */
export const DASH_INK_LEVEL = 200;
/** Share of its box a dash's ink fills (a bar, not a stroke of a glyph). */
export const DASH_MIN_FILL = 0.6;
/** Paper around a dash with no other ink, in points: along the line and across it. */
export const DASH_CLEAR_X_PT = 2;
export const DASH_CLEAR_Y_PT = 1.5;
/**
 * A dash stands between the baseline and the x-height of the line it is on: its centre lies this
 * far above the baseline, in ems of the line's words (a remnant of a rule lies between two lines).
 */
export const DASH_CENTRE_MIN_EM = 0.1;
export const DASH_CENTRE_MAX_EM = 0.6;
/** How sure a dash found by its shape is (cells under 0.6 are flagged for review, cell-confidence.ts). */
export const DASH_CONFIDENCE = 0.6;

interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  ink: number;
}

/** The connected ink (8-neighbours) from (sx, sy), marked in `seen`; undefined once it outgrows `maxW` × `maxH`. */
function blobAt(mask: InkMask, seen: Uint8Array, start: number, maxW: number, maxH: number): Blob | undefined {
  const w = mask.width;
  const stack = [start];
  seen[start] = 1;
  const b: Blob = { x0: start % w, y0: Math.floor(start / w), x1: start % w, y1: Math.floor(start / w), ink: 0 };
  let small = true;
  while (stack.length) {
    const k = stack.pop()!;
    const x = k % w;
    const y = (k - x) / w;
    b.ink++;
    b.x0 = Math.min(b.x0, x);
    b.x1 = Math.max(b.x1, x);
    b.y0 = Math.min(b.y0, y);
    b.y1 = Math.max(b.y1, y);
    if (b.x1 - b.x0 >= maxW || b.y1 - b.y0 >= maxH) small = false;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= mask.height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= w) continue;
        const n = yy * w + xx;
        if (mask.data[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
  }
  return small ? { ...b, x1: b.x1 + 1, y1: b.y1 + 1 } : undefined;
}

/** Whether the paper around `b` (CLEAR margins) holds no ink outside `b`. */
function standsAlone(mask: InkMask, b: Blob, clearX: number, clearY: number): boolean {
  const x0 = Math.max(0, b.x0 - clearX);
  const x1 = Math.min(mask.width, b.x1 + clearX);
  const y0 = Math.max(0, b.y0 - clearY);
  const y1 = Math.min(mask.height, b.y1 + clearY);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1) continue;
      if (mask.data[y * mask.width + x]) return false;
    }
  }
  return true;
}

/**
 * Dashes no word covers, as words `-` on the line of the nearest read word whose middle they sit
 * on (its size, baseline and line, so the table finders put them in that row). `words` are
 * measured (em, baseline) in the mask's pixels.
 */
export function findDashMarks(mask: InkMask, words: readonly OcrWord[], opts: DashOptions): OcrWord[] {
  const u = opts.pxPerPt;
  const minLen = DASH_MIN_LEN_PT * u;
  const maxLen = DASH_MAX_LEN_PT * u;
  const maxThick = Math.max(2, DASH_MAX_THICK_PT * u);
  const { width: w, height: h } = mask;
  // Ink inside (or a pixel beside) a read word is that word's: never looked at.
  const seen = new Uint8Array(w * h);
  for (const b of words) {
    for (let y = Math.max(0, Math.floor(b.y0) - 1); y < Math.min(h, Math.ceil(b.y1) + 1); y++) {
      seen.fill(1, y * w + Math.max(0, Math.floor(b.x0) - 1), y * w + Math.min(w, Math.ceil(b.x1) + 1));
    }
  }
  const out: OcrWord[] = [];
  for (let k = 0; k < w * h; k++) {
    if (!mask.data[k] || seen[k]) continue;
    const b = blobAt(mask, seen, k, maxLen + 1, maxThick + 1);
    if (!b) continue;
    const len = b.x1 - b.x0;
    const thick = b.y1 - b.y0;
    if (len < minLen || len > maxLen || thick > maxThick || len < DASH_MIN_ASPECT * thick) continue;
    if (b.ink < DASH_MIN_FILL * len * thick) continue;
    if (!standsAlone(mask, b, Math.round(DASH_CLEAR_X_PT * u), Math.round(DASH_CLEAR_Y_PT * u))) continue;
    const cy = (b.y0 + b.y1) / 2;
    let row: OcrWord | undefined;
    for (const word of words) {
      if (word.em === undefined || !/[\p{L}\p{N}]/u.test(word.text)) continue;
      const above = word.baseline - cy;
      if (above < DASH_CENTRE_MIN_EM * word.em || above > DASH_CENTRE_MAX_EM * word.em) continue;
      const gap = word.x0 > b.x1 ? word.x0 - b.x1 : b.x0 - word.x1;
      if (!row || gap < (row.x0 > b.x1 ? row.x0 - b.x1 : b.x0 - row.x1)) row = word;
    }
    if (!row) continue;
    out.push({
      text: '-',
      x0: b.x0,
      x1: b.x1,
      y0: Math.min(b.y0, row.baseline - (row.em ?? 0) * 0.72),
      y1: row.baseline,
      confidence: DASH_CONFIDENCE,
      rowHeight: row.rowHeight,
      baseline: row.baseline,
      ...(row.em !== undefined ? { em: row.em } : {}),
      ...(row.line !== undefined ? { line: row.line } : {}),
    });
  }
  return out;
}
