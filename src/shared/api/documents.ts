import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, Pagination } from './common.ts';

export const DOCUMENT_STATUSES = ['pending', 'processing', 'processed', 'error'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DocumentStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('processing'),
  Type.Literal('processed'),
  Type.Literal('error'),
]);

export const MAX_FILES_PER_UPLOAD = 3;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A document as every list answers it: both readings of the spec side by side. */
export const Document = Type.Object({
  id: Type.Integer(),
  filename: Type.String(),
  original_filename: Type.String(),
  nosolicitud: Type.String(),
  status: DocumentStatusSchema,
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  upload_date: Type.String(),
  total_tables_extracted: Type.Integer(),
  size: Type.Integer(),
  owner_id: Type.Integer(),
  processing_info: Type.Object({
    upload_date: Type.String(),
    started_at: NullableString,
    finished_at: NullableString,
    pages: Type.Integer(),
    /** Spanish reason when status is error. */
    error: NullableString,
  }),
  tables_info: Type.Object({
    total_extracted: Type.Integer(),
    /** Rows stored per catalogue table name. */
    by_table: Type.Record(Type.String(), Type.Integer()),
  }),
});
export type Document = Static<typeof Document>;

export const TableQualitySummary = Type.Object({
  table: Type.String(),
  page: Type.Integer(),
  pages: Type.Array(Type.Integer()),
  method: Type.String(),
  confidence: Type.Number(),
  rows: Type.Integer(),
  missing_columns: Type.Array(Type.String()),
  unparsed_cells: Type.Integer(),
  check_sums_ok: Type.Boolean(),
  warnings: Type.Array(Type.String()),
});
export type TableQualitySummary = Static<typeof TableQualitySummary>;

/** GET documents/{id}: the list fields plus header fields and per-table quality. */
export const DocumentDetail = Type.Intersect([
  Document,
  Type.Object({
    header: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
    tables: Type.Array(
      Type.Object({
        name: Type.String(),
        title: Type.String(),
        rows: Type.Integer(),
        quality: Type.Array(TableQualitySummary),
      }),
    ),
    warnings: Type.Array(Type.String()),
  }),
]);
export type DocumentDetail = Static<typeof DocumentDetail>;

export const DocumentDetailResponse = Type.Object({ data: DocumentDetail });
export type DocumentDetailResponse = Static<typeof DocumentDetailResponse>;

const STATUS_ALTERNATIVES = DOCUMENT_STATUSES.join('|');
const STATUS_LIST_PATTERN = `^(${STATUS_ALTERNATIVES})(,(${STATUS_ALTERNATIVES}))*$`;

/** The statuses of a `status` query value the schema already accepted, without repeats. */
export function parseStatusList(value: string): DocumentStatus[] {
  return [...new Set(value.split(','))].filter((s): s is DocumentStatus => (DOCUMENT_STATUSES as readonly string[]).includes(s));
}

export const DOCUMENT_SORTS = ['desc', 'asc'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export const DocumentsQuery = Type.Object(
  {
    ...PageQuery,
    all_documents: Type.Optional(Type.Boolean({ default: false })),
    /** One status or a comma-separated list ('pending,processing': the web's 'En proceso' filter). */
    status: Type.Optional(Type.String({ pattern: STATUS_LIST_PATTERN, maxLength: 100 })),
    /** Matches the file name (case- and accent-insensitive) or part of the request number. */
    search: Type.Optional(Type.String({ maxLength: 200 })),
    /** Upload date order: 'desc' newest first (default), 'asc' oldest first. */
    sort: Type.Optional(Type.Union([Type.Literal('desc'), Type.Literal('asc')], { default: 'desc' })),
  },
  { additionalProperties: false },
);
export type DocumentsQuery = Static<typeof DocumentsQuery>;

export const DocumentsResponse = Type.Object({ data: Type.Array(Document), pagination: Pagination });
export type DocumentsResponse = Static<typeof DocumentsResponse>;

export const UploadResponse = Type.Object({
  message: Type.String(),
  documents: Type.Array(
    Type.Intersect([Document, Type.Object({ duplicate: Type.Boolean() })]),
  ),
});
export type UploadResponse = Static<typeof UploadResponse>;

export const ProgressResponse = Type.Object({
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  status: DocumentStatusSchema,
});
export type ProgressResponse = Static<typeof ProgressResponse>;

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;
