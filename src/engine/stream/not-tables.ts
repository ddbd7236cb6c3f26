import { LEADER } from '../text/chunks-to-lines.ts';
import type { RowWords } from './lines-to-rows.ts';
import type { StreamSettings } from '../settings.ts';
import { isListMarker, isNumeric } from './text-kinds.ts';
import { isTextColumns } from './text-columns.ts';
import { isCodeListing } from './code-listing.ts';
import { isFlushContents } from './flush-contents.ts';
import { isJustifiedLines } from './justified-lines.ts';
import { isBulletedEntries, isIndex, isLeaderGrid, isMarkedLines, isNestedList, isPlottedMarks, isRepeatedAxis } from './marked-text.ts';

/**
 * Text set in columns that is not a table. Documents nobody here has seen put lists, contents
 * pages, prose in two columns and chart labels on a page as often as tables; each has its own
 * structural mark, tested here on the rows the finder read.
 */
export type NotTableReason =
  | 'list'
  | 'contents'
  | 'formula or code'
  | 'drawing labels'
  | 'prose columns'
  | 'scattered cells'
  | 'text side by side'
  | 'marked lines'
  | 'columns of text';

/** What the tests read: the table's cells, as text and as the words of each row. */
export interface TableEvidence {
  cells: readonly string[][];
  rows: readonly RowWords[];
  /** Slanted lines drawn inside the table's box (PageContent.diagonals). */
  diagonals?: number;
}

const firstWord = (text: string): string => text.split(' ')[0] ?? '';

/** Any letter; a word of two letters or more, perhaps closed by punctuation. */
// Letter and mark classes (`\p{…}`) at module level: the build lowers such literals to `new RegExp`
// where they stand, a regular expression made per call (issue 14).
const LETTER = /\p{L}/u;
const LETTERS_WORD = /^\p{L}{2,}[.,:;]?$/u;

/** Columns most of whose filled cells are numbers (an item's `1.` is a marker, not a number). */
function numericColumns(cells: readonly string[][]): number {
  const width = cells[0]?.length ?? 0;
  const isValue = (t: string): boolean => isNumeric(t) && !isListMarker(t);
  let n = 0;
  for (let c = 0; c < width; c++) {
    const filled = cells.map((r) => r[c]!).filter((t) => t !== '');
    if (filled.length > 0 && filled.filter(isValue).length * 2 > filled.length) n++;
  }
  return n;
}

/** Items each opened by a marker in the first column, their wrapped lines under them, no numbers. */
function isList(cells: readonly string[][], settings: StreamSettings): boolean {
  const marked = cells.filter((r) => isListMarker(firstWord(r[0]!))).length;
  const rest = cells.every((r) => r[0] === '' || isListMarker(firstWord(r[0]!)));
  return marked >= settings.minListItems && rest && numericColumns(cells) === 0;
}

/** A label run out with dot leaders to one small whole number: a contents entry and its page. */
const LEADER_END = /(?:\.\s?){3,}$|…$/;
function contentsPage(row: readonly string[]): number | undefined {
  const filled = row.filter((t) => t !== '');
  const page = filled[filled.length - 1];
  const label = filled[filled.length - 2];
  if (page === undefined || label === undefined || !/^\d{1,4}$/.test(page)) return undefined;
  const words = label.split(' ');
  return LEADER_END.test(label) || LEADER.test(words[words.length - 1]!) ? Number(page) : undefined;
}

/**
 * Most rows are entries that lead out to a page number, and the pages never go back. Two entries
 * are enough: a contents page whose chapter lines have no leaders (LaTeX's, Texinfo's) is cut at
 * them into pieces of two or three entries, each of which a short table would pass for.
 */
function isContents(cells: readonly string[][], settings: StreamSettings): boolean {
  const pages = cells.map(contentsPage).filter((p): p is number => p !== undefined);
  const ordered = pages.every((p, i) => i === 0 || p >= pages[i - 1]!);
  if (pages.length >= settings.minContentsEntries && pages.length >= settings.contentsRowShare * cells.length && ordered) return true;
  return isContentsInColumns(cells, settings);
}

