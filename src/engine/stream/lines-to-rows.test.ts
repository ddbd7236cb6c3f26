import { describe, expect, it } from 'vitest';
import { chunksToLines } from '../text/chunks-to-lines.ts';
import { linesToRivers } from './lines-to-columns.ts';
import { linesToRows } from './lines-to-rows.ts';
import { lineToCells } from './line-cells.ts';
import { cellText } from './cell-text.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { cell, row } from './test-page.ts';
import type { TextChunk } from '../types.ts';

const s = DEFAULT_SETTINGS.stream;
const lineSettings = DEFAULT_SETTINGS.lines;

function table(chunks: TextChunk[]): string[][] {
  const lines = chunksToLines(chunks, lineSettings);
  const rivers = linesToRivers(lines, s);
  return linesToRows(lines, rivers, s).map((r) => r.cells.map((c) => cellText(c, r.lines)));
}

describe('linesToRows', () => {
  it('joins a header set over two tight lines and keeps a section title its own row', () => {
    const rows = table([
      ...row(100, [['Insumo', 50], ['Fecha', 200], ['Valor', 300]]),
      ...row(108, [['siembra', 200], ['unitario', 300]]),
      ...row(122, [['1. PREPARACIÓN DEL SUELO', 50]]),
      ...row(136, [['Arada', 50], ['01/02/2025', 200], ['120.000', 340, 'right']]),
      ...row(150, [['Rastrillada', 50], ['03/02/2025', 200], ['90.000', 340, 'right']]),
      ...row(164, [['Encalado', 50], ['05/02/2025', 200], ['69.000', 340, 'right']]),
    ]);
    expect(rows[0]).toEqual(['Insumo', 'Fecha siembra', 'Valor unitario']);
    expect(rows[1]).toEqual(['1. PREPARACIÓN DEL SUELO', '', '']);
    expect(rows).toHaveLength(5);
  });

  it('joins a wrapped cell line to the row it continues', () => {
    const rows = table([
      ...row(100, [['Razón social:', 50], ['Asociación de Productores de', 150], ['NIT:', 350], ['840.160.469-4', 400]]),
      ...row(109, [['Café Alto Sur', 150]]),
      ...row(124, [['Departamento:', 50], ['Magdalena', 150], ['Vereda:', 350], ['Siberia', 400]]),
      ...row(139, [['Predio:', 50], ['El Diamante', 150], ['Sucursal:', 350], ['Ciénaga', 400]]),
    ]);
    expect(rows[0]![1]).toBe('Asociación de Productores de Café Alto Sur');
    expect(rows).toHaveLength(3);
  });
});

/** Words set evenly from x0 to x1, as a justified line stretches its spaces. */
function spread(text: string, x0: number, x1: number, y: number, size = 10): TextChunk[] {
  const parts = text.split(' ');
  const widths = parts.map((p) => p.length * 0.5 * size);
  const gap = (x1 - x0 - widths.reduce((a, b) => a + b, 0)) / (parts.length - 1);
  let x = x0;
  return parts.map((p, i) => {
    const w = { text: p, x0: x, x1: x + widths[i]!, y0: y, y1: y + size, size, upright: true };
    x += widths[i]! + gap;
    return w;
  });
}

describe('linesToRows: rows set as tight as lines (troff)', () => {
  it('joins the lines under a justified or hyphenated line to its cell, whatever letter they start with; a group label stays', () => {
    const rows = table([
      ...row(100, [['Item', 50], ['Orders', 260, 'right'], ['Score', 340, 'right']]),
      ...row(114, [['Office supplies', 50], ['708', 260, 'right'], ['9.96', 340, 'right']]),
      ...spread('Laboratory — revised', 50, 156, 128),
      ...row(128, [['102,848', 260, 'right'], ['348.87', 340, 'right']]),
      ...row(142, [['Further details on avail-', 50]]),
      ...row(156, [['able from the finance', 50]]),
      ...row(170, [['Main store', 50]]),
      ...row(184, [['North region', 50], ['115', 260, 'right'], ['718.5', 340, 'right']]),
      ...spread('Repairs and maintenance', 50, 171, 198),
      ...row(198, [['529', 260, 'right']]),
      ...spread('— revised Figures as', 50, 166, 212),
      ...row(226, [['shown in', 50]]),
      ...row(240, [['Consulting fees', 50], ['52', 260, 'right'], ['56.8', 340, 'right']]),
    ]);
    expect(rows.map((r) => r[0])).toEqual([
      'Item',
      'Office supplies',
      'Laboratory — revised Further details on avail- able from the finance',
      'Main store',
      'North region',
      'Repairs and maintenance — revised Figures as shown in',
      'Consulting fees',
    ]);
  });
});

