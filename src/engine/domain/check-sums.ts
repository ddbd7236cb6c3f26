import type { CatalogTable, TableRow } from '../../shared/catalog/index.ts';
import type { CheckSum } from '../types.ts';

/** A printed total agrees with its items within a peso or 0.05 %, which covers rounding in print. */
/** Combining marks (accents once NFD splits them). */
// Letter and mark classes (`\p{…}`) at module level: the build lowers such literals to `new RegExp`
// where they stand, a regular expression made per call (issue 14).
const MARKS = /\p{M}/gu;

const ABS_TOLERANCE = 1.5;
const REL_TOLERANCE = 0.0005;

export function sumsAgree(printed: number, computed: number): boolean {
  return Math.abs(printed - computed) <= Math.max(ABS_TOLERANCE, REL_TOLERANCE * Math.abs(printed));
}

/** SUBTOTAL / TOTAL rows of grids, and the rows of cash flows that are not concepts. */
export function isTotalRowLabel(text: string, cashFlow: boolean): boolean {
  const s = text
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .trim();
  if (/^(?:sub\s*-?\s*)?total(?:es)?\b/.test(s)) return true;
  return cashFlow && /^(?:flujo|saldo)\b/.test(s);
}

export function isSubtotalLabel(text: string): boolean {
  return /^sub\s*-?\s*total/i.test(text.trim());
}

/**
 * What a grid table's check sums are computed from, row by row in print order (across all the
 * pages of a continued table): its items, its section rows and its SUBTOTAL/TOTAL rows.
 */
export type SumEvent =
  | { kind: 'item'; values: TableRow }
  | { kind: 'section' }
  | { kind: 'check'; label: string; subtotal: boolean; page: number; printed: { column: string; value: number }[] };

interface Running {
  /** Every item so far. */
  items: TableRow[];
  /** Index into items after the last section row / after the last SUBTOTAL or TOTAL row. */
  afterSection: number;
  afterCheck: number;
  /** Printed SUBTOTALs since the last TOTAL, per column. */
  subtotals: Map<string, number>;
}

function sumOf(items: readonly TableRow[], column: string): number {
  let s = 0;
  for (const item of items) {
    const v = item[column];
    if (typeof v === 'number') s += v;
  }
  return s;
}

/**
 * The check sums of a grid table from its events; only those of events from index `from` on are
 * returned (earlier events are a previous page's part of the same table, already reported there).
 *
 * A SUBTOTAL sums the items since the previous section row or SUBTOTAL/TOTAL row (a SUBTOTAL
 * closing several sections, since the previous SUBTOTAL/TOTAL, also holds). A TOTAL sums the
 * whole table, every page of it; it also holds when it equals the printed SUBTOTALs plus the items
 * after the last one, or, for a section's own total (`Total año 1`), the items since the previous
 * section or total. A failing sum reports the SUBTOTAL's section or the whole table.
 */
export function checkSumsOf(table: CatalogTable, events: readonly SumEvent[], from = 0): CheckSum[] {
  const run: Running = { items: [], afterSection: 0, afterCheck: 0, subtotals: new Map() };
  const out: CheckSum[] = [];
  // Items of earlier pages come first: row indexes are counted from this page's first item.
  const carried = events.slice(0, from).filter((e) => e.kind === 'item').length;
  events.forEach((e, i) => {
    if (e.kind === 'item') {
      run.items.push(e.values);
      return;
    }
    if (e.kind === 'section') {
      run.afterSection = run.items.length;
      return;
    }
    const segment = run.items.slice(Math.max(run.afterSection, run.afterCheck));
    const sinceCheck = run.items.slice(run.afterCheck);
    const sinceSection = run.items.slice(run.afterSection);
    for (const { column, value } of e.printed) {
      const segmentSum = sumOf(segment, column);
      const candidates = [sumOf(sinceCheck, column), sumOf(sinceSection, column)];
      let computed = segmentSum;
      let first = run.items.length - segment.length;
      if (!e.subtotal) {
        computed = sumOf(run.items, column);
        first = 0;
        candidates.push(segmentSum);
        if (run.subtotals.has(column)) candidates.push(run.subtotals.get(column)! + sumOf(sinceCheck, column));
      }
      const ok = sumsAgree(value, computed) || candidates.some((c) => sumsAgree(value, c));
      // Negative `from`: the sum reaches back into the rows of the pages before (the parts found before).
      const rows = { from: first - carried, to: run.items.length - carried };
      if (i >= from) out.push({ table: table.name, kind: 'column', label: e.label, page: e.page, column, printed: value, computed, ok, rows });
      if (e.subtotal) run.subtotals.set(column, (run.subtotals.get(column) ?? 0) + value);
    }
    if (!e.subtotal) run.subtotals.clear();
    run.afterCheck = run.items.length;
  });
  return out;
}
