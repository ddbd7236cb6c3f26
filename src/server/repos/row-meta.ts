import { sql, type RawBuilder } from 'kysely';
import type { CellValue } from '../../shared/catalog/index.ts';
import type { Dialect } from '../db/schema.ts';

/** A stored JSON cell value (a correction's extracted value); anything else reads as null. */
export function cell(text: string): CellValue {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' || typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}

/**
 * A page's corrected cells read in the page's own query (decision 032): one round trip per page
 * instead of two, which on PostgreSQL is a backend wake-up less per request. The same cells as
 * `corrections.metaFor`: each active correction's column and extracted value, as a JSON list of
 * [column, extracted JSON] pairs, NULL when the row has none. `rowId` names the page row's id.
 */
export function correctedCellsSql(dialect: Dialect, rowId: RawBuilder<unknown>): RawBuilder<string | null> {
  return dialect === 'sqlite'
    ? sql<string | null>`(SELECT json_group_array(json_array(c.column_key, c.extracted_json)) FROM corrections AS c WHERE c.row_id = ${rowId} AND c.status = 'active' HAVING count(*) > 0)`
    : sql<string | null>`(SELECT json_agg(json_build_array(c.column_key, c.extracted_json))::text FROM corrections AS c WHERE c.row_id = ${rowId} AND c.status = 'active')`;
}

/** The pairs `correctedCellsSql` answers, as RowMeta's `corrected` (column → extracted value). */
export function correctedCells(pairs: string | null): Record<string, CellValue> {
  if (!pairs) return {};
  const out: Record<string, CellValue> = {};
  for (const [column, extracted] of JSON.parse(pairs) as [string, string][]) out[column] = cell(extracted);
  return out;
}
