import type { TextChunk } from '../types.ts';
import { leftToRight } from '../geometry.ts';
import { joinsAsFigure } from '../text/broken-figure.ts';
import { joinsAsBrokenWord } from '../text/broken-word.ts';
import type { WordGoesOn } from './cell-text.ts';

/**
 * For an unruled column whose widest line is `widest` wide: a line that is one piece goes on with
 * the figure the line above ends when the two make one figure (text/broken-figure.ts) and that
 * figure's first piece fills the column (within half a size), or the whole is wider than the
 * column's widest line: a word processor broke it there because it was wider than the cell
 * (`17/07/202` over `2`), or, broken after a hyphen where a
 * break is allowed, the whole would be wider than the column's widest line (`2020-11-` over `18`).
 * So does a word broken inside it, alone on its line (`Participació` over `n`). Without rules the
 * column's widest line stands for the cell's width.
 */
export function figureBrokenInColumn(widest: number): WordGoesOn {
  return (upper, lower, last) => {
    if (lower.length !== 1) return false;
    const head: TextChunk | undefined = leftToRight(upper).at(-1);
    const tail = lower[0]!;
    // A word broken inside it (text/broken-word.ts) was alone on its line: it was the word too wide.
    const word = upper.length === 1 && !!head && joinsAsBrokenWord(head.text, tail.text, last);
    if (!head || (!word && !joinsAsFigure(head.text, tail.text))) return false;
    const line = Math.max(...upper.map((w) => w.x1)) - Math.min(...upper.map((w) => w.x0));
    // After a hyphen the break came early, where it was allowed: the whole did not fit.
    const whole = line + (tail.x1 - tail.x0);
    if (head.text.endsWith('-')) return whole > widest;
    // Elsewhere the first piece fills the column, or the whole is wider than any line the column
    // holds: a cell's widest line may be a phrase broken at a space (`7 ago 2024`, 56.7 pt, over
    // `20/11/202`, 51.2 pt, general 6015-17) that fits where the figure did not.
    return line >= widest - 0.5 * head.size || whole > widest;
  };
}
