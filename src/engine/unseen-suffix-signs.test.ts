import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, textWidth, unruledTable } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of split cells (issue 10, general tables; decision 018): a currency sign written after
// its amount (`45,40 €`, the European habit) was read as the sign opening the next column's amount,
// so every money column lent its `€` to the cell on its right (`€ 19.325,23`) and, where the next
// column held figures, the two columns read as one.

const ROWS = [
  ['Produit', 'Recettes', 'Montant', 'Nombre', 'Prix'],
  ['Magasin principal', '70.161,77 €', '55.328,34 €', '554', '2.632,09 €'],
  ['Transport', '69.242,34 €', '16.811,17 €', '59.225', '26.301,23 €'],
  ['Bureau sud', '3.019,92 €', '45.729,71 €', '778', ''],
  ['Laboratoire', '5.995,91 €', '8.903,74 €', '116.781', '37.597,21 €'],
  ['Ventes en ligne', '40.017,23 €', '70.978,67 €', '15.358', ''],
  ['Service client', '66.011,02 €', '4.010,34 €', '156.403', '71.641,15 €'],
];

describe('unseen: currency signs after their amounts', () => {
  it.each([
    // tbl's column gap, and a word processor's tight cell padding (less than the phrase gap).
    ['1.5 em', 1.5],
    ['0.6 em', 0.6],
  ])('keeps `€` with the amount before it, in columns set %s apart', async (_, em) => {
    const size = 9;
    // Each right-aligned column ends `em` before the widest cell of the next one starts.
    const gap = em * size;
    const widest = (c: number) => Math.max(...ROWS.map((r) => textWidth(r[c]!, size)));
    const x1 = 60 + widest(0) + gap + widest(1);
    const x2 = x1 + gap + widest(2);
    const x3 = x2 + gap + widest(3);
    // The last column ends the line with its sign: nothing after it says whose sign it is.
    const x4 = x3 + gap + widest(4);
    const before = paragraph('Le tableau suivant résume les résultats de la période étudiée.', 60, 80, 460, { size });
    const table = unruledTable([{ x: 60 }, { x: x1, align: 'right' }, { x: x2, align: 'right' }, { x: x3, align: 'right' }, { x: x4, align: 'right' }], ROWS, before.next + 20, { size });
    const res = await extractRawTables(await makePdf([{ texts: [...before.texts, ...table.texts] }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(ROWS);
  });
});
