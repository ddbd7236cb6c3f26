import type { Box, Fill, PageContent, Segment, TextChunk } from '../types.ts';

/** Width of one character in the test pages, as a share of the font size (about Helvetica's). */
const CHAR_EM = 0.5;

/**
 * Words of one cell laid out like a PDF would: `x` is the left edge, or the right edge when
 * `align` is 'right'. `y` is the top of the line. Test-only helper for building PageContent.
 */
export function cell(text: string, x: number, y: number, opts: { size?: number; align?: 'left' | 'right' } = {}): TextChunk[] {
  const size = opts.size ?? 10;
  const width = text.length * CHAR_EM * size;
  let cursor = opts.align === 'right' ? x - width : x;
  const words: TextChunk[] = [];
  for (const part of text.split(' ')) {
    if (part) {
      const w = part.length * CHAR_EM * size;
      words.push({ text: part, x0: cursor, x1: cursor + w, y0: y, y1: y + size, size, upright: true });
      cursor += w;
    }
    cursor += CHAR_EM * size;
  }
  return words;
}

/** A row of cells at one height: `[text, x, align?]` per cell. */
export function row(y: number, cells: Array<[string, number, ('left' | 'right')?]>, size = 10): TextChunk[] {
  return cells.flatMap(([text, x, align]) => cell(text, x, y, align ? { size, align } : { size }));
}

export function makePage(chunks: TextChunk[], extra: { segments?: Segment[]; fills?: Fill[]; width?: number; height?: number } = {}): PageContent {
  return {
    page: 1,
    width: extra.width ?? 612,
    height: extra.height ?? 792,
    rotation: 0,
    chunks,
    segments: extra.segments ?? [],
    fills: extra.fills ?? [],
  };
}

export function box(x0: number, y0: number, x1: number, y1: number): Box {
  return { x0, y0, x1, y1 };
}
