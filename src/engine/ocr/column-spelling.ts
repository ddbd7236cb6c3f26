import type { RawTable } from '../types.ts';

/**
 * Letters whose capital is the small letter drawn larger (`Venta` and `venta` differ only in the
 * height of the `V`): on a scan, OCR tells them apart by size alone and often gets the case wrong.
 */
const SAME_SHAPE = /^[cosuvwxzCOSUVWXZ]$/;
const LETTER = /\p{L}/u;
const UPPER = /^\p{Lu}$/u;

/** Cells of a column needed before its others say how its texts begin. */
const MIN_CELLS = 3;
/** Share of a column's texts starting with a capital for a small letter of the same shape to be read as one. */
const UPPER_SHARE = 0.75;

/** A word, then its number, apart (`MES 2`). */
const WORD_NUMBER = /^(\p{L}{2,}) (\d{1,3})$/u;
/** The same with the space lost (`MES1`) or read as a question mark (`MES?2`, a faint gap). */
const WORD_NUMBER_MISSPACED = /^(\p{L}{2,})(?:\s*\?\s*)?(\d{1,3})$/u;
/** Texts of a column spelt with a capital that one cell's case alone must match to be spelt so. */
const SAME_TEXT_MIN = 2;

function firstLetter(text: string): { index: number; letter: string } | undefined {
  const index = text.search(LETTER);
  return index < 0 ? undefined : { index, letter: text[index]! };
}

/**
 * A column's texts start with a capital, but OCR read one with a small letter of the same shape
 * (`venta de leche cruda` under `Venta de leche cruda` and the column's other labels): that letter
 * is set as a capital. Letters of another shape (`i`, `a`) are left as read: OCR saw their shape.
 */
function mendFirstCase(rows: string[][], column: number): void {
  const starts = rows.map((row) => firstLetter(row[column] ?? '')).filter((s) => s !== undefined);
  if (starts.length < MIN_CELLS) return;
  if (starts.filter((s) => UPPER.test(s.letter)).length < UPPER_SHARE * starts.length) return;
  for (const row of rows) {
    const text = row[column] ?? '';
    const first = firstLetter(text);
    if (!first || UPPER.test(first.letter) || !SAME_SHAPE.test(first.letter)) continue;
    row[column] = text.slice(0, first.index) + first.letter.toUpperCase() + text.slice(first.index + 1);
  }
}

/**
 * A text of the column read with a small first letter that two cells or more print, letter for
 * letter, with a capital (`insumo` among `Insumo`s: a capital I is a bar, and a speck over it reads
 * as a dot): spelt as they print it. A text that only starts like them stays as read.
 */
function mendRepeatedText(rows: string[][], column: number): void {
  const capitalised = new Map<string, { text: string; count: number }>();
  for (const row of rows) {
    const text = (row[column] ?? '').trim();
    const first = firstLetter(text);
    if (!first || !UPPER.test(first.letter)) continue;
    const key = text.toLocaleLowerCase('es');
    const seen = capitalised.get(key);
    if (!seen) capitalised.set(key, { text, count: 1 });
    else if (seen.text === text) seen.count++;
  }
  for (const row of rows) {
    const text = (row[column] ?? '').trim();
    const first = firstLetter(text);
    if (!first || UPPER.test(first.letter)) continue;
    const printed = capitalised.get(text.toLocaleLowerCase('es'));
    if (printed && printed.count >= SAME_TEXT_MIN) row[column] = printed.text;
  }
}

/**
 * A row of labels that number one word (`MES 2`, `MES 3`) where OCR lost the narrow space of one
 * (`MES1`) or read it as a question mark (`MES?2`): the space goes back, as the row's other labels
 * print it.
 */
function mendNumberedLabels(row: string[]): void {
  const words = new Set(row.flatMap((cell) => WORD_NUMBER.exec(cell.trim())?.[1] ?? []));
  if (row.filter((cell) => WORD_NUMBER.test(cell.trim())).length < 2) return;
  row.forEach((cell, c) => {
    const joined = WORD_NUMBER_MISSPACED.exec(cell.trim());
    if (joined && words.has(joined[1]!)) row[c] = `${joined[1]} ${joined[2]}`;
  });
}

/**
 * Spelling OCR gets wrong that the table itself puts right: the case of a first letter against its
 * column (by shape, or by the same text printed above and below), the space between a label's word
 * and its number against its row. Only for tables read by OCR: a text layer says exactly what was
 * printed. Returns a table with mended rows.
 */
export function mendOcrSpelling(table: RawTable): RawTable {
  const rows = table.rows.map((row) => [...row]);
  for (const row of rows) mendNumberedLabels(row);
  const columns = Math.max(0, ...rows.map((r) => r.length));
  for (let c = 0; c < columns; c++) {
    mendFirstCase(rows, c);
    mendRepeatedText(rows, c);
  }
  return { ...table, rows };
}
