import type { CellValue, ColumnType } from '../../shared/catalog/index.ts';
import { parseDate } from './dates.ts';
import { parseNumber, type NumberStyle } from './numbers.ts';
import { parsePercent } from './percent.ts';

export interface ParsedCell {
  /** Typed value; undefined when the cell is empty (the key is then left out of the row). */
  value: CellValue | undefined;
  /** False when the text did not parse as the column's type and was kept as raw text. */
  ok: boolean;
}

// Unit words printed next to counts and areas; stripping them never changes the number.
const INT_UNITS = /\s*(?:meses|mes|años|anos|año|ano|días|dias|cabezas|animales|cuotas|und|unds|unidades)\.?$/i;
const AREA_UNITS = /\s*(?:ha|has|hectáreas|hectareas|hect\.?)\.?$/i;

/** Collapses the whitespace a PDF leaves inside a cell. */
export function cleanText(text: string): string {
  return text.replace(/[\u00a0\s]+/g, ' ').trim();
}

/** Types one cell by its column type. Text that does not parse is kept as text and flagged. */
export function parseCell(text: string, type: ColumnType, style: NumberStyle): ParsedCell {
  const raw = cleanText(text);
  if (!raw) return { value: undefined, ok: true };
  let value: number | string | undefined;
  switch (type) {
    case 'text':
      return { value: raw, ok: true };
    case 'date':
      value = parseDate(raw);
      break;
    case 'percent':
      value = parsePercent(raw, style);
      break;
    case 'int': {
      const n = parseNumber(raw, style, { units: INT_UNITS });
      value = n !== undefined && Number.isInteger(n) ? n : undefined;
      break;
    }
    case 'hectares':
      value = parseNumber(raw, style, { units: AREA_UNITS });
      break;
    case 'decimal':
    case 'money':
      value = parseNumber(raw, style);
      break;
  }
  return value === undefined ? { value: raw, ok: false } : { value, ok: true };
}
