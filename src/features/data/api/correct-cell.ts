import type { CorrectionBody, CorrectionResponse } from '../../../shared/api/corrections.ts';
import type { CellValue } from '../../../shared/catalog/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { dataMessages } from '../messages.ts';

const cellPath = (tableType: string, rowId: number, column: string) =>
  `tables/${encodeURIComponent(tableType)}/rows/${rowId}/cells/${encodeURIComponent(column)}`;

/**
 * PUT tables/{t}/rows/{rowId}/cells/{column} (permission review): the value as typed, read by the
 * server in the Colombian style; a value that does not read answers 400 with Spanish text to show.
 */
export function correctCell(tableType: string, rowId: number, column: string, body: CorrectionBody): Promise<CorrectionResponse> {
  return apiRequest<CorrectionResponse>(cellPath(tableType, rowId, column), { method: 'PUT', json: body, fallback: dataMessages.correctError });
}

/** DELETE of the same cell: the extracted value back (the revert is kept in the trail). */
export function revertCell(tableType: string, rowId: number, column: string, expected: CellValue): Promise<CorrectionResponse> {
  // `expected`: the value the reviewer saw; 409 CELL_CHANGED when someone changed the cell since.
  return apiRequest<CorrectionResponse>(cellPath(tableType, rowId, column), {
    method: 'DELETE',
    query: { expected: JSON.stringify(expected ?? null) },
    fallback: dataMessages.revertError,
  });
}
