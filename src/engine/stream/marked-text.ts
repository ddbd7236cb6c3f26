import { LEADER } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import { isListMarker, isNumeric } from './text-kinds.ts';

/**
 * More text set in columns that is not a table (issue 10, fourth pass; not-tables.ts has the
 * others): lines opened by one mark, a list nested in levels, an index, leaders read as cells,
 * a chart whose points are drawn as glyphs, and the axes of a chart's panels set side by side.
 * Each test reads only the cells' text, so it holds for any producer.
 */

const firstWord = (text: string): string => text.split(' ')[0] ?? '';

/** Any letter; any letter or digit. */
// Letter and mark classes (`\p{…}`) at module level: the build lowers such literals to `new RegExp`
// where they stand, a regular expression made per call (issue 14).
const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The mark a cell opens with, when it has neither a letter nor a digit (`#`, `-`, `>`, `//`, `%`).
 * Dot leaders are not one: they run a label out to its value or page (a contents entry, a form's
 * field), cut into cells of their own when set wide.
 */
function openingMark(text: string): string | undefined {
  const first = firstWord(text);
  return first !== '' && !LETTER_OR_DIGIT.test(first) && !LEADER.test(first) ? first : undefined;
}

/**
 * Lines each opened by the same mark: a column where most rows start with one token of signs,
 * the first column or followed by words in its cell, and no column of numbers. A comment block
 * (`#`, `%`, `//`), a quotation (`>`), a definition list (`TERM - what it does`) or a list under a
 * bullet no font maps: each line is text, the mark is not a column of values.
 */
export function isMarkedLines(cells: readonly string[][], hasNumbers: boolean, settings: StreamSettings): boolean {
  if (hasNumbers) return false;
  const width = cells[0]?.length ?? 0;
  for (let c = 0; c < width; c++) {
    const marks = new Map<string, number>();
    for (const row of cells) {
      const text = row[c]!;
      const mark = openingMark(text);
      if (mark === undefined || (c > 0 && text === mark)) continue;
      marks.set(mark, (marks.get(mark) ?? 0) + 1);
    }
    const most = Math.max(0, ...marks.values());
    if (most >= settings.minMarkedLines && most >= settings.markedLineShare * cells.length) return true;
  }
  return false;
}

/** Glyphs that only ever open a list item: a dash, a minus or an asterisk may open an amount or a note. */
const BULLET_GLYPH = /^[•◦▪▫■□●○◆◇►▸‣⁃∙]$/;

/**
 * Bulleted entries with something at the margin (decision 013, seventh pass): a résumé's items,
 * each opened by a bullet glyph and followed by words, a date or a year beside it. The years make
 * a column of numbers, which isMarkedLines and the list tests refuse, but an item opened by a
 * bullet is text whatever stands beside it: in a column whose cell opens with a bullet (any
 * bullet, a sub-item's may differ) on `markedLineShare` of the rows that hold two cells or more
 * (an item's own lines under it hold one), `minMarkedLines` or more.
 */
export function isBulletedEntries(cells: readonly string[][], settings: StreamSettings): boolean {
  const width = cells[0]?.length ?? 0;
  // The rows that hold an entry beside something: an item's lines under it hold nothing beside.
  const entries = cells.filter((r) => r.filter((t) => t !== '').length >= 2);
  const isItem = (t: string): boolean => BULLET_GLYPH.test(firstWord(t)) && LETTER.test(t.slice(firstWord(t).length));
  for (let c = 0; c < width; c++) {
    const items = entries.filter((r) => isItem(r[c]!)).length;
    if (items >= settings.minMarkedLines && items >= settings.markedLineShare * entries.length) return true;
  }
  return false;
}

/**
 * A list nested in levels: each row's first filled cell is an item's marker (a bullet or an
 * enumerator), at the first column or further in for a sub-item, or the row goes on an item's
 * text further in than its marker; no column of numbers. A list of one level is not-tables.ts's.
 */
export function isNestedList(cells: readonly string[][], hasNumbers: boolean, settings: StreamSettings): boolean {
  if (hasNumbers) return false;
  let items = 0;
  let levels = 0;
  let markerAt = -1;
  for (const row of cells) {
    const at = row.findIndex((t) => t !== '');
    if (at < 0) continue;
    if (isListMarker(firstWord(row[at]!))) {
      if (markerAt >= 0 && at !== markerAt) levels++;
      markerAt = at;
      items++;
    } else if (markerAt < 0 || at <= markerAt) return false;
  }
  return items >= settings.minListItems && levels > 0;
}

/** Page references after an index entry: `12`, `9, 10`, `40–42`. */
const PAGE_REFS = /^\d{1,4}(?:\s?[,–-]\s?\d{1,4})*,?$/;

