import type { Box, TextChunk } from '../types.ts';
import { groupLines } from './join-words.ts';

export interface ContextOptions {
  /** Lines to keep (nearest last). */
  lines: number;
  /** How far above the box a line may start, in points. */
  maxDistance: number;
  /** Regions whose text is not context (other tables). */
  exclude?: readonly Box[];
}

function inside(c: TextChunk, b: Box): boolean {
  const cx = (c.x0 + c.x1) / 2;
  const cy = (c.y0 + c.y1) / 2;
  return cx >= b.x0 && cx <= b.x1 && cy >= b.y0 && cy <= b.y1;
}

/**
 * Up to `lines` text lines just above a table (nearest last): the words above its top edge,
 * horizontally overlapping it, not inside another table, and not beyond another table above.
 */
export function contextAbove(chunks: readonly TextChunk[], bbox: Box, opts: ContextOptions): string[] {
  const exclude = opts.exclude ?? [];
  // Text above a table that sits between us and our title belongs to that table, not to us.
  let ceiling = bbox.y0 - opts.maxDistance;
  for (const b of exclude) {
    const overlapsX = b.x0 < bbox.x1 && b.x1 > bbox.x0;
    if (overlapsX && b.y1 <= bbox.y0 + 1 && b.y1 > ceiling) ceiling = b.y1;
  }
  const slack = 0.1 * (bbox.x1 - bbox.x0);
  const candidates = chunks.filter((c) => {
    const cy = (c.y0 + c.y1) / 2;
    if (cy >= bbox.y0 || cy < ceiling) return false;
    if (c.x1 < bbox.x0 - slack || c.x0 > bbox.x1 + slack) return false;
    return !exclude.some((b) => inside(c, b));
  });
  const lines = groupLines(candidates)
    .map((l) => l.text.trim())
    .filter(Boolean);
  return lines.slice(-opts.lines);
}
