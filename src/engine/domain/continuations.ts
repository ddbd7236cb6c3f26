import type { RawTable } from '../types.ts';
import { isDataCell } from './classify-table.ts';
import { looseKey, rowShape } from './text.ts';
import { matchTitle, titleOf } from './titles.ts';

/** Rows at the top of a continuation that repeat the previous page's header, to be dropped. */
const HEADER_ROWS_COMPARED = 3;

const rowKey = (row: readonly string[]): string => looseKey(row.join(' '));

function lastPage(t: RawTable): number {
  return Math.max(t.page, ...t.pages);
}

function hasOwnTitle(t: RawTable): boolean {
  const first = t.rows[0] ? rowShape(t.rows[0]) : undefined;
  if (first && first.filled === 1 && matchTitle(first.first)) return true;
  return titleOf(t.context) !== undefined;
}

/**
 * Joins tables that continue on the next page: the first table of a page, with no title of its
 * own and as many columns as the previous page's last table, either repeating its header (which
 * is dropped) or starting straight with data.
 */
export function joinContinuations(tables: readonly RawTable[]): RawTable[] {
  const out: RawTable[] = [];
  for (const t of tables) {
    const prev = out[out.length - 1];
    const firstOnPage = !out.some((o) => o.page === t.page);
    const width = (x: RawTable) => Math.max(0, ...x.rows.map((r) => r.length));
    if (!prev || !firstOnPage || t.page !== lastPage(prev) + 1 || width(prev) !== width(t) || hasOwnTitle(t)) {
      out.push(t);
      continue;
    }
    const header = new Set(prev.rows.slice(0, HEADER_ROWS_COMPARED).map(rowKey).filter(Boolean));
    // The repeated header may sit under a stray line the finder took in (the page's running head).
    let drop = 0;
    for (let skip = 0; skip < HEADER_ROWS_COMPARED && skip < t.rows.length; skip++) {
      if (!header.has(rowKey(t.rows[skip]!))) continue;
      drop = skip;
      while (drop < t.rows.length && header.has(rowKey(t.rows[drop]!))) drop++;
      break;
    }
    const startsWithData = (t.rows[drop] ?? []).some(isDataCell);
    if (drop === 0 && !startsWithData) {
      out.push(t);
      continue;
    }
    out[out.length - 1] = {
      ...prev,
      pages: [...new Set([...prev.pages, ...t.pages, t.page])].sort((a, b) => a - b),
      rows: [...prev.rows, ...t.rows.slice(drop)],
      confidence: Math.min(prev.confidence, t.confidence),
    };
  }
  return out;
}
