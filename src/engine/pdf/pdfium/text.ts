/**
 * A page's words from PDFium's characters, cut as pdf.js cut them (decision 001, "Issue 14: PDFium
 * reads the pages"). pdf.js joined glyphs into runs (text items) by its text layout's factors, named
 * below, and the engine placed each word of a run at the share of the run's width its characters
 * take (pdf/glyph-widths.ts). The engine's table finding is tuned on those words: PDFium's
 * characters are joined into the same runs, each run starting and ending where its glyphs do, so a
 * page reads as it did; inside a run each word is placed where its glyphs are (text-chunks.ts
 * runToChunks with the run's `edges`), which pdf.js could only guess.
 */
import type { TextChunk } from '../../types.ts';
import { directionDeg, quarter, runToChunks, turnForCounts, type GlyphRun } from '../text-chunks.ts';
import type { Matrix } from '../matrix.ts';
import { A, B, BOT, C, D, FIELDS, FS, L, OX, OY, R, T, type PageChars } from './chars.ts';

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

/** Writing direction of each character in the upright view: unit vector and size. */
export interface Placed {
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

/** Every character placed in `view` (undefined where it cannot be: no size, no direction). */
export function placeChars(chars: PageChars, view: Matrix): (Placed | undefined)[] {
  const placed: (Placed | undefined)[] = [];
  for (let i = 0; i < chars.count; i++) {
    const p = emptyPlaced();
    placed.push(place(chars, i, view, p) ? p : undefined);
  }
  return placed;
}

/**
 * The extra clockwise rotation that makes most characters read left to right in the view they
 * were placed in (as text-chunks.ts dominantTextRotation judges pdf.js's items).
 */
export function dominantRotation(placed: readonly (Placed | undefined)[]): number {
  const counts = [0, 0, 0, 0];
  for (const p of placed) {
    if (!p) continue;
    const q = quarter(directionDeg(p.ux, p.uy)) / 90;
    counts[q] = (counts[q] ?? 0) + 1;
  }
  return turnForCounts(counts);
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
  /** Where each UTF-16 unit of `str` ends, along the writing direction from the run's start: edges[0] is 0. */
  edges: number[];
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
  // Each word where its glyphs are, not at a share of the run's width weighed by a common face:
  // two cells set half an em apart are one run, and the share put the second cell's first word up
  // to two points off the column it starts (general 6008-17).
  if (width > 0) glyphs.edges = run.edges.map((e) => e / width);
  runToChunks(glyphs, out);
}

/**
 * The page's words, in content order, placed in the upright view `view`. Runs are cut as pdf.js's
 * text layout cuts them: at a new line, font, size or direction, a step back, or a gap past
 * RUN_GAP (the run after it follows a written space); a gap past SPACE_GAP within a run, or a space
 * the PDF writes, is a space in its text.
 */
export function charsToChunks(chars: PageChars, placedInView: readonly (Placed | undefined)[], page: { width: number; height: number }): TextChunk[] {
  // As pdf.js: a glyph whose origin is off the page is not text of the page (crop marks, slugs),
  // save past the right edge, where words going on from the page's lines are kept (keepEdgeWords).
  const placed = placedInView.map((p) => (p && !(p.x + p.advance < 0 || p.y < 0 || p.y > page.height) ? p : undefined));
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
      run = { start: p, font, str: text, endX: 0, endY: 0, writtenSpace: sep === 'run', edges: [0] };
      sep = '';
    }
    const from = (p.x - run.start.x) * run.start.ux + (p.y - run.start.y) * run.start.uy;
    // A space between glyphs spans the gap up to this glyph; every unit of the glyph's text (a
    // ligature spelled out, a character outside the basic plane) ends where the glyph does.
    if (sep === ' ') run.edges.push(from);
    for (let u = 0; u < text.length; u++) run.edges.push(from + p.advance);
    run.endX = p.x + p.ux * p.advance;
    run.endY = p.y + p.uy * p.advance;
    prev = p;
  }
  if (run) closeRun(run, monospace.get(run.font) === true, out);
  return keepEdgeWords(out, page.width);
}

/**
 * The words past the page's right edge that go on from a line on the page, a word gap apart, and
 * no others. A table set wider than the page runs its last cells past the edge (groff, general
 * 6015-21): a cell cut at the edge (`Produc`) is read to its end, as the PDF writes it, while text
 * wholly apart off the page (a slug, a crop mark's label) stays out, as in pdf.js.
 */
function keepEdgeWords(chunks: readonly TextChunk[], width: number): TextChunk[] {
  const off = chunks.filter((c) => c.x0 > width).sort((a, b) => a.x0 - b.x0);
  if (off.length === 0) return chunks as TextChunk[];
  const onLine = chunks.filter((c) => c.x0 <= width && c.x1 > width - RUN_GAP * c.size);
  const kept = new Set<TextChunk>();
  for (const c of off) {
    const follows = (k: TextChunk) => Math.abs(k.y1 - c.y1) < LINE_SHIFT * c.size && c.x0 >= k.x1 - LINE_SHIFT * c.size && c.x0 - k.x1 <= RUN_GAP * c.size;
    if (onLine.some(follows) || [...kept].some(follows)) kept.add(c);
  }
  return chunks.filter((c) => c.x0 <= width || kept.has(c));
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
