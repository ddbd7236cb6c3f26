import { describe, expect, it } from 'vitest';
import type { TextChunk } from '../types.ts';
import type { TextLine } from '../text/chunks-to-lines.ts';
import { joinLines } from '../text/join-words.ts';
import { figureBrokenIn } from './broken-figures.ts';

const word = (text: string, x0: number, x1: number, y: number): TextChunk => ({ text, x0, x1, y0: y, y1: y + 10, size: 10, upright: true }) as TextChunk;
const line = (...words: TextChunk[]): TextLine =>
  ({ words, phrases: [], x0: words[0]!.x0, x1: words[words.length - 1]!.x1, y0: words[0]!.y0, y1: words[0]!.y1, yc: words[0]!.y0 + 5, size: 10 }) as TextLine;
// A LibreOffice cell 53.5 pt wide whose amount did not fit: `$13,808.7` over `6`, both set right.
const cell = { x0: 273, y0: 120, x1: 326.5, y1: 146 };

describe('figureBrokenIn', () => {
  it('joins an amount broken inside its digits because it was wider than the cell', () => {
    expect(joinLines([line(word('$13,808.7', 280, 324.41, 122)), line(word('6', 318.9, 324.46, 134))], ' ', figureBrokenIn(cell))).toBe('$13,808.76');
    expect(joinLines([line(word('215,33', 447.8, 478.33, 122)), line(word('8', 472.8, 478.36, 134))], ' ', figureBrokenIn({ x0: 440.4, y0: 120, x1: 480.5, y1: 146 }))).toBe('215,338');
  });

  it('keeps two lines apart when they fit side by side, or do not make one amount', () => {
    // A short amount over another piece: room for both on one line, so not broken.
    expect(joinLines([line(word('1,2', 310, 324, 122)), line(word('5', 318.9, 324.46, 134))], ' ', figureBrokenIn(cell))).toBe('1,2 5');
    // A year over a year is no broken figure, nor is a word after an amount.
    expect(joinLines([line(word('2020', 280, 324.4, 122)), line(word('2021', 280, 324.4, 134))], ' ', figureBrokenIn(cell))).toBe('2020 2021');
    expect(joinLines([line(word('$13,808.7', 280, 324.41, 122)), line(word('kg', 310, 324.46, 134))], ' ', figureBrokenIn(cell))).toBe('$13,808.7 kg');
  });
});
