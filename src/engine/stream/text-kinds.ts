/**
 * What a cell's text looks like, for structural tests: numbers (amounts, counts, rates, a dash
 * for zero) against words, and the markers that start list items.
 */

/**
 * An amount, count, rate or year: digits with separators, an optional sign, currency or %. The
 * euro and pound signs may also close the amount (`45,40 €`, as French, Spanish, Portuguese and
 * Italian print it).
 */
const NUMBER = /^[-–+(]?\s*(?:US\$|COP\$?|\$|€|£)?\s*[-–]?\d[\d.,'\s]*(?:%|\s?[€£])?\)?$/;
/** A dash or a lone currency sign printed for zero. */
const ZERO = /^(?:[-–—]|\$\s*[-–—])$/;

export function isNumeric(text: string): boolean {
  const t = text.trim();
  return t !== '' && (NUMBER.test(t) || ZERO.test(t));
}

/** Dates print on a row's first line as figures do: 3/19/2014, 2025-04-15, 15-abr-2025. */
const DATE = /^(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|\d{1,2}[-/ ]\p{L}{3,}\.?[-/ ]\d{2,4})$/u;

export const isDate = (text: string): boolean => DATE.test(text);

/** What a row prints on its first line: a number or a date. */
export const isFigure = (text: string): boolean => isNumeric(text) || isDate(text.trim());

/**
 * The marker of a list item: a bullet or dash, or an enumerator (`1.`, `2)`, `a)`, `iv.`, `[3]`,
 * `(b)`, `2.1.`). A bare number is not one (it is as likely a table's item number column), nor
 * is `2.1` (a decimal as likely as a section number).
 */
const BULLET = /^[•◦▪▫■□●○◆◇►▸‣⁃∙·*–—-]$/;
const ENUMERATOR = /^(?:\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,5})[.)]|\[\d{1,3}\]|\d{1,3}(?:\.\d{1,3})+\.)$/;

export function isListMarker(text: string): boolean {
  const t = text.trim();
  return BULLET.test(t) || ENUMERATOR.test(t);
}
