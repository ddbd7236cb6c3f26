import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../tests/fixtures/stream/drawings-and-formulae.ts';

// Two classes of false tables found on documents of producers nobody here tuned on (issue 10,
// third pass; decision 013): a chart's panels read as a ruled table, and displayed formulae with
// equation numbers read as an unruled one. Each test draws its class as a PDF and reads it back
// through the whole page pipeline (findPageTables).

describe('unseen: chart panels', () => {
  it('a trellis chart whose panel frames form a grid is not a ruled table, nor are its labels a stream one', async () => {
    expect(await tablesOfLayout(layout.trellisChart())).toEqual([]);
  });

  it('a ruled table with one slanted line across a split header cell stays a table', async () => {
    const tables = await tablesOfLayout(layout.ruledTableWithSplitHeader());
    expect(tables.map((t) => t.method)).toEqual(['lattice']);
    expect(tables[0]!.rows[1]).toEqual(['La Esperanza', '22.5', '23.1', '24.0']);
  });
});

describe('unseen: numbered formulae', () => {
  it('displayed formulae with equation numbers at the margin are not a table, few as their signs are', async () => {
    expect(await tablesOfLayout(layout.numberedFormulae())).toEqual([]);
  });

  it('a table whose last column holds rising counts in brackets stays a table', async () => {
    const tables = await tablesOfLayout(layout.bracketedCounts());
    expect(tables.map((t) => t.rows)).toEqual([layout.VISITS]);
  });
});

describe('unseen: double rules between rows', () => {
  it('the gap between the two lines of a double rule is not an empty row', async () => {
    const tables = await tablesOfLayout(layout.doubleRuledRows());
    expect(tables.map((t) => t.rows)).toEqual([layout.VOTES]);
  });
});
