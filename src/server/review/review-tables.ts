import { type CatalogTable, type TableRow } from '../../shared/catalog/index.ts';
import type { FailedCheckSum, TableQualitySummary } from '../../shared/api/documents.ts';
import type { ReviewFlag, ReviewRow, ReviewTable } from '../../shared/api/review.ts';
import type { Box, RowSource } from '../../shared/api/sources.ts';
import { REVIEW_MESSAGES } from '../../shared/messages/review.ts';

/** A stored row as the review reads it (rows repo `documentRows` plus the corrected cells). */
export interface StoredReviewRow {
  id: number;
  seq: number;
  values: TableRow;
  source: RowSource | undefined;
  corrected: Record<string, string | number | null>;
}

/**
 * The rows a failing check sum names in its table (the engine's structured `CheckSum`, stored as
 * `failed_check_sums`): a grid total the items it added up; a cash-flow concept's `Total` the rows
 * of that concept on its page; a cash flow's `TOTAL` row the rows of that period.
 */
function checkSumRows(rows: readonly StoredReviewRow[], at: number, sum: FailedCheckSum): StoredReviewRow[] {
  // Row indexes count from the part's first row (`at` in all the table's rows), back into earlier parts.
  if (sum.rows) return rows.slice(Math.max(0, at + sum.rows.from), Math.max(0, at + sum.rows.to));
  if (sum.kind === 'row') return rows.filter((r) => r.source?.page === sum.page && Object.values(r.values).includes(sum.label));
  const header = sum.header;
  return header === null ? [] : rows.filter((r) => Object.values(r.values).includes(header));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A stored value of a number or date column that is the printed text, not the type (dates are stored ISO). */
function keptAsText(type: CatalogTable['columns'][number]['type'], value: TableRow[string] | undefined): boolean {
  if (typeof value !== 'string' || value === '' || type === 'text') return false;
  return type === 'date' ? !ISO_DATE.test(value) : true;
}

/** Cells kept as printed text in a number or date column: the engine could not read them as their type. */
function typeFlags(table: CatalogTable, row: StoredReviewRow): ReviewFlag[] {
  return table.columns
    .filter((c) => !(c.key in row.corrected) && keptAsText(c.type, row.values[c.key]))
    .map((c) => ({ kind: 'type' as const, column: c.key, message: REVIEW_MESSAGES.typeFailure(c.label, c.type) }));
}

/** Splits a table's stored rows into the tables the engine found (the quality entries, in order). */
function occurrences(rows: readonly StoredReviewRow[], quality: readonly TableQualitySummary[]): { quality: TableQualitySummary | undefined; rows: StoredReviewRow[] }[] {
  const counted = quality.filter((q) => q.rows > 0);
  if (counted.length === 0 || counted.reduce((n, q) => n + q.rows, 0) !== rows.length) return [{ quality: quality[0], rows: [...rows] }];
  let at = 0;
  return counted.map((q) => {
    const part = rows.slice(at, at + q.rows);
    at += q.rows;
    return { quality: q, rows: part };
  });
}

/** The table's box on each page, from its rows' sources (each row carries the box of its page). */
function boxesOf(rows: readonly StoredReviewRow[]): { page: number; box: Box }[] {
  const byPage = new Map<number, Box>();
  for (const r of rows) if (r.source && !byPage.has(r.source.page)) byPage.set(r.source.page, r.source.bbox);
  return [...byPage].sort((a, b) => a[0] - b[0]).map(([page, box]) => ({ page, box }));
}

/**
 * The review of one catalogue table of a document: one entry per table the engine found, each with
 * its rows, their cells' boxes and the flags of the stored quality report (decision 055).
 */
export function reviewTables(table: CatalogTable, rows: readonly StoredReviewRow[], quality: readonly TableQualitySummary[]): ReviewTable[] {
  if (rows.length === 0) return [];
  const flags = new Map<number, ReviewFlag[]>(rows.map((r) => [r.id, typeFlags(table, r)]));
  const add = (row: StoredReviewRow, flag: ReviewFlag) => {
    const list = flags.get(row.id)!;
    if (!list.some((f) => f.kind === flag.kind && f.column === flag.column && f.message === flag.message)) list.push(flag);
  };
  const parts = occurrences(rows, quality);
  for (const part of parts) {
    for (const low of part.quality?.low_confidence_cells ?? []) {
      const row = part.rows[low.row];
      const column = table.columns.find((c) => c.key === low.column);
      if (row && column) add(row, { kind: 'low_confidence', column: column.key, message: REVIEW_MESSAGES.lowConfidence(column.label, low.confidence) });
    }
  }
  // Every found table's failing sums, those found with no row too (a TOTAL alone on the last page of
  // a continued table). Row indexes hold only when the report's row counts split the stored rows.
  const split = quality.some((q) => q.rows > 0) && quality.reduce((n, q) => n + q.rows, 0) === rows.length;
  let at = 0;
  for (const q of quality) {
    const own = split ? rows.slice(at, at + q.rows) : rows;
    for (const sum of q.failed_check_sums) {
      if (sum.rows && !split) continue;
      const column = table.columns.some((c) => c.key === sum.column) ? sum.column : null;
      const named = sum.rows ? checkSumRows(rows, at, sum) : checkSumRows(own, 0, sum);
      for (const row of named) add(row, { kind: 'check_sum', column, message: sum.message });
    }
    if (split) at += q.rows;
  }
  const columns = table.columns.map((c) => ({ key: c.key, label: c.label, type: c.type }));
  return parts.map(({ quality: q, rows: part }) => {
    const out: ReviewRow[] = part.map((r) => ({
      id: r.id,
      seq: r.seq,
      page: r.source?.page ?? null,
      values: Object.fromEntries(table.columns.map((c) => [c.key, r.values[c.key] ?? null])),
      cells: r.source?.cells ?? {},
      flags: flags.get(r.id)!,
      corrected: r.corrected,
    }));
    const pages = [...new Set([...(q?.pages ?? []), ...out.flatMap((r) => (r.page ? [r.page] : []))])].sort((a, b) => a - b);
    const method = q && (q.method === 'lattice' || q.method === 'stream' || q.method === 'keyvalue') ? q.method : (part[0]?.source?.method ?? null);
    return { name: table.name, title: table.title, method, confidence: q?.confidence ?? null, pages, boxes: boxesOf(part), columns, rows: out };
  });
}
