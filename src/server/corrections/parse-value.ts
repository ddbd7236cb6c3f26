import type { CatalogColumn, CellValue } from '../../shared/catalog/index.ts';
import { CORRECTION_MESSAGES } from '../../shared/messages/corrections.ts';
import { parseCell } from '../../engine/values/parse-cell.ts';
import { badRequest } from '../errors.ts';

/**
 * A reviewer's value read by its column's type with the engine's own cell parser, in the
 * Colombian style (`1.234.567,89`; a plain `1234567.89` reads the same, decision 039). Empty
 * empties the cell. A value that does not read as the type is refused (400), naming the format:
 * unlike an extracted cell, a correction is never kept as unparsed text.
 */
export function parseCorrection(column: CatalogColumn, input: string | null): CellValue {
  const text = (input ?? '').trim();
  const cell = parseCell(text, column.type, 'co');
  if (cell.value === undefined) return null;
  // 400 digits read as Infinity: stored as JSON it became null (the cell emptied) and the answer a
  // 500, the reviewer told nothing was saved (attacker's audit, decision 039).
  if (!cell.ok || (typeof cell.value === 'number' && !Number.isFinite(cell.value))) {
    if (column.type === 'text') return cell.value;
    throw badRequest(
      'INVALID_VALUE',
      CORRECTION_MESSAGES.invalidValue(column.label, column.type, text.length > 60 ? `${text.slice(0, 57)}...` : text),
      `value does not read as ${column.type}`,
    );
  }
  return cell.value;
}
