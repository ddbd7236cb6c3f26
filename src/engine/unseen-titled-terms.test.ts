import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';
import { findPageTables } from './find-tables.ts';
import { loadPages } from './pdf/load-pages.ts';

// Classes found on untouched draws of the Calc producer (issue 14's session, 2026-12-02, second;
// decision 013 "Terms under a title, on the sheet's columns"): calc-export.ts --offset 18401
// (calc-24407) and --offset 19001 (calc-25006). A block of loan terms set under the sales table at
// the rows' own spacing, on the same sheet columns, was read on as that table's rows.
const fixture = (name: string) => new Uint8Array(fs.readFileSync(`tests/fixtures/unseen-draws/${name}.pdf`));
const rawTables = async (name: string) => {
  const { pages } = await loadPages(fixture(name));
  return findPageTables(pages[0]!);
};
const startingWith = (tables: Awaited<ReturnType<typeof rawTables>>, text: string) => tables.find((t) => t.rows.some((r) => r[0] === text));

describe('unseen: loan terms under a title, right under a table', () => {
  it('reads `Label: value` pairs under a title as a block of their own', async () => {
    const tables = await rawTables('calc-24407');
    const sales = startingWith(tables, 'Cerdos cebados')!;
    expect(sales.rows[0]).toEqual(['Producto', 'Unidad', 'Cantidad', 'Precio unitario', 'Valor total', 'Periodo']);
    expect(sales.rows.at(-1)).toEqual(['TOTAL', '', '', '', '9.863.091.000', '']);
    expect(startingWith(tables, 'Monto:')?.rows[0]).toEqual(['Monto:', '56.500.000', 'Plazo (meses):', '24']);
    const plan = (await rowsByTable(await extractPdf(fixture('calc-24407')))).PlanAmortizacion ?? [];
    expect(plan[0]).toMatchObject({ monto: 56500000, plazo_meses: 24, periodicidad: 'Mensual' });
  });

  it('reads labels without colons under a title as their own block when their values sit in the table’s gutters', async () => {
    const tables = await rawTables('calc-25006');
    const sales = startingWith(tables, 'Yuca fresca')!;
    expect(sales.rows.some((r) => r[0]?.startsWith('Monto'))).toBe(false);
    expect(sales.rows[0]).toEqual(['Producto', 'Unidad', 'Cantidad', 'Precio unitario', 'Valor total', 'Año']);
    // The totals row stays: its figure ends where the figures above end, inside `263,616,000 Año 1`.
    expect(sales.rows.at(-1)).toEqual(['TOTAL', '', '', '', '1,107,320,100', '']);
    expect(startingWith(tables, 'Monto')?.rows).toEqual([
      ['Monto', '179,300,000', 'Plazo (meses)', '18'],
      ['Periodo de gracia', '3', 'Periodicidad', 'Mensual'],
      ['Tasa de interés', 'DTF + 3% E.A.', 'Sistema', 'Capital constante'],
      ['Fecha de desembolso', '26-oct-2025', '', ''],
    ]);
    const plan = (await rowsByTable(await extractPdf(fixture('calc-25006')))).PlanAmortizacion ?? [];
    expect(plan[0]).toMatchObject({ monto: 179300000, plazo_meses: 18, gracia_meses: 3, periodicidad: 'Mensual', sistema: 'Capital constante' });
  });
});

describe('unseen: a heading in the gutter after its column', () => {
  it('gives `Unidad`, centred over a wide column of short units, to that column and not to `Cantidad`', async () => {
    const costs = startingWith(await rawTables('calc-25006'), 'Análisis de suelo')!;
    expect(costs.rows[0]).toEqual(['Insumo', 'Unidad', 'Cantidad', 'VALOR Unitario', 'Total']);
    expect(costs.rows.find((r) => r[0] === 'Arada')).toEqual(['Arada', 'Hora', '46', '130,000', '5,980,000']);
  });
});
