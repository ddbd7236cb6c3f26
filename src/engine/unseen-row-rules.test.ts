import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, type LineSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of split tables (issue 10's first class; decision 018): a table ruled between every row
// and not between its columns, whose rows wrap. A line of words under a rule with values below it
// was taken for the header of a new table, and the table was fenced there: at the wrapped lines of
// a row (`de pesos | conceptos`, no figure on them) and at a row whose figure is empty. A header
// names every column of values; these lines leave the figure column empty.

const SIZE = 10;
const LEADING = 12;
const X = [60, 300, 530];

/** Rows of [label, second, figure]; a '\n' wraps a cell onto the row's next line. */
const ROWS = [
  ['Descripción', 'Área total', 'Unidades'],
  ['Ventas en línea', 'Región norte', '881'],
  ['Atención al cliente', 'Fletes revisados', '193'],
  ['Región norte revisada\nde pesos', 'Bodega central y otros\nconceptos', '8.266'],
  ['Laboratorio', 'Cursos de formación', '161.339'],
  ['Ventas en línea', 'Tienda principal', '28.328'],
  ['Honorarios de asesoría', 'Bodega central', ''],
  ['Oficina sur', 'Atención al cliente', '785'],
  ['Papelería', 'Repuestos', '341'],
  ['Total', '', '91.967'],
];

/** The table drawn with a rule over each row and under the last, none between the columns. */
function ruledRows(top: number): { texts: TextSpec[]; lines: LineSpec[]; next: number } {
  const texts: TextSpec[] = [];
  const lines: LineSpec[] = [];
  let y = top;
  for (const row of ROWS) {
    lines.push({ x0: X[0]! - 4, y0: y, x1: X[2]! + 4, y1: y, width: 0.75 });
    let count = 1;
    row.forEach((cell, c) => {
      const parts = cell.split('\n').filter(Boolean);
      count = Math.max(count, parts.length);
      parts.forEach((text, k) => texts.push({ text, x: X[c]!, y: y + 14 + k * LEADING, size: SIZE, ...(c === 2 ? { align: 'right' as const } : {}) }));
    });
    y += 14 + (count - 1) * LEADING + 7;
  }
  lines.push({ x0: X[0]! - 4, y0: y, x1: X[2]! + 4, y1: y, width: 0.75 });
  return { texts, lines, next: y };
}

describe('unseen: rules between rows only, rows wrapped', () => {
  it('reads one table, the wrapped lines joined into their row and the row with no figure kept', async () => {
    const text = 'El área financiera puede suministrar más detalles a quien los solicite. Las cifras se expresan en miles de pesos salvo indicación contraria.';
    const before = paragraph(text, 56, 80, 478, { size: SIZE });
    const table = ruledRows(before.next + 16);
    const after = paragraph(text, 56, table.next + 24, 478, { size: SIZE });
    const res = await extractRawTables(await makePdf([{ texts: [...before.texts, ...table.texts, ...after.texts], lines: table.lines }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(ROWS.map((row) => row.map((cell) => cell.replace('\n', ' '))));
  });
});
