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

/** Letters OCR reads for digits, and the digit each stands for. */
const DIGIT_FOR: Readonly<Record<string, string>> = { O: '0', o: '0', Q: '0', D: '0', l: '1', I: '1', '|': '1', '!': '1', Z: '2', z: '2', S: '5', s: '5', B: '8', G: '6', b: '6', g: '9', q: '9' };

/**
 * A number with digits OCR read as letters (`4l`, `1O0`, a zero read `o`), its digits put back; or
 * undefined when the text is not such a number. Only for columns whose type is numeric, and only
 * when the text has at most one such letter per three characters (`so`, `Sl` stay text).
 */
export function mendDigits(text: string): string | undefined {
  const core = text.replace(/[$\s().,%\-–—]/g, '');
  const letters = [...core].filter((c) => !/\d/.test(c));
  if (!letters.length || letters.some((c) => !(c in DIGIT_FOR)) || letters.length > Math.max(1, core.length / 3)) return undefined;
  return text.replace(/[OoQDlI|!ZzSsBGbgq]/g, (c) => DIGIT_FOR[c]!);
}

/**
 * An amount whose thousands separators OCR read as spaces or lost in part (`9 403.265`,
 * `$3 955841`, `2816.609`, `1,482500.00`), as a plain number text; undefined unless every mark or
 * space it shows stands a multiple of three digits from the units (or before two decimals), so a
 * misread digit (`$3.955 8472`, `$3 94.285`) stays unparsed. Digits are never changed.
 */
export function regroupAmount(text: string): string | undefined {
  const m = /^\$?\s*(\d[\d., ]*?)(?:[.,](\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const whole = m[1]!;
  const digits = whole.replace(/\D/g, '');
  let right = 0;
  for (let i = whole.length - 1; i >= 0; i--) {
    if (/\d/.test(whole[i]!)) right++;
    else if (right === 0 || right % 3 !== 0 || /\D/.test(whole[i + 1] ?? '')) return undefined;
  }
  if (digits.length === whole.length) return undefined; // no mark to regroup
  return m[2] ? `${digits}.${m[2]}` : digits;
}

/** Collapses the whitespace a PDF leaves inside a cell. */
export function cleanText(text: string): string {
  return text.replace(/[\u00a0\s]+/g, ' ').trim();
}

/**
 * Types one cell by its column type. Text that does not parse is kept as text and flagged; in a
 * numeric column, text that parses once its digits misread as letters are mended (`mendDigits`) is
 * that number.
 */
export function parseCell(text: string, type: ColumnType, style: NumberStyle): ParsedCell {
  const parsed = parseTyped(cleanText(text), type, style);
  if (parsed.ok || type === 'text' || type === 'date') return parsed;
  const mended = mendDigits(cleanText(text));
  const again = mended === undefined ? undefined : parseTyped(mended, type, style);
  if (again?.ok) return again;
  if (type !== 'money') return parsed;
  const regrouped = regroupAmount(cleanText(text));
  if (regrouped !== undefined) return { value: Number(regrouped), ok: true };
  const marked = mendAccountingMarks(cleanText(text));
  return marked === undefined ? parsed : parseTyped(marked, type, style);
}

/**
 * An amount in accounting form whose marks OCR misread (the digits untouched): `$ -`, a zero, read
 * `s-`, `S -` or `5-` (the dollar sign taken for a letter or a digit, and no number ends in a
 * dash); `(3.211.831)`, a negative, read `3.211.831)` with its opening parenthesis lost. Only for
 * money columns, where nothing else is written so.
 */
export function mendAccountingMarks(text: string): string | undefined {
  if (/^[sS5]\s*[-–—]+$/.test(text)) return '$ -';
  const m = /^(\$?\s*\d[\d.,]*\d)\)$/.exec(text);
  return m ? `(${m[1]})` : undefined;
}

function parseTyped(raw: string, type: ColumnType, style: NumberStyle): ParsedCell {
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
