import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import { paragraph, type LineSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A table of expressions under a header of words (issue 10, sixth pass; decision 013): a booktabs
// table whose every body cell is written with `=`, `<` or `≤` (an option's syntax and what it
// means). Its cells hold formula signs as a displayed formula's do, so it was dropped as one. A
// header row naming each column in plain words says table: a formula or a listing has none.

const ROWS = [
  ['Input', 'Font size, s'],
  ['Size = X-', 's > X'],
  ['Size = -Y', 's < Y'],
  ['Size = X-Y', 'X < s < Y'],
  ['Size = X', 's = X'],
];

function booktabs(rows: string[][]): { texts: TextSpec[]; lines: LineSpec[] } {
  const texts: TextSpec[] = [];
  const lines: LineSpec[] = [{ x0: 260, y0: 200, x1: 400, y1: 200, width: 0.8 }];
  rows.forEach((row, i) => {
    const y = 214 + 13 * i + (i > 0 ? 4 : 0);
    texts.push({ text: row[0]!, x: 264, y, size: 9 }, { text: row[1]!, x: 334, y, size: 9 });
  });
  lines.push({ x0: 260, y0: 219, x1: 400, y1: 219, width: 0.5 });
  lines.push({ x0: 260, y0: 222 + 13 * rows.length, x1: 400, y1: 222 + 13 * rows.length, width: 0.8 });
  return { texts, lines };
}

describe('unseen: tables of expressions', () => {
  it('reads expressions under a header of words as a table', async () => {
    const intro = paragraph('Features introduced in this section may be used with any font, as the table shows.', 120, 150, 400);
    const table = booktabs(ROWS);
    const tables = await tablesOfLayout({ texts: [...intro.texts, ...table.texts], lines: table.lines });
    expect(tables.map((t) => t.rows)).toEqual([ROWS]);
  });

  it('the same expressions without their header stay no table', async () => {
    const table = booktabs(ROWS.slice(1));
    expect(await tablesOfLayout({ texts: table.texts })).toEqual([]);
  });
});
