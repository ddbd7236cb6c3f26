import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, Pagination } from './common.ts';
import { PageSize } from './sources.ts';

export const DOCUMENT_STATUSES = ['pending', 'processing', 'processed', 'error'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DocumentStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('processing'),
  Type.Literal('processed'),
  Type.Literal('error'),
]);

// Defined in ../constants.ts (which the web app imports without TypeBox); here for the server's upload code.
export { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '../constants.ts';

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

const Share = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);

/**
 * What a table's confidence is made of, each 0..1 (docs/decisions/014-quality-signals.md); null
 * where it does not apply (no numeric cell, no printed total) or, for documents extracted before
 * the signals existed, is not known.
 */
export const QualitySignals = Type.Object(
  {
    /** 1 exact title wording, 0.8 a title starting with a known wording, 0 no title named the table. */
    title: Share,
    /** Share of the catalogue table's columns found in the header. */
    header: Share,
    /** Share of the numeric and date cells read that parsed as their column's type. */
    types: Share,
    /** Share of the printed SUBTOTAL/TOTAL figures that agree with the rows read. */
    check_sums: Share,
  },
  { default: { title: null, header: null, types: null, check_sums: null } },
);
export type QualitySignals = Static<typeof QualitySignals>;

/** How one table was found and read: in the document detail, and stored per document (QualitySummary). */
export const TableQualitySummary = Type.Object({
  table: Type.String(),
  page: Type.Integer(),
  /** Every page the table was printed on (a table continued over pages has several). */
  pages: Type.Array(Type.Integer()),
  method: Type.String(),
  /** 0..1: the mean of the signals that apply; 0 for a table of which no row was read. */
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  signals: QualitySignals,
  rows: Type.Integer(),
  missing_columns: Type.Array(Type.String()),
  unparsed_cells: Type.Integer(),
  /** Numeric and date cells read, the base of signals.types. */
  typed_cells: Type.Integer({ default: 0 }),
  check_sums_ok: Type.Boolean(),
  warnings: Type.Array(Type.String()),
  /** Cells OCR read with low confidence (row index in the table, catalogue key, 0..1); empty on text pages. */
  low_confidence_cells: Type.Array(
    Type.Object({ row: Type.Integer({ minimum: 0 }), column: Type.String(), confidence: Type.Number({ minimum: 0, maximum: 1 }) }),
    { default: [] },
  ),
});
export type TableQualitySummary = Static<typeof TableQualitySummary>;

/**
 * The quality report of a document's last extraction, the one shape it has: stored as JSON on the
 * document and checked against this when read back. Absent lists are empty (a document not yet
 * extracted stores `{}`).
 */
export const QualitySummary = Type.Object({
  tables: Type.Array(TableQualitySummary, { default: [] }),
  warnings: Type.Array(Type.String(), { default: [] }),
  /** Pages without a text layer that were read by OCR (docs/decisions/070-ocr.md); empty for born-digital PDFs. */
  ocr_pages: Type.Array(Type.Integer({ minimum: 1 }), { default: [] }),
});
export type QualitySummary = Static<typeof QualitySummary>;

/** Header fields found on a document (solicitante, municipio, monto_solicitado, …). */
export const DocumentHeader = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));
export type DocumentHeader = Static<typeof DocumentHeader>;

/** GET documents/{id}: the list fields plus header fields and per-table quality. */
export const DocumentDetail = Type.Intersect([
  Document,
  Type.Object({
    header: DocumentHeader,
    tables: Type.Array(
      Type.Object({
        name: Type.String(),
        title: Type.String(),
        rows: Type.Integer(),
        quality: Type.Array(TableQualitySummary),
      }),
    ),
    warnings: Type.Array(Type.String()),
    /** Size of each page read, to draw the rows' source boxes on it (empty before extraction). */
    page_sizes: Type.Array(PageSize),
    /** Pages read by OCR (scans, photos): their values deserve a check. Empty for born-digital PDFs. */
    ocr_pages: Type.Array(Type.Integer({ minimum: 1 })),
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
    all_documents: Type.Optional(Type.Boolean({ default: false, description: "true: every user's documents; false: only the caller's." })),
    /** One status or a comma-separated list ('pending,processing': the web's 'En proceso' filter). */
    status: Type.Optional(
      Type.String({ pattern: STATUS_LIST_PATTERN, maxLength: 100, description: 'One status or a comma-separated list: pending, processing, processed, error.' }),
    ),
    /** Matches the file name (case- and accent-insensitive) or part of the request number. */
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Part of the file name (case- and accent-insensitive) or of the request number.' }),
    ),
    /** Upload date order: 'desc' newest first (default), 'asc' oldest first. */
    sort: Type.Optional(
      Type.Union([Type.Literal('desc'), Type.Literal('asc')], { default: 'desc', description: 'Upload date order: desc newest first, asc oldest first.' }),
    ),
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
