import { describe, expect, it } from 'vitest';
import { makePdf, type PageSpec, type TextSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { makeScan } from '../../../tests/fixtures/ocr/make-scan.ts';
import { extractPdf } from '../extract.ts';
import { rowsByTable } from '../rows-by-table.ts';

/**
 * A spreadsheet's ruled table on a 150 dpi scan (decision 070, "Low-resolution scans"): text flush
 * left against its column rule, numbers flush right against theirs, a unit right after a number
 * (`7,100|kg`). The blur joins the print to the rules; the rules were taken for text (their flanks
 * inked), left on the OCR image as `|` glyphs, and two cells were read as one word: the table's
 * columns were lost.
 */
const COLS = [40, 120, 200, 250, 330, 370, 440, 530];
const ROWS = [90, 102, 114, 126, 138];
const HEAD = ['Cultivo', 'Variedad', 'Área (ha)', 'Rendimiento', 'Unidad', 'Precio unitario', 'Ingreso bruto'];
const BODY = [
  ['Arroz riego', 'Fedearroz 67', '13.8', '7,100', 'kg', '1,300', '127,374,000'],
  ['Arroz riego', 'Fedearroz 68', '8.6', '6,600', 'kg', '1,470', '83,437,200'],
  ['Café', 'Castillo Naranjal', '3.19', '2,300', 'kg', '19,600', '143,805,200'],
];
// Left-aligned text and units 0.8 pt after their rule; numbers 0.8 pt before the next.
const LEFT = new Set([0, 1, 4]);

const TABLE: PageSpec = {
  width: 595,
  height: 842,
  lines: [
    ...ROWS.map((y) => ({ x0: COLS[0]!, y0: y, x1: COLS.at(-1)!, y1: y })),
    ...COLS.map((x) => ({ x0: x, y0: ROWS[0]!, x1: x, y1: ROWS.at(-1)! })),
  ],
  texts: [
    { text: 'DATOS DEL PROYECTO PRODUCTIVO', x: 40, y: 80, size: 10, bold: true },
    ...[HEAD, ...BODY].flatMap((row, r) =>
      row.map((text, c): TextSpec => {
        const y = ROWS[r]! + 9;
        if (r === 0) return { text, x: (COLS[c]! + COLS[c + 1]!) / 2, y, size: 7.5, bold: true, align: 'center' };
        return LEFT.has(c) ? { text, x: COLS[c]! + 0.8, y, size: 8 } : { text, x: COLS[c + 1]! - 0.8, y, size: 8, align: 'right' };
      }),
    ),
  ],
};

describe("a spreadsheet's ruled table on a 150 dpi scan", () => {
  it('keeps its columns: cells printed against their rules are read apart', async () => {
    const scan = await makeScan(await makePdf([TABLE]), { dpi: 150, tiltDeg: 0.6, quality: 70 });
    const r = await extractPdf(scan);
    expect(r.ocr).toEqual({ pages: [1] });
    const rows = rowsByTable(r).CultivoProyecto ?? [];
    expect(rows.map((row) => row.unidad)).toEqual(['kg', 'kg', 'kg']);
    expect(rows.map((row) => row.rendimiento)).toEqual([7100, 6600, 2300]);
    expect(rows.map((row) => row.variedad)).toEqual(['Fedearroz 67', 'Fedearroz 68', 'Castillo Naranjal']);
  }, 180_000);
});
