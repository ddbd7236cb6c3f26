import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../tests/fixtures/stream/marks-and-math.ts';

// Classes of false tables found on documents of producers nobody here tuned on (issue 10, fourth
// pass; decision 013): formulae numbered by chapter, formulae with no number, and lines opened by
// one mark (a comment block, a definition list). Each test draws its class as a PDF and reads it
// back through the whole page pipeline (findPageTables); each guard is a table that must stay.

describe('unseen: formulae numbered by chapter', () => {
  it('displayed formulae numbered (2.4), (2.5), (2.6) are not a table', async () => {
    expect(await tablesOfLayout(layout.chapterNumberedFormulae())).toEqual([]);
  });

  it('a table whose last column holds losses in brackets, (1.25) rising down, stays a table', async () => {
    const tables = await tablesOfLayout(layout.bracketedLosses());
    expect(tables.map((t) => t.rows)).toEqual([layout.LOSSES]);
  });
});

describe('unseen: formulae without a number', () => {
  it('a matrix of partial derivatives set as a displayed formula is not a table', async () => {
    expect(await tablesOfLayout(layout.unnumberedMatrix())).toEqual([]);
  });

  it('a block matrix equation whose signs and Greek letters together fill most cells is not a table', async () => {
    expect(await tablesOfLayout(layout.blockMatrixEquation())).toEqual([]);
  });

  it('a table of estimates labelled with Greek letters stays a table', async () => {
    const tables = await tablesOfLayout(layout.greekEstimates());
    expect(tables.map((t) => t.rows)).toEqual([layout.ESTIMATES]);
  });
});

describe('unseen: marked lines', () => {
  it('a comment block of lines opened by # is not a table', async () => {
    expect(await tablesOfLayout(layout.commentBlock())).toEqual([]);
  });

  it('a definition list of keywords and "- what it does" is not a table', async () => {
    expect(await tablesOfLayout(layout.dashDefinitions())).toEqual([]);
  });

  it('a table of charges with a dash for each empty value stays a table', async () => {
    const tables = await tablesOfLayout(layout.dashedCharges());
    expect(tables.map((t) => t.rows)).toEqual([layout.CHARGES]);
  });
});

describe('unseen: an index', () => {
  it('an index in two columns, entries led out with dots to unordered pages, is not a table', async () => {
    expect(await tablesOfLayout(layout.twoColumnIndex())).toEqual([]);
  });

  it('a price list led out with dots to its prices stays a table', async () => {
    const tables = await tablesOfLayout(layout.leaderPriceList());
    expect(tables.map((t) => t.rows.map((r) => [r[0]!.replace(/[ .]+$/, ''), r[r.length - 1]]))).toEqual([layout.PRICES]);
  });
});

describe('unseen: points drawn as glyphs', () => {
  it("a scatter plot's points drawn as letters are not a table", async () => {
    expect(await tablesOfLayout(layout.glyphScatter())).toEqual([]);
  });
});

describe("unseen: a chart's axes side by side", () => {
  it('bar charts side by side, each with its own axis 1, 0.8 … 0, are not a table', async () => {
    expect(await tablesOfLayout(layout.sideBySideAxes())).toEqual([]);
  });

  it('a payment plan numbering its instalments and its months alike stays a table', async () => {
    const tables = await tablesOfLayout(layout.instalmentPlan());
    expect(tables.map((t) => t.rows)).toEqual([layout.INSTALMENTS]);
  });

  it('a table with an item number column and amounts stepping evenly stays a table', async () => {
    const tables = await tablesOfLayout(layout.evenlySteppedPlan());
    expect(tables.map((t) => t.rows)).toEqual([layout.PLAN]);
  });
});

describe('unseen: an index, guard', () => {
  it('a numbered form whose labels lead out with dots to small numbers stays a table', async () => {
    const tables = await tablesOfLayout(layout.numberedLeaderForm());
    expect(tables.map((t) => t.rows.map((r) => [r[0]!.replace(/[ .]+$/, ''), r[r.length - 1]]))).toEqual([layout.FORM]);
  });
});

describe('unseen: a list nested in levels', () => {
  it('a bulleted list with sub-items further in is not a table', async () => {
    expect(await tablesOfLayout(layout.nestedBulletList())).toEqual([]);
  });
});

describe('unseen: leaders read as cells', () => {
  it('a contents page whose dot leaders are set wide apart, each dot a cell, is not a table', async () => {
    expect(await tablesOfLayout(layout.wideLeaderContents())).toEqual([]);
  });
});
