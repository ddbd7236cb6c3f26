import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../../tests/fixtures/stream/unseen-layouts.ts';

// Lines joined into one row when they were separate rows, and the reverse (issue 10).

describe('row joins', () => {
  it('single-line rows with empty cells, set close together, stay separate rows', async () => {
    const [table] = await tablesOfLayout(layout.singleLineRows());
    expect(table?.rows).toEqual(layout.INCOME_AND_COSTS);
  });

  it('a header set tight over the first body row is a row of its own', async () => {
    const [table] = await tablesOfLayout(layout.headerOverFirstRow());
    expect(table?.rows.slice(0, 2)).toEqual([
      ['', 'Q1', 'Q2', 'Q3', 'Q4'],
      ['Rainfall (mm)', '320', '410', '180', '290'],
    ]);
    expect(table?.rows).toHaveLength(5);
  });

  it('a header naming only the value column, set tight over the first row, is a row of its own', async () => {
    const [table] = await tablesOfLayout(layout.valueHeaderOverFirstRow());
    expect(table?.rows.slice(0, 2)).toEqual([
      ['', 'Amount (COP)'],
      ['Land rent', '1,200,000'],
    ]);
  });

  it('cells wrapped over two or three lines are one row each', async () => {
    const [table] = await tablesOfLayout(layout.wrappedCells());
    expect(table?.rows).toEqual([
      ['Code', 'Description', 'Quantity', 'Value'],
      ['A-01', 'Soil analysis with lime and fertiliser recommendation', '1', '150,000'],
      ['A-02', 'Clearing and weeding of the lot before planting, by hand', '30', '1,740,000'],
      ['A-03', 'Staking and holing', '62', '3,472,000'],
      ['A-04', 'Seedlings of a rust-resistant variety, certified nursery, delivered to the farm', '4,000', '2,600,000'],
      ['A-05', 'Transport of inputs', '4', '480,000'],
    ]);
  });

  it('descriptions wrapped on every row, the wrapped pitch the commonest, are one row each', async () => {
    const [table] = await tablesOfLayout(layout.everyRowWrapped());
    expect(table?.rows).toEqual([
      ['Code', 'Description', 'Quantity', 'Value'],
      ['B-01', 'Organic fertiliser applied at planting, two doses', '40', '1,200,000'],
      ['B-02', 'Foliar fertiliser applied in the dry season', '12', '360,000'],
      ['B-03', 'Fungicide against rust, three applications', '9', '540,000'],
      ['B-04', 'Herbicide for the paths between the rows', '6', '180,000'],
    ]);
  });
});
