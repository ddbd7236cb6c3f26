import { formatIsoDate } from '../../lib/dates.ts';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format-number.ts';

/** A stored value in Colombian Spanish, by its column type: '$ 1.234.567', '12,5', '12,2%', '15/04/2025'. */
export function formatValue(value: string | number | null | undefined, type: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (type === 'money') return formatMoney(value);
    if (type === 'percent') return formatPercent(value);
    return formatNumber(value, type === 'int' ? 0 : 2);
  }
  return type === 'date' ? formatIsoDate(value) : value;
}
