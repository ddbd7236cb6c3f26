/**
 * A page's words from PDFium's characters, cut as pdf.js cut them (decision 001, "Issue 14: PDFium
 * reads the pages"). pdf.js joined glyphs into runs (text items) by its text layout's factors, named
 * below, and the engine placed each word of a run at the share of the run's width its characters
 * take (pdf/glyph-widths.ts). The engine's table finding is tuned on those words: PDFium's
 * characters are joined into the same runs, each run starting and ending where its glyphs do, and
 * its words placed the same way (text-chunks.ts runToChunks), so a page reads as it did.
 */
import type { TextChunk } from '../../types.ts';
import { directionDeg, quarter, runToChunks, type GlyphRun } from '../text-chunks.ts';
import type { Matrix } from '../matrix.ts';
import type { Pdfium } from './module.ts';

/** A gap wider than this share of the font size is a space (pdf.js's TRACKING_SPACE_FACTOR). */
export const SPACE_GAP = 0.102;
/**
 * A gap wider than this share of the size ends the run (pdf.js's SPACE_IN_FLOW_MAX_FACTOR as the
 * engine's pdf.js reads it: runtime/pdfjs-scripts.ts `runPerCell`).
 */
export const RUN_GAP = 0.45;
/**
 * A written space the next glyph follows by no more than this share of the size was kerned away
 * (`Fr[( ) -232]ete`): not a space (pdf.js's NOT_A_SPACE_FACTOR).
 */
export const NOT_A_SPACE = 0.03;
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
  /** The character's font (a handle: equal handles, one font), 0 when unknown. */
  fonts: Uint32Array;
  /** Where the character's text object comes in the page's content (its drawing order). */
  ranks: Uint32Array;
  count: number;
  /**
   * Why the page's words are better placed by pdf.js, if they are (the caller hands the document
   * to it): see handBackReason.
   */
  handBack?: string;
}

/** The standard 14 fonts and the names producers give them: without the font, widths are guessed. */
const STANDARD = /^(helvetica|times|courier|symbol|zapfdingbats)(-|$)/i;
/** TeX's math fonts: formulae set glyph by glyph with big delimiters and radicals. */
const TEX_MATH = /^(cmex|cmsy|cmmi|cmbsy|cmmib|msam|msbm|eufm|rsfs)\d/i;

/**
 * Why a font's glyphs are not placed by PDFium as the engine expects, if so:
 * - a standard font the PDF does not carry: PDFium measures its glyphs with its own substitute's
 *   widths (`€` 0.667 em where Helvetica's is 0.556) where the PDF gives none, moving every column;
 * - TeX's math fonts: the engine's reading of formulae (never tables) was tuned on pdf.js's placing
 *   of their glyphs.
 */
function fontHandBack(lib: Pdfium, font: number, scratch: number): string | undefined {
  const { fn, heap } = lib;
  const length = fn.FPDFFont_GetBaseFontName(font, scratch, 64);
  const bytes = heap().u8.subarray(scratch, scratch + Math.max(0, Math.min(64, length) - 1));
  // A subset's name starts with six letters and a plus: `ABCDEF+CMEX10`.
  const name = new TextDecoder('latin1').decode(bytes).replace(/^[A-Z]{6}\+/, '');
  if (TEX_MATH.test(name)) return `TeX math font ${name}`;
  if (STANDARD.test(name) && !fn.FPDFFont_GetIsEmbedded(font)) return `standard font ${name} not embedded`;
  return undefined;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0xa0 || code === 0x09 || (code >= 0x2000 && code <= 0x200b) || code === 0x3000 || code === 0x202f;
}

/** PDFium marks a hyphen it judged a line-break one with U+0002: it is the hyphen printed. */
const HYPHEN_MARK = 0x02;

/**
 * A glyph's loose box spans its outline where that passes its advance (Latin Modern's letters
 * overhang theirs): where the next glyph of its line starts inside the box, the glyph's advance
 * ends there, as pdf.js measures a run by its glyphs' widths. Upright text only.
 */
function endAdvance(values: Float64Array, i: number, nextX: number, nextY: number): boolean {
  const k = i * FIELDS;
  const upright = values[k + A]! > 0 && values[k + B] === 0 && values[k + C] === 0 && values[k + D]! > 0;
  if (!(upright && nextY === values[k + OY] && nextX > values[k + OX]! && nextX < values[k + R]!)) return false;
  values[k + R] = nextX;
  return true;
}

