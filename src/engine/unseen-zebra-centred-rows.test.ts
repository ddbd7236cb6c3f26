import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, type RectSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of split rows (issue 10, general tables; decision 018, third pass): zebra stripes
// without rules round rows whose label wraps over three or four lines, the row's figures vertically
// centred on the label's middle (LibreOffice Writer). Decision 012 joins a label wrapped over two
// lines; over more, each label line read as a row of its own. The stripes say where rows end:
// each filled band is a row, and so is each gap between two bands.

const SIZE = 10;
const LEADING = 11.7;
const PAD = 8;

const HEADER = ['Item', 'Categoría', 'Cantidad', 'Variación', 'Unidades'];
// Each label (and category) is given by its printed lines: rows of one to four lines.
const BODY: Array<[string[], string | string[], string, string, string]> = [
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

function zebraPage(): { texts: TextSpec[]; rects: RectSpec[] } {
  const before = paragraph('La tabla siguiente resume las cifras de la temporada por unidad.', 60, 80, 420, { size: SIZE });
  const texts: TextSpec[] = [...before.texts];
  const rects: RectSpec[] = [];
  // Every cell set vertically centred in its row, as the label's lines are.
  const cells = (values: Array<string | string[]>, y: number) => {
    const category = [values[0]!].flat();
    category.forEach((line, k) => texts.push({ text: line, x: 200, y: y + (k - (category.length - 1) / 2) * LEADING, size: SIZE }));
    texts.push({ text: values[1] as string, x: 330, y, size: SIZE, align: 'right' });
    texts.push({ text: values[2] as string, x: 390, y, size: SIZE, align: 'right' });
    texts.push({ text: values[3] as string, x: 460, y, size: SIZE, align: 'right' });
  };
  let top = before.next + 16;
  texts.push({ text: HEADER[0]!, x: 60, y: top + PAD + SIZE, size: SIZE, bold: true });
  HEADER.slice(1).forEach((h, k) => texts.push({ text: h, x: [200, 330, 390, 460][k]!, y: top + PAD + SIZE, size: SIZE, bold: true, ...(k > 0 ? { align: 'right' as const } : {}) }));
  top += LEADING + 2 * PAD;
  BODY.forEach(([label, ...values], r) => {
    const height = label.length * LEADING + 2 * PAD;
    if (r % 2 === 1) rects.push({ x: 56, y: top, w: 410, h: height, fill: [0.9, 0.9, 0.9] });
    label.forEach((line, k) => texts.push({ text: line, x: 60, y: top + PAD + SIZE + k * LEADING, size: SIZE }));
    cells(values, top + PAD + SIZE + ((label.length - 1) * LEADING) / 2);
    top += height;
  });
  return { texts, rects };
}

describe('unseen: zebra rows centred against a label wrapped over three or four lines', () => {
  it('reads each band, and each gap between bands, as one row', async () => {
    const res = await extractRawTables(await makePdf([zebraPage()]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual([HEADER, ...BODY.map(([label, ...values]) => [label.join(' '), ...values.map((v) => [v].flat().join(' '))])]);
  });
});
