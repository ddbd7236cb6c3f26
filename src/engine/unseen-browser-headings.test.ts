import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';
import { makePdf, textWidth, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// Classes of a browser-printed credit application (issue 10, decision 017, third pass): headings
// and headers a web report sets so that the text finder cuts them at the wrong word gap.

const SIZE = 8;

/** Words of `text` from `x`, each its own text object, `gap` points apart (a browser's word space as it measures). */
function spaced(text: string, x: number, y: number, gap: number, opts: { size?: number; bold?: boolean } = {}): TextSpec[] {
  const size = opts.size ?? SIZE;
  const out: TextSpec[] = [];
  for (const word of text.split(' ')) {
    out.push({ text: word, x, y, size, ...(opts.bold ? { bold: true } : {}) });
    x += textWidth(word, size, opts.bold) + gap;
  }
  return out;
}

const right = (text: string, x: number, y: number): TextSpec => ({ text, x, y, size: SIZE, align: 'right' });

describe('unseen: a bold heading read as the first row of its table', () => {
  // The section title, bold and a point or two larger, has a word space wider than the finder's
  // phrase gap, so it was two cells over the table's columns (`EGRESOS | OPERACIONALES`); the
  // table then had no title above it and the cash flow was lost whole.
  it('is the title the table is classified by', async () => {
    const texts: TextSpec[] = [...spaced('EGRESOS OPERACIONALES', 40, 80, 8, { size: 10, bold: true })];
    const columns = [190, 270, 350];
    const rows = [
      ['Costos directos', '$ 39.703.000', '$ 41.190.000', '$ 80.893.000'],
      ['Costos indirectos', '$ 2.409.605', '$ 2.500.000', '$ 4.909.605'],
      ['Pago de intereses', '$ 12.385.746', '$ 12.041.698', '$ 24.427.444'],
    ];
    texts.push(...spaced('Concepto', 40, 95, 4, { bold: true }));
    ['Año 1', 'Año 2', 'Total'].forEach((h, i) => texts.push({ ...right(h, columns[i]!, 95), bold: true }));
    rows.forEach((row, r) => {
      const y = 110 + 15 * r;
      texts.push(...spaced(row[0]!, 40, y, 2.4));
      row.slice(1).forEach((v, i) => texts.push(right(v, columns[i]!, y)));
    });
    const result = await extractPdf(await makePdf([{ texts }]));
    expect(rowsByTable(result).EgresosOperacionales).toEqual([
      { concepto: 'Costos directos', periodo: 'Año 1', valor: 39703000 },
      { concepto: 'Costos directos', periodo: 'Año 2', valor: 41190000 },
      { concepto: 'Costos indirectos', periodo: 'Año 1', valor: 2409605 },
      { concepto: 'Costos indirectos', periodo: 'Año 2', valor: 2500000 },
      { concepto: 'Pago de intereses', periodo: 'Año 1', valor: 12385746 },
      { concepto: 'Pago de intereses', periodo: 'Año 2', valor: 12041698 },
    ]);
  });
});

describe('unseen: a header wider than its figures cut at the wrong word gap', () => {
  // `Precio unitario`, centred over `$ 5.400` and wider than it, starts where the quantities end,
  // a word space after `Cantidad`: the finder read `Cantidad Precio | unitario` and the quantity
  // column, left without a header, was dropped. Cut where both halves name a column, it is kept.
  it('keeps the quantity column under its own header', async () => {
    const texts: TextSpec[] = [...spaced('INGRESOS DE LA ACTIVIDAD', 40, 80, 3, { size: 9, bold: true })];
    // Quantities end at 200; the price header starts about there, a word space after `Cantidad`,
    // and ends where its figures end: read as `Cantidad Precio | unitario`.
    const price = 199.8 + textWidth('Precio', SIZE) + 4.5 + textWidth('unitario', SIZE);
    texts.push(
      ...spaced('Producto', 40, 95, 3),
      ...spaced('Unidad', 110, 95, 3),
      ...spaced('Cantidad', 199.8 - 4.5 - textWidth('Cantidad', SIZE), 95, 3),
      ...spaced('Precio unitario', 199.8, 95, 4.5),
      ...spaced('Valor total', 340 - textWidth('Valor total', SIZE) - 3, 95, 3),
      ...spaced('Periodo', 350, 95, 3),
    );
    const rows = [
      ['Frijol seco', 'kg', '16.730', '$ 5.400', '$ 90.342.000', 'Año 1'],
      ['Frijol seco', 'kg', '16.050', '$ 5.590', '$ 89.719.500', 'Año 2'],
      ['Maíz amarillo', 'kg', '32.390', '$ 1.190', '$ 38.544.100', 'Año 1'],
      ['Maíz amarillo', 'kg', '33.290', '$ 1.230', '$ 40.946.700', 'Año 2'],
    ];
    rows.forEach((row, r) => {
      const y = 110 + 14 * r;
      texts.push(...spaced(row[0]!, 40, y, 2.4), ...spaced(row[1]!, 110, y, 2.4), right(row[2]!, 200, y), right(row[3]!, price, y), right(row[4]!, 340, y));
      texts.push(...spaced(row[5]!, 350, y, 2.4));
    });
    const result = await extractPdf(await makePdf([{ texts }]));
    expect(rowsByTable(result).IngresosActividad?.map((r) => [r.actividad, r.cantidad, r.precio_unitario])).toEqual([
      ['Frijol seco', 16730, 5400],
      ['Frijol seco', 16050, 5590],
      ['Maíz amarillo', 32390, 1190],
      ['Maíz amarillo', 33290, 1230],
    ]);
  });
});