describe('lineToCells', () => {
  it('puts a header spanning two columns at the leftmost one', () => {
    const lines = chunksToLines(
      [
        ...row(100, [['Especie', 50], ['VALOR TOTAL', 190]]),
        ...[115, 130, 145].flatMap((y) => row(y, [['Bovino', 50], ['2.300.000', 240, 'right'], ['6.900.000', 320, 'right']])),
      ],
      lineSettings,
    );
    const rivers = linesToRivers(lines, s);
    const cells = lineToCells(lines[0]!, rivers).map((c) => c.map((w) => w.text).join(' '));
    expect(cells).toEqual(['Especie', 'VALOR TOTAL', '']);
  });

  it('cuts a label that runs into the value column at the gap that best fits the river', () => {
    const lines = chunksToLines(
      [
        ...row(100, [['Plazo (meses):', 50], ['96', 170]]),
        ...row(115, [['Gracia (meses):', 50], ['24 meses', 170]]),
        ...row(130, [['Tasa de interés:', 50], ['13,7% E.A.', 170]]),
      ],
      lineSettings,
    );
    const rivers = linesToRivers(lines, s);
    // The label overflows into the value column with only a word space before the value.
    const long = chunksToLines(row(145, [['Periodicidad de pago: Semestral', 60]]), lineSettings)[0]!;
    // A single-phrase line is a title, never cut; as part of a two-phrase line it is cut.
    expect(lineToCells(long, rivers).filter((c) => c.length > 0)).toHaveLength(1);
    const kv = chunksToLines(row(145, [['Periodicidad de pago: Semestral', 60], ['Mensual', 400]]), lineSettings)[0]!;
    const cells = lineToCells(kv, rivers).map((c) => c.map((w) => w.text).join(' '));
    expect(cells[0]).toBe('Periodicidad de pago:');
    expect(cells[1]).toMatch(/^Semestral/);
  });

  it('cuts a line that is one phrase where a figure opens it a wider space before words (a narrow figure column set tight)', () => {
    const lines = chunksToLines(
      [
        ...row(100, [['Producto', 50], ['Nota', 200], ['Item', 240]]),
        ...row(115, [['Arroz', 50], ['249,0', 225, 'right'], ['Región norte', 240]]),
        ...row(130, [['Maíz', 50], ['72,44', 225, 'right'], ['Loja principal', 240]]),
        ...row(145, [['Café', 50], ['1,55', 225, 'right'], ['Fletes', 240]]),
      ],
      lineSettings,
    );
    const rivers = linesToRivers(lines, s);
    // `200,5` ends at the column's edge, seven points before the next cell's words, which are set
    // a common face's space apart (2.8 points: the test page's own spaces are half an em).
    let x = 232;
    const text = 'Atención al cliente y'.split(' ').map((t) => {
      const w = { text: t, x0: x, x1: x + 5 * t.length, y0: 160, y1: 170, size: 10, upright: true };
      x = w.x1 + 2.8;
      return w;
    });
    const words = [...cell('200,5', 225, 160, { align: 'right' }), ...text];
    const [line] = chunksToLines(words, lineSettings);
    expect(lineToCells(line!, rivers).map((c) => c.map((w) => w.text).join(' '))).toEqual(['', '200,5', 'Atención al cliente y']);
  });
});

describe('linesToRows with row rules', () => {
  it('makes every line between two rules one row when rules separate the rows', () => {
    const lines = chunksToLines(
      [
        ...row(100, [['Cat', 50], ['Says', 200], ['Meow', 300]]),
        ...row(130, [['Parastratios', 50], ['Says', 200], ['bzzz', 300]]),
        ...row(142, [['phecomyioides', 50]]),
        ...row(170, [['Fox', 50], ['Says', 200], ['Ring-', 300]]),
        ...row(182, [['dingdingding', 300]]),
        ...row(194, [['ding', 300]]),
      ],
      lineSettings,
    );
    const rivers = linesToRivers(lines, s);
    const rows = linesToRows(lines, rivers, s, { rules: [95, 120, 160, 210], bands: [] }).map((r) => r.cells.map((c) => cellText(c, r.lines)));
    expect(rows).toEqual([
      ['Cat', 'Says', 'Meow'],
      ['Parastratios phecomyioides', 'Says', 'bzzz'],
      ['Fox', 'Says', 'Ring- dingdingding ding'],
    ]);
  });

  it('never joins a wrapped line across a rule', () => {
    const lines = chunksToLines(
      [
        ...row(100, [['Concepto', 50], ['Valor', 200]]),
        ...row(108, [['Total', 50]]),
        ...row(125, [['Insumos', 50], ['1.000', 200]]),
        ...row(140, [['Fletes', 50], ['2.000', 200]]),
      ],
      lineSettings,
    );
    const rivers = linesToRivers(lines, s);
    expect(linesToRows(lines, rivers, s, { rules: [106], bands: [] }).map((r) => r.lines.length)).toEqual([1, 1, 1, 1]);
    expect(linesToRows(lines, rivers, s).map((r) => r.lines.length)).toEqual([2, 1, 1]);
  });
});

describe('linesToRows with shaded bands', () => {
  it('joins the lines inside one band and nothing across a band edge', () => {
    const lines = chunksToLines(
      [
        ...row(100, [['Concepto', 50], ['Valor', 200]]),
        ...row(115, [['1. SIEMBRA', 50]]),
        ...row(130, [['Semilla', 50], ['1.000', 200]]),
        ...row(139, [['certificada', 50]]),
        ...row(160, [['Abono', 50], ['2.000', 200]]),
      ],
      lineSettings,
    );
    const rivers = linesToRivers(lines, s);
    const rows = linesToRows(lines, rivers, s, { rules: [], bands: [{ y0: 128, y1: 152 }] });
    expect(rows.map((r) => r.cells.map((c) => cellText(c, r.lines)))).toEqual([
      ['Concepto', 'Valor'],
      ['1. SIEMBRA', ''],
      ['Semilla certificada', '1.000'],
      ['Abono', '2.000'],
    ]);
  });
});
