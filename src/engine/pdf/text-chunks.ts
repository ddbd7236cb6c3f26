import type { TextChunk } from '../types.ts';
import { characterEdges } from './glyph-widths.ts';
import { multiply, toMatrix, type Matrix } from './matrix.ts';

/** The part of the em box above the baseline, and below it, as a share of the font size. */
export const ASCENT = 0.8;
export const DESCENT = 0.2;
/** Text whose direction is within this many degrees of the page's x axis counts as upright. */
export const UPRIGHT_TOLERANCE_DEG = 10;

/** A space item ending within this many sizes of the next item's start is the space before it. */
export const WRITTEN_SPACE_REACH = 0.5;

/** What we read of a pdf.js TextItem. */
export interface TextItemLike {
  str: string;
  transform: unknown;
  width: number;
  fontName?: string;
}

/** pdf.js's `styles` of a text content: the font family it guessed for each font name. */
export type FontStyles = Record<string, { fontFamily?: string } | undefined>;

/** An item placed on the page (its matrix in upright top-left coordinates). */
export interface Placed {
  m: Matrix;
  /** Unit vector along the writing direction, in upright top-left coordinates. */
  ux: number;
  uy: number;
  size: number;
}

function place(viewport: Matrix, item: TextItemLike): Placed | undefined {
  const t = toMatrix(item.transform);
  if (!t) return undefined;
  const m = multiply(viewport, t);
  const len = Math.hypot(m[0], m[1]);
  const size = Math.hypot(m[2], m[3]);
  if (!(len > 0) || !(size > 0)) return undefined;
  return { m, ux: m[0] / len, uy: m[1] / len, size };
}

/**
 * Each item placed by a viewport (undefined for an empty item or a degenerate matrix), once for
 * both readers below: the rotation is judged on the placements of the page's own viewport, and
 * when it needs no turn the words are cut from the same placements (issue 14: each item was
 * placed twice, a matrix product and three objects each time).
 */
export function placeItems(items: readonly TextItemLike[], viewport: Matrix): (Placed | undefined)[] {
  return items.map((item) => (item.str ? place(viewport, item) : undefined));
}

/** Direction of writing in degrees clockwise from the page's x axis (y grows downwards). */
export function directionDeg(ux: number, uy: number): number {
  const deg = (Math.atan2(uy, ux) * 180) / Math.PI;
  return (deg + 360) % 360;
}

/** The quarter turn (0, 90, 180, 270) closest to a direction. */
export function quarter(deg: number): number {
  return (Math.round(deg / 90) * 90) % 360;
}

/**
 * The extra clockwise page rotation that makes most of the text read left to right: counts the
 * characters written in each quarter direction.
 */
export function dominantTextRotation(items: readonly TextItemLike[], placed: readonly (Placed | undefined)[]): number {
  const counts = [0, 0, 0, 0];
  for (let i = 0; i < items.length; i++) {
    const text = items[i]!.str.trim();
    if (!text) continue;
    const p = placed[i];
    if (!p) continue;
    const q = quarter(directionDeg(p.ux, p.uy)) / 90;
    counts[q] = (counts[q] ?? 0) + text.length;
  }
  return turnForCounts(counts);
}

/**
 * The extra clockwise rotation a page needs, from the characters written in each quarter direction
 * (`counts[q]`: q quarter turns clockwise): none unless sideways text clearly dominates.
 */
export function turnForCounts(counts: readonly number[]): number {
  let best = 0;
  for (let q = 1; q < 4; q++) if ((counts[q] ?? 0) > (counts[best] ?? 0)) best = q;
  // Only turn the page when the sideways text clearly dominates upright text.
  if (best === 0 || (counts[best] ?? 0) <= 1.5 * (counts[0] ?? 0)) return 0;
  return (360 - best * 90) % 360;
}

/**
 * Turns pdf.js text items into word chunks: each item is split on whitespace and each word gets
 * the share of the item's advance width its characters take (pdf.js does not report glyph
 * widths: glyph-widths.ts weighs the characters as a common sans face would).
 */
