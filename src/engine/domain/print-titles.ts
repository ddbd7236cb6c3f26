import type { Box, RawTable } from '../types.ts';
import { isDataCell } from './classify-table.ts';
import { fold } from './text.ts';

/**
 * A spreadsheet's rows to repeat print on every page after them, not only over the table they
 * head: when the table after the instalment schedule (the yearly summary) runs onto the next page,
 * its rows sit under the schedule's header. That header is a print title, not the start of a new
 * table: the rows under it continue the previous page's last table, in that table's columns, which
 * they line up with exactly (one sheet, one column grid).
 */

/** Header rows compared, as in continuations.ts. */
const HEADER_ROWS = 3;
/** A column under a print title continues a column of the table above when their values overlap by this share of the narrower. */
const MIN_COLUMN_OVERLAP = 0.5;

/**
 * Header rows as the words they print, in any order: a two-level header the finder split as
 * `COSTO` over `Total` on one page and read as one line `COSTO Total` on the next is the same header.
 */
export const headerKey = (rows: readonly string[][]): string =>
  fold(rows.flat().join(' '))
    .split(/[^a-z0-9%]+/)
    .filter(Boolean)
    .sort()
    .join(' ');

/** The header of a table as words: its rows before the first data row, at most `HEADER_ROWS`. */
function headerOf(t: RawTable): string {
  const firstData = t.rows.findIndex((row) => row.some(isDataCell));
  const end = Math.min(HEADER_ROWS, firstData < 0 ? t.rows.length : firstData);
  return end > 0 ? headerKey(t.rows.slice(0, end)) : '';
}

interface Extent {
  x0: number;
  x1: number;
}

/** Each column's horizontal extent over the given rows' cells (undefined where none is filled). */
function columnExtents(cells: readonly (Box | null)[][], rows: readonly number[], width: number): (Extent | undefined)[] {
  return Array.from({ length: width }, (_, c) => {
    const boxes = rows.map((r) => cells[r]?.[c]).filter((b): b is Box => !!b);
    return boxes.length ? { x0: Math.min(...boxes.map((b) => b.x0)), x1: Math.max(...boxes.map((b) => b.x1)) } : undefined;
  });
}

const overlapShare = (a: Extent, b: Extent): number =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) / Math.max(1e-6, Math.min(a.x1 - a.x0, b.x1 - b.x0));

/**
 * `t` (the first table of the page after `prev`'s last) with an earlier table's header repeated
 * over rows that line up with `prev`'s columns: those rows in `prev`'s columns, the title dropped.
 * Undefined when `t` is anything else.
 */
export function rowsUnderPrintTitle(prev: RawTable, t: RawTable, earlier: readonly RawTable[]): { rows: string[][]; cells: (Box | null)[][]; rowPages: number[] } | undefined {
  const titles = new Set(earlier.filter((e) => e !== prev).map(headerOf).filter(Boolean));
  const depth = [3, 2, 1].find((k) => k < t.rows.length && titles.has(headerKey(t.rows.slice(0, k))) && t.rows[k]!.some(isDataCell));
  if (!depth || titles.has(headerOf(prev))) return undefined;
  const width = (x: RawTable) => Math.max(0, ...x.rows.map((r) => r.length));
  const prevBody = prev.rows.flatMap((row, r) => (row.some(isDataCell) ? [r] : []));
  const body = t.rows.map((_, r) => r).slice(depth);
  const from = columnExtents(t.cells, body, width(t));
  const into = columnExtents(prev.cells, prevBody, width(prev));
  const target = new Map<number, number>();
  for (let c = 0; c < from.length; c++) {
    const extent = from[c];
    if (!extent) continue;
    const best = into.map((e) => (e ? overlapShare(extent, e) : 0)).reduce((b, share, i, all) => (share > all[b]! ? i : b), 0);
    if (!into[best] || overlapShare(extent, into[best]) < MIN_COLUMN_OVERLAP || [...target.values()].includes(best)) return undefined;
    target.set(c, best);
  }
  const rows = body.map((r) => {
    const row = Array.from({ length: width(prev) }, () => '');
    for (const [c, p] of target) row[p] = t.rows[r]![c] ?? '';
    return row;
  });
  const cells = body.map((r) => {
    const row = Array.from({ length: width(prev) }, (): Box | null => null);
    for (const [c, p] of target) row[p] = t.cells[r]?.[c] ?? null;
    return row;
  });
  return { rows, cells, rowPages: body.map((r) => t.rowPages[r] ?? t.page) };
}
