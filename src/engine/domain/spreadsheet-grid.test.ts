import { describe, expect, it } from 'vitest';
import { rawTable } from '../../../tests/fixtures/domain/raw-table.ts';
import { rowsByTable } from '../rows-by-table.ts';
import { classifyDocument } from './classify-document.ts';

// Issue 10's spreadsheet exports: every table on one sheet-wide column grid (tests/fixtures/calc
// holds the real ones). Stream tables as the finder hands them over.

describe('one sheet-wide grid: tables run into each other', () => {
  it('cuts a table at a catalogue title followed by its header', () => {
    const joined = rawTable(
      [
        ['Especie', 'Raza', 'Cantidad', 'Valor total'],
        ['Bovino', 'Brahman', '9', '$ 40.950.000'],
        ['COSTOS DIRECTOS', '', '', ''],
        ['Concepto', 'Unidad', 'Cantidad', 'Valor total'],
        ['Arada', 'Hora', '46', '$ 5.980.000'],
      ],
      ['INVENTARIO PECUARIO'],
      1,
      'stream',
    );
    const tables = rowsByTable(classifyDocument([], [joined]));
    expect(tables.InventarioPecuario).toEqual([{ especie: 'Bovino', raza: 'Brahman', cantidad: 9, valor_total: 40950000 }]);
    expect(tables.CostosDirectos).toEqual([{ concepto: 'Arada', unidad: 'Hora', cantidad: 46, valor_total: 5980000 }]);
  });

  it('keeps a cash-flow half title followed by data as a section row', () => {
    const flow = rawTable(
      [
        ['Concepto', 'Mes 1', 'Mes 2', 'Total'],
        ['INGRESOS OPERACIONALES', '', '', ''],
        ['Venta de leche', '$ 1.000.000', '$ 1.200.000', '$ 2.200.000'],
        ['EGRESOS OPERACIONALES', '', '', ''],
        ['Insumos', '$ 300.000', '$ 300.000', '$ 600.000'],
      ],
      ['FLUJO DE CAJA'],
      1,
      'stream',
    );
    const tables = rowsByTable(classifyDocument([], [flow]));
    expect(tables.IngresosOperacionales).toHaveLength(2);
    expect(tables.EgresosOperacionales).toHaveLength(2);
  });
});

describe('one sheet-wide grid: a centred header beside its values', () => {
  it('puts left-aligned text and right-aligned numbers back under their header', () => {
    const table = rawTable(
      [
        ['', 'Especie', 'Raza', 'Cantidad', '', 'Valor total'],
        ['Bovino', '', 'Brahman', '', '9', '$ 40.950.000'],
        ['Porcino', '', 'Landrace', '', '12', '$ 9.600.000'],
      ],
      ['INVENTARIO PECUARIO'],
      1,
      'stream',
    );
    expect(rowsByTable(classifyDocument([], [table])).InventarioPecuario).toEqual([
      { especie: 'Bovino', raza: 'Brahman', cantidad: 9, valor_total: 40950000 },
      { especie: 'Porcino', raza: 'Landrace', cantidad: 12, valor_total: 9600000 },
    ]);
  });

  it('splits a header read over two value columns where both halves name columns', () => {
    const table = rawTable(
      [
        ['Concepto', '', 'Tipo Unidad', 'Cantidad', 'Valor total'],
        ['Arada', 'Maquinaria', 'Hora', '46', '$ 5.980.000'],
        ['Urea', 'Insumo', 'Bulto', '10', '$ 1.500.000'],
      ],
      ['COSTOS DIRECTOS'],
      1,
      'stream',
    );
    expect(rowsByTable(classifyDocument([], [table])).CostosDirectos).toEqual([
      { concepto: 'Arada', tipo: 'Maquinaria', unidad: 'Hora', cantidad: 46, valor_total: 5980000 },
      { concepto: 'Urea', tipo: 'Insumo', unidad: 'Bulto', cantidad: 10, valor_total: 1500000 },
    ]);
  });

  it('splits two touching columns read as one where header and every cell split the same way', () => {
    const table = rawTable(
      [
        ['Producto', 'Cantidad', 'Valor total Periodo'],
        ['Frijol seco', '13.380', '$ 76.266.000 Año 1'],
        ['Plátano', '33.730', '$ 72.519.500 Año 2'],
      ],
      ['INGRESOS DEL PROYECTO'],
      1,
      'stream',
    );
    expect(rowsByTable(classifyDocument([], [table])).IngresosActividad).toEqual([
      { actividad: 'Frijol seco', cantidad: 13380, valor_total: 76266000, periodo: 'Año 1' },
      { actividad: 'Plátano', cantidad: 33730, valor_total: 72519500, periodo: 'Año 2' },
    ]);
  });

  it('gives an empty header column the part of its neighbour cells that belongs to it', () => {
    const table = rawTable(
      [
        ['Cultivo', 'Rendimiento/ha', 'Unidad', 'Precio unitario'],
        ['Naranja', '22.000 kg', '', '$ 720'],
        ['Café', '2.100 kg c.p.s.', '', '$ 15.000'],
      ],
      ['CULTIVO / PROYECTO'],
      1,
      'stream',
    );
    expect(rowsByTable(classifyDocument([], [table])).CultivoProyecto).toEqual([
      { cultivo: 'Naranja', rendimiento: 22000, unidad: 'kg', precio_unitario: 720 },
      { cultivo: 'Café', rendimiento: 2100, unidad: 'kg c.p.s.', precio_unitario: 15000 },
    ]);
  });

  it('splits a header that only opens with a wording (`Rendimiento/ha Unidad`) over figures and their units', () => {
    const table = rawTable(
      [
        ['Cultivo', 'Rendimiento/ha Unidad', 'Precio unitario'],
        ['Yuca', '21.000 kg', '960'],
        ['Palma de aceite', '14,5 t RFF', '770.000'],
      ],
      ['INFORMACIÓN DEL CULTIVO'],
      1,
      'stream',
    );
    expect(rowsByTable(classifyDocument([], [table])).CultivoProyecto).toEqual([
      { cultivo: 'Yuca', rendimiento: 21000, unidad: 'kg', precio_unitario: 960 },
      { cultivo: 'Palma de aceite', rendimiento: 14.5, unidad: 't RFF', precio_unitario: 770000 },
    ]);
  });

  it('leaves ruled (lattice) tables as the rules drew them', () => {
    const table = rawTable([['', 'Especie', 'Raza'], ['Bovino', '', 'Brahman']], ['INVENTARIO PECUARIO']);
    const rows = rowsByTable(classifyDocument([], [table])).InventarioPecuario ?? [];
    expect(rows.some((r) => r.especie === 'Bovino')).toBe(false);
  });
});
