import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of split rows (issue 10, general tables; decision 018): where a table sets its rows as
// tight as lines (troff's tables add no row padding), a wrapped cell's next line joins its row when
// it goes on in lower case; a next line opening with a bracket (`(phase 2)`) read as a row of its own.

const SIZE = 10;
const LEAD = 12;

const BODY: [string[], string][] = [
  [['Main store'], '08/12/2024'],
  [['Freight'], '2024-07-10'],
  [['Consulting fees'], '17/07/2019'],
  [['Field team'], '2020-11-23'],
  [['Consulting fees', '(phase 2)'], '03/01/2025'],
  [['Laboratory'], '2021-08-19'],
  [['Office supplies'], '24/06/2025'],
  [['Main store'], '06/10/2022'],
];

describe('unseen: a wrapped cell whose next line opens with a bracket', () => {
  it('joins the line to its row in a table set without row padding', async () => {
    const intro = paragraph('The following table gives the due date of each item of the period under review.', 60, 80, 400, { size: SIZE });
    const texts: TextSpec[] = [...intro.texts];
    let y = intro.next + 20;
    texts.push({ text: 'Item', x: 60, y, size: SIZE, bold: true }, { text: 'Due date', x: 300, y, size: SIZE, bold: true, align: 'right' });
    for (const [lines, date] of BODY) {
      y += LEAD;
      texts.push({ text: date, x: 300, y, size: SIZE, align: 'right' });
      lines.forEach((text, k) => texts.push({ text, x: 60, y: y + k * LEAD, size: SIZE }));
      y += (lines.length - 1) * LEAD;
    }
    const res = await extractRawTables(await makePdf([{ texts }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual([['Item', 'Due date'], ...BODY.map(([lines, d]) => [lines.join(' '), d])]);
  });
});
