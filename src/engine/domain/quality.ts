import type { CatalogTable } from '../../shared/catalog/index.ts';
import type { QualitySignals, RawTable, TableQuality } from '../types.ts';
import type { RowsRead } from './grid-rows.ts';
import { CASH_FLOW, type TitleMatch } from './titles.ts';
import { EGRESOS, INGRESOS } from './wide-rows.ts';
import { checkSumWarning, unparsedWarning } from './warnings.ts';

/** A title that continues after a known wording (`Costos directos - maíz amarillo`) counts this much. */
const PARTIAL_TITLE = 0.8;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** How well the title above a table named the catalogue table it was sorted into. */
export function titleSignal(title: TitleMatch | undefined, table: string): number {
  if (!title) return 0;
  const names = title.name === CASH_FLOW ? [INGRESOS, EGRESOS] : [title.name];
  if (!names.includes(table)) return 0;
  return title.exact ? 1 : PARTIAL_TITLE;
}

/** The mean of the signals that apply, 0..1 (docs/decisions/014-quality-signals.md). */
export function combinedConfidence(signals: QualitySignals): number {
  const parts = [signals.title, signals.header, signals.types, signals.checkSums].filter((s): s is number => s !== null);
  return parts.length ? round2(parts.reduce((a, b) => a + b, 0) / parts.length) : 0;
}

/** The signals of a table read into `catalog`: title, header columns found, cells typed, check sums held. */
export function signalsOf(catalog: CatalogTable, title: TitleMatch | undefined, read: RowsRead, missing: readonly string[]): QualitySignals {
  const columns = catalog.columns.length;
  const held = read.checkSums.filter((s) => s.ok).length;
  return {
    title: titleSignal(title, catalog.name),
    header: round2(columns ? (columns - missing.length) / columns : 0),
    types: read.typedCells ? round2((read.typedCells - read.unparsedCells) / read.typedCells) : null,
    checkSums: read.checkSums.length ? round2(held / read.checkSums.length) : null,
  };
}

/** The quality of one table as found and read; 'other' (no catalogue table), or a table of which no row was read, has confidence 0. */
export function tableQuality(raw: RawTable, read: RowsRead, missing: string[], catalog?: CatalogTable, title?: TitleMatch): TableQuality {
  const warnings = catalog ? read.checkSums.filter((s) => !s.ok).map((s) => checkSumWarning(catalog, s)) : [];
  if (read.unparsedCells > 0 && catalog) warnings.push(unparsedWarning(catalog, read.unparsedCells));
  const signals: QualitySignals = catalog ? signalsOf(catalog, title, read, missing) : { title: 0, header: 0, types: null, checkSums: null };
  return {
    table: catalog?.name ?? 'other',
    page: raw.page,
    pages: raw.pages.length ? raw.pages : [raw.page],
    method: raw.method,
    // Nothing read, nothing to trust.
    confidence: catalog && read.rows.length > 0 ? combinedConfidence(signals) : 0,
    signals,
    rows: read.rows.length,
    missingColumns: missing,
    unparsedCells: read.unparsedCells,
    typedCells: read.typedCells,
    checkSums: read.checkSums,
    warnings: [...new Set(warnings)],
  };
}
