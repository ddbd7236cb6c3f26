import type { CatalogTable, ColumnType, TableRow } from '../../shared/catalog/index.ts';
import type { CheckSum, ExtractedRow, RawTable } from '../types.ts';
import { addStyleVotes, decideStyle, type NumberStyle } from '../values/numbers.ts';
import { lostDecimals, mendRowProduct, printedDecimals, showsDecimals } from '../values/ocr-numbers.ts';
import { cleanText, parseCell } from '../values/parse-cell.ts';
import { checkSumsOf, isSubtotalLabel, isTotalRowLabel, type SumEvent } from './check-sums.ts';
import { cellAt, rowPage, rowSourceAt, type LocatedCell } from './sources.ts';
import { rowShape } from './text.ts';

export interface RowsRead {
  /** The items, each with its values and where they were printed. */
  rows: ExtractedRow[];
  unparsedCells: number;
  /** Numeric and date cells read, parsed or not. */
  typedCells: number;
  checkSums: CheckSum[];
  /** Whether any section row filled the grouping column. */
  grouped: boolean;
  /** The section title in force after the last row, for a continuation on the next page. */
  lastGroup?: LocatedCell;
  /** Items, sections and totals in print order, from the table's first page: a continuation's totals sum them too. */
  sums?: SumEvent[];
}

export function emptyRead(): RowsRead {
  return { rows: [], unparsedCells: 0, typedCells: 0, checkSums: [], grouped: false };
}

/** What a grid table read on earlier pages hands to its continuation (when the finder did not join them). */
export interface Carried {
  group?: LocatedCell;
  sums?: readonly SumEvent[];
}

const SUMMABLE: readonly ColumnType[] = ['money', 'int', 'decimal', 'hectares'];

/** A column's own style when its cells show one, else the document's (never per cell). */
export function columnStyles(rows: readonly string[][], width: number, documentStyle: NumberStyle): NumberStyle[] {
  return Array.from({ length: width }, (_, c) => {
    const votes = { co: 0, us: 0 };
    for (const row of rows) addStyleVotes(votes, row[c] ?? '');
    return decideStyle(votes, documentStyle);
  });
}

/** Puts a row's keys in catalogue order, as stored rows are. */
export function inCatalogOrder<T>(table: CatalogTable, values: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const c of table.columns) if (c.key in values) out[c.key] = values[c.key]!;
  return out;
}

/**
 * Reads the data rows (from row `start`) of a grid table whose columns are mapped to catalogue
 * keys: section rows fill the grouping column, SUBTOTAL/TOTAL rows become check sums, every other
 * row is an item.
 */
