import { describe, expect, it } from 'vitest';
import { gridSpec, makePdf, type PageSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { makeScan } from '../../../tests/fixtures/ocr/make-scan.ts';
import { extractPdf } from '../extract.ts';
import { rowsByTable } from '../rows-by-table.ts';

/**
 * The classes of lost cells decision 070 counts on the scanned and photographed corpus, each on a
 * generated scan (a page drawn by pdf.js at 200 dpi, grey JPEG, no text layer) read end to end by
 * OCR. Each cell is printed as OCR reads it on a blurred scan, so the class is met every time:
 * a quantity without its decimal mark (`6,9` read `69`), an amount without any mark in a table of
 * amounts with two decimals (`4,082,784.00` read `408278400`), an amount whose separator became a
 * space, a period header without its number (`MES 3` read `MES`).
 */
function titled(title: string, spec: PageSpec, width = 792, height = 612): PageSpec {
  return { width, height, lines: spec.lines, texts: [{ text: title, x: 40, y: 60, size: 12, bold: true }, ...(spec.texts ?? [])] };
}

const xs = (start: number, widths: number[]) => widths.reduce((acc, w) => [...acc, acc.at(-1)! + w], [start]);
const ys = (start: number, rows: number) => Array.from({ length: rows + 1 }, (_, i) => start + 20 * i);

const COSTS = titled(
  'COSTOS DIRECTOS',
  gridSpec(xs(40, [110, 130, 70, 70, 100, 110]), ys(80, 4), [
    ['Actividad', 'Concepto', 'Unidad', 'Cantidad', 'Valor unitario', 'Valor total'],
    ['Siembra', 'Semilla certificada', 'Kg', '69', '62,000.00', '427,800.00'],
    ['Fertilización', 'Urea', 'Bulto', '12', '95,000.00', '1,140,000.00'],
    ['Control', 'Herbicida', 'Litro', '28', '46,000.00', '128,800.00'],
  ], { size: 10 }),
);

const FLOW = titled(
  'EGRESOS OPERACIONALES',
  gridSpec(xs(40, [120, 100, 100, 100, 100, 110]), ys(80, 4), [
    ['CONCEPTO', 'MES 1', 'MES 2', 'MES', 'MES 4', 'TOTAL'],
    ['Insumos', '4,082,784.00', '408278400', '4,082,784.00', '4,082,784.00', '16,331,136.00'],
    ['Mano de obra', '1,482,500.00', '1,482 500.00', '1,482,500.00', '1,482,500.00', '5,930,000.00'],
    ['Arriendo', '657,362.00', '657,362.00', '657,362.00', '657,362.00', '2,629,448.00'],
  ], { size: 10 }),
);

describe('numbers and headers a scan loses marks of, read back', () => {
  it('mends a quantity by its row’s product, amounts by their table’s decimals, a period header by its neighbours', async () => {
    const scan = await makeScan(await makePdf([COSTS, FLOW]), { dpi: 200, tiltDeg: 0.4 });
    const r = await extractPdf(scan);
    expect(r.status).toBe('ok');
    expect(r.ocr).toEqual({ pages: [1, 2] });
    const rows = rowsByTable(r);
    expect(rows.CostosDirectos?.map((row) => row.cantidad)).toEqual([6.9, 12, 2.8]);
    const flow = rows.EgresosOperacionales ?? [];
    expect([...new Set(flow.map((row) => String(row.periodo).replace(/\s+/g, ' ')))]).toEqual(['MES 1', 'MES 2', 'MES 3', 'MES 4']);
    const value = (concepto: string, periodo: string) => flow.find((row) => row.concepto === concepto && String(row.periodo).replace(/\s+/g, ' ') === periodo)?.valor;
    expect(value('Insumos', 'MES 2')).toBe(4082784);
    expect(value('Insumos', 'MES 3')).toBe(4082784);
    expect(value('Mano de obra', 'MES 2')).toBe(1482500);
    // The row totals check against the mended amounts: no false warning.
    expect(r.quality.warnings.join(' ')).not.toMatch(/Insumos/);
  }, 120_000);
});
