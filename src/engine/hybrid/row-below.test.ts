import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../../tests/fixtures/engine/row-below.ts';

// A totals row boxed apart under its ruled table (issue 10, fourth pass; public vertical_header):
// its own frame and column rules never meet the table's, so the grid ended one row short and the
// stream finder dropped the row as a table of one line.

describe('unseen: a totals row boxed apart under its ruled table', () => {
  it('the row of sums under the grid, each value inside one column, is the table\'s last row', async () => {
    const tables = await tablesOfLayout(layout.totalsBoxedApart());
    expect(tables.map((t) => t.method)).toEqual(['lattice']);
    expect(tables[0]!.rows).toEqual([...layout.FIGURES, layout.TOTALS]);
  });

  it('a note under the table at the same gap stays out of it', async () => {
    const tables = await tablesOfLayout(layout.noteUnderTable());
    expect(tables.filter((t) => t.method === 'lattice').map((t) => t.rows)).toEqual([layout.FIGURES]);
  });

  it('an unruled table of figures under it on its columns is not its totals row', async () => {
    const tables = await tablesOfLayout(layout.figuresUnderTable());
    expect(tables.filter((t) => t.method === 'lattice').map((t) => t.rows)).toEqual([layout.FIGURES]);
  });

  it('a numbered section title under a two-column form is no row of it', async () => {
    const tables = await tablesOfLayout(layout.titleUnderForm());
    expect(tables.filter((t) => t.method === 'lattice').map((t) => t.rows)).toEqual([layout.FORM]);
  });

  it('a line of figures nearer the ruled table under it is not the upper table\'s row', async () => {
    const tables = await tablesOfLayout(layout.rowOverNextTable());
    expect(tables.filter((t) => t.method === 'lattice')[0]!.rows).toEqual(layout.FIGURES);
  });
});
