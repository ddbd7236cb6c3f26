import type { CellValue } from '../../shared/catalog/index.ts';
import { formatIsoDate } from '../../lib/dates.ts';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format-number.ts';

/** A stored cell in Colombian Spanish: '$ 1.234.567', '12,5', '12,2%', '15/04/2025'. */
export function formatCell(value: CellValue | undefined, type: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    switch (type) {
      case 'money':
        return formatMoney(value);
      case 'percent':
        return formatPercent(value);
      case 'int':
        return formatNumber(value, 0);
      default:
        return formatNumber(value, 2);
    }
  }
  if (type === 'date') return formatIsoDate(value);
  return value;
}
