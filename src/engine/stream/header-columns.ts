import type { StreamSettings } from '../settings.ts';
import type { Box } from '../types.ts';
import { isNumeric } from './text-kinds.ts';

/**
 * A header set differently from its column's values (centred or left over right-aligned numbers)
 * can sit wholly beside them: the whitespace rivers then give the header a column of its own that
 * no body row fills, next to a column of values without a header. Each such header column joins
 * the value column beside it (the nearer one when both sides qualify).
 */

const DATE = /^\d{1,2}[/-](?:\d{1,2}|[a-z]{3})[/-]\d{2,4}$/i;

const isValue = (t: string): boolean => isNumeric(t) || DATE.test(t.trim());

/**
 * Header rows: the rows above the first one printing a value, at most `maxHeaderRows`, but not a
 * lone cell in the first column (a section row, `1. ALIMENTACION`: body, not header).
 */
export function headerRows(rows: readonly (readonly string[])[], settings: StreamSettings): number[] {
  const first = rows.findIndex((r) => r.some(isValue));
  if (first <= 0 || first > settings.maxHeaderRows) return [];
  const section = (row: readonly string[]): boolean => (row[0] ?? '') !== '' && row.filter((t) => t !== '').length === 1;
  return rows.slice(0, first).flatMap((row, r) => (section(row) ? [] : [r]));
}

interface Extent {
  x0: number;
  x1: number;
}

function extentIn(boxes: readonly (Box | null)[][], col: number, rows: readonly number[]): Extent | undefined {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of rows) {
    const b = boxes[r]?.[col];
    if (!b) continue;
    x0 = Math.min(x0, b.x0);
    x1 = Math.max(x1, b.x1);
  }
  return x0 <= x1 ? { x0, x1 } : undefined;
}

/** Cell texts and boxes, parallel. */
export interface CellTable {
  text: string[][];
  boxes: (Box | null)[][];
}

const gapBetween = (a: Extent, b: Extent): number => Math.max(0, Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1));

/**
 * A header centred over a wide text column can start in the whitespace right of the column's
 * values (a merged cell or wide column with short left-aligned texts), and the rivers give it
 * to the next column. Text values are set left, so a header wholly left of every value of a text
 * column is not over them: when the column to its left holds values and no header, the header
 * moves there (and the next column's own header, left alone, then joins its values below).
 * Right-aligned figures are left out: a header set left over them is beside them by design.
 */
function headersBesideTextValues(text: string[][], boxes: (Box | null)[][], heads: readonly number[], body: readonly number[]): boolean {
  let moved = false;
  const width = text[0]?.length ?? 0;
  const headed = (col: number): boolean => heads.some((r) => (text[r]![col] ?? '') !== '');
  const valued = (col: number): boolean => body.some((r) => (text[r]![col] ?? '') !== '');
  for (let c = 1; c < width; c++) {
    if (headed(c - 1) || !valued(c - 1) || !headed(c)) continue;
    const label = extentIn(boxes, c, heads);
    const values = extentIn(boxes, c, body);
    const cells = body.map((r) => text[r]![c] ?? '').filter((t) => t !== '');
    if (!label || !values || label.x1 >= values.x0 || cells.some(isValue)) continue;
    for (const r of heads) {
      [text[r]![c - 1], text[r]![c]] = [text[r]![c]!, ''];
      [boxes[r]![c - 1], boxes[r]![c]] = [boxes[r]![c] ?? null, null];
    }
    moved = true;
  }
  return moved;
}

/**
 * One header cell, centred over a column of short left-aligned values (a word processor's
 * `Cantidad` over `49`, `723`), can start right of them all and nearer them than the next column's
 * values, and the rivers give it to that next column, under or over its own header (`Cantidad` over
 * `Unitario`, a figure column). It moves left when the column there holds values and no header;
 * a cell of a figure column too, as it lies wholly left of every value of its own column.
 */
function headerCellsBeside(text: string[][], boxes: (Box | null)[][], heads: readonly number[], body: readonly number[]): boolean {
  let moved = false;
  const width = text[0]?.length ?? 0;
  for (let c = 1; c < width; c++) {
    if (heads.some((r) => (text[r]![c - 1] ?? '') !== '')) continue;
    const left = extentIn(boxes, c - 1, body);
    const own = extentIn(boxes, c, body);
    if (!left || !own) continue;
    for (const r of heads) {
      const box = boxes[r]![c];
      if (!box || (text[r]![c] ?? '') === '' || box.x1 >= own.x0) continue;
      const centre = (box.x0 + box.x1) / 2;
      if (centre - left.x1 >= own.x0 - centre) continue;
      [text[r]![c - 1], text[r]![c]] = [text[r]![c]!, ''];
      [boxes[r]![c - 1], boxes[r]![c]] = [box, null];
      moved = true;
    }
  }
  return moved;
}

/** Rows of cells (with their boxes) with each header-only column joined to the value column beside it. */
export function headerToValueColumns(table: CellTable, settings: StreamSettings): CellTable {
  const heads = headerRows(table.text, settings);
  if (heads.length === 0) return table;
  const text = table.text.map((r) => [...r]);
  const boxes = table.boxes.map((r) => [...r]);
  const all = text.map((_, r) => r);
  const body = all.filter((r) => !heads.includes(r));
  const besideText = headersBesideTextValues(text, boxes, heads, body);
  const moved = headerCellsBeside(text, boxes, heads, body) || besideText;
  const unchanged = moved ? { text, boxes } : table;
  const width = text[0]?.length ?? 0;
  if (width < 3) return unchanged;
  const filled = (col: number, rows: readonly number[]): boolean => rows.some((r) => (text[r]![col] ?? '') !== '');
  const headerOnly = (c: number) => filled(c, heads) && !filled(c, body);
  const bodyOnly = (c: number) => !filled(c, heads) && filled(c, body);
  const into = new Map<number, number>();
  const taken = new Set<number>();
  for (let c = 0; c < width; c++) {
    if (!headerOnly(c)) continue;
    const label = extentIn(boxes, c, heads);
    let best: number | undefined;
    let bestGap = Infinity;
    for (const n of [c - 1, c + 1]) {
      if (n < 0 || n >= width || taken.has(n) || !bodyOnly(n)) continue;
      const values = extentIn(boxes, n, body);
      const gap = label && values ? gapBetween(label, values) : Infinity;
      if (best === undefined || gap < bestGap) {
        best = n;
        bestGap = gap;
      }
    }
    if (best === undefined) continue;
    into.set(c, best);
    taken.add(best);
  }
  if (into.size === 0) return unchanged;
  const keep = Array.from({ length: width }, (_, c) => c).filter((c) => !into.has(c));
  const outText = text.map((row, r) => {
    const copy = [...row];
    if (heads.includes(r)) for (const [from, to] of into) copy[to] = row[from]!;
    return keep.map((c) => copy[c]!);
  });
  const outBoxes = boxes.map((row, r) => {
    const copy = [...row];
    if (heads.includes(r)) for (const [from, to] of into) copy[to] = row[from] ?? null;
    return keep.map((c) => copy[c] ?? null);
  });
  return { text: outText, boxes: outBoxes };
}
