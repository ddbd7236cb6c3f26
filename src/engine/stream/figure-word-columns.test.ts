import { describe, expect, it } from 'vitest';
import { unruledTable, type PageSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';

// Class: a figure column a word space before a text column (issue 10, an unseen producer: a web
// report with tight cell padding, `$ 130.310.500 Año 1`). Amounts of one width end on one edge
// and the period starts on one edge, so neither side is ragged and the gap read as a word space:
// amount and period were one cell, the amount lost. A unit after a word (`Bag 50 kg`) stays a cell.

const SIZE = 9;
const WORD_SPACE = 2.5;

const INCOME: string[][] = [
  ['Cassava', '164,950', '130,310,500', 'Year 1'],
  ['Raw milk', '213,130', '471,017,300', 'Year 1'],
  ['Cassava', '153,880', '126,181,600', 'Year 2'],
  ['Raw milk', '239,150', '547,653,500', 'Year 2'],
  ['Cassava', '166,930', '141,890,500', 'Year 3'],
];

function incomeTable(): PageSpec {
  const columns = [{ x: 50 }, { x: 200, align: 'right' as const }, { x: 300, align: 'right' as const }, { x: 300 + WORD_SPACE }];
  const { texts } = unruledTable(columns, INCOME, 100, { size: SIZE });
  return { texts };
}

const SUPPLIES: string[][] = [
  ['Urea', 'Bag 50 kg', '11', '186,000'],
  ['Potash', 'Bag 50 kg', '4', '171,000'],
  ['Lime', 'Bag 50 kg', '20', '12,000'],
  ['Compost', 'Bag 50 kg', '69', '15,500'],
];

function suppliesTable(): PageSpec {
  const columns = [{ x: 50 }, { x: 150 }, { x: 260, align: 'right' as const }, { x: 340, align: 'right' as const }];
  const { texts } = unruledTable(columns, [['Input', 'Unit', 'Quantity', 'Price'], ...SUPPLIES], 100, { size: SIZE, bold: [0] });
  return { texts };
}

describe('a figure column a word space before a text column', () => {
  it('splits the figure from the text after it', async () => {
    const tables = await tablesOfLayout(incomeTable());
    const income = tables.find((t) => t.rows.some((row) => row[0] === 'Cassava'));
    expect(income?.rows.slice(-INCOME.length)).toEqual(INCOME);
  });

  it('keeps a unit after a word in one cell', async () => {
    const tables = await tablesOfLayout(suppliesTable());
    const supplies = tables.find((t) => t.rows.some((row) => row[0] === 'Urea'));
    expect(supplies?.rows.slice(-SUPPLIES.length)).toEqual(SUPPLIES);
  });
});
