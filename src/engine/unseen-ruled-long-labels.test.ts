import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, type LineSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of lost rows (issue 10's first class; decision 018): a table of two columns, long
// descriptions and dates, ruled between every row. A row whose description runs across most of the
// width was taken for a line of prose, which ended the table there; the rules above and below it
// say it is a row.

const SIZE = 10;
const ROWS = [
  ['Prodotto', 'Scadenza'],
  ['Assistenza clienti and related items Il confronto con il periodo precedente', '09/03/2020'],
  ['Magazzino', '16/11/2025'],
  ['Squadra esterna', '2025-08-14'],
  ['Trasporti', '09/08/2021'],
  ['Corsi di formazione I valori sono espressi in migliaia salvo diversa indicazione', '2026-03-28'],
  ['Cancelleria', '11/07/2020'],
  ['Assistenza clienti', '21/03/2021'],
];

function ruledRows(top: number): { texts: TextSpec[]; lines: LineSpec[]; next: number } {
  const texts: TextSpec[] = [];
  const lines: LineSpec[] = [];
  let y = top;
  for (const [label, date] of ROWS) {
    lines.push({ x0: 58, y0: y, x1: 542, y1: y, width: 0.75 });
    texts.push({ text: label!, x: 60, y: y + 15, size: SIZE }, { text: date!, x: 540, y: y + 15, size: SIZE, align: 'right' });
    y += 21;
  }
  lines.push({ x0: 58, y0: y, x1: 542, y1: y, width: 0.75 });
  return { texts, lines, next: y };
}

describe('unseen: a row with a long label between row rules', () => {
  it('keeps every row of a two-column table ruled between its rows', async () => {
    const text = 'La tabella seguente riassume i risultati del periodo considerato. La tabella seguente riassume i risultati del periodo considerato e il confronto con il periodo precedente.';
    const before = paragraph(text, 60, 80, 480, { size: SIZE });
    const table = ruledRows(before.next + 16);
    const after = paragraph(text, 60, table.next + 24, 480, { size: SIZE });
    const res = await extractRawTables(await makePdf([{ texts: [...before.texts, ...table.texts, ...after.texts], lines: table.lines }]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(ROWS);
  });
});
