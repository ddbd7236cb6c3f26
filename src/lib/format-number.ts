/**
 * Colombian number formats (`$ 1.234.567`, `12,5`): '.' groups thousands, ',' marks decimals.
 * Written out instead of Intl.NumberFormat('es-CO') because ICU builds differ on whether four-digit
 * numbers are grouped, and the product must print the same everywhere.
 */
export function formatNumber(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return String(value);
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(maxDecimals);
  const [intPart = '0', decPart = ''] = fixed.split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const decimals = decPart.replace(/0+$/, '');
  const text = decimals ? `${grouped},${decimals}` : grouped;
  return negative && text !== '0' ? `-${text}` : text;
}

export function formatMoney(value: number): string {
  const text = formatNumber(value, 2);
  return text.startsWith('-') ? `-$ ${text.slice(1)}` : `$ ${text}`;
}

export function formatPercent(value: number): string {
  return `${formatNumber(value, 2)}%`;
}

/** A file size in MB with the Colombian decimal comma: '2,5 MB', '0,25 MB' (at most two decimals). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  // A few bytes would round to '0 MB', which reads as an empty file.
  if (bytes > 0 && mb < 0.005) return '<0,01 MB';
  return `${formatNumber(mb, 2)} MB`;
}
