import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, Pagination } from './common.ts';
import { RowMeta } from './corrections.ts';

export const ColumnInfo = Type.Object({
  key: Type.String(),
  label: Type.String(),
  type: Type.String(),
});
export type ColumnInfo = Static<typeof ColumnInfo>;

/** One catalogue entry as GET tables answers it. */
export const TableInfo = Type.Object({
  name: Type.String(),
  title: Type.String(),
  /** `nosolicitud` first, then the catalogue columns in order. */
  columns: Type.Array(ColumnInfo),
  row_count: Type.Integer(),
});
export type TableInfo = Static<typeof TableInfo>;

export const TablesResponse = Type.Object({ data: Type.Array(TableInfo) });
export type TablesResponse = Static<typeof TablesResponse>;

export const TableParams = Type.Object(
  { tableType: Type.String({ maxLength: 100, description: 'A catalogue table name, as GET /api/tables lists them (e.g. CostosDirectos).' }) },
  { additionalProperties: false },
);
export type TableParams = Static<typeof TableParams>;

const filters = {
  nosolicitud: Type.Optional(Type.String({ maxLength: 100, description: 'Rows of the documents whose request number (N° Solicitud) contains this text.' })),
  sort_by_nosolicitud: Type.Optional(
    Type.Boolean({ default: false, description: 'true: ordered by request number; false: newest document first.' }),
  ),
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'Words of any cell, matched from the start of a word, case- and accent-insensitive.' }),
  ),
};

export const TablePageQuery = Type.Object({ ...PageQuery, ...filters }, { additionalProperties: false });
export type TablePageQuery = Static<typeof TablePageQuery>;

export const TableTotalsQuery = Type.Object({ ...filters }, { additionalProperties: false });
export type TableTotalsQuery = Static<typeof TableTotalsQuery>;

/** GET tables/{tableType}/totals: per summed column, the total of every filtered row (null: no number to add). */
export const TableTotalsResponse = Type.Object({
  totals: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Null()])),
});
export type TableTotalsResponse = Static<typeof TableTotalsResponse>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const TableExportQuery = Type.Object(
  {
    ...filters,
    format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'csv', description: 'csv (UTF-8) or xlsx.' })),
  },
  { additionalProperties: false },
);
export type TableExportQuery = Static<typeof TableExportQuery>;

/** A flat row: `nosolicitud` first, then the table's columns in catalogue order, typed values. */
export const TableRowSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]));

/**
 * How far to trust this table as read from one document: the engine's confidence of the table in
 * that document's quality report (decision 014), the lowest when it was found more than once; null
 * when the report has none (a document extracted before the report existed).
 */
export const TableDocumentConfidence = Type.Object({
  id: Type.Integer(),
  nosolicitud: Type.String(),
  filename: Type.String(),
  confidence: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
});
export type TableDocumentConfidence = Static<typeof TableDocumentConfidence>;

export const TablePageResponse = Type.Object({
  data: Type.Array(TableRowSchema),
  /** Parallel to `data`: each row's id (to correct a cell) and its corrected cells with the extracted values. */
  meta: Type.Array(RowMeta),
  /** The documents of this page's rows, in order of first appearance, with the table's confidence in each. */
  documents: Type.Optional(Type.Array(TableDocumentConfidence)),
  pagination: Pagination,
});
export type TablePageResponse = Static<typeof TablePageResponse>;
