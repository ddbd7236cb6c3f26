import { describe, expect, it } from 'vitest';
import { pivotRows, PIVOT_TABLES } from './pivot.ts';

const flow = PIVOT_TABLES.IngresosOperacionales!;

describe('pivotRows (issue 12: the period view)', () => {
  const rows = [
    { nosolicitud: '900', concepto: 'Ventas', periodo: 'Mes 1', valor: 1000 },
    { nosolicitud: '900', concepto: 'Ventas', periodo: 'Mes 2', valor: 2000.5 },
    { nosolicitud: '900', concepto: 'Subsidio', periodo: 'Mes 1', valor: 300 },
    { nosolicitud: '900', concepto: 'Subsidio', periodo: 'Mes 2', valor: null },
    { nosolicitud: '900', concepto: 'Ventas', periodo: 'Mes 3', valor: 5 },
    { nosolicitud: '800', concepto: 'Ventas', periodo: 'Mes 1', valor: 7 },
    // The same concept and period printed twice in one document: added.
    { nosolicitud: '800', concepto: 'Ventas', periodo: 'Mes 1', valor: 3 },
  ];

  it('makes concepts rows and periods columns, in print order', () => {
    const pivot = pivotRows(rows, flow);
    expect(pivot.periods).toEqual(['Mes 1', 'Mes 2', 'Mes 3']);
    expect(pivot.lines.map((l) => [l.nosolicitud, l.concept])).toEqual([
      ['900', 'Ventas'],
      ['900', 'Subsidio'],
      ['800', 'Ventas'],
    ]);
    expect(pivot.lines[0]!.values).toEqual({ 'Mes 1': 1000, 'Mes 2': 2000.5, 'Mes 3': 5 });
    expect(pivot.lines[1]!.values).toEqual({ 'Mes 1': 300, 'Mes 2': null });
    expect(pivot.lines[2]!.values).toEqual({ 'Mes 1': 10 });
  });

  it('totals per period and per line equal the sums of the rows', () => {
    const pivot = pivotRows(rows, flow);
    for (const period of pivot.periods) {
      const expected = rows.filter((r) => r.periodo === period).reduce((s, r) => s + (r.valor ?? 0), 0);
      expect(pivot.totals[period] ?? 0).toBeCloseTo(expected, 9);
    }
    expect(pivot.lines.map((l) => l.total)).toEqual([3005.5, 300, 10]);
    expect(pivot.total).toBeCloseTo(rows.reduce((s, r) => s + (r.valor ?? 0), 0), 9);
  });

  it('reads IngresosActividad by activity and total value, and keeps rows without a period', () => {
    const pivot = pivotRows(
      [
        { nosolicitud: '1', actividad: 'Café', periodo: 'Año 1', valor_total: 10, cantidad: 2 },
        { nosolicitud: '1', actividad: 'Café', periodo: null, valor_total: 4, cantidad: 1 },
      ],
      PIVOT_TABLES.IngresosActividad!,
    );
    expect(pivot.periods).toEqual(['Año 1', '']);
    expect(pivot.lines).toEqual([{ nosolicitud: '1', concept: 'Café', values: { 'Año 1': 10, '': 4 }, total: 14 }]);
  });
});
