import { describe, expect, it } from 'vitest';
import type { Box } from '../types.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { headerToValueColumns } from './header-columns.ts';

const s = DEFAULT_SETTINGS.stream;
const b = (x0: number, x1: number): Box => ({ x0, y0: 0, x1, y1: 10 });

describe('headerToValueColumns (a header set beside its values)', () => {
  it('joins a header centred over right-aligned numbers to their column', () => {
    // "Periodo" centred at 97 over numbers ending at 134; "Capital" likewise.
    const text = [
      ['Periodo', '', 'Fecha pago', 'Capital', ''],
      ['', '1', '23/12/2024', '', '5.255.399'],
      ['', '2', '23/01/2025', '', '5.321.091'],
    ];
    const boxes = [
      [b(85, 109), null, b(174, 210), b(282, 304), null],
      [null, b(130, 134), b(176, 208), null, b(307, 336)],
      [null, b(130, 134), b(176, 208), null, b(307, 336)],
    ];
    const out = headerToValueColumns({ text, boxes }, s);
    expect(out.text).toEqual([
      ['Periodo', 'Fecha pago', 'Capital'],
      ['1', '23/12/2024', '5.255.399'],
      ['2', '23/01/2025', '5.321.091'],
    ]);
    expect(out.boxes[0]![0]).toEqual(b(85, 109));
    expect(out.boxes[1]![0]).toEqual(b(130, 134));
  });

  it('takes the nearer value column when both sides have one', () => {
    const text = [
      ['', 'Cantidad', ''],
      ['a', '', '12'],
      ['b', '', '7'],
    ];
    const boxes = [
      [null, b(200, 230), null],
      [b(60, 70), null, b(232, 240)],
      [b(60, 70), null, b(232, 240)],
    ];
    // Column 0 has no header either, but it is farther from the header than column 2.
    expect(headerToValueColumns({ text, boxes }, s).text).toEqual([
      ['', 'Cantidad'],
      ['a', '12'],
      ['b', '7'],
    ]);
  });

  it('leaves a table alone when every column has a header over values', () => {
    const text = [
      ['Concepto', 'Valor', 'Notas'],
      ['Imprevistos', '450.000', ''],
    ];
    const boxes = [
      [b(60, 100), b(200, 230), b(300, 330)],
      [b(60, 110), b(200, 235), null],
    ];
    const table = { text, boxes };
    expect(headerToValueColumns(table, s)).toBe(table);
  });
});
