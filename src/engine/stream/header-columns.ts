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

/** Header rows are the rows above the first one printing a value, at most `maxHeaderRows`. */
function headerRowCount(rows: readonly string[][], settings: StreamSettings): number {
  const first = rows.findIndex((r) => r.some(isValue));
  return first > 0 && first <= settings.maxHeaderRows ? first : 0;
}

interface Extent {
  x0: number;
  x1: number;
}

function extentOf(boxes: readonly (Box | null)[][], col: number, from: number, to: number): Extent | undefined {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (let r = from; r < to; r++) {
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

/** Rows of cells (with their boxes) with each header-only column joined to the value column beside it. */
export function headerToValueColumns(table: CellTable, settings: StreamSettings): CellTable {
  const { text, boxes } = table;
  const head = headerRowCount(text, settings);
  const width = text[0]?.length ?? 0;
  if (head === 0 || width < 3) return table;
  const filled = (col: number, from: number, to: number): boolean => text.slice(from, to).some((r) => (r[col] ?? '') !== '');
  const headerOnly = (c: number) => filled(c, 0, head) && !filled(c, head, text.length);
  const bodyOnly = (c: number) => !filled(c, 0, head) && filled(c, head, text.length);
  const into = new Map<number, number>();
  const taken = new Set<number>();
  for (let c = 0; c < width; c++) {
    if (!headerOnly(c)) continue;
    const label = extentOf(boxes, c, 0, head);
    let best: number | undefined;
    let bestGap = Infinity;
    for (const n of [c - 1, c + 1]) {
      if (n < 0 || n >= width || taken.has(n) || !bodyOnly(n)) continue;
      const values = extentOf(boxes, n, head, text.length);
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
  if (into.size === 0) return table;
  const keep = Array.from({ length: width }, (_, c) => c).filter((c) => !into.has(c));
  const outText = text.map((row, r) => {
    const copy = [...row];
    if (r < head) for (const [from, to] of into) copy[to] = row[from]!;
    return keep.map((c) => copy[c]!);
  });
  const outBoxes = boxes.map((row, r) => {
    const copy = [...row];
    if (r < head) for (const [from, to] of into) copy[to] = row[from] ?? null;
    return keep.map((c) => copy[c] ?? null);
  });
  return { text: outText, boxes: outBoxes };
}
