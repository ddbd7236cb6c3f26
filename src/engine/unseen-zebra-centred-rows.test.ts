import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, type RectSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';
import { centredRowsPage, rowsAsRead, type CentredRow } from '../../tests/fixtures/engine/centred-rows.ts';

// A class of split rows (issue 10, general tables; decision 018, third pass): zebra stripes
// without rules round rows whose label wraps over three or four lines, the row's figures
// vertically centred on the label's middle (LibreOffice Writer). Decision 012 joins a label
// wrapped over two lines; over more, each label line read as a row of its own. The stripes say
// where rows end: each filled band is a row, and so is each gap between two bands.

const HEADER = ['Item', 'Categoría', 'Cantidad', 'Variación', 'Unidades'];
// Each label (and category) is given by its printed lines: rows of one to four lines.
const BODY: CentredRow[] = [
  [['Tienda principal'], ['Reparaciones y', 'mantenimiento'], '534', '10,3%', '600'],
  [['Laboratorio'], ['Equipo de', 'campo'], '478', '58,1%', '280'],
  [['Fletes'], ['Cursos de', 'formación', '(fase 2)'], '85.337', '75,6%', '685'],
  [['Material de', 'oficina y otros', 'conceptos'], ['Atención al', 'cliente —', 'revisado'], '30.645', '26,3%', '757'],
  [['Cursos de', 'formación y otros', 'conceptos'], 'Oficina sur', '90.064', '50,4%', '192.416'],
  [['Oficina sur', '(fase 2) Los', 'valores están en', 'miles'], 'Ventas en línea', '13.457', '36,5%', '132'],
  [['Laboratorio A', 'tabla que resume', 'los resultados', 'del año'], ['Honorarios de', 'consultoría'], '315', '67,3%', '15.985'],
  [['Equipo de', 'campo y otros', 'conceptos'], 'Oficina sur', '720', '12,4%', '119.455'],
  [['Material de', 'oficina'], ['Material de', 'oficina'], '86.710', '61,4%', '745'],
  [['Región norte'], ['Atención al', 'cliente'], '154.025', '42,9%', '374'],
];

describe('unseen: zebra rows centred against a label wrapped over three or four lines', () => {
  it('reads each band, and each gap between bands, as one row', async () => {
    const page = centredRowsPage(HEADER, BODY, { size: 10, leading: 11.7, pad: 8, stripes: true });
    const res = await extractRawTables(await makePdf([page]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(rowsAsRead(HEADER, BODY));
  });

  it('keeps rows of their own set between two stripes apart (a group label among them)', async () => {
    // One-line rows 15 pt tall, every second one filled, but three rows (a group label among
    // them) between two stripes; and one row whose label wraps over two lines, its value centred.
    const size = 9;
    const rows: Array<[string[], string, boolean]> = [
      [['Assistenza clienti'], '', true],
      [['Magazzino'], '416,67', false],
      [['Laboratorio'], '-34,16', true],
      [['Trasporti'], '674,33', false],
      [['Consulenze'], '56,5', true],
      [['Magazzino'], '749,1', false],
      [['Ricambi'], '', false],
      [['Consulenze'], '400,38', false],
      [['Laboratorio'], '-91,8', true],
      [['Magazzino'], '277,32', false],
      [['Corsi di formazione and', 'related items'], '869,1', true],
      [['Ufficio sud'], '560,56', false],
      [['Trasporti'], '564,64', true],
    ];
    const texts: TextSpec[] = [
      { text: 'Prodotto', x: 60, y: 110, size, bold: true },
      { text: 'Ore', x: 265, y: 110, size, bold: true, align: 'right' },
    ];
    const rects: RectSpec[] = [];
    let top = 117.8;
    for (const [label, value, filled] of rows) {
      const height = 15 + (label.length - 1) * 10.35;
      if (filled) rects.push({ x: 56.7, y: top, w: 213.45, h: height - 0.05, fill: [0.9, 0.9, 0.9] });
      const first = top + 3 + size;
      label.forEach((line, k) => texts.push({ text: line, x: 59.1, y: first + k * 10.35, size }));
      if (value) texts.push({ text: value, x: 268, y: first + ((label.length - 1) * 10.35) / 2, size, align: 'right' });
      top += height;
    }
    const res = await extractRawTables(await makePdf([{ texts, rects }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual([['Prodotto', 'Ore'], ...rows.map(([label, value]) => [label.join(' '), value])]);
  });
});
