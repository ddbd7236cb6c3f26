import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ExtractionResult } from '../../engine/types.ts';
import { findTable, type CatalogTable } from '../../shared/catalog/index.ts';
import type { TableQualitySummary } from '../../shared/api/documents.ts';
import type { rowsRepo, StoredRowInput } from '../repos/rows.ts';

type Rows = ReturnType<typeof rowsRepo>;

/** Rows per catalogue table, with each row's raw cell texts when the engine's tables line up. */
function tablesOf(result: ExtractionResult): { table: CatalogTable; rows: StoredRowInput[] }[] {
  const out: { table: CatalogTable; rows: StoredRowInput[] }[] = [];
  for (const [name, rows] of Object.entries(result.rows)) {
    const table = findTable(name);
    if (!table || rows.length === 0) continue;
    const classified = result.tables.filter((t) => t.table === name);
    const raws = classified.flatMap((t) => t.rawRows);
    const aligned = raws.length === rows.length;
    out.push({ table, rows: rows.map((values, i) => ({ values, raw: aligned ? raws[i] : undefined })) });
  }
  return out;
}

export function qualitySummary(result: ExtractionResult): { tables: TableQualitySummary[]; warnings: string[] } {
  return {
    tables: result.quality.tables.map((q) => ({
      table: q.table,
      page: q.page,
      pages: q.pages,
      method: q.method,
      confidence: q.confidence,
      rows: q.rows,
      missing_columns: q.missingColumns,
      unparsed_cells: q.unparsedCells,
      check_sums_ok: q.checkSums.every((c) => c.ok),
      warnings: q.warnings,
    })),
    warnings: result.quality.warnings,
  };
}

/**
 * Stores a successful extraction: the document row and its table rows change in one transaction,
 * and only while this runner still holds the job's lease (so a job is stored once).
 */
export async function saveResult(db: Kysely<Database>, rows: Rows, jobId: number, owner: string, result: ExtractionResult): Promise<boolean> {
  const tables = tablesOf(result);
  const byTable = Object.fromEntries(tables.map((t) => [t.table.name, t.rows.length]));
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('documents')
      .set({
        status: 'processed',
        progress: 100,
        nosolicitud: result.nosolicitud ?? '',
        pages: result.pages,
        header_json: JSON.stringify(result.header ?? {}),
        quality_json: JSON.stringify(qualitySummary(result)),
        by_table_json: JSON.stringify(byTable),
        error: null,
        finished_at: new Date().toISOString(),
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', jobId)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await rows.replaceForDocument(trx, jobId, result.nosolicitud ?? '', tables);
    return true;
  });
}