/** Reads the characters of a loaded text page. */
export function readChars(lib: Pdfium, textPage: number, scratch: number, objectRank: ReadonlyMap<number, number>): PageChars {
  const { fn, heap } = lib;
  const total = Math.max(0, fn.FPDFText_CountChars(textPage));
  const codes = new Uint32Array(total);
  const ranks = new Uint32Array(total);
  const values = new Float64Array(total * FIELDS);
  const spaceBefore = new Uint8Array(total);
  const fonts = new Uint32Array(total);
  const seen = new Set<number>();
  let lastObject = 0;
  let lastFont = 0;
  let handBack: string | undefined;
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
    // Every letter of a ligature before it (one origin) ends where this glyph starts.
    for (let k = count - 1; k >= 0 && endAdvance(values, k, values[base + OX]!, values[base + OY]!); k--) {
      if (k === 0 || values[(k - 1) * FIELDS + OX] !== values[k * FIELDS + OX] || values[(k - 1) * FIELDS + OY] !== values[k * FIELDS + OY]) break;
    }
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
    const object = fn.FPDFText_GetTextObject(textPage, i);
    // Two glyphs of one object never share an origin unless PDFium spelled them:
    // PDFium spelled these characters from the PDF's ActualText in place of the glyphs drawn, all
    // at the object's origin and placed by splitting its box: not the glyphs' places (a leader
    // `[( ) (.) (.)]` read as `. .`, the space before it lost).
    if (count > 0 && object === lastObject && values[base + OX] === values[base - FIELDS + OX] && values[base + OY] === values[base - FIELDS + OY] && values[base + L] !== values[base - FIELDS + L]) handBack ??= 'text spelled from ActualText';
    if (object !== lastObject) {
      lastObject = object;
      lastFont = object ? fn.FPDFTextObj_GetFont(object) >>> 0 : 0;
      if (lastFont && !seen.has(lastFont)) {
        seen.add(lastFont);
        handBack ??= fontHandBack(lib, lastFont, scratch);
      }
    }
    fonts[count] = lastFont;
    ranks[count] = objectRank.get(object) ?? 0;
    codes[count] = code;
    spaceBefore[count] = space ? 1 : 0;
    space = false;
    count++;
  }
  return { codes, values, spaceBefore, fonts, ranks, count, ...(handBack ? { handBack } : {}) };
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
  const x = m[0] * ox + m[2] * oy + m[4];
  const y = m[1] * ox + m[3] * oy + m[5];
  // Along the writing direction the glyph spans its loose box; PDFium's origin can stay at its
  // text object's start for every glyph of a run (leader dots set by TJ), the box does not. Across
  // it, the baseline is the origin's.
  let lo = Infinity;
  let hi = -Infinity;
  const xs0 = v[k + L]!, xs1 = v[k + R]!, ys0 = v[k + BOT]!, ys1 = v[k + T]!;
  for (let q = 0; q < 4; q++) {
    const px = q & 1 ? xs1 : xs0;
    const py = q & 2 ? ys1 : ys0;
    const along = (m[0] * px + m[2] * py + m[4]) * out.ux + (m[1] * px + m[3] * py + m[5]) * out.uy;
    if (along < lo) lo = along;
    if (along > hi) hi = along;
  }
  const shift = lo - (x * out.ux + y * out.uy);
  out.x = x + out.ux * shift;
  out.y = y + out.uy * shift;
  const advance = hi - lo;
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

/** A run being built: where it starts, how it is written, its text and where it ends. */
interface OpenRun {
  start: Placed;
  font: number;
  str: string;
  endX: number;
  endY: number;
  writtenSpace: boolean;
}

function closeRun(run: OpenRun, monospace: boolean, out: TextChunk[]): void {
  const p = run.start;
  const width = (run.endX - p.x) * p.ux + (run.endY - p.y) * p.uy;
  const glyphs: GlyphRun = {
    str: run.str,
    x: p.x,
    y: p.y,
    ux: p.ux,
    uy: p.uy,
    vx: p.vx,
    vy: p.vy,
    size: p.size,
    width: width > 0 ? width : p.size * 0.5 * run.str.length,
    monospace,
    writtenSpace: run.writtenSpace,
  };
  runToChunks(glyphs, out);
}

