import type { Box, PageContent, TextChunk } from '../types.ts';
import type { LineSettings } from '../settings.ts';
import { chunksToLines } from '../text/chunks-to-lines.ts';
import { joinLineWords } from '../text/join-words.ts';
import { leftToRight, outsideBoxes, unionBox } from '../geometry.ts';

/** A gap wider than this many font sizes separates a label from its value on a line. */
const SEGMENT_GAP_RATIO = 1.0;

export interface LineSegment extends Box {
  text: string;
}

/** A text line of a page, cut into segments where words stand far apart. */
export interface PageLine extends Box {
  page: number;
  text: string;
  segments: LineSegment[];
  /** The line's words, left to right. */
  words: TextChunk[];
}


function segmentsOf(chunks: readonly TextChunk[]): LineSegment[] {
  const sorted = leftToRight(chunks);
  const groups: TextChunk[][] = [];
  for (const c of sorted) {
    const last = groups[groups.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && c.x0 - prev.x1 < SEGMENT_GAP_RATIO * Math.max(1, Math.min(prev.size, c.size))) last.push(c);
    else groups.push([c]);
  }
  // The box's four coordinates named, not a spread copy of unionBox's object (issue 14): same keys, same order.
  return groups
    .map((g) => {
      const b = unionBox(g);
      return { x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1, text: joinLineWords(g).trim() };
    })
    .filter((s) => s.text);
}

function inside(b: Box, outer: Box): boolean {
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  return cx >= outer.x0 && cx <= outer.x1 && cy >= outer.y0 && cy <= outer.y1;
}

/**
 * A page's lines with nothing left out, per page and settings: the classifier reads them for the
 * whole document, then again per table for a section title left at a page's foot (issue 14: they
 * were rebuilt each time). Nobody changes a PageLine once made.
 */
const WHOLE_PAGES = new WeakMap<PageContent, { settings: LineSettings; chunks: PageContent['chunks']; lines: readonly PageLine[] }>();

/**
 * The page's upright text as lines (the engine's line builder), top to bottom, leaving out words
 * inside `exclude` boxes. The array is shared between callers when nothing is left out: read it,
 * do not change it.
 */
export function pageLines(page: PageContent, exclude: readonly Box[], settings: LineSettings): readonly PageLine[] {
  if (exclude.length > 0) return buildLines(page, outsideBoxes(page.chunks, exclude, inside), settings);
  const known = WHOLE_PAGES.get(page);
  // The words as well as the settings: OCR mending gives a page a new word array (never after the
  // classifier has read it, but a cache must not rely on that).
  if (known?.settings === settings && known.chunks === page.chunks) return known.lines;
  const lines = buildLines(page, page.chunks, settings);
  WHOLE_PAGES.set(page, { settings, chunks: page.chunks, lines });
  return lines;
}

function buildLines(page: PageContent, words: readonly TextChunk[], settings: LineSettings): PageLine[] {
  return chunksToLines(words, settings).map((l) => ({
    page: page.page,
    x0: l.x0,
    y0: l.y0,
    x1: l.x1,
    y1: l.y1,
    text: joinLineWords(l.words).trim(),
    segments: segmentsOf(l.words),
    words: l.words,
  }));
}
