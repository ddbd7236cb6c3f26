import type { ReviewFlag, ReviewRow, ReviewTable } from '../../shared/api/review.ts';
import type { Box } from '../../shared/api/sources.ts';

/** What is highlighted: one row, and one of its values (null: the row as a whole). */
export interface Selection {
  rowId: number;
  column: string | null;
}

/** One value's cell as drawn on a page. */
export interface PageCell {
  tableIndex: number;
  rowId: number;
  column: string;
  box: Box;
  flags: ReviewFlag[];
  /** A reviewer corrected the value: the page marks it (✎). */
  corrected: boolean;
}

/** The page a value was printed on: its own (a period header on an earlier page) or its row's. */
export function cellPage(row: ReviewRow, column: string): number | null {
  return row.cells[column]?.page ?? row.page;
}

export function findRow(tables: readonly ReviewTable[], rowId: number): { table: ReviewTable; tableIndex: number; row: ReviewRow } | undefined {
  for (const [tableIndex, table] of tables.entries()) {
    const row = table.rows.find((r) => r.id === rowId);
    if (row) return { table, tableIndex, row };
  }
  return undefined;
}

/** The flags of one value (and those about its whole row). */
export function flagsOf(row: ReviewRow, column: string | null): ReviewFlag[] {
  return row.flags.filter((f) => f.column === null || f.column === column);
}

/** Every value's cell with a box printed on `page`. */
export function cellsOnPage(tables: readonly ReviewTable[], page: number): PageCell[] {
  const out: PageCell[] = [];
  tables.forEach((table, tableIndex) => {
    for (const row of table.rows) {
      for (const [column, cell] of Object.entries(row.cells)) {
        if (!cell.box || (cell.page ?? row.page) !== page || !(column in row.values)) continue;
        out.push({ tableIndex, rowId: row.id, column, box: cell.box, flags: flagsOf(row, column), corrected: column in row.corrected });
      }
    }
  });
  return out;
}

const area = (b: Box) => Math.abs(b.x1 - b.x0) * Math.abs(b.y1 - b.y0);

/**
 * The cell under a touch at (x, y) in PDF points: the smallest box holding the point (a grouping
 * cell spanning several rows loses to the row's own cells), else the nearest within `slop` points
 * (a finger is wider than the gap between two cells).
 */
export function cellAt(cells: readonly PageCell[], x: number, y: number, slop = 4): PageCell | undefined {
  let best: PageCell | undefined;
  let bestScore = Infinity;
  for (const c of cells) {
    const b = c.box;
    const dx = Math.max(b.x0 - x, 0, x - b.x1);
    const dy = Math.max(b.y0 - y, 0, y - b.y1);
    const distance = Math.hypot(dx, dy);
    if (distance > slop) continue;
    // Inside beats near; among those inside, the smaller box wins.
    const score = distance * 1e9 + area(b);
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** The rows of each table printed on `page` (tables with none left out), keeping each table's index. */
export function rowsOnPage(tables: readonly ReviewTable[], page: number): { table: ReviewTable; tableIndex: number; rows: ReviewRow[] }[] {
  return tables.flatMap((table, tableIndex) => {
    const rows = table.rows.filter((r) => r.page === page);
    return rows.length ? [{ table, tableIndex, rows }] : [];
  });
}

/** Is this value (or, with column null, this row) part of the highlight? */
export function isSelected(selection: Selection | null, rowId: number, column: string | null): boolean {
  if (!selection || selection.rowId !== rowId) return false;
  return column === null || selection.column === column;
}

/** The page to show for a selection: the selected value's page, else its row's. */
export function pageOfSelection(tables: readonly ReviewTable[], selection: Selection): number | null {
  const found = findRow(tables, selection.rowId);
  if (!found) return null;
  return selection.column ? cellPage(found.row, selection.column) : found.row.page;
}

/**
 * Where `?row=&column=&page=` opens the screen: the row's page with the value highlighted, else the page asked,
 * else the first page. An unknown row or column is ignored, not an error: the link may be older
 * than a reprocess.
 */
export function initialView(
  tables: readonly ReviewTable[],
  at: { rowId?: number | undefined; column?: string | undefined; page?: number | undefined },
  pageCount: number,
): { page: number; selection: Selection | null } {
  const inRange = (p: number | null | undefined): p is number => typeof p === 'number' && p >= 1 && p <= Math.max(1, pageCount);
  const found = at.rowId !== undefined ? findRow(tables, at.rowId) : undefined;
  if (found) {
    const column = at.column && at.column in found.row.values ? at.column : null;
    const page = found.row.page;
    return { page: inRange(page) ? page : inRange(at.page) ? at.page : 1, selection: { rowId: found.row.id, column } };
  }
  return { page: inRange(at.page) ? at.page : 1, selection: null };
}
