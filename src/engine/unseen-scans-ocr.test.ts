import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';
import type { TableRow } from '../shared/catalog/index.ts';

// Pages of unseen draws (Writer, Chromium and Calc, --offset 19501) scanned at 200 dpi, tilted
// 1.2° (scan-simulate.ts): what OCR misreads or mismeasures must not cost a table its rows
// (decision 013, "Sizes OCR measures" and "What OCR misreads and mismeasures", 2026-12-03).
const read = async (file: string) => rowsByTable(await extractPdf(new Uint8Array(fs.readFileSync(`tests/fixtures/unseen-scans/${file}`))));

/** Each `[concepto, periodo, valor]` is a long row of the flow. */
function expectFlowRows(rows: readonly TableRow[], expected: [string, string, number][]): void {
  for (const [concepto, periodo, valor] of expected) expect(rows).toContainEqual({ concepto, periodo, valor });
}

describe('unseen scans: sizes and titles OCR mismeasures', () => {
  it('reads both cash flows whole when OCR measured their rows in slightly different sizes (writer 25503, page 4)', async () => {
    const tables = await read('writer-25503-s200-p4.pdf');
    // Labels wrap over three lines around their amounts; the rows measured 6.5 to 7.5 pt and the
    // size break cut each flow into pieces no header named: neither flow was found. 4 incomes and 6
    // costs by 12 months; a `Mes 2` heading set over two lines and some dashes are still lost.
    expect((tables.IngresosOperacionales ?? []).length).toBeGreaterThanOrEqual(40);
    expect((tables.EgresosOperacionales ?? []).length).toBeGreaterThanOrEqual(60);
    expectFlowRows(tables.IngresosOperacionales ?? [], [
      ['Venta de plátano de primera', 'Mes 12', 6407468],
      ['Venta de papa de primera', 'Mes 6', 24961114],
    ]);
    expectFlowRows(tables.EgresosOperacionales ?? [], [
      ['Insumos', 'MES 3', 10782875],
      ['Costos indirectos', 'MES 12', 373153],
      ['Pago de intereses', 'MES 6', 2720302],
    ]);
  }, 180_000);

  it('keeps rows of dashes and words whose tallest letter is a t in their cash flow (html 26506, page 3)', async () => {
    const tables = await read('html-26506-s200-p3.pdf');
    // `Venta de venta de terneros` measured 6.5 pt (a t taken for an ascender) and its dashes 5.6
    // (a stroke's thickness) among rows of 8: the row cut both flows in two. 4 incomes and 6 costs
    // by 12 months; `MES 2` read `MES?2`.
    expect((tables.IngresosOperacionales ?? []).length).toBeGreaterThanOrEqual(44);
    expect(tables.EgresosOperacionales).toHaveLength(72);
    expectFlowRows(tables.IngresosOperacionales ?? [], [
      ['Venta de venta de terneros', 'MES 8', 28359000],
      ['Jornales fuera de la finca', 'MES 10', 540000],
      ['Venta de leche cruda', 'MES 2', 38941594],
    ]);
    expectFlowRows(tables.EgresosOperacionales ?? [], [
      ['Intereses del crédito', 'MES 6', 14614741],
      ['Gastos familiares', 'MES 12', 1500000],
    ]);
  }, 180_000);

  it('does not take a misread bold group label for a title over the costs (calc 25508, page 1)', async () => {
    const costs = (await read('calc-25508-s200-p1.pdf')).CostosDirectos ?? [];
    // `Preparación y trazado`, bold under the header's rule, read `= Lg umm` at confidence 0.23–0.55
    // and measured 7.6 pt over rows of 5.5: a title, and the table lost its header.
    expect(costs.length).toBeGreaterThanOrEqual(10);
    expect(costs).toContainEqual(expect.objectContaining({ concepto: 'Siembra', tipo: 'Mano de obra', unidad: 'Jornal', cantidad: 15, valor_unitario: 60000, valor_total: 900000 }));
    expect(costs).toContainEqual(expect.objectContaining({ concepto: 'Recolección', cantidad: 18, valor_unitario: 64000, valor_total: 1152000 }));
  }, 180_000);
});
