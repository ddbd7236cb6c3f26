/**
 * A page's words from PDFium's characters. pdf.js gave runs of glyphs (text items) whose words the
 * engine placed by a common sans face's widths (pdf/glyph-widths.ts); PDFium gives each character's
 * origin and advance, so a word's box is where the PDF puts its glyphs. Words are cut as pdf.js
 * cut its runs and spaces (its text layout's factors, named below), so a word is the same word.
 */
import type { TextChunk } from '../../types.ts';
import { ASCENT, DESCENT, directionDeg, quarter, UPRIGHT_TOLERANCE_DEG } from '../text-chunks.ts';
import type { Matrix } from '../matrix.ts';
import type { Pdfium } from './module.ts';

/** A gap wider than this share of the font size is a space (pdf.js's TRACKING_SPACE_FACTOR). */
export const SPACE_GAP = 0.102;
/** A step back wider than this share of the size starts a new word (pdf.js's NEGATIVE_SPACE_FACTOR). */
export const BACK_STEP = 0.2;
/** A baseline shift beyond this share of the size is another line (pdf.js's VERTICAL_SHIFT_RATIO). */
export const LINE_SHIFT = 0.25;
/** Sizes further apart than this share are two runs (pdf.js starts an item at a new font size). */
const SIZE_CHANGE = 0.01;

/** Values kept per character, in PDF user space. */
const FIELDS = 11;
const OX = 0, OY = 1, A = 2, B = 3, C = 4, D = 5, FS = 6, L = 7, T = 8, R = 9, BOT = 10;

/** The characters of a page, read once from PDFium. */
export interface PageChars {
  codes: Uint32Array;
  /** FIELDS numbers per character (origin, matrix, font size, loose box). */
  values: Float64Array;
  /** Whether a space the PDF writes (not one PDFium guessed) comes right before the character. */
  spaceBefore: Uint8Array;
  count: number;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0xa0 || code === 0x09 || (code >= 0x2000 && code <= 0x200b) || code === 0x3000 || code === 0x202f;
}

/** PDFium marks a hyphen it judged a line-break one with U+0002: it is the hyphen printed. */
const HYPHEN_MARK = 0x02;

/** Reads the characters of a loaded text page. */
export function readChars(lib: Pdfium, textPage: number, scratch: number): PageChars {
  const { fn, heap } = lib;
  const total = Math.max(0, fn.FPDFText_CountChars(textPage));
  const codes = new Uint32Array(total);
  const values = new Float64Array(total * FIELDS);
  const spaceBefore = new Uint8Array(total);
  const d = scratch >> 3;
  const f = scratch >> 2;
  let count = 0;
  let space = false;
  for (let i = 0; i < total; i++) {
    let code = fn.FPDFText_GetUnicode(textPage, i);
    if (code === HYPHEN_MARK) code = 0x2d;
    if (isSpace(code) || code === 0x0d || code === 0x0a) {
      // A space PDFium inserted where it judged a gap is not one the PDF writes: gaps are ours to judge.
      if (isSpace(code) && !fn.FPDFText_IsGenerated(textPage, i)) space = true;
      continue;
    }
    if (code < 0x20 || code === 0xfffe || code === 0xffff) continue;
    if (!fn.FPDFText_GetCharOrigin(textPage, i, scratch, scratch + 8)) continue;
    const base = count * FIELDS;
    let h = heap();
    values[base + OX] = h.f64[d]!;
    values[base + OY] = h.f64[d + 1]!;
    fn.FPDFText_GetMatrix(textPage, i, scratch);
    h = heap();
    values[base + A] = h.f32[f]!;
    values[base + B] = h.f32[f + 1]!;
    values[base + C] = h.f32[f + 2]!;
    values[base + D] = h.f32[f + 3]!;
    values[base + FS] = fn.FPDFText_GetFontSize(textPage, i);
    fn.FPDFText_GetLooseCharBox(textPage, i, scratch);
    h = heap();
    values[base + L] = h.f32[f]!;
    values[base + T] = h.f32[f + 1]!;
    values[base + R] = h.f32[f + 2]!;
    values[base + BOT] = h.f32[f + 3]!;
    codes[count] = code;
    spaceBefore[count] = space ? 1 : 0;
    space = false;
    count++;
  }
  return { codes, values, spaceBefore, count };
}

/** Writing direction of each character in the upright view: unit vector and size. */
interface Placed {
  x: number;
  y: number;
  ux: number;
  uy: number;
  /** Unit vector up the glyphs. */
  vx: number;
  vy: number;
  size: number;
  /** Advance along the writing direction, from the origin. */
  advance: number;
}

