import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../../tests/fixtures/stream/unseen-layouts.ts';

// Text laid out in columns that is not a table (issue 10): reporting it costs detection
// precision on documents nobody here has seen, so the finder rejects it.

describe('not tables', () => {
  it('a numbered list with hanging indents', async () => {
    expect(await tablesOfLayout(layout.numberedList())).toEqual([]);
  });

  it('a bulleted list and a lettered list of short items', async () => {
    expect(await tablesOfLayout(layout.bulletedList())).toEqual([]);
  });

  it('a numbered reference list', async () => {
    expect(await tablesOfLayout(layout.referenceList())).toEqual([]);
  });

  it('a page of prose in two columns', async () => {
    expect(await tablesOfLayout(layout.twoColumnProse())).toEqual([]);
  });

  it('justified prose in two columns', async () => {
    expect(await tablesOfLayout(layout.twoColumnJustifiedProse())).toEqual([]);
  });

  it('side headings beside their paragraphs', async () => {
    expect(await tablesOfLayout(layout.sideHeadings())).toEqual([]);
  });

  it('a table of contents with dot leaders', async () => {
    expect(await tablesOfLayout(layout.tableOfContents())).toEqual([]);
  });

  it('a contents page without section numbers', async () => {
    expect(await tablesOfLayout(layout.contentsWithoutNumbers())).toEqual([]);
  });

  it('a signature block: two people\'s names, numbers and roles side by side', async () => {
    expect(await tablesOfLayout(layout.signatureBlock())).toEqual([]);
  });

  it('the labels of a bar chart: ticks, categories, values, legend and caption', async () => {
    expect(await tablesOfLayout(layout.figureLabels())).toEqual([]);
  });

  it('the labels of a horizontal bar chart: categories left, values at the bars\' ends', async () => {
    expect(await tablesOfLayout(layout.barChartLabels())).toEqual([]);
  });
});
