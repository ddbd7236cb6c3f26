import type { TextChunk } from '../types.ts';
import type { StreamSettings } from '../settings.ts';
import { median } from '../median.ts';
import type { RowWords } from './lines-to-rows.ts';
import { isNumeric } from './text-kinds.ts';

/**
 * A program listing, a crontab, a shell session: lines set in one monospaced font whose tokens
 * line up because every character is as wide as the next, not because they are columns. What
 * tells it from a table printed in a typewriter font (a legacy system's report): most of its rows
 * hold a token of a program's signs (`*`, `$(`, `&&`, `#`, `%x`, `-s`). Whole numbers say
 * nothing (a crontab's time fields are columns of them), but a column of measured values (figures
 * with a decimal or thousands mark: an R printout's estimates, a report's amounts) is a table's.
 * A report's `$ 1.200`, `5 %` and `(1.250)` read as numbers, and a currency or percent sign
 * standing alone is a report's, not a program's.
 */
const CODE_SIGN = /[*#$%&|<>=[\]{}\\`~^"”“']/;
const OPTION = /^--?[A-Za-z]/;

const SIGN_ALONE = /^[$%€£]$/;
/** A figure with a decimal or thousands mark between digits. */
const MEASURED = /\d[.,]\d/;

/** A column most of whose filled cells are measured figures. */
function hasMeasuredColumn(rows: readonly RowWords[]): boolean {
  const width = rows[0]?.cells.length ?? 0;
  for (let c = 0; c < width; c++) {
    const filled = rows.map((r) => r.cells[c] ?? []).filter((cell) => cell.length > 0);
    const measured = filled.filter((cell) => cell.some((w) => isNumeric(w.text) && MEASURED.test(w.text))).length;
    if (filled.length > 0 && measured * 2 > filled.length) return true;
  }
  return false;
}

function isCodeToken(word: string): boolean {
  if (isNumeric(word) || SIGN_ALONE.test(word)) return false;
  return CODE_SIGN.test(word) || OPTION.test(word);
}

/** Every character of most words advances by one width: the block is set in a monospaced font. */
function isMonospaced(words: readonly TextChunk[], settings: StreamSettings): boolean {
  const advances = words.filter((w) => w.upright && w.text.length >= 3).map((w) => (w.x1 - w.x0) / (w.text.length * w.size));
  const mid = median(advances);
  if (mid === undefined || advances.length < settings.minTableRows) return false;
  const even = advances.filter((a) => Math.abs(a - mid) <= settings.monospaceSpreadShare * mid).length;
  return even >= settings.monospaceWordShare * advances.length;
}

/** A comment's mark: its words may be set in a text font (Texinfo's, a highlighter's). */
const COMMENT = /^(#|\/\/|--|%|;)/;
const isComment = (cell: readonly TextChunk[]) => COMMENT.test(cell[0]?.text ?? '');

export function isCodeListing(rows: readonly RowWords[], settings: StreamSettings): boolean {
  // The font is read on the code, not on its comments.
  if (hasMeasuredColumn(rows)) return false;
  const code = rows.map((r) => r.cells.map((cell) => (isComment(cell) ? [] : cell)));
  const words = code.flat(2);
  if (!isMonospaced(words, settings)) return false;
  // One font through the block: a column of names set in a text font beside code (a table of
  // calls and what they are called) is a table.
  const width = rows[0]?.cells.length ?? 0;
  for (let c = 0; c < width; c++) {
    const column = code.flatMap((r) => r[c] ?? []);
    if (column.filter((w) => w.text.length >= 3).length >= settings.minTableRows && !isMonospaced(column, settings)) return false;
  }
  const coded = rows.filter((r) => r.cells.flat().some((w) => isCodeToken(w.text))).length;
  return coded >= settings.codeRowShare * rows.length;
}
