import { describe, expect, it } from 'vitest';
import type { RawTable } from '../types.ts';
import { mendOcrSpelling } from './column-spelling.ts';

const table = (rows: string[][]): RawTable => ({
  page: 1,
  pages: [1],
  bbox: { x0: 0, y0: 0, x1: 100, y1: 100 },
  rows,
  cells: rows.map((r) => r.map(() => null)),
  rowPages: rows.map(() => 1),
  pageBoxes: [],
  method: 'lattice',
  confidence: 1,
  context: [],
  ocr: true,
});

describe('mendOcrSpelling', () => {
  it('sets as a capital a first letter of the same shape when the column starts with capitals', () => {
    const rows = [
      ['Concepto', 'MES 1'],
      ['venta de leche cruda', '10'],
      ['Costos directos', '5'],
      ['Otros ingresos', '3'],
      ['Arriendo', '2'],
      ['Servicios', '2'],
      ['Transporte', '2'],
      ['imprevistos', '1'],
    ];
    const mended = mendOcrSpelling(table(rows)).rows;
    expect(mended.map((r) => r[0])).toEqual(['Concepto', 'Venta de leche cruda', 'Costos directos', 'Otros ingresos', 'Arriendo', 'Servicios', 'Transporte', 'imprevistos']);
    // The table given is left as it was.
    expect(rows[1]![0]).toBe('venta de leche cruda');
  });

  it('leaves a column of small letters, and a column of too few texts, as read', () => {
    const units = table([['Unidad'], ['kg'], ['cabeza'], ['ha'], ['litro']]);
    expect(mendOcrSpelling(units).rows.map((r) => r[0])).toEqual(['Unidad', 'kg', 'cabeza', 'ha', 'litro']);
    const short = table([['Área'], ['venta']]);
    expect(mendOcrSpelling(short).rows[1]![0]).toBe('venta');
  });

  it('puts back the space a numbered label lost when its row prints the others with it', () => {
    const mended = mendOcrSpelling(table([['Concepto', 'MES1', 'MES 2', 'MES 3', 'AÑO1']])).rows[0];
    expect(mended).toEqual(['Concepto', 'MES 1', 'MES 2', 'MES 3', 'AÑO1']);
    expect(mendOcrSpelling(table([['Código', 'AB12', 'MES 2']])).rows[0]).toEqual(['Código', 'AB12', 'MES 2']);
    expect(mendOcrSpelling(table([['Concepto', 'MES 1', 'MES?2', 'MES 3', 'Lote?4']])).rows[0]).toEqual(['Concepto', 'MES 1', 'MES 2', 'MES 3', 'Lote?4']);
  });

  it('spells a text with a capital when two cells or more of its column print it so, letter for letter', () => {
    const rows = [['Tipo'], ['Insumo'], ['insumo'], ['Mano de obra'], ['Insumo'], ['insumos'], ['mano de obra']];
    expect(mendOcrSpelling(table(rows)).rows.map((r) => r[0])).toEqual(['Tipo', 'Insumo', 'Insumo', 'Mano de obra', 'Insumo', 'insumos', 'mano de obra']);
  });
});
