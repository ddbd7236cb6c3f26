import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../../tests/fixtures/stream/unseen-layouts.ts';

// Table extents that ran on into what follows the table (issue 10): the table ends where its
// column structure ends, whatever is set after it at the same margin.

describe('table extents', () => {
  it('a paragraph after a table at the same left margin stays out of it', async () => {
    const tables = await tablesOfLayout(layout.tableThenParagraph());
    expect(tables.map((t) => t.rows)).toEqual([layout.FARMS]);
  });

  it('a paragraph narrower than the table, after it, stays out of it', async () => {
    const tables = await tablesOfLayout(layout.tableThenNarrowParagraph());
    expect(tables.map((t) => t.rows)).toEqual([layout.FARMS]);
  });

  it('a note and a paragraph set at the table\'s own line pitch are not wrapped lines of its last row', async () => {
    const tables = await tablesOfLayout(layout.tableThenTightParagraph());
    expect(tables.map((t) => t.rows)).toEqual([layout.FARMS]);
  });

  it('a justified paragraph after a table, its loose lines showing wide word spaces, stays out of it', async () => {
    const tables = await tablesOfLayout(layout.tableThenJustifiedParagraph());
    expect(tables.map((t) => t.rows)).toEqual([layout.FARMS]);
  });

  it('a numbered list after a table is not more rows of it', async () => {
    const tables = await tablesOfLayout(layout.tableThenList());
    expect(tables.map((t) => t.rows)).toEqual([layout.FARMS]);
  });

  it('a bulleted list of short items right under a table is not more rows of it', async () => {
    const tables = await tablesOfLayout(layout.tableThenShortBullets());
    expect(tables.map((t) => t.rows)).toEqual([layout.FARMS]);
  });

  it('a table right under another table with other columns is a table of its own', async () => {
    const tables = await tablesOfLayout(layout.tableThenTable());
    expect(tables.map((t) => t.rows)).toEqual([layout.FARMS, layout.COSTS]);
  });

  it('two tables with a title in the text size between them are two tables', async () => {
    const tables = await tablesOfLayout(layout.tableTitleTable());
    expect(tables.map((t) => t.rows)).toEqual([layout.FARMS, layout.COSTS]);
  });

  it('a table right under another at the same pitch, parted only by its header, is a table of its own', async () => {
    const tables = await tablesOfLayout(layout.tableThenTableNoGap());
    expect(tables.map((t) => t.rows)).toEqual([layout.FARMS, layout.COSTS]);
  });
});
