import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, unruledTable, type ColumnSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of split columns (issue 10, general tables; decision 018, fourth pass). French (and
// much Spanish) typography sets a space before the percent sign (`23,8 %`). In a right-aligned
// column of such cells the figures end on one edge and the signs start on another, which the
// column test took for a figure column set tight before a text column: every percentage became
// two cells, `23,8` and `%`. A lone percent sign after a figure is the figure's, as a currency
// sign closing an amount is (`45,40 €`). (The header leaves the stub unnamed, so it is no body
// line whose words would cover the band.)

const SIZE = 9;

describe('unseen: a percent sign set a space after its figure', () => {
  it('keeps `23,8 %` in one cell of a right-aligned column', async () => {
    const rows = [
      ['', 'Libellé', 'Marge prévu', 'Coût prévu', 'Échéance'],
      ['Service client', 'Bureau sud', '23,8 %', '59.064,46 €', '18/11/2024'],
      ['Service client', 'Fournitures de bureau', '70,5 %', '29.845,74 €', '07/10/2026'],
      ['Entrepôt', 'Équipe terrain', '11,1 %', '65.664,39 €', '10 déc. 2026'],
      ['Réparations et entretien', 'Pièces détachées', '25,0 %', '72.072,53 €', '3 sept. 2019'],
      ['Réparations et entretien', 'Région nord (phase 2)', '11,8 %', '57.526,02 €', '19/07/2021'],
      ['Honoraires de conseil', 'Région nord', '78,0 %', '59.572,98 €', '20/11/2020'],
      ['Équipe terrain', 'Transport', '6,2 %', '63.544,24 €', '28 avr. 2020'],
    ];
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 180 }, { x: 330, align: 'right' }, { x: 420, align: 'right' }, { x: 440 }];
    const before = paragraph('Le tableau suivant résume les résultats de la période analysée.', 60, 80, 460, { size: SIZE });
    const table = unruledTable(columns, rows, before.next + 20, { size: SIZE });
    const res = await extractRawTables(await makePdf([{ width: 595, height: 842, texts: [...before.texts, ...table.texts] }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(rows);
  });
});