export function readGridRows(
  table: CatalogTable,
  keys: readonly (string | undefined)[],
  raw: RawTable,
  start: number,
  documentStyle: NumberStyle,
  carried: Carried = {},
): RowsRead {
  const dataRows = raw.rows.slice(start);
  const styles = columnStyles(dataRows, keys.length, documentStyle);
  const typeOf = new Map(table.columns.map((c) => [c.key, c.type]));
  const out = emptyRead();
  const sums: SumEvent[] = [...(carried.sums ?? [])];
  const before = sums.length;
  let group: LocatedCell | undefined = carried.group;
  // OCR loses amounts' marks: the table's other amounts say which decimals it prints.
  const decimals = raw.ocr ? printedDecimals(dataRows.flat()) : undefined;
  const decimalKeys = new Set(keys.filter((k, c): k is string => !!k && dataRows.some((row) => showsDecimals(row[c] ?? ''))));
  for (let i = 0; i < dataRows.length; i++) {
    const row = dataRows[i]!;
    const r = start + i;
    const shape = rowShape(row);
    if (shape.filled === 0) continue;
    if (isTotalRowLabel(shape.first, false)) {
      const printed = printedTotals(keys, row, shape.first, styles, typeOf);
      if (printed.length) sums.push({ kind: 'check', label: cleanText(shape.first), subtotal: isSubtotalLabel(shape.first), page: rowPage(raw, r), printed });
      continue;
    }
    if (keys.length > 1 && isSectionRow(row, shape, keys, typeOf)) {
      // A section row: its title applies to the items below it.
      if (table.group) {
        const filled = row.flatMap((c, k) => (c.trim() ? [k] : []));
        group = cellAt(raw, r, filled, cleanText(filled.map((k) => row[k]!).join(' ')));
        out.grouped = true;
      }
      sums.push({ kind: 'section' });
      continue;
    }
    const item: TableRow = {};
    const cells: Record<string, LocatedCell> = {};
    keys.forEach((key, c) => {
      if (!key) return;
      const text = cleanText(row[c] ?? '');
      if (!text) return;
      const type = typeOf.get(key) ?? 'text';
      const parsed = parseCell(text, type, styles[c]!);
      if (parsed.value === undefined) return;
      if (type !== 'text') out.typedCells += 1;
      if (!parsed.ok) out.unparsedCells += 1;
      item[key] = (type === 'money' && lostDecimals(text, decimals)) || parsed.value;
      cells[key] = cellAt(raw, r, [c], text);
    });
    if (Object.keys(item).length === 0) continue;
    if (raw.ocr) mendRowProduct(table.name, item, Object.fromEntries(Object.entries(cells).map(([k, c]) => [k, c.text])), decimalKeys);
    if (table.group) {
      // An empty grouping cell repeats the one above (a merged cell printed once).
      if (item[table.group] === undefined && group !== undefined) {
        item[table.group] = group.text;
        cells[table.group] = group;
      } else if (typeof item[table.group] === 'string') {
        group = cells[table.group];
      }
    }
    out.rows.push({ values: inCatalogOrder(table, item), source: rowSourceAt(raw, r, inCatalogOrder(table, cells)) });
    sums.push({ kind: 'item', values: item });
  }
  out.lastGroup = group;
  out.sums = sums;
  out.checkSums = checkSumsOf(table, sums, before);
  return out;
}

/** Any letter. */
// Letter and mark classes (`\p{…}`) at module level: the build lowers such literals to `new RegExp`
// where they stand, a regular expression made per call (issue 14).
const LETTER = /\p{L}/u;
const OUTLINE = /^(?:\d+(?:\.\d+)*\.?|[a-z]\))\s+\S/i;

/**
 * A section row: a title in the first cell and nothing in the number columns. The finder may
 * cut a long title over two cells (`1. ADECUACIÓN | DEL TERRENO`); then it must read as a title
 * (an outline number or capitals).
 */
function isSectionRow(
  row: readonly string[],
  shape: ReturnType<typeof rowShape>,
  keys: readonly (string | undefined)[],
  typeOf: Map<string, ColumnType>,
): boolean {
  if (shape.filled === 0) return false;
  const numbersEmpty = keys.every((key, c) => !key || typeOf.get(key) === 'text' || !(row[c] ?? '').trim());
  if (!numbersEmpty) return false;
  if (shape.filled === 1 && shape.firstIndex === 0) return true;
  const text = row.filter((c) => c.trim()).join(' ');
  return LETTER.test(text) && (OUTLINE.test(text) || text === text.toUpperCase());
}

/** The figures a SUBTOTAL/TOTAL row prints in its summable columns (not the label itself). */
function printedTotals(
  keys: readonly (string | undefined)[],
  row: readonly string[],
  label: string,
  styles: readonly NumberStyle[],
  typeOf: Map<string, ColumnType>,
): { column: string; value: number }[] {
  const printed: { column: string; value: number }[] = [];
  keys.forEach((key, c) => {
    const type = key ? typeOf.get(key) : undefined;
    if (!key || !type || !SUMMABLE.includes(type)) return;
    const text = cleanText(row[c] ?? '');
    if (!text || text === label) return;
    const parsed = parseCell(text, type, styles[c]!);
    if (parsed.ok && typeof parsed.value === 'number') printed.push({ column: key, value: parsed.value });
  });
  return printed;
}
