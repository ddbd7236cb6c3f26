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

const NullableString = Type.Union([Type.String(), Type.Null()]);

/**
 * Why a document ended in `error`, stable for programs (the Spanish `error` is for people): the
 * engine's failure reasons (src/engine/runtime/protocol.ts FailureReason; the runner checks it
 * fits). `crash` also covers a job whose attempts ran out after lost leases.
 */
const ErrorCodeSchema = Type.Union([
  Type.Literal('invalid'),
  Type.Literal('password'),
  Type.Literal('no_text'),
  Type.Literal('timeout'),
  Type.Literal('memory'),
  Type.Literal('crash'),
  Type.Literal('aborted'),
  Type.Null(),
]);
export type DocumentErrorCode = Exclude<Static<typeof ErrorCodeSchema>, null>;
export const DOCUMENT_ERROR_CODES = ['invalid', 'password', 'no_text', 'timeout', 'memory', 'crash', 'aborted'] as const satisfies readonly DocumentErrorCode[];

const DocumentUser = Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() });

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
    /** Stable reason when status is error (null otherwise, and for failures stored before it existed). */
    error_code: ErrorCodeSchema,
  }),
  tables_info: Type.Object({
    total_extracted: Type.Integer(),
    /** Rows stored per catalogue table name. */
    by_table: Type.Record(Type.String(), Type.Integer()),
  }),
  /** The applicant's name as the document's header prints it (header field `solicitante`); null when not found. */
  applicant: Type.Optional(NullableString),
  /** Quality warnings of the last extraction, the document's and its tables', each once (as its page lists them). */
  warnings_count: Type.Optional(Type.Integer({ minimum: 0 })),
  /** 'Revisado' (issue 12): when and by whom a reviewer marked it checked; null while not reviewed. */
  reviewed: Type.Optional(Type.Union([Type.Object({ at: Type.String(), by: DocumentUser }), Type.Null()])),
  /** Other documents claiming the same N° Solicitud ('N° Solicitud repetido'), oldest first; empty when none or no number. */
  duplicates: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), filename: Type.String() }))),
  /** Cells a reviewer corrected, in effect now (GET documents/{id}/corrections has the trail). In the list and the detail. */
  corrections_count: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Corrections whose cell a reprocess did not find again ('corrección por revisar'). In the list and the detail. */
  corrections_to_review: Type.Optional(Type.Integer({ minimum: 0 })),
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

/**
 * A printed SUBTOTAL/TOTAL that does not agree with the rows read, as the engine reports it
 * (`CheckSum` of the engine, decision 055): the review flags the rows it names, `message` is the
 * Spanish warning people read. `column` is the catalogue key summed; `header` the printed column
 * header when it is not the catalogue column (a cash flow's `Año 1` or `Total`); `rows` the items a
 * grid total added up, `[from, to)` in this table's rows, `from` negative into the tables found just
 * before it on earlier pages (null for cash flows, whose concept is `label` for a `row` sum and
 * whose period is `header` for a `column` sum).
 */
export const FailedCheckSum = Type.Object({
  kind: Type.Union([Type.Literal('column'), Type.Literal('row')]),
  label: Type.String(),
  page: Type.Integer({ minimum: 1 }),
  column: Type.String(),
  header: Type.Union([Type.String(), Type.Null()]),
  printed: Type.Number(),
  computed: Type.Number(),
  rows: Type.Union([Type.Object({ from: Type.Integer(), to: Type.Integer() }), Type.Null()]),
  message: Type.String(),
});
export type FailedCheckSum = Static<typeof FailedCheckSum>;

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
  /** The check sums that failed, structured (empty for documents extracted before they were kept: their warnings remain). */
  failed_check_sums: Type.Array(FailedCheckSum, { default: [] }),
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
    /** Cells a reviewer corrected, in effect now (GET documents/{id}/corrections has the trail). */
    corrections_count: Type.Integer({ minimum: 0 }),
    /** Corrections whose cell a reprocess did not find again ('corrección por revisar'). */
    corrections_to_review: Type.Integer({ minimum: 0 }),
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
    /** Issue 12: true only documents marked 'Revisado', false only those not yet. */
    reviewed: Type.Optional(Type.Boolean({ description: "true: only documents marked reviewed ('Revisado'); false: only those not reviewed." })),
    /** Issue 12: true only documents whose last extraction left quality warnings ('Con advertencias'), false only those without. */
    with_warnings: Type.Optional(Type.Boolean({ description: 'true: only documents with quality warnings; false: only those without.' })),
    /** Upload date order: 'desc' newest first (default), 'asc' oldest first. */
    sort: Type.Optional(
      Type.Union([Type.Literal('desc'), Type.Literal('asc')], { default: 'desc', description: 'Upload date order: desc newest first, asc oldest first.' }),
    ),
  },
  { additionalProperties: false },
);
export type DocumentsQuery = Static<typeof DocumentsQuery>;

export const DocumentsResponse = Type.Object({ data: Type.Array(Document), pagination: Pagination });

/** The error code of 'Revisado' refused because the document was processed again since the reviewer's screen read it (409). */
export const EXTRACTION_CHANGED = 'EXTRACTION_CHANGED';

/** PUT documents/{id}/reviewed: mark a document 'Revisado' (true) or take the mark back (false). */
export const ReviewedBody = Type.Object(
  {
    reviewed: Type.Boolean(),
    finished_at: Type.Optional(
      Type.String({
        maxLength: 40,
        description:
          'The `finished_at` of the document as the reviewer saw it: the extraction they checked. If the document was processed again since, ' +
          'nothing is marked (409 `EXTRACTION_CHANGED`). Absent: not checked (clients from before this check).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReviewedBody = Static<typeof ReviewedBody>;

export const DocumentResponse = Type.Object({ data: Document });
export type DocumentResponse = Static<typeof DocumentResponse>;
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
