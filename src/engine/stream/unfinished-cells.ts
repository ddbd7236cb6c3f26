import { CURRENCY_SIGN } from '../text/chunks-to-lines.ts';
import type { TextChunk } from '../types.ts';
import { isStretchedLine } from '../text/stretched-lines.ts';

/** A word broken by a hyphen at its line's end (`avail-`): the cell goes on below. */
const HYPHENATED = /\p{L}-$/u;
/**
 * A date broken after its month (`2020-11-` over `01`, `28/07/` over `2021`). A figure ending in a
 * hyphen after its digits alone may be a negative amount (`1.234-`), so only the two-part form.
 */
const BROKEN_DATE = /^\d{1,4}[-/]\d{1,2}[-/]$/;

/**
 * A cell's next line going on in lower case, maybe after an opening bracket (`(phase 2)`, `(boro,
 * zinc)`). Letter classes at module level: the build lowers such literals to `new RegExp` where
 * they stand (issue 14).
 */
export const GOES_ON_LOWER = /^[([]?\p{Ll}/u;

/** A bracket opened on the line and not closed on it (`Atención al cliente (phase` over `2)`). */
function opensBracket(words: readonly TextChunk[]): boolean {
  let open = 0;
  for (const w of words) for (const ch of w.text) open += ch === '(' ? 1 : ch === ')' && open > 0 ? -1 : 0;
  return open > 0;
}

/**
 * A cell's line that is not its last: it ends in a word broken by a hyphen or a date broken after
 * its month, opens a bracket it does not close, or it is a justified line, its word spaces
 * stretched alike past `space`, the region's plain word space (a filled text block, troff's `T{`, a
 * word processor's justified cell; the caller measures the lower quartile of the region's spaces,
 * as most of a column set justified may be stretched: general 6022-03). A paragraph's last line is
 * never stretched, so the line under such a line, in its column, goes on with the same cell
 * whatever letter it starts with.
 */
export function isUnfinishedCell(words: readonly TextChunk[], space: number, spreadEm: number): boolean {
  if (words.length === 0) return false;
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const last = sorted[sorted.length - 1]!.text;
  if (HYPHENATED.test(last) || BROKEN_DATE.test(last) || opensBracket(sorted)) return true;
  // Justified text has words: a row of dots (`. . .` in a matrix) is evenly spaced too.
  return sorted.filter((w) => LETTER.test(w.text)).length >= 2 && isStretchedLine(sorted, space, spreadEm);
}

const LETTER = /\p{L}/u;

/**
 * A money cell wrapped at its sign: the sign alone on the cell's line (`$`), the amount on the
 * next, as a narrow column of a word processor's table breaks `$ 49.255,15`. A sign alone is no
 * value, so the line under it goes on with the same cell.
 */
export function isLoneSign(words: readonly TextChunk[]): boolean {
  return words.length === 1 && CURRENCY_SIGN.test(words[0]!.text);
}
