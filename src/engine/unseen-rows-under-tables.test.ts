import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, unruledTable, type ColumnSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// Rows under a table's last row that no line of cells shows, from the batches of the eleventh
// session (decision 013, 2026-12-04; the other classes: unseen-codes-broken-and-justified-cells.test.ts),
// each seen on one producer and built here from its geometry alone:
// - a total's amount wrapped round its label (LibreOffice 6017-05: `20.528,96` / `Totale` / `€`):
//   the row was left out;
// - a section row the page ends under (Writer 26006: `Sanidad`, its rows on the next page): left
//   out, so the rows over the page took the section before it; also where rows padded apart wrap
//   at the leading (Chromium 6019-19: `Office supplies`, further than the leading);
// - a row of a label alone, then a total left blank (LibreOffice 6019-02: `Região norte —
//   revised`, `Total`): both left out.

const SIZE = 9;

async function tablesOf(texts: TextSpec[]) {
  const res = await extractRawTables(await makePdf([{ width: 595, height: 842, texts }]));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

const before = paragraph('Figures are shown in thousands unless stated otherwise, and rounded to the nearest unit.', 60, 80, 460, { size: SIZE });

describe('unseen: rows under a table', () => {
  it('keeps a last row whose amount wraps round its label', async () => {
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 250, align: 'right' }, { x: 330, align: 'right' }, { x: 370, align: 'right' }];
    const table = unruledTable(
      columns,
      [
        ['Prodotto', 'Scadenza', 'Ricavi', 'Ore'],
        ['Ufficio sud', '25 giu 2022', '59.740,42 €', '948,7'],
        ['Riparazioni e manutenzione', '2025-06-11', '10.473,26 €', '232,2'],
        ['Assistenza clienti', '2021-08-28', '60.867,78 €', '518,4'],
        ['Laboratorio', '04/05/2022', '72.327,84 €', '686,0'],
      ],
      before.next + 20,
      { size: SIZE, pitch: 12 },
    );
    // The total's amount broke before its sign; the label sits centred between the two lines.
    const y = table.next + 3;
    const total: TextSpec[] = [
      { text: '20.528,96', x: 330, y, size: SIZE, align: 'right' },
      { text: 'Totale', x: 60, y: y + 5.3, size: SIZE },
      { text: '€', x: 330, y: y + 10.6, size: SIZE, align: 'right' },
    ];
    const after = paragraph('La tabella seguente riassume i risultati del periodo considerato.', 60, y + 50, 460, { size: SIZE });
    const tables = await tablesOf([...before.texts, ...table.texts, ...total, ...after.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.at(-1)).toEqual(['Totale', '', '20.528,96 €', '']);
    expect(tables[0]!.rows).toHaveLength(6);
  });

  it('keeps a section row the page ends under, not a note under the total', async () => {
    const columns: ColumnSpec[] = [{ x: 36 }, { x: 140 }, { x: 204 }, { x: 343, align: 'right' }, { x: 426, align: 'right' }];
    const body = [
      ['Concepto', 'Tipo', 'Unidad', 'Cantidad', 'Unitario'],
      ['Alimentación', '', '', '', ''],
      ['Sal mineralizada 8%', 'Insumo', 'Bulto 40 kg', '25', '$ 135,000'],
      ['Melaza', 'Insumo', 'Caneca 250 kg', '5.6', '$ 340,000'],
      ['Ensilaje de maíz', 'Insumo', 't', '26', '$ 205,000'],
    ];
    // The page's last line: the section its rows go on under, over the page.
    const sectioned = unruledTable(columns, [...body, ['Sanidad', '', '', '', '']], 660, { size: 10, pitch: 16.1 });
    const [withSection] = await tablesOf([...before.texts, ...sectioned.texts]);
    expect(withSection!.rows.at(-1)).toEqual(['Sanidad', '', '', '', '']);
    const noted = unruledTable(columns, [...body, ['Total', '', '', '', '$ 680,000'], ['Nota: valores en pesos.', '', '', '', '']], 660, { size: 10, pitch: 16.1 });
    const [withNote] = await tablesOf([...before.texts, ...noted.texts]);
    expect(withNote!.rows.at(-1)![0]).toBe('Total');
  });

  it('keeps a section row the page ends under where rows are padded apart and wrap at the leading', async () => {
    const columns: ColumnSpec[] = [{ x: 62 }, { x: 160 }, { x: 220 }, { x: 330, align: 'right' }];
    const rows = [
      ['Item', 'Due date', 'Category', 'Staff'],
      ['Warehouse', '', '', ''],
      ['Main store', '06/08/2026', 'Field team\n(phase 2)', '23,281'],
      ['Training courses', '10 Jan 2019', 'Repairs and\nmaintenance', '162,977'],
      ['North region —\nrevised Figures\nare shown in\nthousands unless', '20/07/2020', 'Online sales\n— revised', '376'],
      ['Office supplies', '', '', ''],
    ];
    const table = unruledTable(columns, rows, 600, { size: 10, pitch: 15.8, leading: 11.25 });
    const [found] = await tablesOf([...before.texts, ...table.texts]);
    expect(found!.rows.at(-1)).toEqual(['Office supplies', '', '', '']);
  });

  it('keeps rows left blank up to a total left blank under the last row', async () => {
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 250, align: 'right' }];
    const rows = [
      ['Setor', 'Vencimento'],
      ['Região norte', ''],
      ['Equipe de campo (phase 2)', '15 fev 2023'],
      ['Região norte', '06/09/2021'],
      ['Atendimento ao cliente', '21 ago 2026'],
      ['Frete', '06/01/2019'],
      ['Armazém', '2020-01-27'],
      ['Região norte — revised', ''],
      ['Total', ''],
    ];
    const table = unruledTable(columns, rows, before.next + 20, { size: SIZE, pitch: 12 });
    const after = paragraph('A comparação com o período anterior é afetada pela mudança de método contábil descrita acima.', 60, table.next, 460, { size: SIZE });
    const tables = await tablesOf([...before.texts, ...table.texts, ...after.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows);
  });
});
