import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import { WRAPPED_BUDGET, wrappedAtLeading } from '../../../tests/fixtures/stream/wrapped-layouts.ts';

// Class: rows wrapped at the font's leading under figures that sit further apart (issue 10, an
// unseen producer). Most lines of the table are a cell's own lines, so neighbouring lines tell the
// leading, not the row pitch; the figures, printed on each row's first line, tell the row pitch.

const expected = WRAPPED_BUDGET.map((row) => row.map((cell) => cell.replace(/-\n/g, '- ').replace(/\n/g, ' ')));

describe('rows wrapped at the leading', () => {
  it.each([1.5, 3, 6])('are one row each with %s pt of cell padding', async (padding) => {
    const [table] = await tablesOfLayout(wrappedAtLeading(padding));
    expect(table?.rows).toEqual(expected);
  });
});
