import type { Box, PageContent, RawTable } from './types.ts';
import {
  candidatesToTables,
  findLatticeCandidates,
  type LatticeCandidate,
} from './lattice/find-lattice-tables.ts';
import { latticeSettings } from './lattice/settings.ts';
import { findStreamTables } from './stream/find-stream-tables.ts';

/** A strategy for unruled tables; the default is src/engine/stream/find-stream-tables.ts. */
export type StreamFinder = (page: PageContent, exclude: Box[]) => RawTable[];

/** A ruled box whose cells hold at least this many words on average is prose, not a table. */
export const PROSE_WORDS_PER_CELL = 14;
/** Ruled "tables" with fewer non-empty cells than this are frames around text. */
export const MIN_FILLED_CELLS = 3;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * A lattice candidate that is really a frame around prose: almost no filled cells, or few
 * columns whose cells are paragraphs. Those regions are left to the stream finder.
 */
export function isProseBox(c: LatticeCandidate): boolean {
  const filled = c.rows.flat().filter((t) => t.trim());
  if (filled.length < MIN_FILLED_CELLS) return true;
  const cols = c.grid.xs.length - 1;
  const words = filled.reduce((n, t) => n + wordCount(t), 0);
  return cols <= 2 && words / filled.length >= PROSE_WORDS_PER_CELL;
}

/** Cells holding at least this many lines are stacked rows when several share a row. */
export const STACKED_CELL_LINES = 5;

/**
 * A grid whose rules miss the row separators: several cells of one row each hold a stack of
 * lines (a whole column of values). Text alignment reads such a region better than the grid.
 */
export function hasStackedRows(c: LatticeCandidate): boolean {
  return c.lineCounts.some((row) => row.filter((n) => n >= STACKED_CELL_LINES).length >= 2);
}

/**
 * Tables of one page: ruled grids first; then the stream finder on what the grids did not
 * claim, so each region is read by the method that fits it.
 */
export function findPageTables(page: PageContent, stream: StreamFinder | null = findStreamTables): RawTable[] {
  const s = latticeSettings();
  const candidates = findLatticeCandidates(page, s).filter((c) => c.words.length > 0 && !isProseBox(c) && !hasStackedRows(c));
  const lattice = candidatesToTables(page, candidates, s);
  if (!stream) return lattice;
  const exclude = lattice.map((t) => t.bbox);
  const unruled = stream(page, exclude);
  return [...lattice, ...unruled].sort((a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0);
}
