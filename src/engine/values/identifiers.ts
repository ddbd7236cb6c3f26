/**
 * Identifiers (C.C., NIT, request numbers) are text: leading zeros and dots matter, and they are
 * never summed. These helpers only recognise their shapes.
 */
export const NIT = /^\d{3}\.?\d{3}\.?\d{3}\s*-\s*\d$/;
export const CEDULA = /^\d{1,3}(?:\.\d{3}){1,3}$|^\d{5,12}$/;
/** A request number: 6–12 digits, or a year and a sequence (`2025-000123`). */
export const REQUEST_NUMBER = /^(?:\d{6,12}|\d{4}-\d{3,8})$/;

export type DocumentType = 'NIT' | 'C.C.';

/** The kind of identity document a number is, by its shape (NIT carries a check digit). */
export function documentTypeOf(id: string): DocumentType | undefined {
  const s = id.trim();
  if (NIT.test(s)) return 'NIT';
  if (CEDULA.test(s)) return 'C.C.';
  return undefined;
}
