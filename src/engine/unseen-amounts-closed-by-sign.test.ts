import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, unruledTable, type ColumnSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of joined rows (issue 10, general tables; decision 018, fourth pass). An amount closed
// by its sign (`75.552,61 €`, as French, Spanish, Portuguese and Italian print it) was no figure
// to the row builder, so a row whose only value is such an amount had no figure line: where rows
// are set at the font's leading (no padding, no wrapped cells) it read as a wrapped cell's next
// line and joined the row above (`Armazém Escritório sul — revised | … | 85.709,50 € 75.552,61 €`).

const SIZE = 10;

describe('unseen: a row whose only value is an amount closed by its sign', () => {
  it('keeps its own row where rows are set at the leading', async () => {
    const rows = [
      ['Produto', 'Margem', 'Horas', 'Receita'],
      ['Armazém', '19,2%', '777,89', '85.709,50 €'],
      ['Escritório sul — revised', '', '', '75.552,61 €'],
      ['Peças de reposição and related items', '37,5%', '529,3', '48.339,79 €'],
      ['Material de escritório', '63,6%', '', '34.778,32 €'],
      ['Total', '', '', '19.273,32 €'],
    ];
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 300, align: 'right' }, { x: 350, align: 'right' }, { x: 430, align: 'right' }];
    const before = paragraph('A tabela seguinte resume os resultados do período analisado.', 60, 80, 460, { size: SIZE });
    const table = unruledTable(columns, rows, before.next + 20, { size: SIZE, pitch: SIZE * 1.15 });
    const res = await extractRawTables(await makePdf([{ width: 595, height: 842, texts: [...before.texts, ...table.texts] }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(rows);
  });
});
