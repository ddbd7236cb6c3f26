import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPages } from '../pdf/load-pages.ts';
import type { RawTable } from '../types.ts';
import { findStreamTables } from './find-stream-tables.ts';

// Every corpus case the stream finder once got wrong, named after it (tests/fixtures/stream/README.md).
const FIXTURES = new URL('../../../tests/fixtures/stream/', import.meta.url);

async function tablesOf(name: string, page = 1): Promise<RawTable[]> {
  const bytes = new Uint8Array(await readFile(fileURLToPath(new URL(name, FIXTURES))));
  const { pages } = await loadPages(bytes);
  return findStreamTables(pages[page - 1]!, []);
}

const rowStarting = (t: RawTable | undefined, first: string): string[] | undefined =>
  t?.rows.find((r) => r[0] === first);

describe('stream corpus regressions', () => {
  it('health: header words stacked over two columns do not merge them; the title stays out', async () => {
    const [table] = await tablesOf('health.pdf');
    expect(rowStarting(table, 'Andhra Pradesh')).toEqual([
      'Andhra Pradesh', '47,824,589', '9,967,837', '1,275,000', '15,000', '59,082,426', '14,898,243', '73,980,669',
    ]);
    expect(table!.rows.flat().some((c) => c.includes('Public Health Outlay'))).toBe(false);
    expect(table!.context.join(' ')).toContain('Public Health Outlay');
  });

  it('m27: a number and a code one space apart are two columns', async () => {
    const [table] = await tablesOf('m27.pdf');
    expect(rowStarting(table, '648765')?.slice(0, 4)).toEqual(['648765', 'AAA', 'ALLEGIANT AIR', 'ALLEGIANT AIR LLC']);
    expect(rowStarting(table, 'NUMBER')?.slice(0, 2)).toEqual(['NUMBER', 'TYPE']);
  });

  it('AnimalSounds: a table with only row rules joins each wrapped cell', async () => {
    const [table] = await tablesOf('AnimalSounds.pdf');
    expect(rowStarting(table, 'Parastratiosphecomyiastratiosph ecomyioides')?.slice(1)).toEqual(['Says', 'bzzzzzzz']);
    expect(rowStarting(table, 'Fox')?.[2]).toMatch(/^Ring- dingding.*ing-dingdingdingdingeringeding$/);
  });

  it('12s0324: dot leaders stay with their label instead of making a column of dots', async () => {
    const tables = await tablesOf('12s0324.pdf');
    expect(tables).toHaveLength(2);
    const race = tables[1]!;
    expect(race.rows.flat().some((c) => /^[ .]+$/.test(c))).toBe(false);
    expect(race.rows.find((r) => r[0]!.startsWith('Forcible rape'))?.filter(Boolean).slice(1)).toEqual([
      '16,362', '10,644', '5,319', '169', '230',
    ]);
  });

  it('stream_inner_outer_columns: short and long columns side by side', async () => {
    const [table] = await tablesOf('stream_inner_outer_columns.pdf');
    expect(table?.rows).toEqual([
      ['Outer 1', 'Outer 2', 'Long 1', 'Long 2', 'Inner', 'Long 3'],
      ['A1', 'B1', 'C1', 'D1', 'E1', 'F1'],
      ['', '', 'C2', 'D2', '', 'F2'],
      ['', '', 'C3', 'D3', '', 'F3'],
      ['', '', 'C4', 'D4', '', 'F4'],
    ]);
  });

  it('stream-2001: the running page header is not the first row of a continued table', async () => {
    const [table] = await tablesOf('stream-2001.pdf', 2);
    expect(table?.rows.flat().some((c) => c.includes('Financiera'))).toBe(false);
    expect(rowStarting(table, 'Transporte')).toEqual(['Transporte', 'Flete', '15', '320.000,00', '4.800.000,00', 'Maquinaria']);
  });

  it('stream-2001: a two-line header ("Mes" over "2") joins into one cell', async () => {
    const [table] = await tablesOf('stream-2001.pdf', 3);
    expect(table?.rows[0]?.slice(0, 4)).toEqual(['Concepto', 'Mes 1', 'Mes 2', 'Mes 3']);
  });

  it('stream-2004: right-aligned numbers one space from the next column are split from it', async () => {
    const tables = await tablesOf('stream-2004.pdf');
    const crops = tables.find((t) => t.rows[0]?.[0] === 'Cultivo');
    expect(crops?.rows[0]).toEqual(['Cultivo', 'Variedad', 'Hectáreas', 'Fecha de siembra', 'Producción/ha', 'Unidad', 'Precio venta', 'Ingreso bruto']);
    expect(crops?.rows[1]?.slice(2, 6)).toEqual(['0,88', '24/08/2025', '77.000', 'kg']);
  });

  it('stream-2006: "$" stays with its amount and a long label is cut where the value starts', async () => {
    const p1 = await tablesOf('stream-2006.pdf', 1);
    const costs = p1.find((t) => t.rows[0]?.[0] === 'Clase');
    expect(rowStarting(costs, 'Insumo')?.slice(3)).toEqual(['1', '$ 145.000', '$ 145.000']);
    const animals = p1.find((t) => t.rows[0]?.[0] === 'Especie');
    expect(animals?.rows[0]).toEqual(['Especie', 'Raza', 'Clase', 'N° animales', 'Precio por cabeza', 'Total', 'Situación']);
    const p2 = await tablesOf('stream-2006.pdf', 2);
    const terms = p2.find((t) => t.rows[0]?.[0] === 'Valor del crédito:');
    expect(terms?.rows[1]).toEqual(['Periodo de gracia:', '24 meses', 'Periodicidad de pago:', 'Semestral']);
  });

  it('stream-2008: zebra bands mark rows without gluing section rows to the items around them', async () => {
    const tables = await tablesOf('stream-2008.pdf');
    const budget = tables.find((t) => t.rows.some((r) => r[0] === 'Descripcion'));
    expect(rowStarting(budget, '1. ALIMENTACION')).toEqual(['1. ALIMENTACION', '', '', '', '']);
    expect(rowStarting(budget, 'Sal mineralizada 8%')).toEqual(['Sal mineralizada 8%', 'Bulto 40 kg', '33,0', '114.000', '3.762.000']);
    expect(budget?.rows.map((r) => r[0]).slice(-2)).toEqual(['4. MANO DE OBRA', 'Ordeño y manejo']);
  });

  it('stream-2008: a one-row conditions table under a two-line header is a table with its columns', async () => {
    const tables = await tablesOf('stream-2008.pdf', 2);
    const terms = tables.find((t) => t.rows[0]?.[0] === 'Monto');
    expect(terms?.rows).toEqual([
      ['Monto', 'Plazo', 'Periodo de gracia', 'Forma de pago', 'Tasa de interes', 'Sistema de amortizacion', 'Linea de credito'],
      ['$56.500.000', '24 meses', '0 meses', 'Mensual', '16,90% E.A.', 'Abono constante a capital', 'Inversión - Compra de animales'],
    ]);
  });
});
