import { Type, type Static } from '@sinclair/typebox';
import { Box, CellSource, PageSize, TableMethod } from './sources.ts';

/** GET documents/{id}/review: a document's rows with where each value was printed (issue 12, decision 055). */

const CellValue = Type.Union([Type.String(), Type.Number(), Type.Null()]);

/**
 * Why the engine asks a person to look at a cell (or a whole row when `column` is null):
 * `low_confidence` OCR read it with little confidence; `type` it did not read as its column's
 * number or date (the printed text was kept); `check_sum` a printed SUBTOTAL/TOTAL this value is
 * added into (a grid's items, a cash flow's concept or period) does not agree with the rows read.
 */
export const ReviewFlag = Type.Object({
  kind: Type.Union([Type.Literal('low_confidence'), Type.Literal('type'), Type.Literal('check_sum')]),
  column: Type.Union([Type.String(), Type.Null()]),
  /** The reason in Spanish, for people. */
  message: Type.String(),
});
export type ReviewFlag = Static<typeof ReviewFlag>;

export const ReviewRow = Type.Object({
  /** The row id (the handle of the correction routes). */
  id: Type.Integer(),
  /** Position in its catalogue table of the document, from 0. */
  seq: Type.Integer(),
  /** The page the row is printed on; null for a row stored before sources were kept. */
  page: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** The catalogue columns in order, as the rows API answers them (corrected values in effect). */
  values: Type.Record(Type.String(), CellValue),
  /** By column key: the printed text and its box (PDF points, top-left origin, y down). */
  cells: Type.Record(Type.String(), CellSource),
  flags: Type.Array(ReviewFlag),
  /** Corrected cells: column key → the value the engine extracted. */
  corrected: Type.Record(Type.String(), CellValue),
});
export type ReviewRow = Static<typeof ReviewRow>;

/** One table as the engine found it (a catalogue table printed twice is two of these). */
export const ReviewTable = Type.Object({
  name: Type.String(),
  /** Spanish title from the catalogue. */
  title: Type.String(),
  method: Type.Union([TableMethod, Type.Null()]),
  /** 0..1 (decision 014); null when the quality report is not known. */
  confidence: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  pages: Type.Array(Type.Integer({ minimum: 1 })),
  /** The table's box on each page it is printed on. */
  boxes: Type.Array(Type.Object({ page: Type.Integer({ minimum: 1 }), box: Box })),
  columns: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), type: Type.String() })),
  rows: Type.Array(ReviewRow),
});
export type ReviewTable = Static<typeof ReviewTable>;

export const ReviewResponse = Type.Object({
  data: Type.Object({
    document_id: Type.Integer(),
    filename: Type.String(),
    status: Type.String(),
    /** Upright size of each page in points, to draw the boxes on. */
    page_sizes: Type.Array(PageSize),
    tables: Type.Array(ReviewTable),
  }),
});
export type ReviewResponse = Static<typeof ReviewResponse>;
