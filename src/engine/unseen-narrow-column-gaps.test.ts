import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, unruledTable, type ColumnSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of merged columns (issue 10, general tables, LibreOffice Writer; decision 018, fourth
// pass). Writer pads a cell by less than the gap pdf.js keeps apart (about 0.45 em), so a
// right-aligned figure and the left-aligned words of the next cell come as one text item
// (`45,8% Reparaciones`) and the engine places the words inside it by a sans face's widths. In
// Writer's default serif face (Liberation Serif, Times' metrics) the figures' estimated ends and
// the words' estimated starts then come out ragged by a point or so, and the band between the two
// columns that no word covers is narrower than a phrase river (`stream.minRiverEm`), though
// every line aligns on it. Such a band is now judged by alignment down to `stream.narrowRiverEm`.

const SIZE = 10;
/** Writer's padding between a right-aligned cell's text and the next cell's, in ems. */
const PADDING_EM = 0.45;

async function tablesOf(columns: ColumnSpec[], rows: string[][]) {
  const before = paragraph('La tabla siguiente resume los resultados del periodo analizado.', 60, 80, 460, { size: SIZE });
  const table = unruledTable(columns, rows, before.next + 20, { size: SIZE });
  const texts = [...before.texts, ...table.texts].map((t) => ({ ...t, serif: true }));
  const res = await extractRawTables(await makePdf([{ width: 595, height: 842, texts }]));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

describe('unseen: a figure column and a text column parted by less than a river', () => {
  it('parts right-aligned percentages from the words of the next column (serif face)', async () => {
    const rows = [
      ['Descripción', 'Vencimiento', 'Valor', 'Variación', 'Descripción 5'],
      ['Repuestos', '2020-12-06', '$ 9.270,22', '45,8%', 'Reparaciones y mantenimiento'],
      ['Fletes', '15/11/2025', '$ 72.018,89', '62,6%', 'Región norte'],
      ['Papelería', '12/12/2023', '$ 60.805,79', '53,8%', 'Laboratorio'],
      ['Fletes', '18/07/2025', '$ 5.732,43', '77,0%', 'Papelería'],
      ['Fletes (phase 2)', '2025-02-06', '$ 32.045,94', '59,4%', 'Bodega central'],
      ['Región norte', '27 ene 2022', '$ 7.409,32', '93,5%', 'Papelería (phase 2)'],
    ];
    const end = 340;
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 200, align: 'right' }, { x: 280, align: 'right' }, { x: end, align: 'right' }, { x: end + PADDING_EM * SIZE }];
    const tables = await tablesOf(columns, rows);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows);
  });

  it('parts right-aligned amounts from the words of the next column, header included', async () => {
    const rows = [
      ['Department', 'Price', 'Item', 'Margin', 'Revenue'],
      ['Laboratory', '$46,823.48', 'Field team', '69.4%', '$82,490.65'],
      ['Laboratory', '$31,670.94', 'Consulting fees', '79.7%', '$88,384.92'],
      ['Online sales', '$48,581.94', 'Warehouse', '31.6%', '$7,618.14'],
      ['Main store', '$27,210.73', 'Customer service', '50.1%', '$59,720.81'],
      ['Online sales', '$16,508.88', 'Training courses', '45.1%', '$323.07'],
      ['Main store', '$50,564.00', 'North region', '16.8%', '$32,400.20'],
    ];
    const end = 200;
    const columns: ColumnSpec[] = [{ x: 60 }, { x: end, align: 'right' }, { x: end + PADDING_EM * SIZE }, { x: 360, align: 'right' }, { x: 440, align: 'right' }];
    const tables = await tablesOf(columns, rows);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows);
  });
});
