import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../tests/fixtures/stream/reference-card.ts';

// A page set in columns of lists read as one wide table (issue 10, fifth pass; decision 013): a
// reference card whose columns each run their own sections. Read through findPageTables.

describe('unseen: columns of text', () => {
  it('a reference card in three columns of headed key lists is not one table', async () => {
    const tables = await tablesOfLayout(layout.referenceCard());
    // Each column's lists may stand as doubtful tables of their own; none spans two columns.
    for (const t of tables) expect(t.bbox.x1 - t.bbox.x0).toBeLessThan(280);
  });

  it('a table whose subtotal labels are set larger than their amounts stays a table', async () => {
    const tables = await tablesOfLayout(layout.largerSubtotalLabels());
    expect(tables.map((t) => t.rows)).toEqual([layout.SUBTOTALS]);
  });
});
