import type { Box, CellSource, RawTable, RowSource } from '../types.ts';
import { plainBox, unionOrNull } from '../geometry.ts';

/** A cell's source while rows are read: always with its page, dropped when it is the row's. */
export interface LocatedCell {
  text: string;
  box: Box | null;
  page: number;
}

export function rowPage(raw: RawTable, r: number): number {
  return raw.rowPages[r] ?? raw.page;
}

/** The table's box on one of its pages. */
export function boxOnPage(raw: RawTable, page: number): Box {
  return plainBox(raw.pageBoxes.find((p) => p.page === page)?.bbox ?? raw.bbox);
}

/** The source of a value read from cells `cols` of row `r` (several when a title runs over cells). */
export function cellAt(raw: RawTable, r: number, cols: readonly number[], text: string): LocatedCell {
  return { text, box: unionOrNull(cols.map((c) => raw.cells[r]?.[c])), page: rowPage(raw, r) };
}

/** A value that shares another's source (`tasa_pct` read from the `tasa` text). */
export function sameCell(cells: Record<string, LocatedCell>, from: string, to: string): void {
  const cell = cells[from];
  if (cell) cells[to] = cell;
}

/** A row's source on `page`: each cell keeps its page only when it differs from the row's. */
export function rowSourceOf(page: number, bbox: Box, method: RawTable['method'], cells: Record<string, LocatedCell>): RowSource {
  const out: Record<string, CellSource> = {};
  for (const [key, c] of Object.entries(cells)) out[key] = c.page === page ? { text: c.text, box: c.box } : { text: c.text, box: c.box, page: c.page };
  return { page, bbox: plainBox(bbox), method, cells: out };
}

/** The source of row `r` of a raw table. */
export function rowSourceAt(raw: RawTable, r: number, cells: Record<string, LocatedCell>): RowSource {
  const page = rowPage(raw, r);
  return rowSourceOf(page, boxOnPage(raw, page), raw.method, cells);
}

/** A stored source back to located cells (to merge rows into one). */
export function locatedCells(source: RowSource): Record<string, LocatedCell> {
  const out: Record<string, LocatedCell> = {};
  for (const [key, c] of Object.entries(source.cells)) out[key] = { text: c.text, box: c.box, page: c.page ?? source.page };
  return out;
}
