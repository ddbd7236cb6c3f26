import { describe, expect, it } from 'vitest';
import { gridSpec, makePdf, type PageSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { makeScan } from '../../../tests/fixtures/ocr/make-scan.ts';
import { extractPdf } from '../extract.ts';
import { rowsByTable } from '../rows-by-table.ts';

/**
 * Zeros printed as lone dashes in a cash flow (decision 070, issue 10's zero cells), on a generated
 * scan at 150 dpi: Tesseract reads no word for a dash this small, and the row's periods were lost
 * (a missing row in the stored table). The dashes are found by their shape and stored as zeros.
 */
const xs = (start: number, widths: number[]) => widths.reduce((acc, w) => [...acc, acc.at(-1)! + w], [start]);
const ys = (start: number, rows: number) => Array.from({ length: rows + 1 }, (_, i) => start + 16 * i);

const FLOW: PageSpec = {
  width: 792,
  height: 612,
  ...(() => {
    const g = gridSpec(xs(40, [140, 110, 110, 110, 110, 120]), ys(80, 5), [
      ['CONCEPTO', 'MES 1', 'MES 2', 'MES 3', 'MES 4', 'TOTAL'],
      ['Costos directos', '49.780.000,00', '51.367.000,00', '53.004.000,00', '54.694.000,00', '208.845.000,00'],
      ['Compra de animales', '42.900.000,00', '-', '-', '-', '42.900.000,00'],
      ['Intereses', '4.741.254,00', '3.083.332,00', '1.141.748,00', '-', '8.966.334,00'],
      ['Gastos del hogar', '11.000.000,00', '11.351.000,00', '11.712.000,00', '12.086.000,00', '46.149.000,00'],
    ], { size: 8 });
    return { lines: g.lines, texts: [{ text: 'EGRESOS OPERACIONALES', x: 40, y: 60, size: 12, bold: true }, ...(g.texts ?? [])] };
  })(),
};

describe('zeros printed as dashes on a scan', () => {
  it('stores each dash of a cash flow as a zero of its row and period, and nothing where no dash is', async () => {
    const scan = await makeScan(await makePdf([FLOW]), { dpi: 150, tiltDeg: 0.5, quality: 70 });
    const r = await extractPdf(scan);
    expect(r.status).toBe('ok');
    expect(r.ocr).toEqual({ pages: [1] });
    const rows = rowsByTable(r).EgresosOperacionales ?? [];
    const value = (concepto: string, periodo: string) => rows.find((row) => row.concepto === concepto && String(row.periodo).replace(/\s+/g, ' ') === periodo)?.valor;
    expect(value('Compra de animales', 'MES 1')).toBe(42900000);
    expect(['MES 2', 'MES 3', 'MES 4'].map((p) => value('Compra de animales', p))).toEqual([0, 0, 0]);
    expect(value('Intereses', 'MES 4')).toBe(0);
    expect(value('Intereses', 'MES 3')).toBe(1141748);
    // No dash is found where the page prints none: every stored zero is one of the four dashes.
    expect(rows.filter((row) => row.valor === 0)).toHaveLength(4);
  }, 180_000);
});
