import type { LatticeCandidate } from '../lattice/find-lattice-tables.ts';
import type { EngineSettings } from '../settings.ts';
import { isNumeric } from '../stream/text-kinds.ts';
import { chunksToLines } from '../text/chunks-to-lines.ts';
import { joinWords } from '../text/join-words.ts';
import type { Box, PageContent, TextChunk } from '../types.ts';
import { unionBox } from '../geometry.ts';
import { median } from '../median.ts';

/**
 * A totals row set apart under its ruled table: a spreadsheet or a report that boxes the sums on
 * their own (a gap, a heavier frame, rules the grid finder cannot join to the table's) leaves that
 * row outside the grid, and the stream finder drops it as a table of one row. The row belongs to
 * the table when it is the one line right under the grid, each of its words falls inside one grid
 * column without crossing a column rule, its values fill at least `hybrid.rowBelowFilledShare` of
 * the columns, and every cell but a leading label is a value. A note, a paragraph, a caption or the
 * header of a table that follows fails one of these; a line with another such line under it is
 * the first row of an unruled table, not a row of this one.
 */
export function withRowBelow(c: LatticeCandidate, page: PageContent, others: readonly Box[], settings: EngineSettings): LatticeCandidate {
  const b = c.grid.bbox;
  const m = settings.lattice.insideMarginPt;
  const size = median(c.words.map((w) => w.size));
  if (size === undefined) return c;
  const reach = settings.hybrid.rowBelowGapEm * size;
  const labelGap = settings.hybrid.outsideLabelGapEm * size;
  const inOther = (w: Box) => others.some((o) => o !== b && w.x1 > o.x0 && w.x0 < o.x1 && w.y1 > o.y0 && w.y0 < o.y1);
  // Words under the grid, within two reaches (the row, and room to see what follows it); a label
  // left of the grid comes too, so that a row whose label has no column is refused whole.
  const below = page.chunks.filter(
    (w) => w.upright !== false && w.text.trim() !== '' && w.y0 >= b.y1 - m && w.y0 - b.y1 <= 2 * reach && w.x1 > b.x0 - labelGap && w.x0 < b.x1 + m && !inOther(w),
  );
  const lines = chunksToLines(below, settings.lines);
  const line = lines[0];
  if (!line || line.words[0]!.y0 - b.y1 > reach) return c;
  const lineBox = unionBox(line.words);
  // Another line under it, as close as the row is to the grid, starts a table of its own; a grid
  // under it as close is the table the line heads (a split table's repeated first row).
  const near = Math.max(lineBox.y0 - b.y1, size);
  const next = lines[1];
  if (next && unionBox(next.words).y0 - lineBox.y1 <= near) return c;
  if (others.some((o) => o !== b && o.x1 > b.x0 && o.x0 < b.x1 && o.y0 >= lineBox.y1 - m && o.y0 - lineBox.y1 <= near)) return c;
  // The grid's column rules; a column of labels read left of them (outside-labels.ts) runs from
  // the table's left edge to the first rule.
  const cols = c.rows[0]?.length ?? 0;
  const xs = cols === c.grid.xs.length ? [b.x0, ...c.grid.xs] : c.grid.xs;
  if (xs.length !== cols + 1) return c;
  const perCol: TextChunk[][] = Array.from({ length: cols }, () => []);
  for (const w of line.words) {
    const k = xs.findIndex((x, i) => i < cols && w.x0 >= x - m && w.x1 <= xs[i + 1]! + m);
    if (k < 0) return c;
    perCol[k]!.push(w);
  }
  const filled = perCol.map((ws, k) => [ws, k] as const).filter(([ws]) => ws.length > 0);
  const texts = perCol.map((ws) => (ws.length ? joinWords(ws, settings.lines) : ''));
  // Values, save a label in the first filled cell (`Total`, `Totals`, `Suma`); a label alone (a
  // section title under the table) is no row of it.
  if (filled.some(([, k], i) => i > 0 && !isNumeric(texts[k]!))) return c;
  const values = filled.filter(([, k]) => isNumeric(texts[k]!)).length;
  if (values < settings.hybrid.rowBelowFilledShare * cols) return c;
  // Each filled cell's box spans the line's height, so the row's band holds a label beside it.
  const boxes = perCol.map((ws): Box | null => (ws.length ? { ...unionBox(ws), y0: lineBox.y0, y1: lineBox.y1 } : null));
  return {
    ...c,
    grid: { ...c.grid, bbox: { ...b, y1: Math.max(b.y1, lineBox.y1) } },
    rows: [...c.rows, texts],
    boxes: [...c.boxes, boxes],
    lineCounts: [...c.lineCounts, perCol.map((ws) => (ws.length ? 1 : 0))],
    words: [...c.words, ...filled.flatMap(([ws]) => ws)],
  };
}

