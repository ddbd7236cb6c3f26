import { findTable, type CatalogTable, type TableRow } from '../../shared/catalog/index.ts';
import { unionOrNull } from '../geometry.ts';
import type { CheckSum, RawTable } from '../types.ts';
import type { NumberStyle } from '../values/numbers.ts';
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
  /** The `Total` column, used only as a check sum. */
  totalCol?: number;
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
  const dataRows = raw.rows.slice(first);
  const styles = columnStyles(dataRows, Math.max(...dataRows.map((r) => r.length), 0), documentStyle);
  const headers = new Map(layout.periods.map((p) => [p.col, periodCell(raw, p)]));
  const out = new Map<string, RowsRead>();
  let target = start;
  for (let i = 0; i < dataRows.length; i++) {
    const row = dataRows[i]!;
    const r = first + i;
    const shape = rowShape(row);
    if (shape.filled === 0) continue;
    const conceptText = cleanText(row[layout.conceptCol] ?? '');
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
      if (/^total/i.test(fold(shape.first))) read.checkSums.push(...periodTotals(table, layout, row, shape.first, read.rows.map((x) => x.values), styles));
      continue;
    }
    if (shape.filled === 1) continue; // a section title inside one half
    if (!conceptText) continue;
    let sum = 0;
    const concept = cellAt(raw, r, [layout.conceptCol], conceptText);
    for (const { col, label } of layout.periods) {
      const text = cleanText(row[col] ?? '');
      if (!text) continue;
      const parsed = parseCell(text, 'money', styles[col]!);
      if (!parsed.ok) read.unparsedCells += 1;
      if (typeof parsed.value === 'number') sum += parsed.value;
      read.rows.push({
        values: { concepto: conceptText, periodo: label, valor: parsed.value ?? text },
        source: rowSourceAt(raw, r, { concepto: concept, periodo: headers.get(col)!, valor: cellAt(raw, r, [col], text) }),
      });
    }
    if (layout.totalCol !== undefined) {
      const printed = parseCell(cleanText(row[layout.totalCol] ?? ''), 'money', styles[layout.totalCol]!);
      if (printed.ok && typeof printed.value === 'number') {
        read.checkSums.push({ table: table.name, label: conceptText, column: 'valor', printed: printed.value, computed: sum, ok: sumsAgree(printed.value, sum) });
      }
    }
  }
  return out;
}

function periodTotals(
  table: CatalogTable,
  layout: WideLayout,
  row: readonly string[],
  label: string,
  items: readonly TableRow[],
  styles: readonly NumberStyle[],
): CheckSum[] {
  const sums: CheckSum[] = [];
  for (const { col, label: period } of layout.periods) {
    const parsed = parseCell(cleanText(row[col] ?? ''), 'money', styles[col]!);
    if (!parsed.ok || typeof parsed.value !== 'number') continue;
    const computed = items.filter((r) => r.periodo === period).reduce((s, r) => s + (typeof r.valor === 'number' ? r.valor : 0), 0);
    sums.push({ table: table.name, label: `${cleanText(label)} (${period})`, column: 'valor', printed: parsed.value, computed, ok: sumsAgree(parsed.value, computed) });
  }
  return sums;
}
