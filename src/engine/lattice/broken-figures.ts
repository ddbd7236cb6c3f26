import type { Box, TextChunk } from '../types.ts';
import type { TextLine } from '../text/chunks-to-lines.ts';
import { leftToRight } from '../geometry.ts';
import { joinsAsFigure } from '../text/broken-figure.ts';
import { joinsAsBrokenWord } from '../text/broken-word.ts';

/**
 * For a ruled cell: whether the line `lower` goes on with the figure `upper` ends, broken inside
 * its digits because it was wider than the cell (text/broken-figure.ts). The lower line is that
 * one piece, and side by side the two would not fit the cell inside the padding the upper piece
 * leaves on its right. `$13,808.7` over `6` is `$13,808.76`, not two words; so is a word broken
 * inside it, alone on its line (`Participació` over `n`, text/broken-word.ts).
 */
export function figureBrokenIn(cell: Box): (upper: TextLine, lower: TextLine) => boolean {
  return (upper, lower) => {
    if (lower.words.length !== 1) return false;
    const head: TextChunk | undefined = leftToRight(upper.words).at(-1);
    const tail = lower.words[0]!;
    const word = upper.words.length === 1 && !!head && joinsAsBrokenWord(head.text, tail.text);
    if (!head || (!word && !joinsAsFigure(head.text, tail.text))) return false;
    const padding = Math.max(0, cell.x1 - head.x1);
    const inside = cell.x1 - cell.x0 - 2 * padding;
    return head.x1 - head.x0 + (tail.x1 - tail.x0) > inside - 0.5;
  };
}