export function itemsToChunks(items: readonly TextItemLike[], placed: readonly (Placed | undefined)[], styles: FontStyles = {}): TextChunk[] {
  const out: TextChunk[] = [];
  // Where the previous item ended when it ended with a space (one the PDF writes, or one pdf.js
  // reads off the font's own spacing; it comes as an item of its own): the word after it is a new
  // word however narrow the gap looks in our proportional widths (issue 10).
  let spaceEnd: { x: number; y: number } | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const str = item.str;
    const p = str ? placed[i] : undefined;
    const spaceAt = spaceEnd;
    spaceEnd = undefined;
    if (!str || !p) continue;
    const { m, ux, uy, size } = p;
    const width = Number.isFinite(item.width) && item.width > 0 ? item.width : size * 0.5 * str.length;
    if (/\s$/.test(str)) spaceEnd = { x: m[4] + ux * width, y: m[5] + uy * width };
    if (!str.trim()) continue;
    const writtenSpace = spaceAt !== undefined && Math.hypot(spaceAt.x - m[4], spaceAt.y - m[5]) <= WRITTEN_SPACE_REACH * size;
    // Unit vector pointing up the glyphs (from baseline towards ascender).
    const run: GlyphRun = { str, x: m[4], y: m[5], ux, uy, vx: m[2] / size, vy: m[3] / size, size, width, monospace: styles[item.fontName ?? '']?.fontFamily === 'monospace', writtenSpace };
    runToChunks(run, out);
  }
  return out;
}

/** A run of glyphs set as one (a pdf.js text item, pdfium/text.ts's runs), in the upright view. */
export interface GlyphRun {
  str: string;
  /** Where the run starts on its baseline. */
  x: number;
  y: number;
  /** Unit vector along the writing direction, and up the glyphs. */
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  size: number;
  /** Advance width of the whole run. */
  width: number;
  monospace: boolean;
  /** A space the PDF writes comes right before the run. */
  writtenSpace: boolean;
  /**
   * Where each UTF-16 unit of `str` ends, as a share of `width` (edges[0] is 0), where the reader
   * knows its glyphs' places (PDFium); else weighed by glyph-widths.ts.
   */
  edges?: number[];
}

/**
 * The run's words: split on whitespace, each placed at the share of the run's width its characters
 * take (glyph-widths.ts).
 */
export function runToChunks(run: GlyphRun, out: TextChunk[]): void {
  const { str, ux, uy, vx, vy, size, width } = run;
  const edges = run.edges ?? characterEdges(str, run.monospace);
  const upright = Math.abs(((directionDeg(ux, uy) + 180) % 360) - 180) <= UPRIGHT_TOLERANCE_DEG;
  const down = -DESCENT * size;
  const up = ASCENT * size;
  const re = /\S+/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(str)) !== null) {
    const start = (edges[match.index] ?? 0) * width;
    const end = (edges[match.index + match[0].length] ?? 1) * width;
    // The word's four corners (start and end along the baseline, descent and ascent up the
    // glyphs), as plain numbers: the same sums as before, without five arrays per word (issue 14).
    const xa = run.x + ux * start + vx * down;
    const xb = run.x + ux * start + vx * up;
    const xc = run.x + ux * end + vx * down;
    const xd = run.x + ux * end + vx * up;
    const ya = run.y + uy * start + vy * down;
    const yb = run.y + uy * start + vy * up;
    const yc = run.y + uy * end + vy * down;
    const yd = run.y + uy * end + vy * up;
    const chunk: TextChunk = {
      text: match[0].normalize('NFC'),
      x0: Math.min(xa, xb, xc, xd),
      y0: Math.min(ya, yb, yc, yd),
      x1: Math.max(xa, xb, xc, xd),
      y1: Math.max(ya, yb, yc, yd),
      size,
      upright,
    };
    // Set after, where a spread of `{ spaceBefore: true }` or `{}` built an object for it: the
    // key lands last either way.
    if (match.index > 0 || run.writtenSpace) chunk.spaceBefore = true;
    out.push(chunk);
  }
}
