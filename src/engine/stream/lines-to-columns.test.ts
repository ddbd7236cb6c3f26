import { describe, expect, it } from 'vitest';
import { chunksToLines } from '../text/chunks-to-lines.ts';
import { columnAt, linesToRivers } from './lines-to-columns.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { row } from './test-page.ts';
import type { TextChunk } from '../types.ts';

const s = DEFAULT_SETTINGS.stream;
const lineSettings = DEFAULT_SETTINGS.lines;
const rivers = (chunks: TextChunk[]) => linesToRivers(chunksToLines(chunks, lineSettings), s);

describe('linesToRivers', () => {
  it('finds the gap between left-aligned text and right-aligned numbers', () => {
    const r = rivers([
      ...row(100, [['Mora', 50], ['2,4', 200, 'right']]),
      ...row(115, [['Plátano', 50], ['12,25', 200, 'right']]),
      ...row(130, [['Papa criolla', 50], ['1', 200, 'right']]),
    ]);
    expect(r).toHaveLength(1);
    expect(columnAt(60, r)).toBe(0);
    expect(columnAt(195, r)).toBe(1);
  });

  it('keeps a river open under a label that spans it in one row (a bridge)', () => {
    const body = [100, 115, 130, 145, 160].flatMap((y, i) =>
      row(y, [[`Item ${i}`, 50], ['kg', 150], ['1.000', 300, 'right']]),
    );
    const total = row(175, [['TOTAL COSTOS DIRECTOS LARGO', 50], ['5.000', 300, 'right']]);
    expect(rivers([...body, ...total])).toHaveLength(2);
  });

  it('separates right-aligned number columns set too close to leave a phrase gap', () => {
    // "29 17.000.000": only a word space between a quantity and the widest price.
    const r = rivers([
      ...row(100, [['Bovino', 50], ['14', 190, 'right'], ['1.050.000', 245, 'right']]),
      ...row(115, [['Bovino', 50], ['3', 190, 'right'], ['3.200.000', 245, 'right']]),
      ...row(130, [['Bovino', 50], ['29', 190, 'right'], ['17.000.000', 245, 'right']]),
    ]);
    expect(r).toHaveLength(2);
  });

  it('never splits a phrase repeated on every row at its word spaces', () => {
    const r = rivers(
      [100, 115, 130, 145].flatMap((y, i) => row(y, [[`Diputado ${i}`, 50], ['Frente para la Victoria - PJ', 150], ['AFIRMATIVO', 400]])),
    );
    expect(r).toHaveLength(2);
  });

  it('does not split "$" set left from its amount set right', () => {
    const r = rivers([
      ...row(100, [['Insumos', 50], ['$', 150], ['7.982.000,00', 250, 'right']]),
      ...row(115, [['Mano de obra', 50], ['$', 150], ['-', 250, 'right']]),
      ...row(130, [['Fletes', 50], ['$', 150], ['12.000,00', 250, 'right']]),
    ]);
    expect(r).toHaveLength(1);
  });

  it('never splits a one-letter unit from the word after it ("t ensilaje", "t forraje verde")', () => {
    // The header's own gap makes the left edges ragged there; the body's "t" ends on one edge.
    const header = row(100, [['Producto', 50], ['Rendimiento/ha', 330, 'right'], ['Unidad', 350], ['Precio', 520, 'right']], 8);
    const body = [
      ['Maíz forrajero', '52', 't ensilaje', '210.000'],
      ['Pasto mejorado', '70', 't forraje verde', '101.000'],
      ['Pasto de corte', '210', 't forraje verde', '78.000'],
    ].flatMap(([a, b, c, d], i) => row(112 + i * 11, [[a!, 50], [b!, 330, 'right'], [c!, 336], [d!, 520, 'right']], 8));
    const r = rivers([...header, ...body]);
    expect(columnAt(337, r)).toBe(columnAt(345, r));
    expect(columnAt(325, r)).not.toBe(columnAt(337, r));
  });

  it('lets header lines with few phrases not chain neighbouring columns together', () => {
    const data = [130, 145, 160, 175].flatMap((y) =>
      row(y, [['Assam', 40], ['1,275,000', 200, 'right'], ['15,000', 260, 'right'], ['59,082,426', 360, 'right']]),
    );
    // "Medical & Family" words overlap both number columns' gap.
    const header = row(100, [['Medical &', 150], ['Family', 196]]);
    expect(rivers([...header, ...data])).toHaveLength(3);
  });
});
