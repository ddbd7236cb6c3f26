import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, unruledTable } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of lost rows (issue 10, general tables; decision 018): a row whose first cell is a long
// description (eight words across most of the text width) was taken for a line of prose, which
// ended the table there; the rows under it were dropped as too few for a table of their own.

const ROWS = [
  ['Área', 'Horas', 'Costo'],
  ['Laboratorio', '167,8', '$ 39.589,49'],
  ['Honorarios de asesoría', '918,5', '$ 4.903,05'],
  ['Atención al cliente y la comparación con el periodo anterior de la sede', '163,3', '$ 39.352,21'],
  ['Repuestos', '595,11', '$ 24.555,10'],
  ['Papelería', '12,5', '$ 1.250,00'],
];

describe('unseen: a row with a long label', () => {
  it('keeps the row and the rows under it in the table, between paragraphs of the same width', async () => {
    const size = 10;
    const text = 'El área financiera puede suministrar más detalles a quien los solicite. Las cifras se expresan en miles de pesos salvo indicación contraria.';
    const before = paragraph(text, 60, 80, 470, { size });
    const table = unruledTable([{ x: 60 }, { x: 440, align: 'right' }, { x: 530, align: 'right' }], ROWS, before.next + 20, { size });
    const after = paragraph(text, 60, table.next + 20, 470, { size });
    const res = await extractRawTables(await makePdf([{ texts: [...before.texts, ...table.texts, ...after.texts] }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(ROWS);
  });
});