/** The page of an entry whose page number is cell `c`: the nearest filled cell left of it ends in leaders. */
function entryPage(row: readonly string[], c: number): number | undefined {
  const page = row[c]!;
  if (!/^\d{1,4}$/.test(page)) return undefined;
  let k = c - 1;
  while (k >= 0 && row[k] === '') k--;
  if (k < 0) return undefined;
  const words = row[k]!.split(' ');
  return LEADER_END.test(row[k]!) || LEADER.test(words[words.length - 1]!) ? Number(page) : undefined;
}

/**
 * A contents page set in two or more columns side by side: each row holds an entry of each
 * column, so its last cell is only the rightmost column's page. Every column of page numbers
 * (a column where some entry ends) must be mostly entries' pages, in order, and there must be
 * two such columns: a table's one column of figures after a dotted label is left to the test above.
 */
function isContentsInColumns(cells: readonly string[][], settings: StreamSettings): boolean {
  const width = cells[0]?.length ?? 0;
  let pageColumns = 0;
  let entries = 0;
  let filled = 0;
  for (let c = 1; c < width; c++) {
    const pages = cells.map((r) => entryPage(r, c)).filter((p): p is number => p !== undefined);
    if (pages.length === 0) continue;
    if (!pages.every((p, i) => i === 0 || p >= pages[i - 1]!)) return false;
    pageColumns++;
    entries += pages.length;
    filled += cells.filter((r) => r[c] !== '').length;
  }
  return pageColumns >= 2 && entries >= settings.minContentsEntries * pageColumns && entries >= settings.contentsRowShare * filled;
}

/**
 * Signs of a displayed formula or a program listing: relations and brackets no table's words use,
 * a function call, and the control codes a TeX math font without a Unicode map gives. A cell that
 * reads as a number (`(1.200)`, `-3`) never counts.
 */
