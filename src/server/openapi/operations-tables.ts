import { binary, type OperationDoc } from './operation-doc.ts';

/** Tables, their rows and exports, and the corrections made to them. */
export const OPERATIONS_TABLES: Record<string, OperationDoc> = {
  'GET /api/tables': {
    tag: 'Tables',
    operationId: 'listTables',
    summary: 'The ten tables',
    description: 'Each catalogue table with its Spanish title, its columns (`nosolicitud` first) and how many rows it holds.',
    ok: { 200: 'The catalogue.' },
  },
  'GET /api/tables/{tableType}': {
    tag: 'Tables',
    operationId: 'getTableRows',
    summary: 'Rows of a table',
    description:
      'Flat rows across all documents: `nosolicitud` first, then the columns `GET /api/tables` lists, numbers as numbers. ' +
      'Newest document first unless `sort_by_nosolicitud=true`.',
    ok: { 200: 'One page of rows.' },
    errors: ['tableNotFound'],
  },
  'GET /api/tables/{tableType}/totals': {
    tag: 'Tables',
    operationId: 'getTableTotals',
    summary: 'Totals of a table',
    description:
      'The sum of each additive numeric column (amounts and quantities; not prices, rates, balances or years) over every row ' +
      'the same filters as `GET /api/tables/{tableType}` select, not just one page. A column with no number to add is `null`.',
    ok: { 200: 'The totals, by column key.' },
    errors: ['tableNotFound'],
  },
  'GET /api/tables/{tableType}/export': {
    tag: 'Tables',
    operationId: 'exportTable',
    summary: 'Export a table',
    description: 'Every row the same filters select, as a CSV or an Excel file (streamed; no page size).',
    ok: {
      200: {
        description: 'The file, as an attachment named `<table>-<date>.<format>`.',
        content: {
          'text/csv': { schema: { type: 'string' } },
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': binary(
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ),
        },
      },
    },
    errors: ['tableNotFound'],
  },
  'PUT /api/tables/{tableType}/rows/{rowId}/cells/{column}': {
    tag: 'Corrections',
    operationId: 'correctCell',
    summary: 'Correct a value (review)',
    description:
      'Sets the cell to `value`, read by the column type (numbers `1.234.567,89` or plain, dates `dd/mm/aaaa`). The row then shows it in ' +
      'every page, search and export; `meta[i].corrected` of `GET /api/tables/{tableType}` keeps the extracted value. The trail keeps who, ' +
      'when, the previous value and `reason`. Correcting a corrected cell replaces its correction; the extracted value is kept. ' +
      'Send `expected`, the value your editor showed: if someone changed the cell since, nothing is written (409 `CELL_CHANGED`).',
    ok: { 200: 'The correction and the row as it is now.' },
    errors: ['invalidValue', 'valueTooLarge', 'validation', 'tableNotFound', 'columnNotFound', 'rowNotFound', 'cellChanged'],
  },
  'DELETE /api/tables/{tableType}/rows/{rowId}/cells/{column}': {
    tag: 'Corrections',
    operationId: 'revertCell',
    summary: 'Revert a corrected value (review)',
    description:
      'Puts the extracted value back. The revert is itself an entry of the trail. `?expected=` (the value the editor showed, JSON-encoded): ' +
      'if someone changed the cell since, nothing is reverted (409 `CELL_CHANGED`).',
    ok: { 200: 'The revert and the row as it is now.' },
    errors: ['validation', 'tableNotFound', 'columnNotFound', 'rowNotFound', 'notCorrected', 'cellChanged'],
  },
  'GET /api/documents/{id}/corrections': {
    tag: 'Corrections',
    operationId: 'listDocumentCorrections',
    summary: 'The trail of a document’s corrections',
    description:
      'Every correction and revert, oldest first: who, when, table, row, column, extracted, previous and new value, reason, status. ' +
      '`review` (corrección por revisar): a reprocess did not find the row with the same extracted values again; it is kept, not applied.',
    ok: { 200: 'The trail.' },
    errors: ['documentNotFound'],
  },
  'POST /api/corrections/{id}/dismiss': {
    tag: 'Corrections',
    operationId: 'dismissCorrection',
    summary: 'Close a correction to review (review)',
    description:
      'A correction a reprocess could not put back (`review`, corrección por revisar) is closed as `dismissed`: no longer counted on the ' +
      'document nor tried again. Correct the cell on its new row first if the value still needs it. The dismissal is an entry of the trail.',
    ok: { 200: 'The dismissal.' },
    errors: ['correctionNotFound', 'notToReview'],
  },
  'GET /api/corrections/export': {
    tag: 'Corrections',
    operationId: 'exportCorrections',
    summary: 'Export every correction (review)',
    description: 'The audit trail of all documents as CSV (UTF-8 with BOM, `;`), oldest first; cells that would run as a formula are neutralised.',
    ok: { 200: { description: 'The file, as an attachment named `correcciones-<date>.csv`.', content: { 'text/csv': { schema: { type: 'string' } } } } },
  },
};
