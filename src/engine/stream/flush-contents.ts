import type { StreamSettings } from '../settings.ts';
import { isNumeric } from './text-kinds.ts';

/** A page number: a small whole number (a year or an amount has more digits or marks). */
const PAGE = /^\d{1,3}$/;
/** Any letter. */
// Letter and mark classes (`\p{…}`) at module level: the build lowers such literals to `new RegExp`
// where they stand, a regular expression made per call (issue 14).
const LETTER = /\p{L}/u;

/**
 * A contents list with neither leaders nor section numbers (decision 013, seventh pass; ConTeXt
 * sets each title flush against its page number, a line of subsections under some). The last
 * column holds page numbers on `minContentsEntries` rows or more: each beside a title of words,
 * never going back, and not a running count (some page repeats or is skipped: a table's item
 * numbers go up by one). Rows without a page hold no number anywhere, and no row names the page
 * column in words: a schedule's weeks or months stand under a header that says so.
 */
export function isFlushContents(cells: readonly string[][], settings: StreamSettings): boolean {
  const width = cells[0]?.length ?? 0;
  if (width < 2) return false;
  const pages: number[] = [];
  for (const row of cells) {
    const last = row[width - 1]!;
    const others = row.slice(0, -1).filter((t) => t !== '');
    if (others.some((t) => isNumeric(t))) return false;
    if (last === '') continue;
    if (!PAGE.test(last)) return false;
    const title = others[others.length - 1];
    if (title === undefined || !LETTER.test(title) || /\d/.test(title)) return false;
    pages.push(Number(last));
  }
  if (pages.length < settings.minContentsEntries || pages.length < settings.contentsRowShare * cells.length) return false;
  const steps = pages.slice(1).map((p, i) => p - pages[i]!);
  return steps.every((s) => s >= 0) && steps.some((s) => s !== 1);
}
