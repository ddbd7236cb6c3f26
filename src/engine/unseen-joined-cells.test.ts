import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// Cells a padding apart (0.56 em) that pdf.js would join into one text item with one space,
// reporting only the whole width: the start of each cell is then estimated from its characters,
// and on a row of wide amounts the estimate drifts past the next column's edge. The engine's pdf.js
// keeps such runs apart (runtime/pdfjs-scripts.ts, `runPerCell`; decision 017), so each cell starts
// where the PDF puts it.

const SIZE = 8;
const CELL = 51;
const FIRST = 114;
const PADDING = 4.5;
const YEARS = ['Año 1', 'Año 2', 'Año 3', 'Año 4'];
const ROWS: [string, string[]][] = [
  ['Costos directos', ['39,703,000', '41,190,000', '42,732,000', '44,332,000']],
  ['Costos indirectos', ['2,409,605', '2,500,000', '2,593,000', '2,691,000']],
  ['Pago de intereses', ['12,385,746', '12,041,698', '10,665,504', '9,289,310']],
  ['Pago de capital', ['8,120,000', '8,120,000', '8,120,000', '8,120,000']],
  ['Total egresos', ['62,618,351', '63,851,698', '64,110,504', '64,432,310']],
];

/** A cash flow as a browser prints it: `$` set left in each cell, the amount set right. */
function cashFlow(): TextSpec[] {
  const header: TextSpec[] = [{ text: 'Concepto', x: 40, y: 100, size: SIZE }, ...YEARS.map((text, i) => ({ text, x: FIRST + i * CELL + CELL / 2, y: 100, size: SIZE, align: 'center' as const }))];
  const body = ROWS.flatMap(([label, amounts], r) => {
    const y = 114 + 14 * r;
    return [
      { text: label, x: 40, y, size: SIZE },
      ...amounts.flatMap((amount, i) => [
        { text: '$', x: FIRST + i * CELL, y, size: SIZE },
        { text: amount, x: FIRST + (i + 1) * CELL - PADDING, y, size: SIZE, align: 'right' as const },
      ]),
    ];
  });
  return [...header, ...body];
}

describe('unseen: cells a padding apart', () => {
  it('amount cells a padding apart, which pdf.js would join into one run, are columns of their own', async () => {
    const res = await extractRawTables(await makePdf([{ texts: cashFlow() }]));
    if (res.status !== 'ok') throw new Error(res.status);
    const table = res.tables.find((t) => t.rows.some((r) => r.includes('Costos directos')));
    expect(table?.rows[0]).toEqual(['Concepto', ...YEARS]);
    expect(table?.rows.slice(1).map((r) => r.slice(1))).toEqual(ROWS.map(([, amounts]) => amounts.map((a) => `$ ${a}`)));
  });
});
