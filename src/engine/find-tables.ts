import type { FinderTrace, RejectReason } from './debug/trace.ts';
import type { Box, PageContent, RawTable } from './types.ts';
import {
  candidatesToTables,
  findLatticeCandidates,
  type LatticeCandidate,
} from './lattice/find-lattice-tables.ts';
import { DEFAULT_SETTINGS, type EngineSettings, type LatticeSettings } from './settings.ts';
import { findStreamTables } from './stream/find-stream-tables.ts';
import { candidateToPartialRules } from './hybrid/partial-rules.ts';
import { pageToFences } from './hybrid/ruled-frames.ts';
import { withOutsideLabels } from './hybrid/outside-labels.ts';
import { withRowBelow } from './hybrid/row-below.ts';
import { isHeaderBand } from './hybrid/header-bands.ts';

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * A lattice candidate that is really a frame around prose: almost no filled cells, or one or two
 * columns whose cells are all paragraphs. Those regions are left to the stream finder. A column
 * of short terms beside paragraphs is a ruled table of terms and their meanings, not prose.
 */
export function isProseBox(c: LatticeCandidate, s: LatticeSettings): boolean {
  const filled = c.rows.flat().filter((t) => t.trim());
  if (filled.length < s.minFilledCells) return true;
  const cols = c.grid.xs.length - 1;
  if (cols > 2) return false;
  for (let k = 0; k < cols; k++) {
    const cells = c.rows.map((row) => row[k] ?? '').filter((t) => t.trim());
    const words = cells.reduce((n, t) => n + wordCount(t), 0);
    if (cells.length && words / cells.length < s.proseWordsPerCell) return false;
  }
  return true;
}

/**
 * A grid whose rules miss the row separators: several cells of one row each hold a stack of
 * lines (a whole column of values). Text alignment reads such a region better than the grid.
 */
export function hasStackedRows(c: LatticeCandidate, s: LatticeSettings): boolean {
  return c.lineCounts.some((row) => row.filter((n) => n >= s.stackedCellLines).length >= 2);
}

/**
 * Slanted lines drawn inside a grid: a chart's panels (a trellis plot's frames, strips and tick
 * marks make a grid; its data lines are slanted). No table draws them, save one line across a
 * split header cell.
 */
function hasDrawing(c: LatticeCandidate, page: PageContent, s: LatticeSettings): boolean {
  const b = c.grid.bbox;
  const m = s.insideMarginPt;
  const inside = (d: Box) => d.x0 >= b.x0 - m && d.x1 <= b.x1 + m && d.y0 >= b.y0 - m && d.y1 <= b.y1 + m;
  let n = 0;
  for (const d of page.diagonals ?? []) if (inside(d) && ++n >= s.drawingDiagonals) return true;
  return false;
}

/** Why a lattice candidate is left to the stream finder, or undefined when it is a table. */
function latticeRejection(c: LatticeCandidate, page: PageContent, s: LatticeSettings, phraseGapEm: number): RejectReason | undefined {
  if (c.words.length === 0) return 'no words';
  if (isProseBox(c, s)) return 'prose';
  if (hasStackedRows(c, s)) return 'stacked rows';
  if (hasDrawing(c, page, s)) return 'chart panels';
  // A header band over unruled rows: the text finder reads header and body as one table.
  if (isHeaderBand(c, page, s, phraseGapEm)) return 'header band';
  return undefined;
}

/**
 * Tables of one page: ruled grids first; then the stream finder on what the grids did not
 * claim, so each region is read by the method that fits it. `settings` come resolved
 * (src/engine/settings.ts). `trace`, when given, collects what the finders saw (src/engine/debug).
 * `running` holds the page's running heads and feet, found over the whole document.
 */
export function findPageTables(page: PageContent, settings: EngineSettings = DEFAULT_SETTINGS, trace?: FinderTrace, running: readonly Box[] = []): RawTable[] {
  const charts: Box[] = [];
  const candidates = findLatticeCandidates(page, settings, trace).flatMap((found) => {
    // Where the rules miss columns or rows, the text fills them in (src/engine/hybrid).
    const c = candidateToPartialRules(found, settings);
    const reason = c === 'text' ? 'partial rules' : latticeRejection(c, page, settings.lattice, settings.lines.phraseGapEm);
    if (reason) trace?.rejected.push({ method: 'lattice', bbox: found.grid.bbox, reason });
    // A chart's words are its labels: the stream finder must not read them as a table either.
    if (reason === 'chart panels') charts.push(found.grid.bbox);
    return reason || c === 'text' ? [] : [c];
  });
  // Row labels the rules leave out, set left of the grid (hybrid/outside-labels.ts), then a
  // totals row boxed apart under it (hybrid/row-below.ts).
  const grids = candidates.map((c) => c.grid.bbox);
  const read = candidates.map((c) => withRowBelow(withOutsideLabels(c, page, grids, settings), page, grids, settings));
  const lattice = candidatesToTables(page, read, settings);
  const exclude = [...lattice.map((t) => t.bbox), ...charts];
  // Tables ruled only across end where their rules say (src/engine/hybrid/ruled-frames.ts).
  // Running heads and feet (text/running-lines.ts) are no table's first or last row.
  const unruled = findStreamTables(page, [...exclude, ...pageToFences(page, exclude, settings), ...running], settings, trace);
  return [...lattice, ...unruled].sort((a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0);
}
