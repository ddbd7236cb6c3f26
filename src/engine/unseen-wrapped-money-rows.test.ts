import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, textWidth, unruledTable, type ColumnSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// Classes of an eleventh batch of general tables (decision 013, eighth session, 2026-12-03), each seen on one
// producer and built here from its geometry alone:
// - a money column so narrow that every amount wraps at its sign (`$` over `49.255,15`, Writer):
//   where a row's label wraps too, its two lines fill every column, and the second was taken for
//   a row of its own (`items | 49.255,15 | 84.070,40`);
// - group labels a row pitch apart round a row (`Región norte` / `Fletes …` / `Repuestos`,
//   Chromium) taken for one label of three lines centred on the row's figures, though the table's
//   wrapped cells show a cell's lines sit closer;
// - a wrapped amount's last line and a wrapped label's sharing a line a word space apart
//   (`49.968,24 and related items`, Writer): the gap is the whole river between their columns.

const SIZE = 10;

async function tablesOf(columns: ColumnSpec[], rows: string[][], opts: { pitch?: number; leading?: number }) {
  const before = paragraph('La tabla siguiente resume los resultados del periodo analizado.', 60, 80, 460, { size: SIZE });
  const table = unruledTable(columns, rows, before.next + 24, { size: SIZE, ...opts });
  const res = await extractRawTables(await makePdf([{ width: 842, height: 595, texts: [...before.texts, ...table.texts] }]));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

const joined = (rows: string[][]): string[][] => rows.map((r) => r.map((c) => c.replace(/\n/g, ' ')));

describe('unseen: money cells wrapped at their sign', () => {
  it('keeps a row whose label and amounts all wrap as one row', async () => {
    const rows = [
      ['Concepto', 'Costo', 'Ingresos'],
      ['Papelería', '$\n56.375,87', '$\n68.114,93'],
      ['Tienda principal and related\nitems', '$\n49.255,15', '$\n84.070,40'],
      ['Atención al cliente', '$\n53.821,63', '$\n37.488,90'],
      ['Reparaciones', '$\n38.418,04', '$\n28.810,43'],
      ['Laboratorio', '$\n24.242,50', '$\n50.253,80'],
    ];
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 300, align: 'right' }, { x: 360, align: 'right' }];
    const tables = await tablesOf(columns, rows, { pitch: 2.2 * SIZE, leading: 1.16 * SIZE });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(joined(rows));
  });

  it('parts a wrapped amount from the wrapped label a word space after it', async () => {
    // Cells centred in their rows, as Writer sets them: the sign half a line over the row's
    // one-line cells, the amount half a line under; `\n\n` steps a whole line (two half lines).
    const centred = (text: string) => `\n${text}`;
    const rows = [
      ['Producto', 'Pedidos', 'Precio', 'Concepto', 'Unidades'],
      ...[
        ['Tienda principal', '225.764', '11.652,98', 'Equipo de campo', '403'],
        ['Laboratorio', '98.230', '35.975,33', 'Atención al cliente', '115.201'],
        ['Oficina sur', '110.671', '49.968,24', 'Reparaciones y mantenimiento\n\nand related items', '197.545'],
        ['Repuestos', '687', '78.410,90', 'Ventas en línea', '36'],
        ['Papelería', '551', '85.813,57', 'Fletes', '402'],
      ].map(([label, orders, amount, concept, units]) => [
        centred(label!),
        centred(orders!),
        `$\n\n${amount}`,
        concept!.includes('\n') ? concept! : centred(concept!),
        centred(units!),
      ]),
    ];
    const amountsEnd = 320;
    // Writer's padding: the amounts end 0.38 em before the next column's words start, under
    // one and a half word spaces (Helvetica's is 0.278 em).
    const textStart = amountsEnd + 0.38 * SIZE;
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 260, align: 'right' }, { x: amountsEnd, align: 'right' }, { x: textStart }, { x: textStart + textWidth('Reparaciones y mantenimiento', SIZE) + 70, align: 'right' }];
    const tables = await tablesOf(columns, rows, { pitch: 2.2 * SIZE, leading: 0.58 * SIZE });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows.map((r) => r.map((c) => c.trim().replace(/\n+/g, ' '))));
  });
});

describe('unseen: group labels a row pitch apart round a row', () => {
  it('are rows of their own where a wrapped cell shows a cell’s lines sit closer', async () => {
    const header = ['Categoría', 'Ingresos', 'Unidades', 'Descripción'];
    const rows = [
      ['Región norte', '', '', ''],
      ['Fletes and related items', '$ 33.120,31', '136', 'Equipo de campo'],
      ['Repuestos', '', '', ''],
      ['Reparaciones y\nmantenimiento', '$ 41.461,09', '180.415', 'Papelería'],
      ['Laboratorio', '$ 28.947,22', '121.179', 'Oficina sur'],
      ['Honorarios de asesoría', '', '', ''],
      ['Ventas en línea', '$ 16.069,06', '308', 'Reparaciones y mantenimiento and\nrelated items'],
      ['Región sur', '', '', ''],
      ['Bodega central', '$ 5.807,71', '25.493', 'Cursos de formación'],
      ['Repuestos', '', '', ''],
    ];
    const columns: ColumnSpec[] = [{ x: 62 }, { x: 265, align: 'right' }, { x: 320, align: 'right' }, { x: 330 }];
    const opts = { size: SIZE, pitch: 1.5 * SIZE, leading: 1.14 * SIZE };
    const before = paragraph('La tabla siguiente resume los resultados del periodo analizado.', 60, 80, 460, { size: SIZE });
    const top = unruledTable(columns, [header], before.next + 24, opts);
    // Chromium's rows: a row of one line every 1.5 em, the header's row a little taller, each
    // wrapped cell's lines 1.14 em apart, the row after a group a little lower.
    const body = unruledTable(columns, rows, top.next + 0.15 * SIZE, opts);
    const last = ['Atención al cliente', '$ 20.229,32', '98.707', 'Oficina sur'];
    const end = unruledTable(columns, [last], body.next + 0.1 * SIZE, opts);
    const texts = [...before.texts, ...top.texts, ...body.texts, ...end.texts];
    const res = await extractRawTables(await makePdf([{ width: 842, height: 595, texts }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(joined([header, ...rows, last]));
  });
});
