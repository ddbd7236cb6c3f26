import { Type, type Static } from '@sinclair/typebox';
import { MAX_ID } from './common.ts';

/** Corrections of extracted values by a reviewer (issue 12; docs/decisions/039-corrections.md). */

const FINITE = { allOf: [{ type: 'integer' }] };

const CellValueSchema = Type.Union([Type.String(), Type.Number(), Type.Null()]);

export const CellParams = Type.Object(
  {
    tableType: Type.String({ maxLength: 100, description: 'A catalogue table name (e.g. CostosDirectos).' }),
    rowId: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The row id (`meta[i].id` of `GET /api/tables/{tableType}`).', ...FINITE }),
    column: Type.String({ maxLength: 100, description: 'A column key of the table (`GET /api/tables` lists them), not `nosolicitud`.' }),
  },
  { additionalProperties: false },
);
export type CellParams = Static<typeof CellParams>;

export const CorrectionBody = Type.Object(
  {
    value: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()], {
      description:
        'The value as a person writes it, read by the column type: numbers `1.234.567,89` or `1234567,89` (a plain `1234567.89` too), ' +
        'dates `dd/mm/aaaa`, percentages `12,5` or `12,5%`, text as it is. Empty or null empties the cell.',
    }),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'Why (optional), kept in the trail.' })),
    // One `type` list, not a union: the server's validator coerces, and a union's first branch
    // would turn the number 100000 into the text "100000" (a value the cell never held).
    expected: Type.Optional(
      Type.Unsafe<string | number | null>({
        type: ['string', 'number', 'null'],
        // An extracted text cell has no length cap of its own; the 1 MB body limit bounds it.
        maxLength: 500_000,
        description:
          'The value the editor showed, exactly as the API answered it (`data[i][column]`, or the review’s `values[column]`). ' +
          'If the cell holds another value now (another reviewer, a revert), nothing is written: 409 `CELL_CHANGED`. ' +
          'Absent: the last writer wins (clients from before this check).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CorrectionBody = Static<typeof CorrectionBody>;

/** The error code of a correction or revert refused because the cell changed since the editor read it (409). */
export const CELL_CHANGED = 'CELL_CHANGED';

export type CorrectionStatus = 'active' | 'replaced' | 'reverted' | 'review' | 'dismissed' | 'done';

// Spelled out (not mapped) so the inferred type stays a literal union.
const CorrectionStatusSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('replaced'),
  Type.Literal('reverted'),
  Type.Literal('review'),
  Type.Literal('dismissed'),
  Type.Literal('done'),
]);

/** One entry of the trail. */
export const Correction = Type.Object({
  id: Type.Integer(),
  document_id: Type.Integer(),
  table: Type.String(),
  /** The row holding the cell now; null while the correction is to be reviewed. */
  row_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Position of the row in its table of the document, from 0. */
  row_seq: Type.Integer(),
  column: Type.String(),
  action: Type.Union([Type.Literal('correct'), Type.Literal('revert'), Type.Literal('dismiss')]),
  /**
   * `active`: in effect; `replaced`: a later correction of the cell took over; `reverted`; `review`:
   * after a reprocess the cell was not found with the same extracted values ('corrección por revisar');
   * `dismissed`: closed by a reviewer while to review; `done`: a revert or a dismissal.
   */
  status: CorrectionStatusSchema,
  /** True for a correction later reverted. */
  reverted: Type.Boolean(),
  /** The value the engine extracted. */
  extracted: CellValueSchema,
  previous: CellValueSchema,
  value: CellValueSchema,
  reason: Type.Union([Type.String(), Type.Null()]),
  user: Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() }),
  created_at: Type.String(),
});
export type Correction = Static<typeof Correction>;

export const CorrectionResponse = Type.Object({
  data: Correction,
  /** The row as the rows API answers it now. */
  row: Type.Record(Type.String(), CellValueSchema),
});
export type CorrectionResponse = Static<typeof CorrectionResponse>;

export const OneCorrectionResponse = Type.Object({ data: Correction });
export type OneCorrectionResponse = Static<typeof OneCorrectionResponse>;

export const CorrectionsResponse = Type.Object({ data: Type.Array(Correction) });
export type CorrectionsResponse = Static<typeof CorrectionsResponse>;

export const CorrectionIdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The correction id (`GET /api/documents/{id}/corrections`).', ...FINITE }) },
  { additionalProperties: false },
);
export type CorrectionIdParams = Static<typeof CorrectionIdParams>;

export const DismissBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 500, description: 'Why (optional), kept in the trail.' })) },
  { additionalProperties: false },
);
export type DismissBody = Static<typeof DismissBody>;

/** DELETE of a cell (revert): what the editor showed, as in CorrectionBody, JSON-encoded (a DELETE has no body). */
export const RevertQuery = Type.Object(
  {
    expected: Type.Optional(
      Type.String({
        maxLength: 12_000,
        description: 'The value the editor showed, JSON-encoded (`"Urea"`, `1234.5`, `null`); 409 `CELL_CHANGED` when the cell holds another now.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RevertQuery = Static<typeof RevertQuery>;

export const CorrectionsExportQuery = Type.Object(
  { format: Type.Optional(Type.Literal('csv', { default: 'csv', description: 'csv (UTF-8, `;`).' })) },
  { additionalProperties: false },
);
export type CorrectionsExportQuery = Static<typeof CorrectionsExportQuery>;

/** Per row of a page: its id and, for each corrected cell, the value the engine extracted. */
export const RowMeta = Type.Object({
  id: Type.Integer(),
  document_id: Type.Integer(),
  corrected: Type.Record(Type.String(), CellValueSchema, { description: 'Corrected cells: column key → the extracted value.' }),
});
export type RowMeta = Static<typeof RowMeta>;
