import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';

// Classes found on untouched draws of the Calc, html and Writer producers (issue 14's session,
// 2026-12-02; decision 013 "Columns set tight, cells broken over lines and pages"). The draws are the
// fixtures: calc-export.ts, html-export.ts and writer-export.ts with --offset 18001.
const fixture = (name: string) => new Uint8Array(fs.readFileSync(`tests/fixtures/unseen-draws/${name}.pdf`));
const tablesOf = async (name: string) => rowsByTable(await extractPdf(fixture(name)));

describe('unseen: columns set tight', () => {
  it('parts a unit price from its total under a heading centred over both (`VALOR` over `Unitario | Total`)', async () => {
    // The heading reached to within a hair of the widest total: it closed the river between the
    // two columns, which only a heading straddling it wholly could leave open.
    const rows = (await tablesOf('calc-24002')).InventarioPecuario ?? [];
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => [r.valor_unitario, r.valor_total])).toContainEqual([4150000, 124500000]);
    expect(rows.every((r) => r.valor_unitario !== undefined && r.valor_total !== undefined)).toBe(true);
  });

  it('parts an amount from the word a space after it when a count sits as close before it', async () => {
    // `9 | 40.950.000 | A adquirir`: the amount starts its cell after the river the count leaves.
    const rows = (await tablesOf('calc-24006')).InventarioPecuario ?? [];
    expect(rows.map((r) => [r.valor_total, r.tipo_inventario])).toEqual([
      [40950000, 'A adquirir'],
      [84000000, 'A adquirir'],
      [36300000, 'Actual'],
      [80600000, 'Actual'],
    ]);
  });

  it('parts a word repeated on every row from the column after it when the header names both', async () => {
    // `Brangus Novilla de vientre` under `Raza` and `Categoría`: one word space apart on every row.
    const rows = (await tablesOf('html-25006')).InventarioPecuario ?? [];
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.raza === 'Brangus')).toBe(true);
    expect(rows.slice(0, 3).map((r) => r.categoria)).toEqual(['Novilla de vientre', 'Novillo de ceba', 'Vaca parida']);
  });

  it('reads a cash flow whose labels wrap around their amounts on the columns every row shows', async () => {
    // The wrapped labels made the folded rows look fuller than the header and the unwrapped rows,
    // so the columns were read from those rows only and the headings went one column astray.
    const flows = (await tablesOf('writer-24003')).IngresosOperacionales ?? [];
    expect(flows).toHaveLength(48);
    expect(flows.slice(0, 4).map((r) => [r.periodo, r.valor])).toEqual([
      ['Mes 1', 0],
      ['Mes 2', 0],
      ['Mes 3', 2653668],
      ['Mes 4', 2075415],
    ]);
  });
});

describe('unseen: a header row set beside the rule under its spanning heading', () => {
  it('keeps the header’s cells centred between `VALOR` and `Unitario | Total` in the table', async () => {
    // The rule under `Unitario | Total` spans their two columns only; the fence put over a header
    // above such a rule stopped at `Unitario | Total` and cut `Labor … Cantidad` and `VALOR` off.
    const costs = (await tablesOf('writer-24302')).CostosDirectos ?? [];
    expect(costs[0]).toMatchObject({ actividad: '1. PREPARACIÓN Y TRAZADO', concepto: 'Análisis de suelo', unidad: 'Unidad', cantidad: 1, valor_total: 118000 });
  });
});

describe('unseen: a title over a header whose first heading is raised half a line', () => {
  it('starts a new table: the costs above keep their own columns', async () => {
    // `PROYECCIÓN DE VENTAS`, then `Precio` half a line over `Producto … Periodo` (`unitario` under
    // it): `Precio` was taken for the title, right over the header, and the title test failed, so
    // the indirect costs were read on the sales table's columns (`3,5% 1.715.658` in one cell).
    const costs = (await tablesOf('calc-24407')).CostosIndirectos ?? [];
    expect(costs.slice(0, 3).map((r) => [r.porcentaje, r.valor])).toEqual([
      [3.5, 1715658],
      [3.5, 1715658],
      [2, 980376],
    ]);
  });
});

describe('unseen: a title centred over its table', () => {
  it('is not read as a heading spanning the columns under it', async () => {
    // `INVENTARIO PECUARIO`, centred right over the header, joined `N° animales` as a spanning
    // heading would, and the count column lost its name.
    const rows = (await tablesOf('html-25104')).InventarioPecuario ?? [];
    expect(rows.slice(0, 4).map((r) => r.cantidad)).toEqual([18, 22, 3, 2]);
  });
});

describe('unseen: the loan terms’ last label alone under its boxes', () => {
  it('completes the terms the form’s table gave with the pair left under it', async () => {
    // Three labels over three values, twice, then `Fecha de desembolso` over `22/07/2025` alone:
    // the table read the first six; one typed pair was too few for lines to count as the terms.
    const [terms] = (await tablesOf('html-25105')).PlanAmortizacion ?? [];
    expect(terms).toMatchObject({ monto: 16400000, plazo_meses: 18, sistema: 'Cuota fija', fecha_desembolso: '2025-07-22' });
  });
});

