import type { Box } from '../types.ts';

/** Rows of a ruled grid and each cell's box, parallel. */
export interface GridRows {
  rows: string[][];
  boxes: (Box | null)[][];
}

const filled = (row: readonly string[]): string[] => row.map((t) => t.trim()).filter(Boolean);

/** A header row: two columns or more, each named otherwise, in words only (a figure says body). */
function isHeader(row: readonly string[]): boolean {
  const names = filled(row);
  return names.length >= 2 && names.every((t) => !/\d/.test(t)) && new Set(names).size === names.length;
}

/** The band's header row: its first row, or its second under a title spanning the frame. */
function headerOf(rows: readonly string[][]): number {
  if (rows[0] && isHeader(rows[0])) return 0;
  if (rows[0] && filled(rows[0]).length === 1 && rows[1] && isHeader(rows[1])) return 1;
  return -1;
}

const sameRow = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((t, i) => t.trim() === b[i]!.trim());

/**
 * Two framed tables set one under the other (decision 013, seventh pass): LaTeX's `\hline\hline`
 * between them stops every vertical rule at its gap, as a double rule inside one table does, and
 * its two rules snap to one, so the rules alone make one grid. The second table names its columns
 * again: a row repeating the header row of the rows above (two names or more, all different, words
 * only), with body rows between the two and none like it, opens a new table, from the title spanning the frame over it if there
 * is one. A section opening with a spanning row repeats no header and stays in its table.
 * `spacers` marks rows that are only the gap between two rules (dropped from every part).
 */
export function splitStackedTables(grid: GridRows, spacers: readonly boolean[]): GridRows[] {
  const kept = grid.rows.map((_, i) => i).filter((i) => !spacers[i]);
  const rows = kept.map((i) => grid.rows[i]!);
  const starts = [0];
  let h = headerOf(rows);
  for (let k = h + 2; h >= 0 && k < rows.length; k++) {
    const start = starts[starts.length - 1]!;
    if (!sameRow(rows[start + h]!, rows[k]!)) continue;
    // A row of filler text repeated through the grid is no header coming back.
    if (rows.slice(start + h + 1, k).some((r) => sameRow(r, rows[k]!))) continue;
    const titled = filled(rows[k - 1]!).length === 1 && k - 1 > start + h + 1;
    starts.push(titled ? k - 1 : k);
    h = titled ? 1 : 0;
    k += 1;
  }
  return starts.map((from, i) => {
    const ids = kept.slice(from, starts[i + 1] ?? kept.length);
    return { rows: ids.map((r) => grid.rows[r]!), boxes: ids.map((r) => grid.boxes[r]!) };
  });
}

/** The box round a part's cells. */
export function boxOfCells(boxes: readonly (Box | null)[][]): Box | undefined {
  const all = boxes.flat().filter((b): b is Box => b !== null);
  if (all.length === 0) return undefined;
  return {
    x0: Math.min(...all.map((b) => b.x0)),
    y0: Math.min(...all.map((b) => b.y0)),
    x1: Math.max(...all.map((b) => b.x1)),
    y1: Math.max(...all.map((b) => b.y1)),
  };
}
