import type { TableRow } from '../shared/catalog/index.ts';
import type { ClassifiedTable, ExtractedRow } from './types.ts';

/**
 * The rows of the catalogue tables, keyed by catalogue name, in document order (a table found in
 * several places, or continued on later pages, gathers its rows); tables with no rows are absent.
 */
export function extractedRowsByTable(result: { tables: readonly Pick<ClassifiedTable, 'table' | 'rows'>[] }): Record<string, ExtractedRow[]> {
  const out: Record<string, ExtractedRow[]> = {};
  for (const t of result.tables) {
    if (t.table === 'other' || t.rows.length === 0) continue;
    (out[t.table] ??= []).push(...t.rows);
  }
  return out;
}

/** The typed values per catalogue table, for callers that do not need the sources. */
export function rowsByTable(result: { tables: readonly Pick<ClassifiedTable, 'table' | 'rows'>[] }): Record<string, TableRow[]> {
  const out: Record<string, TableRow[]> = {};
  for (const [name, rows] of Object.entries(extractedRowsByTable(result))) out[name] = rows.map((r) => r.values);
  return out;
}
