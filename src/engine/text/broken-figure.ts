/** A grouped amount, or one with decimals: what a figure broken inside its digits must make again. */
// Decimals after groups use the other mark; with no group either mark (`326,80`: a lookahead on a
// group that did not take part matches nothing, so it cannot stand alone).
const WHOLE_FIGURE = /^[-(]?(?:[$€£]\s?)?\d{1,3}(?:(?:([.,])\d{3})+(?:(?!\1)[.,]\d{1,2})?|[.,]\d{1,2})?%?\)?$/;
/** A date of figures (`2020-11-18`, `17/07/2022`). */
const DATE = /^\d{1,4}([/.-])\d{1,2}\1\d{1,4}$/;
/** The first piece holds a mark: `215,33` | `8`, `$13,808.7` | `6`, `2020-11-` | `18` (a year over a year does not). */
const HEAD = /\d[.,/-]\d*$/;
const TAIL = /^\d{1,4}%?\)?$/;
/** A minus sign alone: a line may break after it as after a hyphen (`-` over `312,09`). */
const MINUS = /^[-−–]$/;

/**
 * Whether two pieces, the last word of a cell's line and the only word of the next, are one
 * figure a word processor broke because it was wider than its cell (LibreOffice breaks any word
 * that does not fit a line): the first holds a mark, the second only digits, and together they
 * make a well-formed amount or date again; or the first is a minus sign alone and the second the
 * figure it negates (a line may break after a minus as after a hyphen). The caller says whether the first piece filled the
 * cell's width, which is what tells a broken figure from two values stacked in a cell.
 */
export function joinsAsFigure(head: string, tail: string): boolean {
  if (MINUS.test(head)) return WHOLE_FIGURE.test(`-${tail}`);
  if (!HEAD.test(head) || !TAIL.test(tail)) return false;
  const whole = head + tail;
  return WHOLE_FIGURE.test(whole) || DATE.test(whole);
}
