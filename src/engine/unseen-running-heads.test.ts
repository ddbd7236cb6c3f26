import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, type PageSpec } from '../../tests/fixtures/engine/make-pdf.ts';
import * as layout from '../../tests/fixtures/stream/running-heads.ts';

// A class of wrong table extents found on documents of producers nobody here tuned on (issue 10,
// third pass; decision 013): a table at the top of a page read with the page's running head as its
// first row. Running heads are told apart over the whole document (src/engine/text/running-lines.ts).

async function tablesOf(pages: PageSpec[]) {
  const res = await extractRawTables(await makePdf(pages));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

describe('unseen: running heads', () => {
  it('a running head set one line over a table is not its first row, on facing pages too', async () => {
    const tables = await tablesOf(layout.runningHeadsOverTables());
    expect(tables.map((t) => t.page)).toEqual([1, 2, 3]);
    for (const t of tables) expect(t.rows).toEqual(layout.ESTIMATES);
  });

  it("a man page's head with no page number, mirrored NAME(1) … NAME(1), is not a table's first row", async () => {
    const tables = await tablesOf(layout.manPageHeads());
    expect(tables.map((t) => t.page)).toEqual([1, 2, 3]);
    for (const t of tables) expect(t.rows).toEqual(layout.EXIT_CODES);
  });

  it('a heading row a spreadsheet repeats over each page of a schedule stays the heading of each page', async () => {
    const tables = await tablesOf(layout.scheduleWithRepeatedHeading());
    expect(tables.map((t) => t.rows[0])).toEqual([layout.SCHEDULE_HEAD, layout.SCHEDULE_HEAD, layout.SCHEDULE_HEAD]);
    expect(tables.map((t) => t.rows.length)).toEqual([7, 7, 7]);
  });
});