describe('unseen: cells broken over lines and pages', () => {
  it('joins a cell’s second line set at the leading where rows are padded by a point and a half', async () => {
    const crops = (await tablesOf('html-25005')).CultivoProyecto ?? [];
    expect(crops).toHaveLength(6);
    expect(crops.map((r) => r.variedad)).toContain('Tangelo Minneola');
    expect(crops.map((r) => r.cultivo)).toContain('Frijol');
  });

  it('keeps the last line of the last row’s wrapped cell, in a column only wrapped lines fill', async () => {
    const rows = (await tablesOf('writer-24005')).InventarioPecuario ?? [];
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.raza === 'Gyr x Holstein')).toBe(true);
    // `N°` over `animale` / `s` (its heading wrapped over three lines) sits in the table's middle:
    // it was taken for a title centred over the table, and the count lost its heading (eleventh session).
    expect(rows.map((r) => r.cantidad)).toEqual([14, 3, 29, 8, 1, 7, 21, 26]);
  });

  it('keeps a table’s header and first row left at the foot of a page when the next page repeats the header', async () => {
    // `OTROS COSTOS`, its header and `Imprevistos 4% $ 1.471.720` end page 1; the other rows follow
    // under the header again. Two rows alone were too few for a table, and the first row was lost.
    const costs = (await tablesOf('html-25002')).CostosIndirectos ?? [];
    expect(costs.map((r) => r.concepto)).toEqual([
      'Imprevistos',
      'Seguro agropecuario',
      'Arrendamiento de tierra',
      'Análisis de laboratorio',
      'Transporte de insumos',
      'Certificación BPA',
    ]);
    expect(costs[0]).toMatchObject({ porcentaje: 4, valor: 1471720 });
  });

  it('reads a row whose cells wrap under a rule drawn over each row as one row, not a header over the next', async () => {
    // `postura Brown levante adquirir`, the second line of a row ruled above and below, was taken
    // for a header over the next row: its `adquirir` starts under a word (`A`) of a phrase set tight
    // after an amount, not under a phrase.
    const rows = (await tablesOf('html-25103')).InventarioPecuario ?? [];
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.especie === 'Aves de postura' && r.raza === 'Lohmann Brown')).toBe(true);
    expect(rows.map((r) => r.tipo_inventario)).toEqual(['A adquirir', 'A adquirir', 'Actual', 'Actual']);
  });

  it('joins a cell broken over the page to the row it starts', async () => {
    // `Sanidad y labores` ends page 1; `culturales` opens page 2 under the repeated header.
    const costs = (await tablesOf('writer-24003')).CostosDirectos ?? [];
    expect(costs).toHaveLength(14);
    expect(costs[9]?.actividad).toBe('Sanidad y labores culturales');
    expect(costs.filter((r) => String(r.actividad).startsWith('Sanidad')).every((r) => r.actividad === 'Sanidad y labores culturales')).toBe(true);
  });

  it('joins a row broken over the page in two of its cells, in a table with group labels', async () => {
    // `Asistencia` | `Mano de` … `2,400,000` end page 1; `veterinaria` | `obra` open page 2 under
    // the repeated header: words in two columns were taken for another table's header
    // (writer-export.ts --offset 19501; sixth session).
    const costs = (await tablesOf('writer-25507')).CostosDirectos ?? [];
    expect(costs).toHaveLength(8);
    expect(costs).toContainEqual(expect.objectContaining({ concepto: 'Asistencia veterinaria', tipo: 'Mano de obra', valor_total: 2400000 }));
  });

  it('joins a code broken after its hyphen over the page, in a table with section rows', async () => {
    // `Fertilizante 15-` … `18.887.000` ends page 1, `15-15` opens page 2 under the repeated header
    // (writer-export.ts --offset 20101; eleventh session): a figure alone, taken for a section row.
    const costs = (await tablesOf('writer-26104')).CostosDirectos ?? [];
    expect(costs).toHaveLength(12);
    expect(costs).toContainEqual(expect.objectContaining({ concepto: 'Fertilizante 15-15-15', cantidad: 101, valor_total: 18887000 }));
    expect(costs.filter((r) => r.actividad === '3. FERTILIZACIÓN')).toHaveLength(4);
  });
});

describe('unseen: a table begun at a page foot', () => {
  it('parts two columns set tight under a header that parts them, with two rows before the page ends', async () => {
    // writer-export.ts --offset 19401: `$ 135,828,000 Año 1` under `Valor total` and `Año`, two rows
    // at page 1's foot, the rest overleaf. Three rows had to show the cut; two rows are all there were.
    const rows = (await tablesOf('writer-25406')).IngresosActividad ?? [];
    expect(rows).toHaveLength(6);
    expect(rows.slice(0, 2).map((r) => [r.valor_total, r.periodo])).toEqual([
      [135828000, 'Año 1'],
      [171856400, 'Año 2'],
    ]);
  });
});
