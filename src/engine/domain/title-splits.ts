import { findTable } from '../../shared/catalog/index.ts';
import { unionOrNull } from '../geometry.ts';
import type { Box, RawTable } from '../types.ts';
import { isDataCell } from './classify-table.ts';
import { rowShape } from './text.ts';
import { matchTitle } from './titles.ts';

/**
 * A spreadsheet export prints every table on one sheet-wide column grid, so a finder that reads
 * columns from alignment sees one long table running through several catalogue tables (issue 10).
 * A row holding nothing but a catalogue table's title is where one table ends and the next
 * begins: the table is cut there and the title becomes the context line the next part is
 * classified by. Only exact title wordings cut: a prefix match would cut at a section row. A title
 * may be the first row (a heading set close over the header, its words a bold word space apart, so
 * a finder reading columns kept it and cut it in two: `EGRESOS | OPERACIONALES`).
 */
/** A column header names at least this many columns. */
const MIN_HEADER_CELLS = 2;
/** A title a finder cut at its word gaps (a bold heading's word space is wide) spans at most this many cells. */
const MAX_TITLE_CELLS = 3;

/** The row's text when it holds nothing but a few cells of words: a title, maybe cut at its word gaps. */
function titleText(row: readonly string[]): string | undefined {
  const texts = row.map((c) => c.trim()).filter(Boolean);
  return texts.length >= 1 && texts.length <= MAX_TITLE_CELLS ? texts.join(' ') : undefined;
}

export function splitAtTitles(tables: readonly RawTable[]): RawTable[] {
  return tables.flatMap((t) => {
    const cuts: number[] = [];
    const titles: string[] = [];
    t.rows.forEach((row, i) => {
      const text = titleText(row);
      const title = text === undefined ? undefined : matchTitle(text);
      if (title?.exact && (startsHeader(t.rows[i + 1]) || (i > 0 && findTable(title.name)?.layout === 'keyvalue'))) {
        cuts.push(i);
        titles.push(text!);
      }
    });
    if (cuts.length === 0) return [t];
    const parts: RawTable[] = [];
    const first = part(t, 0, cuts[0]!, t.context);
    if (first) parts.push(first);
    cuts.forEach((cut, k) => {
      // A title read as the table's first row still follows the lines above it.
      const context = cut === 0 ? [...t.context, titles[k]!] : [titles[k]!];
      const next = part(t, cut + 1, cuts[k + 1] ?? t.rows.length, context);
      if (next) parts.push(next);
    });
    return parts;
  });
}

/**
 * A title that starts a table is followed by its column header: several cells, none of them data.
 * A catalogue title followed by data is a section row inside a table (`INGRESOS OPERACIONALES`
 * heading its half of a cash flow), not a cut, unless it names a label/value table (the loan terms),
 * whose rows are label and value from the first.
 */
function startsHeader(row: readonly string[] | undefined): boolean {
  if (!row) return false;
  return rowShape(row).filled >= MIN_HEADER_CELLS && !row.some(isDataCell);
}

/** Rows [from, to) of a table as a table of its own, its boxes from its own cells. */
function part(t: RawTable, from: number, to: number, context: string[]): RawTable | undefined {
  if (to <= from) return undefined;
  const rows = t.rows.slice(from, to);
  const cells = t.cells.slice(from, to);
  const rowPages = t.rowPages.slice(from, to);
  const pages = [...new Set(rowPages)];
  const boxOn = (page: number): Box =>
    unionOrNull(cells.filter((_, i) => rowPages[i] === page).flat()) ?? t.pageBoxes.find((b) => b.page === page)?.bbox ?? t.bbox;
  const pageBoxes = pages.map((page) => ({ page, bbox: boxOn(page) }));
  const page = pages[0] ?? t.page;
  return { ...t, rows, cells, rowPages, page, pages, pageBoxes, bbox: boxOn(page), context };
}
