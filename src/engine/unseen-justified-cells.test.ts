import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, textWidth, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of split columns and rows (issue 10, general tables; decision 018): a wrapped cell whose
// lines are justified (troff's filled text blocks) stretches its word spaces past the phrase gap,
// so its words aligned into a false column; and where the table sets rows as tight as lines (no
// row padding), each next line of the cell read as a row of its own.

const SIZE = 10;
const LEAD = 12;
const STUB = 150;

/** One justified line of `words` across the stub's width (the last line of a cell set ragged). */
function justified(words: string[], y: number, last: boolean): TextSpec[] {
  const width = words.reduce((w, word) => w + textWidth(word, SIZE), 0);
  const space = last || words.length < 2 ? textWidth(' ', SIZE) : (STUB - width) / (words.length - 1);
  let x = 60;
  return words.map((text) => {
    const spec = { text, x, y, size: SIZE };
    x += textWidth(text, SIZE) + space;
    return spec;
  });
}

const BODY: [string[][], string, string][] = [
  [[['Repairs', 'and', 'maintenance']], '$39,331.76', '413'],
  [[['Laboratory', 'figures', 'are'], ['shown', 'in', 'thousands']], '$55,952.95', '30,760'],
  [[['Office', 'supplies']], '$62,127.53', '895'],
  [[['Online', 'sales', 'compared'], ['with', 'the', 'previous', 'period']], '$20,354.19', '224,684'],
  [[['Main', 'store']], '$21,223.52', '7,790'],
  [[['Freight']], '$65,086.62', '512'],
];

describe('unseen: justified lines in a wrapped cell', () => {
  it('keeps the cell whole, in one column and one row, under a paragraph', async () => {
    const intro = paragraph('The following table summarises the results of the period under review, in thousands.', 60, 80, 400, { size: SIZE });
    const texts: TextSpec[] = [...intro.texts];
    let y = intro.next + 20;
    texts.push({ text: 'Product', x: 60, y, size: SIZE, bold: true }, { text: 'Amount', x: 300, y, size: SIZE, bold: true, align: 'right' }, { text: 'Staff', x: 380, y, size: SIZE, bold: true, align: 'right' });
    for (const [lines, amount, staff] of BODY) {
      y += LEAD;
      texts.push({ text: amount, x: 300, y, size: SIZE, align: 'right' }, { text: staff, x: 380, y, size: SIZE, align: 'right' });
      lines.forEach((words, k) => texts.push(...justified(words, y + k * LEAD, k === lines.length - 1)));
      y += (lines.length - 1) * LEAD;
    }
    const res = await extractRawTables(await makePdf([{ texts }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual([['Product', 'Amount', 'Staff'], ...BODY.map(([lines, a, s]) => [lines.map((l) => l.join(' ')).join(' '), a, s])]);
  });

  it('leaves column names set one column separation apart over figures as columns', async () => {
    // Each name is its column's widest cell, so every gap is the separation alone: equal gaps.
    const names = ['', 'weight', 'height', 'age'];
    const body = [['x', '0.80', '2.23', '0.82'], ['y', '1.10', '3.40', '0.98'], ['z', '2.05', '1.15', '0.33']];
    const texts: TextSpec[] = [];
    let x = 60;
    const rights = names.map((name, c) => (x += (c === 0 ? 10 : 12 + textWidth(name, SIZE))));
    names.forEach((text, c) => text && texts.push({ text, x: rights[c]!, y: 100, size: SIZE, align: 'right' }));
    body.forEach((row, r) => row.forEach((text, c) => texts.push(c === 0 ? { text, x: 60, y: 100 + (r + 1) * LEAD, size: SIZE } : { text, x: rights[c]!, y: 100 + (r + 1) * LEAD, size: SIZE, align: 'right' })));
    const res = await extractRawTables(await makePdf([{ texts }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual([names, ...body]);
  });
});
