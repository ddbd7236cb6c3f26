import { findTable, type CatalogTable, type TableRow } from '../../shared/catalog/index.ts';
import { unionOrNull } from '../geometry.ts';
import type { CheckSum, RawTable } from '../types.ts';
import type { NumberStyle } from '../values/numbers.ts';
import { lostDecimals, printedDecimals } from '../values/ocr-numbers.ts';
import { cleanText, parseCell } from '../values/parse-cell.ts';
import { isTotalRowLabel, sumsAgree } from './check-sums.ts';
import { columnStyles, emptyRead, type RowsRead } from './grid-rows.ts';
import type { HeaderCell } from './header-match.ts';
import { cellAt, rowPage, rowSourceAt, type LocatedCell } from './sources.ts';
import { fold, rowShape } from './text.ts';

export interface WideLayout {
  conceptCol: number;
  /** Each period column with its header label and the header cells (row, column) it was composed from. */
  periods: { col: number; label: string; from: HeaderCell[] }[];
  /** The `Total` column, used only as a check sum, and its header. */
  totalCol?: number;
  totalLabel?: string;
}

export const INGRESOS = 'IngresosOperacionales';
export const EGRESOS = 'EgresosOperacionales';

/** Which half of a cash flow a section row (`INGRESOS OPERACIONALES`, `EGRESOS`) opens, if any. */
export function cashFlowSection(text: string): typeof INGRESOS | typeof EGRESOS | undefined {
  const s = fold(text);
  if (/^(?:\d+\.?\s*)?ingresos\b/.test(s)) return INGRESOS;
  if (/^(?:\d+\.?\s*)?egresos\b/.test(s)) return EGRESOS;
  return undefined;
}

/** Where a period's header was printed: the header cells its label was composed from. */
function periodCell(raw: RawTable, period: WideLayout['periods'][number]): LocatedCell {
  const top = period.from[0]?.row;
  const box = unionOrNull(period.from.map((p) => raw.cells[p.row]?.[p.col]));
  return { text: period.label, box, page: top === undefined ? raw.page : rowPage(raw, top) };
}

/**
 * A wide cash flow (`Concepto | Mes 1 … Mes 12 | Total`) as long rows `{concepto, periodo, valor}`,
 * one per non-empty period cell of the data rows (from row `first`); each long row's sources are
 * the concept cell, the period's header cell and the value cell. `start` is the table the rows go
 * to until a section row (`INGRESOS` / `EGRESOS`) switches it; undefined means only section rows
 * decide.
 */
export function readWideRows(
  layout: WideLayout,
  raw: RawTable,
  first: number,
  documentStyle: NumberStyle,
  start: string | undefined,
): Map<string, RowsRead> {
  const { rows: dataRows, concepts } = joinWrappedConcepts(raw, first, layout.conceptCol);
  const styles = columnStyles(dataRows, Math.max(...dataRows.map((r) => r.length), 0), documentStyle);
  // OCR loses amounts' marks: the table's other amounts say which decimals it prints.
  const decimals = raw.ocr ? printedDecimals(dataRows.flat()) : undefined;
  const headers = new Map(layout.periods.map((p) => [p.col, periodCell(raw, p)]));
  const out = new Map<string, RowsRead>();
  let target = start;
  for (let i = 0; i < dataRows.length; i++) {
    const row = dataRows[i]!;
    const r = first + i;
    const shape = rowShape(row);
    if (shape.filled === 0) continue;
    const conceptText = cleanText(row[layout.conceptCol] ?? '');
    const page = rowPage(raw, r);
    const section = cashFlowSection(shape.first);
    if (section && shape.filled === 1) {
      target = section;
      continue;
    }
    if (!target) continue;
    const table = findTable(target)!;
    const read = out.get(target) ?? emptyRead();
    out.set(target, read);
    if (isTotalRowLabel(shape.first, true)) {
      if (/^total/i.test(fold(shape.first))) read.checkSums.push(...periodTotals(table, layout, row, shape.first, page, read.rows.map((x) => x.values), styles));
      continue;
    }
    if (shape.filled === 1) continue; // a section title inside one half
    if (!conceptText) continue;
    let sum = 0;
    const concept = concepts.get(i) ?? cellAt(raw, r, [layout.conceptCol], conceptText);
    for (const { col, label } of layout.periods) {
      const text = cleanText(row[col] ?? '');
      if (!text) continue;
      const parsed = parseCell(text, 'money', styles[col]!);
      read.typedCells += 1;
      if (!parsed.ok) read.unparsedCells += 1;
      const mended = lostDecimals(text, decimals);
      if (mended !== undefined) parsed.value = mended;
      if (typeof parsed.value === 'number') sum += parsed.value;
      read.rows.push({
        values: { concepto: conceptText, periodo: label, valor: parsed.value ?? text },
        source: rowSourceAt(raw, r, { concepto: concept, periodo: headers.get(col)!, valor: cellAt(raw, r, [col], text) }),
      });
    }
    if (layout.totalCol !== undefined) {
      const totalText = cleanText(row[layout.totalCol] ?? '');
      const printed = parseCell(totalText, 'money', styles[layout.totalCol]!);
      printed.value = lostDecimals(totalText, decimals) ?? printed.value;
      if (printed.ok && typeof printed.value === 'number') {
        const header = cleanText(layout.totalLabel ?? '') || 'Total';
        read.checkSums.push({ table: table.name, kind: 'row', label: conceptText, page, column: 'valor', header, printed: printed.value, computed: sum, ok: sumsAgree(printed.value, sum) });
      }
    }
  }
  return out;
}

