import type { EngineSettings } from '../settings.ts';
import type { Box, TextChunk } from '../types.ts';
import { chunksToLines } from './chunks-to-lines.ts';
import { joinLineWords } from './join-words.ts';

export interface ContextOptions {
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
 * Up to `context.lines` text lines just above a table (nearest last): the words above its top
 * edge, horizontally overlapping it, not inside another table, and not beyond another table above.
 */
export function contextAbove(chunks: readonly TextChunk[], bbox: Box, settings: EngineSettings, opts: ContextOptions): string[] {
  const exclude = opts.exclude ?? [];
  // Text above a table that sits between us and our title belongs to that table, not to us.
  let ceiling = bbox.y0 - opts.maxDistance;
  for (const b of exclude) {
    const overlapsX = b.x0 < bbox.x1 && b.x1 > bbox.x0;
    // A box of no height (a ruled frame's edge, src/engine/hybrid/ruled-frames.ts) holds no text.
    if (overlapsX && b.y1 > b.y0 && b.y1 <= bbox.y0 + 1 && b.y1 > ceiling) ceiling = b.y1;
  }
  const slack = settings.context.sideSlackShare * (bbox.x1 - bbox.x0);
  const above = chunks.filter((c) => {
    const cy = (c.y0 + c.y1) / 2;
    return cy < bbox.y0 && cy >= ceiling && !exclude.some((b) => inside(c, b));
  });
  const over = above.filter((c) => c.x1 >= bbox.x0 - slack && c.x0 <= bbox.x1 + slack);
  const lines = chunksToLines(over, settings.lines);
  // A table set narrower than the text (centred) keeps its title at the left margin.
  const overlapsLine = (l: Box) => lines.some((m) => m.y0 < l.y1 && l.y0 < m.y1);
  const left = chunksToLines(
    above.filter((c) => c.x1 < bbox.x0 - slack),
    settings.lines,
  ).filter((l) => !overlapsLine(l) && !exclude.some((b) => titles(l, b, opts.maxDistance)));
  return [...lines, ...left]
    .sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1))
    .map((l) => joinLineWords(l.words).trim())
    .filter(Boolean)
    .slice(-settings.context.lines);
}

/** The line sits over another table within reach of a title: it is that table's, not ours. */
function titles(line: Box, table: Box, maxDistance: number): boolean {
  return table.x0 < line.x1 && table.x1 > line.x0 && table.y0 >= line.y1 && table.y0 - line.y1 <= maxDistance;
}
