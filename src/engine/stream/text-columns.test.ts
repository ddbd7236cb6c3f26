import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings.ts';
import type { TextChunk } from '../types.ts';
import type { RowWords } from './lines-to-rows.ts';
import { isTextColumns } from './text-columns.ts';

/** A row of one-word cells, each with its size; `confidence` marks words read by OCR. */
function row(sizes: number[], confidence?: number): RowWords {
  const cells = sizes.map((size, i): TextChunk[] => [
    { text: `w${i}`, x0: 100 * i, x1: 100 * i + 30, y0: 0, y1: size, size, upright: true, ...(confidence === undefined ? {} : { confidence }) },
  ]);
  return { cells, lines: [] };
}

// Rows where a larger cell in one column stands beside body text in another, in two columns.
const SIZES = [
  [12, 9, 9],
  [9, 9, 12],
  [12, 9, 9],
  [9, 9, 9],
  [9, 12, 9],
];

describe('columns of text', () => {
  it('headings set larger in two columns beside body text are columns of text', () => {
    expect(isTextColumns(SIZES.map((s) => row(s)), DEFAULT_SETTINGS.stream)).toBe(true);
  });

  it('words read by OCR, whose sizes are their boxes’ heights, never make headings', () => {
    // A scanned repayment schedule: digits and capitals stand taller than lowercase words.
    expect(isTextColumns(SIZES.map((s) => row(s, 0.9)), DEFAULT_SETTINGS.stream)).toBe(false);
  });
});
