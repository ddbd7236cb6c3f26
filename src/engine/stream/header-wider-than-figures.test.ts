import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import { SALES, headerWiderThanFigures } from '../../../tests/fixtures/stream/wrapped-layouts.ts';

// Class: a header wider than its column's figures, ending inside the gap before the next column
// (issue 10, an unseen producer: a browser's table with figures set flush left). The header runs
// long; it holds one cell, not two.

describe('a header wider than its figures', () => {
  it('stays whole in its own column', async () => {
    const [table] = await tablesOfLayout(headerWiderThanFigures());
    expect(table?.rows).toEqual(SALES);
  });
});
