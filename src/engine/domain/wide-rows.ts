import { findTable, type CatalogTable, type TableRow } from '../../shared/catalog/index.ts';
import type { CheckSum } from '../types.ts';
import type { NumberStyle } from '../values/numbers.ts';
import { cleanText, parseCell } from '../values/parse-cell.ts';
import { isTotalRowLabel, sumsAgree } from './check-sums.ts';
import { columnStyles, type RowsRead } from './grid-rows.ts';
import { fold, rowShape } from './text.ts';

export interface WideLayout {
  conceptCol: number;
  periods: { col: number; label: string }[];
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

function emptyRead(): RowsRead {
  return { rows: [], rawRows: [], unparsedCells: 0, checkSums: [], grouped: false };
}

/**
 * A wide cash flow (`Concepto | Mes 1 … Mes 12 | Total`) as long rows `{concepto, periodo, valor}`,
 * one per non-empty period cell. `start` is the table the rows go to until a section row
 * (`INGRESOS` / `EGRESOS`) switches it; undefined means only section rows decide.
 */
export function readWideRows(
  layout: WideLayout,
  dataRows: readonly string[][],
  documentStyle: NumberStyle,
  start: string | undefined,
): Map<string, RowsRead> {
  const styles = columnStyles(dataRows, Math.max(...dataRows.map((r) => r.length), 0), documentStyle);
  const out = new Map<string, RowsRead>();
  let target = start;
  for (const row of dataRows) {
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
      if (/^total/i.test(fold(shape.first))) read.checkSums.push(...periodTotals(table, layout, row, shape.first, read.rows, styles));
      continue;
    }
    if (shape.filled === 1) continue; // a section title inside one half
    if (!conceptText) continue;
    let sum = 0;
    for (const { col, label } of layout.periods) {
      const text = cleanText(row[col] ?? '');
      if (!text) continue;
      const parsed = parseCell(text, 'money', styles[col]!);
      if (!parsed.ok) read.unparsedCells += 1;
      if (typeof parsed.value === 'number') sum += parsed.value;
      read.rows.push({ concepto: conceptText, periodo: label, valor: parsed.value ?? text });
      read.rawRows.push({ concepto: conceptText, periodo: label, valor: text });
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
