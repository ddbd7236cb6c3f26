import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import type { LineSpec, PageSpec, TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of wrong tables (issue 10, sixth pass left, seventh pass; decision 013): two framed
// tables set one under the other under one caption (LaTeX's `\hline\hline` between them) were read
// as one grid: the vertical rules of both stop at the double rule's gap, as they do at a double
// rule inside one table. What parts them is the second table's own heading: under the double
// rule (its two rules snap to one) its header row names the same columns again, after its title.

const SIZE = 9;
const XS = [100, 200, 480];
const ROW = 16;
const FIRST = [
  ['l', 'Left aligned text'],
  ['c', 'Centred text'],
  ['r', 'Right aligned text'],
];
const SECOND = [
  ['|', 'A vertical rule'],
  ['@', 'Text instead of the space'],
  ['>', 'Text before the entry'],
];

interface Band {
  title?: string;
  header?: string[];
  rows: string[][];
}

/** Bands of ruled rows under one frame, a double rule (3 pt apart) between bands. */
function framed(bands: Band[]): PageSpec {
  const texts: TextSpec[] = [];
  const lines: LineSpec[] = [];
  let y = 100;
  for (const band of bands) {
    const top = y;
    lines.push({ x0: XS[0]!, y0: y, x1: XS[2]!, y1: y });
    const row = (cells: string[], bold = false) => {
      cells.forEach((t, i) => texts.push({ text: t, x: XS[i]! + 4, y: y + 12, size: SIZE, bold }));
      y += ROW;
      lines.push({ x0: XS[0]!, y0: y, x1: XS[2]!, y1: y });
    };
    if (band.title) {
      texts.push({ text: band.title, x: (XS[0]! + XS[2]!) / 2, y: y + 12, size: SIZE, bold: true, align: 'center' });
      y += ROW;
      lines.push({ x0: XS[0]!, y0: y, x1: XS[2]!, y1: y });
    }
    const titleEnd = band.title ? top + ROW : top;
    if (band.header) row(band.header, true);
    for (const r of band.rows) row(r);
    lines.push({ x0: XS[0]!, y0: top, x1: XS[0]!, y1: y }, { x0: XS[2]!, y0: top, x1: XS[2]!, y1: y });
    lines.push({ x0: XS[1]!, y0: titleEnd, x1: XS[1]!, y1: y });
    y += 3;
  }
  return { texts, lines };
}

describe('unseen: two framed tables stacked under one caption', () => {
  it('parts them where the header row comes back under a double rule, after its title', async () => {
    const tables = await tablesOfLayout(
      framed([
        { title: 'Column types', header: ['Name', 'Meaning'], rows: FIRST },
        { title: 'Other characters', header: ['Name', 'Meaning'], rows: SECOND },
      ]),
    );
    expect(tables).toHaveLength(2);
    expect(tables.map((t) => t.method)).toEqual(['lattice', 'lattice']);
    expect(tables[0]!.rows.map((r) => r[0])).toEqual(['Column types', 'Name', 'l', 'c', 'r']);
    expect(tables[1]!.rows.map((r) => r[0])).toEqual(['Other characters', 'Name', '|', '@', '>']);
    expect(tables[0]!.bbox.y1).toBeLessThanOrEqual(tables[1]!.bbox.y0);
  });

  it('parts them without titles too', async () => {
    const tables = await tablesOfLayout(
      framed([
        { header: ['Name', 'Meaning'], rows: FIRST },
        { header: ['Name', 'Meaning'], rows: SECOND },
      ]),
    );
    expect(tables.map((t) => t.rows.length)).toEqual([4, 4]);
  });

  it('keeps one table whose header sits over a double rule', async () => {
    const tables = await tablesOfLayout(framed([{ header: ['Name', 'Meaning'], rows: [] }, { rows: [...FIRST, ...SECOND] }]));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toHaveLength(7);
  });

  it('keeps one table whose sections open with a spanning row under a double rule', async () => {
    const tables = await tablesOfLayout(
      framed([
        { title: 'Column types', header: ['Name', 'Meaning'], rows: FIRST },
        { title: 'Other characters', rows: SECOND },
      ]),
    );
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toHaveLength(9);
  });

  it('keeps one grid of filler text whose rows come back', async () => {
    const filler = [
      ['Lorem', 'Ipsum'],
      ['Lorem', 'Ipsum'],
      ['Dolor', 'Sit'],
      ['Lorem', 'Ipsum'],
      ['Dolor', 'Sit'],
    ];
    const tables = await tablesOfLayout(framed([{ header: ['Lorem', 'Ipsum'], rows: filler }]));
    expect(tables.map((t) => t.rows.length)).toEqual([6]);
  });
});
