import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CheckSum, RowSource } from '../../engine/types.ts';
import { checkSumWarning } from '../../engine/domain/warnings.ts';
import { extractedRowsByTable, type IsolatedExtraction } from '../../engine/index.ts';
import { findTable, type CatalogTable } from '../../shared/catalog/index.ts';
import type { FailedCheckSum, QualitySummary } from '../../shared/api/documents.ts';
import type { rowsRepo, StoredRowInput } from '../repos/rows.ts';
import { reapplyCorrections } from '../repos/corrections.ts';
import { tableConfidences, warningsOf } from '../repos/documents.ts';

type Rows = ReturnType<typeof rowsRepo>;

/** The texts a row's values were read from, as printed: searchable along with the values. */
function rawTexts(source: RowSource): Record<string, string> {
  return Object.fromEntries(Object.entries(source.cells).map(([key, cell]) => [key, cell.text]));
}

/** Rows per catalogue table, each stored once with its values, raw texts and source. */
function tablesOf(result: IsolatedExtraction): { table: CatalogTable; rows: StoredRowInput[] }[] {
  const out: { table: CatalogTable; rows: StoredRowInput[] }[] = [];
  for (const [name, rows] of Object.entries(extractedRowsByTable(result))) {
    const table = findTable(name);
    if (!table) continue;
    out.push({ table, rows: rows.map(({ values, source }) => ({ values, raw: rawTexts(source), source })) });
  }
  return out;
}

/** The failing check sums, structured for the review, each with the warning people read. */
function failedCheckSums(sums: readonly CheckSum[]): FailedCheckSum[] {
  return sums.flatMap((s) => {
    const table = findTable(s.table);
    if (s.ok || !table) return [];
    const { kind, label, page, column, printed, computed } = s;
    return [{ kind, label, page, column, header: s.header ?? null, printed, computed, rows: s.rows ?? null, message: checkSumWarning(table, s) }];
  });
}

/** The engine's quality report in the one shape the API stores and answers (snake_case). */
export function qualitySummary(result: IsolatedExtraction): QualitySummary {
  return {
    tables: result.quality.tables.map((q) => ({
      table: q.table,
      page: q.page,
      pages: q.pages,
      method: q.method,
      confidence: q.confidence,
      signals: { title: q.signals.title, header: q.signals.header, types: q.signals.types, check_sums: q.signals.checkSums },
      rows: q.rows,
      missing_columns: q.missingColumns,
      unparsed_cells: q.unparsedCells,
      typed_cells: q.typedCells,
      check_sums_ok: q.checkSums.every((c) => c.ok),
      failed_check_sums: failedCheckSums(q.checkSums),
      warnings: q.warnings,
      low_confidence_cells: q.lowConfidenceCells ?? [],
    })),
    warnings: result.quality.warnings,
    ocr_pages: result.ocr?.pages ?? [],
  };
}

/**
 * Stores a successful extraction: the document row and its table rows change in one transaction,
 * and only while this runner still holds the job's lease (so a job is stored once).
 */
export async function saveResult(db: Kysely<Database>, rows: Rows, jobId: number, owner: string, result: IsolatedExtraction): Promise<boolean> {
  const tables = tablesOf(result);
  const byTable = Object.fromEntries(tables.map((t) => [t.table.name, t.rows.length]));
  const quality = qualitySummary(result);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('documents')
      .set({
        status: 'processed',
        progress: 100,
        nosolicitud: result.nosolicitud ?? '',
        pages: result.pages,
        header_json: JSON.stringify(result.header ?? {}),
        quality_json: JSON.stringify(quality),
        table_confidence_json: JSON.stringify(tableConfidences(quality)),
        warnings_count: warningsOf(quality).length,
        by_table_json: JSON.stringify(byTable),
        page_sizes_json: JSON.stringify(result.pageSizes),
        error: null,
        error_code: null,
        finished_at: new Date().toISOString(),
        lease_owner: null,
        lease_until: null,
        processed_by: owner,
      })
      .where('id', '=', jobId)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await rows.replaceForDocument(trx, jobId, result.nosolicitud ?? '', tables);
    // A reprocess never drops a reviewer's correction silently (docs/decisions/039).
    await reapplyCorrections(trx, rows, jobId);
    return true;
  });
}
