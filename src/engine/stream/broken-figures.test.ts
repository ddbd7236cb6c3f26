import { describe, expect, it } from 'vitest';
import type { TextChunk } from '../types.ts';
import { figureBrokenInColumn } from './broken-figures.ts';

const word = (text: string, x0: number, x1: number): TextChunk => ({ text, x0, x1, y0: 0, y1: 9, size: 9, upright: true }) as TextChunk;

describe('figureBrokenInColumn', () => {
  // A column whose widest line is 40 pt: LibreOffice broke the dates that did not fit it.
  const goesOn = figureBrokenInColumn(40);

  it('joins a date broken where its first piece fills the column', () => {
    expect(goesOn([word('17/07/202', 100, 139.8)], [word('2', 100, 104.5)], true)).toBe(true);
  });

  it('joins a date broken after a hyphen when the whole would be wider than the column', () => {
    expect(goesOn([word('2020-11-', 100, 134)], [word('18', 100, 109)], true)).toBe(true);
    expect(goesOn([word('2020-11-', 100, 120)], [word('18', 100, 109)], true)).toBe(false);
  });

  it('keeps apart a short figure over another, words, and pieces that make no figure', () => {
    expect(goesOn([word('1,2', 100, 112)], [word('5', 100, 104.5)], true)).toBe(false);
    expect(goesOn([word('Consulenz', 100, 139.8)], [word('e', 100, 104.5)], false)).toBe(false);
    expect(goesOn([word('2020', 100, 139.8)], [word('2021', 100, 118)], true)).toBe(false);
  });

  it('joins a word broken before a letter that is also a word only on the cell’s last line', () => {
    // `e` ends no text: alone on a cell's last line it is the end of `Quantidade` (LibreOffice).
    expect(goesOn([word('Quantidad', 100, 139.8)], [word('e', 100, 104.5)], true)).toBe(true);
    // Followed by more lines it is the word `e` (`Consulenz` / `e` / `servizi`).
    expect(goesOn([word('Consulenz', 100, 139.8)], [word('e', 100, 104.5)], false)).toBe(false);
    // A word that can end a text stays a word.
    expect(goesOn([word('Comprado', 100, 139.8)], [word('me', 100, 110)], true)).toBe(false);
  });
});
