/**
 * How a spreadsheet user's number formats print the truth's typed values: Colombian or US
 * separators, a currency sign or none, zero as a dash, dates as dd/mm/aaaa or 15-abr-2025.
 * One style per document, as tables.md says documents do.
 */

export interface NumberStyle {
  /** 'co': 1.234.567,5 — 'us': 1,234,567.5 */
  separators: 'co' | 'us';
  currencySign: boolean;
  zero: '-' | '$ -' | '0';
  date: 'slash' | 'month-name';
}

/** One number style per document, drawn from its seed. */
export function numberStyle(r: { pick<T>(items: readonly T[]): T; chance(p: number): boolean }): NumberStyle {
  return { separators: r.pick(['co', 'us'] as const), currencySign: r.chance(0.5), zero: r.pick(['-', '$ -', '0'] as const), date: r.pick(['slash', 'month-name'] as const) };
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

function group(n: number, style: NumberStyle, decimals: number): string {
  const [int = '0', frac] = Math.abs(n).toFixed(decimals).split('.');
  const [thousands, mark] = style.separators === 'co' ? ['.', ','] : [',', '.'];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  const trimmed = frac?.replace(/0+$/, '');
  return trimmed ? `${grouped}${mark}${trimmed}` : grouped;
}

export function money(n: number, style: NumberStyle): string {
  if (n === 0) return style.zero === '$ -' && !style.currencySign ? '-' : style.zero;
  const body = `${style.currencySign ? '$ ' : ''}${group(n, style, 0)}`;
  return n < 0 ? `(${body})` : body;
}

export function decimal(n: number, style: NumberStyle): string {
  return group(n, style, 2);
}

export function integer(n: number): string {
  return String(Math.round(n));
}

export function percent(n: number, style: NumberStyle): string {
  return `${group(n, style, 2)}%`;
}

export function date(iso: string, style: NumberStyle): string {
  const [y, m, d] = iso.split('-');
  return style.date === 'slash' ? `${d}/${m}/${y}` : `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** The printed text of one typed value of the catalogue. */
export function printValue(type: string, value: unknown, style: NumberStyle): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return type === 'date' ? date(value, style) : value;
  const n = Number(value);
  switch (type) {
    case 'money':
      return money(n, style);
    case 'int':
      return integer(n);
    case 'percent':
      return percent(n, style);
    case 'decimal':
    case 'hectares':
      return decimal(n, style);
    default:
      return String(value);
  }
}
