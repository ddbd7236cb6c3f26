import type { TableRow } from '../../shared/catalog/index.ts';

/**
 * Tables that the PDF prints wide, one column per period, and the API answers long, one row per
 * concept and period (tables.md): which columns are the concept, the period and the value.
 */
export interface PivotSpec {
  concept: string;
  period: string;
  value: string;
}

export const PIVOT_TABLES: Readonly<Record<string, PivotSpec>> = {
  IngresosOperacionales: { concept: 'concepto', period: 'periodo', value: 'valor' },
  EgresosOperacionales: { concept: 'concepto', period: 'periodo', value: 'valor' },
  IngresosActividad: { concept: 'actividad', period: 'periodo', value: 'valor_total' },
};

export interface PivotLine {
  nosolicitud: string;
  concept: string;
  /** By period; null where the document has no number for that concept and period. */
  values: Record<string, number | null>;
  total: number;
}

export interface Pivot {
  /** In the order they first appear (a document's rows come in print order: Mes 1, Mes 2, …). */
  periods: string[];
  lines: PivotLine[];
  /** Per period, the sum of the lines; `total` is the sum of every value. */
  totals: Record<string, number>;
  total: number;
}

const text = (value: TableRow[string] | undefined): string => (value === null || value === undefined ? '' : String(value).trim());

/**
 * Long rows to the printed grid: one line per document and concept, one column per period, a
 * total per line and per period. Two rows of one concept and period (a concept printed twice)
 * add up. A row without a period keeps its value under '' (shown as 'Sin periodo').
 */
export function pivotRows(rows: readonly TableRow[], spec: PivotSpec): Pivot {
  const periods: string[] = [];
  const seenPeriods = new Set<string>();
  const lines = new Map<string, PivotLine>();
  const totals: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    const nosolicitud = text(row.nosolicitud);
    const concept = text(row[spec.concept]);
    const period = text(row[spec.period]);
    if (!seenPeriods.has(period)) {
      seenPeriods.add(period);
      periods.push(period);
    }
    const key = JSON.stringify([nosolicitud, concept]);
    let line = lines.get(key);
    if (!line) {
      line = { nosolicitud, concept, values: {}, total: 0 };
      lines.set(key, line);
    }
    const value = row[spec.value];
    if (typeof value !== 'number') {
      if (!(period in line.values)) line.values[period] = null;
      continue;
    }
    line.values[period] = (line.values[period] ?? 0) + value;
    line.total += value;
    totals[period] = (totals[period] ?? 0) + value;
    total += value;
  }
  return { periods, lines: [...lines.values()], totals, total };
}
