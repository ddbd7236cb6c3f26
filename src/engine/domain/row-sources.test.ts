import { describe, expect, it } from 'vitest';
import { page, rawTable } from '../../../tests/fixtures/domain/raw-table.ts';
import { extractedRowsByTable } from '../rows-by-table.ts';
import type { Box, RawTable } from '../types.ts';
import { classifyDocument } from './classify-document.ts';

const round = (v: number) => Math.round(v * 100) / 100;
/** The box the rawTable fixture gives cell (r, c). */
function cellBox(t: RawTable, r: number, c: number): Box {
  const b = t.cells[r]![c]!;
  return { x0: round(b.x0), y0: round(b.y0), x1: round(b.x1), y1: round(b.y1) };
}
const union = (a: Box, b: Box): Box => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) });

describe('row sources', () => {
  it('a grid row carries each value with its cell text and box; the section row sources the group', () => {
    const t = rawTable(
      [
        ['TIPO', 'CONCEPTO', 'UNIDAD', 'CANTIDAD', 'COSTO UNITARIO', 'COSTO TOTAL'],
        ['1. ADECUACIÓN', 'DEL TERRENO', '', '', '', ''],
        ['Insumo', 'Cal   dolomita', 'Bulto', '53', '17.000', '901.000'],
      ],
      ['COSTOS DIRECTOS'],
      3,
    );
    const [row] = extractedRowsByTable(classifyDocument([], [t])).CostosDirectos!;
    expect(row!.values).toMatchObject({ actividad: '1. ADECUACIÓN DEL TERRENO', concepto: 'Cal dolomita', valor_total: 901000 });
    expect(row!.source).toMatchObject({ page: 3, bbox: t.bbox, method: 'lattice' });
    expect(Object.keys(row!.source.cells)).toEqual(Object.keys(row!.values));
    expect(row!.source.cells.concepto).toEqual({ text: 'Cal dolomita', box: cellBox(t, 2, 1) });
    expect(row!.source.cells.valor_total).toEqual({ text: '901.000', box: cellBox(t, 2, 5) });
    expect(row!.source.cells.actividad).toEqual({ text: '1. ADECUACIÓN DEL TERRENO', box: union(cellBox(t, 1, 0), cellBox(t, 1, 1)) });
  });

  it('a long cash-flow row comes from the concept cell, the period header cell(s) and the value cell', () => {
    const t = rawTable(
      [
        ['Concepto', 'Mes 1', 'Mes', 'Total año'],
        ['', '', '2', ''],
        ['Venta de mora', '1.000,00', '2.000,00', '3.000,00'],
      ],
      ['5. Ingresos operacionales (mensual)'],
    );
    const rows = extractedRowsByTable(classifyDocument([], [t])).IngresosOperacionales!;
    expect(rows.map((r) => r.values)).toEqual([
      { concepto: 'Venta de mora', periodo: 'Mes 1', valor: 1000 },
      { concepto: 'Venta de mora', periodo: 'Mes 2', valor: 2000 },
    ]);
    expect(rows[1]!.source.cells).toEqual({
      concepto: { text: 'Venta de mora', box: cellBox(t, 2, 0) },
      periodo: { text: 'Mes 2', box: union(cellBox(t, 0, 2), cellBox(t, 1, 2)) },
      valor: { text: '2.000,00', box: cellBox(t, 2, 2) },
    });
  });

  it('key-value terms: each value from its cell, the plain rate number from the rate cell', () => {
    const t = rawTable(
      [
        ['MONTO DEL CRÉDITO', '$ 44.100.000', 'PLAZO', '12 meses'],
        ['TASA', '11,20% E.A.', 'FORMA DE PAGO', 'Mensual'],
      ],
      ['CONDICIONES DEL CRÉDITO'],
    );
    const [row] = extractedRowsByTable(classifyDocument([], [t])).PlanAmortizacion!;
    expect(row!.values).toMatchObject({ monto: 44100000, tasa: '11,20% E.A.', tasa_pct: 11.2 });
    expect(row!.source.cells.monto).toEqual({ text: '$ 44.100.000', box: cellBox(t, 0, 1) });
    expect(row!.source.cells.tasa_pct).toEqual({ text: '11,20% E.A.', box: cellBox(t, 1, 1) });
    expect(row!.source.cells.periodicidad).toEqual({ text: 'Mensual', box: cellBox(t, 1, 3) });
  });

  it('terms read from text lines take the boxes of the value segments', () => {
    const p = page([
      [100, [[40, 'CONDICIONES DEL CRÉDITO']]],
      [120, [[40, 'Monto:'], [200, '$ 20.000.000']]],
      [134, [[40, 'Plazo:'], [200, '36 meses']]],
    ]);
    const [row] = extractedRowsByTable(classifyDocument([p], [])).PlanAmortizacion!;
    expect(row!.source.method).toBe('keyvalue');
    expect(row!.source.cells.plazo_meses).toEqual({ text: '36 meses', box: { x0: 200, y0: 134, x1: 200 + 6 * 2 + 3 + 6 * 5, y1: 144 } });
  });

  describe('across pages', () => {
    const header = ['Insumo', 'Unidad', 'Cantidad', 'Unitario', 'Total', 'Tipo'];
    const first = rawTable(
      [header, ['Cosecha', '', '', '', '', ''], ['Recolección', 'Jornal', '88', '60.000,00', '5.280.000,00', 'Mano de obra']],
      ['4. Presupuesto de inversión'],
      1,
      'stream',
    );

    it('each row keeps its own page and the table box there; a group from the page before says its page', () => {
      const next = rawTable([header, ['Transporte', 'Flete', '15', '320.000,00', '4.800.000,00', 'Maquinaria']], [], 2, 'stream');
      const next2 = { ...next, bbox: { ...next.bbox, x0: 30 }, pageBoxes: [{ page: 2, bbox: { ...next.bbox, x0: 30 } }] };
      const rows = extractedRowsByTable(classifyDocument([], [first, next2])).CostosDirectos!;
      expect(rows.map((r) => [r.source.page, r.source.bbox.x0, r.source.method])).toEqual([
        [1, 40, 'stream'],
        [2, 30, 'stream'],
      ]);
      expect(rows[1]!.source.cells.concepto).toEqual({ text: 'Transporte', box: cellBox(next2, 1, 0) });
      expect(rows[1]!.source.cells.actividad).toEqual({ text: 'Cosecha', box: cellBox(first, 1, 0), page: 1 });
    });

    it('a title widowed at the foot of the page sources the group of the next page', () => {
      const foot = page([[100 + 14 * first.rows.length + 4, [[40, '5. COSECHA Y POSCOSECHA']]]]);
      const next = rawTable([header, ['Empaques', 'Unidad', '1.226', '3.000,00', '3.678.000,00', 'Insumo']], [], 2, 'stream');
      const rows = extractedRowsByTable(classifyDocument([foot], [first, next])).CostosDirectos!;
      const widowed = rows[1]!.source.cells.actividad!;
      expect(rows[1]!.source.page).toBe(2);
      expect(widowed).toMatchObject({ text: '5. COSECHA Y POSCOSECHA', page: 1 });
      expect(widowed.box).toMatchObject({ x0: 40, y0: 100 + 14 * first.rows.length + 4 });
    });
  });
});
