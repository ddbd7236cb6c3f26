import { describe, expect, it } from 'vitest';
import { findPageTables } from '../find-tables.ts';
import { loadPages } from '../pdf/load-pages.ts';
import { mitredBorderTable, PACKAGES } from '../../../tests/fixtures/engine/mitred-borders.ts';

// A browser's PDF of an HTML table (issue 10, fourth pass; decision 013): each side of each
// cell's border is a filled shape with cut corners, not a rectangle, so no vertical rule was read
// and the table came out of the stream finder in pieces, or not at all.

describe('unseen: cell borders drawn as mitred fills', () => {
  it('a table whose cell borders are filled trapezoids is one ruled table, every cell in place', async () => {
    const { pages } = await loadPages(await mitredBorderTable());
    const tables = findPageTables(pages[0]!);
    expect(tables.map((t) => t.method)).toEqual(['lattice']);
    expect(tables[0]!.rows).toEqual(PACKAGES);
  });
});
