import type { FinderTrace, RejectReason } from './debug/trace.ts';
import type { Box, PageContent, RawTable } from './types.ts';
import {
  candidatesToTables,
  findLatticeCandidates,
  type LatticeCandidate,
} from './lattice/find-lattice-tables.ts';
import { latticeSettings } from './lattice/settings.ts';
import { findStreamTables } from './stream/find-stream-tables.ts';
import { resolveStreamSettings } from './stream/settings.ts';
import { candidateToPartialRules } from './hybrid/partial-rules.ts';
import { pageToFences } from './hybrid/ruled-frames.ts';

/** A strategy for unruled tables; the default is src/engine/stream/find-stream-tables.ts. */
export type StreamFinder = (page: PageContent, exclude: Box[], trace?: FinderTrace) => RawTable[];

const defaultStream: StreamFinder = (page, exclude, trace) => findStreamTables(page, exclude, {}, trace);

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

/** Why a lattice candidate is left to the stream finder, or undefined when it is a table. */
function latticeRejection(c: LatticeCandidate): RejectReason | undefined {
  if (c.words.length === 0) return 'no words';
  if (isProseBox(c)) return 'prose';
  if (hasStackedRows(c)) return 'stacked rows';
  return undefined;
}

/**
 * Tables of one page: ruled grids first; then the stream finder on what the grids did not
 * claim, so each region is read by the method that fits it. `trace`, when given, collects what
 * the finders saw (src/engine/debug).
 */
export function findPageTables(page: PageContent, stream: StreamFinder | null = defaultStream, trace?: FinderTrace): RawTable[] {
  const s = latticeSettings();
  const textSettings = resolveStreamSettings();
  const candidates = findLatticeCandidates(page, s, trace).flatMap((found) => {
    // Where the rules miss columns or rows, the text fills them in (src/engine/hybrid).
    const c = candidateToPartialRules(found, textSettings);
    const reason = c === 'text' ? 'partial rules' : latticeRejection(c);
    if (reason) trace?.rejected.push({ method: 'lattice', bbox: found.grid.bbox, reason });
    return reason || c === 'text' ? [] : [c];
  });
  const lattice = candidatesToTables(page, candidates, s);
  if (!stream) return lattice;
  const exclude = lattice.map((t) => t.bbox);
  // Tables ruled only across end where their rules say (src/engine/hybrid/ruled-frames.ts).
  const unruled = stream(page, [...exclude, ...pageToFences(page, exclude, s, textSettings)], trace);
  return [...lattice, ...unruled].sort((a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0);
}
