import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';

// Pages of unseen draws (Chromium and Calc, --offset 19501) scanned at 200 dpi, tilted 1.2°
// (scan-simulate.ts): what OCR misreads must not cost a table its rows (decision 013, "Sizes OCR
// measures", 2026-12-03).
const read = async (file: string) => rowsByTable(await extractPdf(new Uint8Array(fs.readFileSync(`tests/fixtures/unseen-scans/${file}`))));

describe('unseen scans: sizes and titles OCR mismeasures', () => {
  it('keeps rows of dashes and words whose tallest letter is a t in their cash flow (html 26506, page 3)', async () => {
    const tables = await read('html-26506-s200-p3.pdf');
    const income = tables.IngresosOperacionales ?? [];
    const costs = tables.EgresosOperacionales ?? [];
    // `Venta de venta de terneros` measured 6.5 pt (a t taken for an ascender) and its dashes 5.6
    // (a stroke's thickness) among rows of 8: the row cut both flows in two. 4 incomes and 6 costs
    // by 12 months; `MES 2` read `MES?2`.
    expect(income.length).toBeGreaterThanOrEqual(44);
    expect(costs).toHaveLength(72);
    expect(income).toContainEqual({ concepto: 'Venta de venta de terneros', periodo: 'MES 8', valor: 28359000 });
    expect(income).toContainEqual({ concepto: 'Jornales fuera de la finca', periodo: 'MES 10', valor: 540000 });
    expect(income).toContainEqual({ concepto: 'Venta de leche cruda', periodo: 'MES 2', valor: 38941594 });
    expect(costs).toContainEqual({ concepto: 'Intereses del crédito', periodo: 'MES 6', valor: 14614741 });
    expect(costs).toContainEqual({ concepto: 'Gastos familiares', periodo: 'MES 12', valor: 1500000 });
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
