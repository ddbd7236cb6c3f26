import type { CatalogTable } from '../../shared/catalog/index.ts';
import type { CheckSum } from '../types.ts';

/** A printed total agrees with its items within a peso or 0.05 %, which covers rounding in print. */
const ABS_TOLERANCE = 1.5;
const REL_TOLERANCE = 0.0005;

export function sumsAgree(printed: number, computed: number): boolean {
  return Math.abs(printed - computed) <= Math.max(ABS_TOLERANCE, REL_TOLERANCE * Math.abs(printed));
}

/** SUBTOTAL / TOTAL rows of grids, and the rows of cash flows that are not concepts. */
export function isTotalRowLabel(text: string, cashFlow: boolean): boolean {
  const s = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim();
  if (/^(?:sub\s*-?\s*)?total(?:es)?\b/.test(s)) return true;
  return cashFlow && /^(?:flujo|saldo)\b/.test(s);
}

export function isSubtotalLabel(text: string): boolean {
  return /^sub\s*-?\s*total/i.test(text.trim());
}

const money = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** The Spanish warning people see when a printed total does not match its items. */
export function checkSumWarning(table: CatalogTable, sum: CheckSum): string {
  const column = table.columns.find((c) => c.key === sum.column)?.label ?? sum.column;
  return (
    `${table.title}: el total «${sum.label}» de ${column} no cuadra con sus filas ` +
    `(impreso ${money.format(sum.printed)}, suma ${money.format(sum.computed)}).`
  );
}
