/**
 * Dates as Colombian documents print them: day first always (`dd/mm/aaaa`, `dd-mm-aaaa`,
 * `15-abr-2025`, `15 de abril de 2025`). Never read as mm/dd. Output is ISO `YYYY-MM-DD`.
 */
const MONTHS: Record<string, number> = {
  ene: 1, enero: 1, feb: 2, febrero: 2, mar: 3, marzo: 3, abr: 4, abril: 4, may: 5, mayo: 5,
  jun: 6, junio: 6, jul: 7, julio: 7, ago: 8, agosto: 8, sep: 9, sept: 9, set: 9, septiembre: 9,
  setiembre: 9, oct: 10, octubre: 10, nov: 11, noviembre: 11, dic: 12, diciembre: 12,
};

const NUMERIC_DATE = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4}|\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// 15-abr-2025, 15 abr 2025, 15/abr/25, 15 de abril de 2025, 15 de abril del 2025
const NAMED_DATE = /^(\d{1,2})(?:\s*[/.-]\s*|\s+(?:de\s+)?)([a-z]+)\.?(?:\s*[/.-]\s*|\s+(?:de(?:l)?\s+)?)(\d{4}|\d{2})$/;
// abril 15 de 2025, abril 15, 2025
const MONTH_FIRST = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(?:de(?:l)?\s+)?(\d{4})$/;

/** Combining marks (accents once NFD splits them). */
// Letter and mark classes (`\p{…}`) at module level: the build lowers such literals to `new RegExp`
// where they stand, a regular expression made per call (issue 14).
const MARKS = /\p{M}/gu;

function fold(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function fullYear(y: string): number {
  const n = Number(y);
  // Two-digit years in credit applications are always this century.
  return y.length === 2 ? 2000 + n : n;
}

function toIso(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2200) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return undefined; // 31/02 and the like
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function parseDate(text: string): string | undefined {
  const s = fold(text);
  if (!s) return undefined;
  let m = ISO_DATE.exec(s);
  if (m) return toIso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = NUMERIC_DATE.exec(s);
  if (m) return toIso(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  m = NAMED_DATE.exec(s);
  if (m) {
    const month = MONTHS[m[2]!];
    return month ? toIso(fullYear(m[3]!), month, Number(m[1])) : undefined;
  }
  m = MONTH_FIRST.exec(s);
  if (m) {
    const month = MONTHS[m[1]!];
    return month ? toIso(Number(m[3]), month, Number(m[2])) : undefined;
  }
  return undefined;
}
