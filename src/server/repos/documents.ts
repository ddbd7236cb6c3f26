import { Type } from '@sinclair/typebox';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DocumentsTable } from '../db/schema.ts';
import { DocumentHeader, QualitySummary, type Document, type DocumentStatus } from '../../shared/api/documents.ts';
import { PageSize } from '../../shared/api/sources.ts';
import { containsPattern, normalizeSearch } from '../search-text.ts';
import { readStoredJson, type StoredJsonLog } from './stored-json.ts';

export type DocumentRow = Selectable<DocumentsTable>;

const ByTable = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));

/** Rows stored per catalogue table. */
export function byTableOf(row: DocumentRow, log?: StoredJsonLog): Record<string, number> {
  return readStoredJson(ByTable, row.by_table_json, {}, { column: 'documents.by_table_json', id: row.id }, log);
}

/** The quality report of the last extraction, checked when read back; empty when absent or unreadable. */
export function qualityOf(row: DocumentRow, log?: StoredJsonLog): QualitySummary {
  return readStoredJson(QualitySummary, row.quality_json, { tables: [], warnings: [], ocr_pages: [] }, { column: 'documents.quality_json', id: row.id }, log);
}

export function headerOf(row: DocumentRow, log?: StoredJsonLog): DocumentHeader {
  return readStoredJson(DocumentHeader, row.header_json, {}, { column: 'documents.header_json', id: row.id }, log);
}

const PageSizes = Type.Array(PageSize);

/** The size of each page read, checked when read back; empty before extraction or when unreadable. */
export function pageSizesOf(row: DocumentRow, log?: StoredJsonLog): PageSize[] {
  return readStoredJson(PageSizes, row.page_sizes_json, [], { column: 'documents.page_sizes_json', id: row.id }, log);
}

export function toDocument(row: DocumentRow): Document {
  const byTable = byTableOf(row);
  const tables = Object.values(byTable).filter((n) => n > 0).length;
  return {
    id: row.id,
    filename: row.filename,
    original_filename: row.original_filename,
    nosolicitud: row.nosolicitud,
    status: row.status as DocumentStatus,
    progress: row.progress,
    upload_date: row.upload_date,
    total_tables_extracted: tables,
    size: row.size,
    owner_id: row.owner_id,
    processing_info: {
      upload_date: row.upload_date,
      started_at: row.started_at,
      finished_at: row.finished_at,
      pages: row.pages,
      error: row.error,
    },
    tables_info: { total_extracted: tables, by_table: byTable },
  };
}

export interface DocumentListQuery {
  ownerId?: number | undefined;
  /** Any of these statuses (empty or undefined: all). */
  statuses?: readonly DocumentStatus[] | undefined;
  search?: string | undefined;
  sort: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export function documentsRepo(db: Kysely<Database>) {
  return {
    findById: (id: number) => db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst(),
    findBySha: (ownerId: number, sha256: string) =>
      db
        .selectFrom('documents')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('sha256', '=', sha256)
        .orderBy('id')
        .executeTakeFirst(),
    async insert(values: {
      ownerId: number;
      originalFilename: string;
      storageKey: string;
      sha256: string;
      size: number;
    }): Promise<DocumentRow> {
      const now = new Date().toISOString();
      return db
        .insertInto('documents')
        .values({
          owner_id: values.ownerId,
          filename: values.originalFilename,
          original_filename: values.originalFilename,
          search_name: normalizeSearch(values.originalFilename),
          storage_key: values.storageKey,
          sha256: values.sha256,
          size: values.size,
          nosolicitud: '',
          status: 'pending',
          progress: 0,
          upload_date: now,
          pages: 0,
          header_json: '{}',
          quality_json: '{}',
          by_table_json: '{}',
          attempts: 0,
          available_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async list(q: DocumentListQuery): Promise<{ rows: DocumentRow[]; total: number }> {
      let base = db.selectFrom('documents');
      if (q.ownerId !== undefined) base = base.where('owner_id', '=', q.ownerId);
      if (q.statuses && q.statuses.length > 0) base = base.where('status', 'in', [...q.statuses]);
      const term = q.search ? normalizeSearch(q.search) : '';
      if (term) {
        const pattern = containsPattern(term);
        base = base.where((eb) =>
          eb.or([
            eb(sql`search_name`, 'like', sql`${pattern} ESCAPE '\\'`),
            eb(sql`nosolicitud`, 'like', sql`${pattern} ESCAPE '\\'`),
          ]),
        );
      }
      const total = Number((await base.select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await base
        .selectAll()
        .orderBy('id', q.sort)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return { rows, total };
    },
    async requeue(id: number): Promise<DocumentRow | undefined> {
      const now = new Date().toISOString();
      return db
        .updateTable('documents')
        .set({ status: 'pending', progress: 0, attempts: 0, error: null, lease_until: null, lease_owner: null, available_at: now, started_at: null, finished_at: null })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
