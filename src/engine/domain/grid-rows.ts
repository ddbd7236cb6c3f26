import type { CatalogTable, ColumnType, TableRow } from '../../shared/catalog/index.ts';
import type { CheckSum, ExtractedRow, RawTable } from '../types.ts';
import { addStyleVotes, decideStyle, type NumberStyle } from '../values/numbers.ts';
import { cleanText, parseCell } from '../values/parse-cell.ts';
import { isSubtotalLabel, isTotalRowLabel, sumsAgree } from './check-sums.ts';
import { cellAt, rowSourceAt, type LocatedCell } from './sources.ts';
import { rowShape } from './text.ts';

export interface RowsRead {
  /** The items, each with its values and where they were printed. */
  rows: ExtractedRow[];
  unparsedCells: number;
  checkSums: CheckSum[];
  /** Whether any section row filled the grouping column. */
  grouped: boolean;
  /** The section title in force after the last row, for a continuation on the next page. */
  lastGroup?: LocatedCell;
}

export function emptyRead(): RowsRead {
  return { rows: [], unparsedCells: 0, checkSums: [], grouped: false };
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
  initialGroup?: LocatedCell,
): RowsRead {
  const dataRows = raw.rows.slice(start);
  const styles = columnStyles(dataRows, keys.length, documentStyle);
  const typeOf = new Map(table.columns.map((c) => [c.key, c.type]));
  const out = emptyRead();
  const values = (): TableRow[] => out.rows.map((r) => r.values);
  let group: LocatedCell | undefined = initialGroup;
  let segmentStart = 0;
  for (let i = 0; i < dataRows.length; i++) {
    const row = dataRows[i]!;
    const r = start + i;
    const shape = rowShape(row);
    if (shape.filled === 0) continue;
    if (isTotalRowLabel(shape.first, false)) {
      const from = isSubtotalLabel(shape.first) ? segmentStart : 0;
      out.checkSums.push(...rowCheckSums(table, keys, row, shape.first, values().slice(from), styles, typeOf));
      if (isSubtotalLabel(shape.first)) segmentStart = out.rows.length;
      continue;
    }
    if (keys.length > 1 && isSectionRow(row, shape, keys, typeOf)) {
      // A section row: its title applies to the items below it.
      if (table.group) {
        const filled = row.flatMap((c, k) => (c.trim() ? [k] : []));
        group = cellAt(raw, r, filled, cleanText(filled.map((k) => row[k]!).join(' ')));
        out.grouped = true;
      }
      segmentStart = out.rows.length;
      continue;
    }
    const item: TableRow = {};
    const cells: Record<string, LocatedCell> = {};
    keys.forEach((key, c) => {
      if (!key) return;
      const text = cleanText(row[c] ?? '');
      if (!text) return;
      const parsed = parseCell(text, typeOf.get(key) ?? 'text', styles[c]!);
      if (parsed.value === undefined) return;
      if (!parsed.ok) out.unparsedCells += 1;
      item[key] = parsed.value;
      cells[key] = cellAt(raw, r, [c], text);
    });
    if (Object.keys(item).length === 0) continue;
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
  }
  out.lastGroup = group;
  return out;
}

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
  return /\p{L}/u.test(text) && (OUTLINE.test(text) || text === text.toUpperCase());
}

function rowCheckSums(
  table: CatalogTable,
  keys: readonly (string | undefined)[],
  row: readonly string[],
  label: string,
  items: readonly TableRow[],
  styles: readonly NumberStyle[],
  typeOf: Map<string, ColumnType>,
): CheckSum[] {
  const sums: CheckSum[] = [];
  keys.forEach((key, c) => {
    const type = key ? typeOf.get(key) : undefined;
    if (!key || !type || !SUMMABLE.includes(type)) return;
    const text = cleanText(row[c] ?? '');
    if (!text || text === label) return;
    const parsed = parseCell(text, type, styles[c]!);
    if (!parsed.ok || typeof parsed.value !== 'number') return;
    const computed = items.reduce((s, r) => s + (typeof r[key] === 'number' ? (r[key] as number) : 0), 0);
    sums.push({ table: table.name, label: cleanText(label), column: key, printed: parsed.value, computed, ok: sumsAgree(parsed.value, computed) });
  });
  return sums;
}