/**
 * An index entry in a cell: the words before its first run of dot leaders, less any number that
 * opens them (a section's or a form's numbering), when page references follow the leaders in the
 * cell or in the next filled cell of the row. Undefined when the cell holds no such entry.
 */
function indexEntry(row: readonly string[], c: number): string | undefined {
  const words = row[c]!.split(' ');
  const at = words.findIndex((w, i) => i > 0 && LEADER.test(w));
  if (at <= 0) return undefined;
  const after = words.slice(at).filter((w) => !LEADER.test(w)).join(' ');
  const next = row.slice(c + 1).find((t) => t !== '') ?? '';
  if (!PAGE_REFS.test(after || next)) return undefined;
  const label = words.slice(0, at).filter((w, i, all) => !(all.slice(0, i + 1).every((x) => /\d/.test(x)))).join(' ');
  return LETTER.test(label) ? label.toLowerCase() : undefined;
}

/**
 * An index: entries led out with dots to their pages, in alphabetical order down each column,
 * the pages in no order (a contents page has its pages in order: not-tables.ts). A form's
 * labels led out to their values follow the form, not the alphabet, and its numbering does not
 * count as order.
 */
export function isIndex(cells: readonly string[][], settings: StreamSettings): boolean {
  const width = cells[0]?.length ?? 0;
  let entries = 0;
  let pairs = 0;
  let ordered = 0;
  for (let c = 0; c < width; c++) {
    const labels = cells.map((r) => indexEntry(r, c)).filter((l): l is string => l !== undefined);
    entries += labels.length;
    for (let i = 1; i < labels.length; i++) {
      pairs++;
      if (labels[i - 1]!.localeCompare(labels[i]!, 'en', { sensitivity: 'base', ignorePunctuation: true }) <= 0) ordered++;
    }
  }
  return entries >= settings.minIndexEntries && entries >= settings.contentsRowShare * cells.length && ordered >= settings.indexOrderShare * pairs;
}

/**
 * Dot leaders set wide apart, each read as a cell of its own: a contents page whose entries run
 * out to their pages over dozens of "columns" of single dots. Most filled cells hold nothing but
 * leaders; a table's cells hold its values.
 */
export function isLeaderGrid(cells: readonly string[][], settings: StreamSettings): boolean {
  const filled = cells.flat().filter((t) => t !== '');
  const leaders = filled.filter((t) => t.split(' ').every((w) => LEADER.test(w))).length;
  return filled.length >= settings.minPlottedMarks && leaders >= settings.leaderCellShare * filled.length;
}

/**
 * A chart whose points are drawn as font glyphs (a scatter plot in a font of symbols): every
 * filled cell is made of the same one or two characters, over many cells, and no column of
 * numbers. A table's cells are written with many.
 */
export function isPlottedMarks(cells: readonly string[][], hasNumbers: boolean, settings: StreamSettings): boolean {
  if (hasNumbers) return false;
  const filled = cells.flat().filter((t) => t !== '');
  const chars = new Set(filled.join('').replace(/\s/g, ''));
  return filled.length >= settings.minPlottedMarks && chars.size <= 2;
}

/** A tick label: a plain decimal (`0.8`, `-2`, `100`), nothing else. */
const TICK = /^-?\d{1,6}(?:\.\d{1,6})?$/;

/** The column's tick labels when they step evenly and all but a panel's title are ticks, or undefined. */
function evenSteps(cells: readonly string[][], c: number, settings: StreamSettings): number[] | undefined {
  const filled = cells.map((r) => r[c]!).filter((t) => t !== '');
  const ticks = filled.filter((t) => TICK.test(t));
  if (ticks.length < settings.minAxisTicks || filled.length - ticks.length > 1) return undefined;
  const values = ticks.map(Number);
  const step = values[1]! - values[0]!;
  const even = values.every((v, i) => i === 0 || Math.abs(v - values[i - 1]! - step) <= 1e-9 * Math.max(1, Math.abs(step)));
  return step !== 0 && even ? values : undefined;
}

/**
 * The axes of a chart's panels set side by side (a facetted plot, a tree with a bar chart under
 * each leaf): the same evenly stepped tick labels (`1`, `0.8`, `0.6`…) in two columns or more, and
 * no other column of figures. A payment plan may number its instalments and its months alike, but
 * it has amounts beside them.
 */
export function isRepeatedAxis(cells: readonly string[][], settings: StreamSettings): boolean {
  const width = cells[0]?.length ?? 0;
  const seen = new Set<string>();
  let repeated = false;
  for (let c = 0; c < width; c++) {
    const values = evenSteps(cells, c, settings);
    if (!values) {
      const filled = cells.map((r) => r[c]!).filter((t) => t !== '');
      if (filled.length >= 2 && filled.filter(isNumeric).length * 2 > filled.length) return false;
      continue;
    }
    const key = values.join(' ');
    if (seen.has(key)) repeated = true;
    seen.add(key);
  }
  return repeated;
}