/** The items' `valor` summed per `periodo`, from 0, in the items' order. */
function periodSums(items: readonly TableRow[]): Map<unknown, number> {
  const out = new Map<unknown, number>();
  for (const r of items) {
    // `===` never matches NaN, where a Map key would.
    if (r.periodo !== r.periodo) continue;
    out.set(r.periodo, (out.get(r.periodo) ?? 0) + (typeof r.valor === 'number' ? r.valor : 0));
  }
  return out;
}

function periodTotals(
  table: CatalogTable,
  layout: WideLayout,
  row: readonly string[],
  label: string,
  page: number,
  items: readonly TableRow[],
  styles: readonly NumberStyle[],
): CheckSum[] {
  const sums: CheckSum[] = [];
  // Each period's sum in one pass over the items, in their order (the same additions as a filter
  // and a reduce per period, which went over every item once per period, issue 14).
  let byPeriod: Map<unknown, number> | undefined;
  for (const { col, label: period } of layout.periods) {
    const parsed = parseCell(cleanText(row[col] ?? ''), 'money', styles[col]!);
    if (!parsed.ok || typeof parsed.value !== 'number') continue;
    byPeriod ??= periodSums(items);
    const computed = byPeriod.get(period) ?? 0;
    sums.push({ table: table.name, kind: 'column', label: cleanText(label), page, column: 'valor', header: period, printed: parsed.value, computed, ok: sumsAgree(parsed.value, computed) });
  }
  return sums;
}

/** A cell holding only a figure: `$ 236,316,300`, `(1.200,00)`, `-`. */
function isFigure(text: string): boolean {
  const s = text.trim();
  return s !== '' && /^[\s$()\-–.,%\d]+$/.test(s) && /[\d\-–]/.test(s);
}

/** A concept-only line (`Venta de leche`): one filled cell, in the concept column, no figure, no section. */
function isConceptPiece(row: readonly string[], conceptCol: number): boolean {
  const shape = rowShape(row);
  const text = row[conceptCol] ?? '';
  return shape.filled === 1 && shape.firstIndex === conceptCol && !isFigure(text) && !cashFlowSection(text);
}

/** A line of figures whose concept cell is empty. */
function isBareFigures(row: readonly string[], conceptCol: number): boolean {
  return !(row[conceptCol] ?? '').trim() && row.some((c, k) => k !== conceptCol && isFigure(c));
}

/**
 * A concept wrapped over two lines and centred on its figures comes from the text finder as three
 * rows: `Venta de leche` / the figures with no concept / `cruda`. The pieces join the figures' row
 * (`Venta de leche cruda`), sourced where both were printed; the piece rows are emptied.
 */
function joinWrappedConcepts(raw: RawTable, first: number, conceptCol: number): { rows: string[][]; concepts: Map<number, LocatedCell> } {
  const rows = raw.rows.slice(first).map((r) => [...r]);
  const concepts = new Map<number, LocatedCell>();
  const used = new Set<number>();
  for (let i = 0; i < rows.length; i++) {
    if (!isBareFigures(rows[i]!, conceptCol)) continue;
    const above = i > 0 && !used.has(i - 1) && isConceptPiece(rows[i - 1]!, conceptCol) ? i - 1 : undefined;
    // The line below belongs to the next figures when it sits right above them.
    const nextTaken = i + 2 < rows.length && isBareFigures(rows[i + 2]!, conceptCol);
    const below = i + 1 < rows.length && isConceptPiece(rows[i + 1]!, conceptCol) && !nextTaken ? i + 1 : undefined;
    const pieces = [above, below].filter((k): k is number => k !== undefined);
    if (!pieces.length) continue;
    const text = cleanText(pieces.map((k) => rows[k]![conceptCol]!).join(' '));
    const box = unionOrNull(pieces.map((k) => raw.cells[first + k]?.[conceptCol]));
    concepts.set(i, { text, box, page: rowPage(raw, first + pieces[0]!) });
    rows[i]![conceptCol] = text;
    for (const k of pieces) {
      used.add(k);
      rows[k] = rows[k]!.map(() => '');
    }
  }
  return { rows, concepts };
}
