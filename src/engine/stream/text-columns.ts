import type { TextChunk } from '../types.ts';
import type { StreamSettings } from '../settings.ts';
import { median } from '../median.ts';
import type { RowWords } from './lines-to-rows.ts';

/**
 * Columns of a page read as one table: a reference card, a page set in columns of lists. Each
 * text column has headings of its own, set larger than the body, and runs on at its own pace, so
 * a heading of one column sits on a row beside body lines of another. A table's header and
 * section rows are set larger across the whole row, or alone in it: never a heading in one cell
 * beside body text in the next. `minColumnHeadings` such rows, with headings in two columns or
 * more, make the block columns of text.
 */
export function isTextColumns(rows: readonly RowWords[], settings: StreamSettings): boolean {
  // A size OCR gives a word is its box's height, not a font size: a row of capitals and digits
  // stands taller than one of lowercase words, so no heading can be told by it (a scanned
  // repayment schedule was taken for columns of text).
  if (rows.some((r) => r.cells.some((cell) => cell.some((w) => w.confidence !== undefined)))) return false;
  const body = median(rows.flatMap((r) => r.cells.flat().map((w) => w.size)));
  if (body === undefined) return false;
  const heading = (cell: readonly TextChunk[]) => cell.length > 0 && cell.every((w) => w.size >= settings.titleSizeRatio * body);
  const plain = (cell: readonly TextChunk[]) => cell.length > 0 && cell.every((w) => w.size < settings.sizeBreakRatio * body);
  let mixed = 0;
  const columns = new Set<number>();
  for (const row of rows) {
    const headings = row.cells.flatMap((cell, i) => (heading(cell) ? [i] : []));
    if (!headings.length || !row.cells.some(plain)) continue;
    mixed++;
    for (const i of headings) columns.add(i);
  }
  return mixed >= settings.minColumnHeadings && columns.size >= 2;
}
