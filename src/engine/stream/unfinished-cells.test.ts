import { describe, expect, it } from 'vitest';
import { isUnfinishedCell } from './unfinished-cells.ts';
import type { TextChunk } from '../types.ts';

/** Words at the given left edges, each `width` wide, on one line of size 10. */
function wordsAt(texts: string[], x0s: number[], width = 10): TextChunk[] {
  return texts.map((text, i) => ({ text, x0: x0s[i]!, x1: x0s[i]! + width, y0: 100, y1: 110, size: 10, upright: true }));
}

describe('isUnfinishedCell', () => {
  const plainSpace = 2.5;

  it('reads a line of words stretched alike as justified: its cell goes on', () => {
    expect(isUnfinishedCell(wordsAt(['Consulting', 'fees', 'revised'], [0, 15.5, 31]), plainSpace, 0.1)).toBe(true);
  });

  it('reads the same line set plain as a cell that may end', () => {
    expect(isUnfinishedCell(wordsAt(['Consulting', 'fees', 'revised'], [0, 12.5, 25]), plainSpace, 0.1)).toBe(false);
  });

  it('reads evenly spaced dots (a matrix’s `. . .`) as no justified text', () => {
    expect(isUnfinishedCell(wordsAt(['.', '.', '.'], [0, 8, 16], 2), plainSpace, 0.1)).toBe(false);
  });

  it('reads a word broken by a hyphen as going on, spaced however', () => {
    expect(isUnfinishedCell(wordsAt(['available', 'fi-'], [0, 12.5]), plainSpace, 0.1)).toBe(true);
  });
});
