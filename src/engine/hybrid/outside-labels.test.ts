import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../../tests/fixtures/engine/outside-labels.ts';

// Row labels outside the rules (issue 10; public vertical_header): a report that rules its figures
// and leaves the names column bare. The rules give the rows, the names the first column.

describe('unseen: row labels outside the rules', () => {
  it('names set left of ruled figures, each on its row, are the table\'s first column', async () => {
    const tables = await tablesOfLayout(layout.namesLeftOfRuledFigures());
    expect(tables.map((t) => t.method)).toEqual(['lattice']);
    expect(tables[0]!.rows).toEqual(layout.RETURNS);
    expect(tables[0]!.bbox.x0).toBeLessThan(91);
  });

  it('a paragraph set left of a ruled table, its lines on the rows\' heights, stays out of it', async () => {
    const tables = await tablesOfLayout(layout.proseLeftOfRuledTable());
    const ruled = tables.filter((t) => t.method === 'lattice');
    expect(ruled.map((t) => t.rows)).toEqual([layout.RETURNS.map((r) => r.slice(1))]);
  });
});