function place(chars: PageChars, i: number, m: Matrix, out: Placed): boolean {
  const v = chars.values;
  const k = i * FIELDS;
  const a = v[k + A]!, b = v[k + B]!, c = v[k + C]!, d = v[k + D]!;
  // Direction and up vector through the view's linear part (a rotation or reflection, scale 1).
  const dx = m[0] * a + m[2] * b;
  const dy = m[1] * a + m[3] * b;
  const upx = m[0] * c + m[2] * d;
  const upy = m[1] * c + m[3] * d;
  const len = Math.hypot(dx, dy);
  const upLen = Math.hypot(upx, upy);
  const size = v[k + FS]! * upLen;
  if (!(len > 0) || !(upLen > 0) || !(size > 0)) return false;
  out.ux = dx / len;
  out.uy = dy / len;
  out.vx = upx / upLen;
  out.vy = upy / upLen;
  out.size = size;
  const ox = v[k + OX]!, oy = v[k + OY]!;
  out.x = m[0] * ox + m[2] * oy + m[4];
  out.y = m[1] * ox + m[3] * oy + m[5];
  // The loose box's corners along the writing direction, measured from the origin: its far edge
  // is where the glyph's advance ends.
  let advance = 0;
  const xs0 = v[k + L]!, xs1 = v[k + R]!, ys0 = v[k + BOT]!, ys1 = v[k + T]!;
  for (let q = 0; q < 4; q++) {
    const px = q & 1 ? xs1 : xs0;
    const py = q & 2 ? ys1 : ys0;
    const ex = m[0] * px + m[2] * py + m[4] - out.x;
    const ey = m[1] * px + m[3] * py + m[5] - out.y;
    advance = Math.max(advance, ex * out.ux + ey * out.uy);
  }
  out.advance = advance;
  return true;
}

/**
 * The extra clockwise rotation that makes most characters read left to right under `view` (as
 * text-chunks.ts dominantTextRotation judges pdf.js's items).
 */
export function dominantRotation(chars: PageChars, view: Matrix): number {
  const counts = [0, 0, 0, 0];
  const p = emptyPlaced();
  for (let i = 0; i < chars.count; i++) {
    if (!place(chars, i, view, p)) continue;
    const q = quarter(directionDeg(p.ux, p.uy)) / 90;
    counts[q] = (counts[q] ?? 0) + 1;
  }
  let best = 0;
  for (let q = 1; q < 4; q++) if ((counts[q] ?? 0) > (counts[best] ?? 0)) best = q;
  if (best === 0 || (counts[best] ?? 0) <= 1.5 * (counts[0] ?? 0)) return 0;
  return (360 - best * 90) % 360;
}

function emptyPlaced(): Placed {
  return { x: 0, y: 0, ux: 1, uy: 0, vx: 0, vy: -1, size: 0, advance: 0 };
}

/** Ligatures and other presentation forms spelled out, as pdf.js's text normalises them. */
function spell(code: number): string {
  const ch = String.fromCodePoint(code);
  return code >= 0xfb00 && code <= 0xfb4f ? ch.normalize('NFKC') : ch;
}

interface Word {
  text: string;
  start: Placed;
  endX: number;
  endY: number;
  spaceBefore: boolean;
}

function toChunk(w: Word): TextChunk {
  const { ux, uy, vx, vy, size, x, y } = w.start;
  const length = (w.endX - x) * ux + (w.endY - y) * uy;
  const down = -DESCENT * size;
  const up = ASCENT * size;
  const xa = x + vx * down;
  const xb = x + vx * up;
  const xc = x + ux * length + vx * down;
  const xd = x + ux * length + vx * up;
  const ya = y + vy * down;
  const yb = y + vy * up;
  const yc = y + uy * length + vy * down;
  const yd = y + uy * length + vy * up;
  const chunk: TextChunk = {
    text: w.text.normalize('NFC'),
    x0: Math.min(xa, xb, xc, xd),
    y0: Math.min(ya, yb, yc, yd),
    x1: Math.max(xa, xb, xc, xd),
    y1: Math.max(ya, yb, yc, yd),
    size,
    upright: Math.abs(((directionDeg(ux, uy) + 180) % 360) - 180) <= UPRIGHT_TOLERANCE_DEG,
  };
  if (w.spaceBefore) chunk.spaceBefore = true;
  return chunk;
}

/** The page's words, in content order, placed in the upright view `view`. */
export function charsToChunks(chars: PageChars, view: Matrix): TextChunk[] {
  const out: TextChunk[] = [];
  let word: Word | undefined;
  // Where the last character's advance ended, and how it was written.
  let prev: Placed | undefined;
  let endX = 0;
  let endY = 0;
  for (let i = 0; i < chars.count; i++) {
    const p = emptyPlaced();
    if (!place(chars, i, view, p)) continue;
    const text = spell(chars.codes[i]!);
    let join = false;
    let spaced = chars.spaceBefore[i] === 1;
    if (word && prev) {
      const sameRun = Math.abs(p.ux - prev.ux) < 1e-3 && Math.abs(p.uy - prev.uy) < 1e-3 && Math.abs(p.size - prev.size) <= SIZE_CHANGE * prev.size;
      const gx = p.x - endX;
      const gy = p.y - endY;
      const along = gx * p.ux + gy * p.uy;
      const across = gx * p.vx + gy * p.vy;
      const sameLine = Math.abs(across) <= LINE_SHIFT * p.size;
      if (sameRun && sameLine && along >= -BACK_STEP * p.size) {
        if (along > SPACE_GAP * p.size) spaced = true;
        join = !spaced;
      } else if (!sameLine) {
        spaced = false;
      }
    }
    if (join && word) {
      word.text += text;
    } else {
      if (word) out.push(toChunk(word));
      word = { text, start: p, endX: 0, endY: 0, spaceBefore: spaced };
    }
    endX = p.x + p.ux * p.advance;
    endY = p.y + p.uy * p.advance;
    word.endX = endX;
    word.endY = endY;
    prev = p;
  }
  if (word) out.push(toChunk(word));
  return out;
}