const FORMULA_SIGN = /[=<>{}[\];|\\^~∑∏∫≤≥≠←→]|[A-Za-z_]\(/;
/** TeX sets a tall bracket round a displayed formula as a glyph of its own: a cell of brackets only. */
const BRACKETS_ONLY = /^[()\s]+$/;
export const hasSign = (t: string): boolean => FORMULA_SIGN.test(t) || BRACKETS_ONLY.test(t) || [...t].some((ch) => ch.charCodeAt(0) < 0x20);

/**
 * Math operators (the Unicode block: `∥`, `⊤`, `⊗`, `∂`, `−` outside a number) and the double bar.
 * A table of symbols uses them too, so they count only beside equation numbers.
 */
const MATH_SIGN = /[\u2200-\u22FF\u2016]/;
/**
 * The number LaTeX and word processors set at the right of a displayed formula: `(12)`, `(3a)`,
 * and in books numbered by chapter `(3.8)`, `(3:8)`. The part after the chapter has at most two
 * digits: `(1.200)` is an amount.
 */
const EQUATION_NUMBER = /^\((\d{1,3})(?:[.:](\d{1,2}))?[a-z]?\)$/;

/** The equation number ending a row (its last filled cell's last word) as one rising figure, or undefined. */
function equationNumber(row: readonly string[]): number | undefined {
  const filled = row.filter((t) => t !== '');
  const last = filled[filled.length - 1]?.split(' ').pop() ?? '';
  const m = EQUATION_NUMBER.exec(last);
  if (!m) return undefined;
  return m[2] === undefined ? Number(m[1]) : Number(m[1]) * 1000 + Number(m[2]);
}

/**
 * Displayed formulae set one under another: rows end in equation numbers that never go back, and
 * the cells hold signs and math operators (a fraction's numerator and denominator, a matrix's
 * entries and brackets are read as cells of their own, so the share is lower than for code).
 */
function isNumberedFormula(cells: readonly string[][], settings: StreamSettings): boolean {
  const numbers = cells.map(equationNumber).filter((n): n is number => n !== undefined);
  if (numbers.length === 0 || !numbers.every((n, i) => i === 0 || n > numbers[i - 1]!)) return false;
  const filled = cells.flat().filter((t) => t !== '');
  const signed = filled.filter((t) => !isNumeric(t) && (hasSign(t) || MATH_SIGN.test(t))).length;
  return signed >= settings.numberedFormulaCellShare * filled.length;
}

/** A section number (`2`, `3.1`, `A.2`) as its parts, or undefined. */
function sectionParts(text: string): number[] | undefined {
  if (!/^(?:\d{1,2}|[A-Z])(?:\.\d{1,2})*\.?$/.test(text)) return undefined;
  return text
    .replace(/\.$/, '')
    .split('.')
    .map((p) => (/^[A-Z]$/.test(p) ? p.charCodeAt(0) - 64 : Number(p)));
}

/** `next` comes right after `prev` in an outline: its first child, its next sibling or an ancestor's. */
function followsInOutline(prev: number[], next: number[]): boolean {
  if (next.length === prev.length + 1 && next[next.length - 1] === 1) return prev.every((p, i) => next[i] === p);
  if (next.length > prev.length) return false;
  const last = next.length - 1;
  return next.every((n, i) => (i < last ? n === prev[i] : n === prev[i]! + 1));
}

/**
 * Contents without leaders (LaTeX's section lines): every row is a section number, a title and a
 * page number, the numbers run in outline order, the pages never go back, and the page numbers
 * stand at the margin, far more than a title's width from the titles. An item table's quantities
 * sit beside their descriptions.
 */
function isLeaderlessContents(rows: readonly RowWords[], cells: readonly string[][], settings: StreamSettings): boolean {
  if (cells.length < settings.minTableRows) return false;
  const entries = cells.map((r) => r.filter((t) => t !== ''));
  if (!entries.every((e) => e.length === 3 && sectionParts(e[0]!) && LETTER.test(e[1]!) && !isNumeric(e[1]!) && /^\d{1,4}$/.test(e[2]!))) return false;
  const sections = entries.map((e) => sectionParts(e[0]!)!);
  const pages = entries.map((e) => Number(e[2]));
  if (!sections.every((s, i) => i === 0 || followsInOutline(sections[i - 1]!, s))) return false;
  if (!pages.every((p, i) => i === 0 || p >= pages[i - 1]!)) return false;
  let titleX0 = Infinity;
  let titleX1 = -Infinity;
  let pageX0 = Infinity;
  for (const row of rows) {
    const filled = row.cells.filter((c) => c.length > 0);
    const title = filled[1] ?? [];
    const page = filled[2] ?? [];
    for (const w of title) {
      titleX0 = Math.min(titleX0, w.x0);
      titleX1 = Math.max(titleX1, w.x1);
    }
    for (const w of page) pageX0 = Math.min(pageX0, w.x0);
  }
  return pageX0 - titleX1 >= settings.contentsGapRatio * (titleX1 - titleX0);
}

/** Many cells of words hold formula or program signs: a formula set in columns, or code. */
function isFormulaOrCode(cells: readonly string[][], settings: StreamSettings): boolean {
  const filled = cells.flat().filter((t) => t !== '');
  const signed = filled.filter((t) => !isNumeric(t) && hasSign(t)).length;
  return filled.length > 0 && signed >= settings.formulaCellShare * filled.length && !hasWordHeader(cells, settings);
}

/**
 * A header row naming every column in a few plain words over rows of expressions: a table of
 * syntax and meaning (`Size = X-` | `s ≥ X`). A displayed formula or a program listing names no
 * columns: its first line is a formula or code line itself.
 */
function hasWordHeader(cells: readonly string[][], settings: StreamSettings): boolean {
  const [head, ...body] = cells;
  if (!head || head.length < 2 || body.length < settings.minHeaderBodyRows) return false;
  const plain = (t: string): boolean => t !== '' && !isNumeric(t) && !hasSign(t) && t.split(' ').length <= settings.maxHeaderCellWords;
  return head.every(plain) && head.every((_, c) => body.some((r) => r[c] !== ''));
}

/** Greek letters, math operators, the double bar, the prime and the tilde accent set over a letter. */
const MATH_LETTER = /[\u0370-\u03FF\u2200-\u22FF\u2016\u2032\u02DC]/u;
/** Three words of two letters or more: a phrase, as a symbol's meaning or a table's label reads. */
const isPhrase = (t: string): boolean => t.split(' ').filter((w) => LETTERS_WORD.test(w)).length >= 3;

/**
 * A displayed formula without an equation number a reader can see (none, or one set in a font
 * without a Unicode map): most cells hold Greek letters, math operators or a formula's signs
 * (brackets, `=`), fewer phrases than those, and no column of numbers. A table of symbols gives each symbol its meaning in words, a
 * table of estimates has columns of numbers beside its Greek labels.
 */
function isMathSet(cells: readonly string[][], settings: StreamSettings): boolean {
  if (numericColumns(cells) > 0) return false;
  const words = cells.flat().filter((t) => t !== '' && !isNumeric(t));
  const math = words.filter((t) => MATH_LETTER.test(t) || hasSign(t)).length;
  const phrases = words.filter(isPhrase).length;
  return words.length > 0 && math >= settings.formulaMathShare * words.length && phrases * 2 < math && !hasWordHeader(cells, settings);
}

/** Every column reads as running text: many words on each of its lines, and no column of numbers. */
function isProseColumns(rows: readonly RowWords[], cells: readonly string[][], settings: StreamSettings): boolean {
  if (numericColumns(cells) > 0) return false;
  const width = rows[0]?.cells.length ?? 0;
  for (let c = 0; c < width; c++) {
    let words = 0;
    let lines = 0;
    for (const row of rows) {
      const cell = new Set(row.cells[c]);
      if (cell.size === 0) continue;
      words += cell.size;
      lines += row.lines.filter((l) => l.words.some((w) => cell.has(w))).length;
    }
    if (lines > 0 && words / lines < settings.proseLineWords) return false;
  }
  return true;
}

/**
 * Most columns hold a single cell, and those cells sit on different rows: labels scattered over
 * the region (a chart's values at its bars' ends), not values in columns. Header words split over
 * columns of their own sit on the first rows only, and do not count.
 */
function isScattered(cells: readonly string[][], settings: StreamSettings): boolean {
  const width = cells[0]?.length ?? 0;
  let supported = 0;
  const lonelyRows = new Set<number>();
  for (let c = 0; c < width; c++) {
    const filled = cells.flatMap((r, i) => (r[c] !== '' ? [i] : []));
    if (filled.length >= 2) supported++;
    else if (filled.length === 1) lonelyRows.add(filled[0]!);
  }
  return supported * 2 < width && lonelyRows.size >= settings.minTableRows;
}

/**
 * Two columns of words over a few lines, no values and no `Label:` column: two blocks of text
 * set side by side (signatures, addresses, names over roles). A table needs more to show.
 */
function isTextPair(cells: readonly string[][], settings: StreamSettings): boolean {
  const width = cells[0]?.length ?? 0;
  const labels = cells.filter((r) => /:$/.test(r[0]!)).length;
  return width === 2 && cells.length < settings.minTextPairRows && numericColumns(cells) === 0 && labels * 2 < cells.length;
}

/** Why the rows found are not a table, or undefined when nothing says so. */
export function notTableReason(evidence: TableEvidence, settings: StreamSettings): NotTableReason | undefined {
  const { cells, rows } = evidence;
  // A table's text is never drawn over slanted lines; a line chart's or a diagram's labels are.
  if ((evidence.diagonals ?? 0) >= settings.drawingDiagonals) return 'drawing labels';
  if (isList(cells, settings)) return 'list';
  if (isContents(cells, settings) || isLeaderlessContents(rows, cells, settings) || isFlushContents(cells, settings)) return 'contents';
  if (isFormulaOrCode(cells, settings) || isNumberedFormula(cells, settings) || isMathSet(cells, settings)) return 'formula or code';
  const hasNumbers = numericColumns(cells) > 0;
  if (isMarkedLines(cells, hasNumbers, settings)) return 'marked lines';
  if (isCodeListing(rows, settings)) return 'formula or code';
  if (isNestedList(cells, hasNumbers, settings) || isBulletedEntries(cells, settings)) return 'list';
  if (isIndex(cells, settings) || isLeaderGrid(cells, settings)) return 'contents';
  if (isPlottedMarks(cells, hasNumbers, settings) || isRepeatedAxis(cells, settings)) return 'drawing labels';
  if (isProseColumns(rows, cells, settings) || isJustifiedLines(rows, hasNumbers, settings)) return 'prose columns';
  if (isTextColumns(rows, settings)) return 'columns of text';
  if (isScattered(cells, settings)) return 'scattered cells';
  if (isTextPair(cells, settings)) return 'text side by side';
  return undefined;
}
