import type { CellValue } from '../shared/catalog/index.ts';
import { formatIsoDate } from './dates.ts';
import { formatNumber } from './format-number.ts';

/** What a cell's edit box starts with: the value as a person writes it here ('1.234.567,89', '15/04/2025'). */
export function editableText(value: CellValue | undefined, type: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value, type === 'int' ? 0 : 6);
  if (type === 'date') return formatIsoDate(value);
  return value;
}
