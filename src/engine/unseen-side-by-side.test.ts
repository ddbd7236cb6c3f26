import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import { paragraph, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A small table set beside the source code that made it (issue 10, sixth pass; decision 013), as
// package manuals set an example's output beside its input. The two sides keep baselines of their
// own, so their lines interleave and the rows step joined a table line to a code line: one table
// across both, its rows a mix. No line has words on both sides of the gutter between them, which a
// table's rows always do; each side is now read apart.

const TABLE = [
  ['Year', 'People', 'Miles', 'Boats'],
  ['1842', '999', '75', '13'],
  ['1923', '111', '54', '56'],
];
const CODE = ['\\begin{tabular}{@{} cccc @{}}', 'Year & People & Miles & Boats \\\\', '\\hline 1842 & 999 & 75 & 13 \\\\', '1923 & 111 & 54 & 56', '\\end{tabular}'];
const XS = [64, 98, 144, 180];

function example(code: boolean) {
  const texts: TextSpec[] = [];
  TABLE.forEach((row, i) => row.forEach((text, c) => texts.push({ text, x: XS[c]!, y: 272 + 12.5 * i, size: 9 })));
  if (code) CODE.forEach((text, i) => texts.push({ text, x: 312, y: 255 + 11.5 * i, size: 7.5, mono: true }));
  const after = paragraph('Features defined with this command override features specified before, which in turn override the defaults.', 64, 340, 440);
  return { texts: [...texts, ...after.texts] };
}

describe('unseen: a table beside its code', () => {
  it('reads the table apart from the code set beside it', async () => {
    const tables = await tablesOfLayout(example(true));
    expect(tables.map((t) => t.rows)).toEqual([TABLE]);
  });

  it('keeps one table whose rows cross a wide gap between its columns', async () => {
    const rows = [
      ['Cultivo', 'Hectáreas', 'Rendimiento', 'Precio'],
      ['Café', '3,5', '1.800', '9.000'],
      ['Plátano', '2,0', '12.000', '1.200'],
      ['Cacao', '1,5', '900', '8.500'],
    ];
    const texts = rows.flatMap((row, i) => row.map((text, c): TextSpec => ({ text, x: [64, 130, 330, 420][c]!, y: 272 + 12.5 * i, size: 9 })));
    expect((await tablesOfLayout({ texts })).map((t) => t.rows)).toEqual([rows]);
  });

  it('reads the same table alone the same way', async () => {
    expect((await tablesOfLayout(example(false))).map((t) => t.rows)).toEqual([TABLE]);
  });
});