/**
 * The page's words, in content order, placed in the upright view `view`. Runs are cut as pdf.js's
 * text layout cuts them: at a new line, font, size or direction, a step back, or a gap past
 * RUN_GAP (the run after it follows a written space); a gap past SPACE_GAP within a run, or a space
 * the PDF writes, is a space in its text.
 */
export function charsToChunks(chars: PageChars, view: Matrix, page: { width: number; height: number }): TextChunk[] {
  const placed: (Placed | undefined)[] = [];
  for (let i = 0; i < chars.count; i++) {
    const p = emptyPlaced();
    // As pdf.js: a glyph whose origin is off the page is not text of the page (crop marks, slugs).
    const on = place(chars, i, view, p) && !(p.x + p.advance < 0 || p.x > page.width || p.y < 0 || p.y > page.height);
    placed.push(on ? p : undefined);
  }
  const monospace = monospacedFonts(chars, placed);
  const out: TextChunk[] = [];
  let run: OpenRun | undefined;
  let prev: Placed | undefined;
  for (const i of contentOrder(chars)) {
    const p = placed[i];
    if (!p) continue;
    const text = spell(chars.codes[i]!);
    const font = chars.fonts[i]!;
    let sep: '' | ' ' | 'run' | 'new' = 'new';
    if (run && prev) {
      const sameRun = font === run.font && Math.abs(p.ux - prev.ux) < 1e-3 && Math.abs(p.uy - prev.uy) < 1e-3 && Math.abs(p.size - prev.size) <= SIZE_CHANGE * prev.size;
      const gx = p.x - run.endX;
      const gy = p.y - run.endY;
      const along = gx * p.ux + gy * p.uy;
      const across = gx * p.vx + gy * p.vy;
      // PDFium gives each letter of a ligature glyph (`ﬂ` as f, l) the glyph's own box.
      const sameGlyph = p.x === prev.x && p.y === prev.y;
      if (sameRun && sameGlyph) sep = '';
      else if (sameRun && Math.abs(across) <= LINE_SHIFT * p.size && along >= -BACK_STEP * p.size) {
        if (along > RUN_GAP * p.size) sep = 'run';
        else sep = along > SPACE_GAP * p.size || (chars.spaceBefore[i] === 1 && along > NOT_A_SPACE * p.size) ? ' ' : '';
      }
    }
    if (run && (sep === '' || sep === ' ')) {
      run.str += sep + text;
    } else {
      if (run) closeRun(run, monospace.get(run.font) === true, out);
      run = { start: p, font, str: text, endX: 0, endY: 0, writtenSpace: sep === 'run' };
    }
    run.endX = p.x + p.ux * p.advance;
    run.endY = p.y + p.uy * p.advance;
    prev = p;
  }
  if (run) closeRun(run, monospace.get(run.font) === true, out);
  return out;
}

/**
 * The characters in the order the page draws them, as pdf.js reads them: PDFium's text page moves
 * a text object next to the line it joins (groff's `Of` and `fice` of one word, with another line
 * between them in its list), which would cut runs pdf.js kept whole.
 */
function contentOrder(chars: PageChars): number[] {
  const order = Array.from({ length: chars.count }, (_, i) => i);
  const { ranks } = chars;
  let sorted = true;
  for (let i = 1; i < chars.count && sorted; i++) sorted = ranks[i - 1]! <= ranks[i]!;
  return sorted ? order : order.sort((a, b) => ranks[a]! - ranks[b]! || a - b);
}

/**
 * Fonts whose glyphs on the page all advance alike: pdf.js calls a font monospaced when its widths
 * are all one (its descriptor's flag aside), and its words are then placed by equal shares.
 */
function monospacedFonts(chars: PageChars, placed: readonly (Placed | undefined)[]): Map<number, boolean> {
  const em = new Map<number, number>();
  const out = new Map<number, boolean>();
  for (let i = 0; i < chars.count; i++) {
    const p = placed[i];
    const font = chars.fonts[i]!;
    if (!p || !(p.advance > 0) || out.get(font) === false) continue;
    const share = p.advance / p.size;
    const first = em.get(font);
    if (first === undefined) {
      em.set(font, share);
      out.set(font, true);
    } else if (Math.abs(first - share) > 1e-3) out.set(font, false);
  }
  return out;
}
