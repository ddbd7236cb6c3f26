import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, type LineSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of split rows (issue 10; decision 018): a table ruled between every row, its cells
// vertically centred (Writer's HTML import, `valign` middle), with a label wrapped over three lines.
// The figures print on the label's middle line; the label's first and last lines each read as a
// row of their own, as most neighbouring lines had no rule between them. The bands between the
// rules, one line of figures each, tell the rows.

const SIZE = 9;
const LEADING = 10.5;
const PAD = 7;
const X = [60, 220, 400, 470, 530];

/**
 * Each row: its label's and department's lines (set on the same baselines, the figures on the
 * middle line, right-aligned). A header of two lines centred the same way.
 */
const ROWS: Array<{ label: string[]; dept: string[]; cells: string[] }> = [
  { label: ['Item'], dept: ['Department', 'estimated'], cells: ['Staff', 'Count', 'Score'] },
  { label: ['South office', 'Figures are shown'], dept: ['South office and', 'related items'], cells: ['581', '612', '941.40'] },
  { label: ['Consulting fees The following', 'table summarises the results', 'of the period'], dept: ['Field team of the', 'northern region and', 'its offices'], cells: ['44,219', '713', '675.14'] },
  { label: ['Spare parts'], dept: ['Freight'], cells: ['155,996', '203,360', '280.31'] },
  { label: ['Customer service and', 'related items', 'of the region'], dept: ['Laboratory and', 'its assistants', 'in the south'], cells: ['693', '742', '78.16'] },
  { label: ['Laboratory'], dept: ['Freight'], cells: ['506', '127,443', '12.50'] },
  { label: ['Total'], dept: [''], cells: ['100,043', '138,075', ''] },
];

function centredRows(top: number): { texts: TextSpec[]; lines: LineSpec[]; next: number } {
  const texts: TextSpec[] = [];
  const lines: LineSpec[] = [];
  let y = top;
  for (const row of ROWS) {
    lines.push({ x0: X[0]! - 4, y0: y, x1: X[4]! + 4, y1: y, width: 0.75 });
    const count = Math.max(row.label.length, row.dept.length);
    const height = count * LEADING + 2 * PAD;
    const centre = y + height / 2;
    // A cell of n lines centred in the row: its k-th baseline.
    const baseline = (k: number, n: number) => centre - (n * LEADING) / 2 + (k + 1) * LEADING - 2;
    row.label.forEach((text, k) => texts.push({ text, x: X[0]!, y: baseline(k, row.label.length), size: SIZE }));
    row.dept.forEach((text, k) => text && texts.push({ text, x: X[1]!, y: baseline(k, row.dept.length), size: SIZE }));
    row.cells.forEach((text, c) => text && texts.push({ text, x: X[c + 2]!, y: baseline(0, 1), size: SIZE, align: 'right' }));
    y += height;
  }
  lines.push({ x0: X[0]! - 4, y0: y, x1: X[4]! + 4, y1: y, width: 0.75 });
  return { texts, lines, next: y };
}

describe('unseen: rows vertically centred against a label wrapped over three lines', () => {
  it('reads each band between two rules as one row', async () => {
    const text = 'Figures are shown in thousands unless stated otherwise. The following table summarises the results of the period under review.';
    const before = paragraph(text, 56, 80, 478, { size: SIZE });
    const table = centredRows(before.next + 16);
    const after = paragraph(text, 56, table.next + 24, 478, { size: SIZE });
    const res = await extractRawTables(await makePdf([{ texts: [...before.texts, ...table.texts, ...after.texts], lines: table.lines }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(ROWS.map((row) => [row.label.join(' '), row.dept.join(' '), ...row.cells]));
  });
});
