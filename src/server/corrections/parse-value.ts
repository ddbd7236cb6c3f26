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
      CORRECTION_MESSAGES.invalidValue(column.label, column.type, shown(text)),
      `value does not read as ${column.type}`,
    );
  }
  // Past 2^53 a double no longer holds every integer: `99999999999999999999999` was stored as
  // 1e+23 and answered 200, the reviewer's digits silently changed (third attacker's audit, decision 039).
  if (typeof cell.value === 'number' && Math.abs(cell.value) > Number.MAX_SAFE_INTEGER) {
    throw badRequest('VALUE_TOO_LARGE', CORRECTION_MESSAGES.tooLarge(column.label, shown(text)), `value is over ${Number.MAX_SAFE_INTEGER} in magnitude`);
  }
  return cell.value;
}

/** The reviewer's text as quoted back in a message: long ones cut. */
const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
