import catalogData from './tables.json' with { type: 'json' };

/** Column value types of shared/spec/tables.md. */
export type ColumnType = 'text' | 'int' | 'decimal' | 'money' | 'percent' | 'date' | 'hectares';
export type TableLayout = 'grid' | 'keyvalue' | 'wide';

export interface CatalogColumn {
  key: string;
  type: ColumnType;
  /** Spanish label shown to people. */
  label: string;
  /** Header wordings seen in documents, matched loosely. */
  headers: string[];
  /** A numeric column whose total over rows means something (amounts, quantities): the data screen totals it. */
  sum?: boolean;
}

export interface CatalogTable {
  name: string;
  /** Spanish title shown to people. */
  title: string;
  layout: TableLayout;
  /** Column that section rows fill for the rows below them. */
  group?: string;
  /** Titles printed above the table in documents, matched loosely. */
  titles: string[];
  columns: CatalogColumn[];
}

const COLUMN_TYPES: readonly ColumnType[] = ['text', 'int', 'decimal', 'money', 'percent', 'date', 'hectares'];
/** Types stored as JSON numbers. */
export const NUMERIC_TYPES: readonly ColumnType[] = ['int', 'decimal', 'money', 'percent', 'hectares'];
const LAYOUTS: readonly TableLayout[] = ['grid', 'keyvalue', 'wide'];

/** Validates the catalogue data once, so a bad edit fails loudly at start-up, not mid-extraction. */
function validateCatalog(raw: unknown): CatalogTable[] {
  const tables = (raw as { tables?: unknown }).tables;
  if (!Array.isArray(tables) || tables.length === 0) throw new Error('catalog: "tables" must be a non-empty array');
  const names = new Set<string>();
  for (const t of tables as CatalogTable[]) {
    if (!t.name || names.has(t.name)) throw new Error(`catalog: missing or repeated table name "${t.name}"`);
    names.add(t.name);
    if (!LAYOUTS.includes(t.layout)) throw new Error(`catalog: ${t.name} has unknown layout "${t.layout}"`);
    const keys = new Set<string>();
    for (const c of t.columns) {
      if (!COLUMN_TYPES.includes(c.type)) throw new Error(`catalog: ${t.name}.${c.key} has unknown type "${c.type}"`);
      if (keys.has(c.key)) throw new Error(`catalog: ${t.name} repeats column "${c.key}"`);
      if (c.sum && !NUMERIC_TYPES.includes(c.type)) throw new Error(`catalog: ${t.name}.${c.key} sums a ${c.type} column`);
      keys.add(c.key);
    }
    if (t.group && !keys.has(t.group)) throw new Error(`catalog: ${t.name} groups by unknown column "${t.group}"`);
  }
  return tables as CatalogTable[];
}

export const CATALOG: readonly CatalogTable[] = validateCatalog(catalogData);

/** The spec's ten table names, in the spec's order (spec §9). */
export const TABLE_NAMES = [
  'CultivoProyecto',
  'InventarioPecuario',
  'CostosDirectos',
  'PlanAmortizacion',
  'PlanAmortizacionDetalle',
  'PlanAmortizacionResumen',
  'IngresosActividad',
  'IngresosOperacionales',
  'EgresosOperacionales',
  'CostosIndirectos',
] as const;
export type TableName = (typeof TABLE_NAMES)[number];
export const DEFAULT_TABLE: TableName = 'CultivoProyecto';

const BY_NAME = new Map(CATALOG.map((t) => [t.name, t]));

export function findTable(name: string): CatalogTable | undefined {
  return BY_NAME.get(name);
}

export function isTableName(name: string): name is TableName {
  return (TABLE_NAMES as readonly string[]).includes(name);
}

/** A column as the API lists it and the exports head it: without the document wordings. */
export type TableColumn = Pick<CatalogColumn, 'key' | 'type' | 'label'>;

/**
 * A table's columns as its rows carry them: the request number (`nosolicitud`, spec §2's
 * highlighted column) first, then the catalogue's columns in order.
 */
export function tableColumns(columns: readonly CatalogColumn[]): TableColumn[] {
  return [{ key: 'nosolicitud', label: 'N° Solicitud', type: 'text' }, ...columns.map(({ key, label, type }) => ({ key, label, type }))];
}

/** The keys of a table's columns that a totals row adds up (`sum` in the catalogue). */
export function sumColumns(table: CatalogTable): string[] {
  return table.columns.filter((c) => c.sum).map((c) => c.key);
}

/** A typed cell value as stored: numbers for numeric types, ISO date strings, text. */
export type CellValue = string | number | null;
export type TableRow = Record<string, CellValue>;
