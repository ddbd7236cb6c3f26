import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import { paragraph } from '../../tests/fixtures/engine/make-pdf.ts';
import { ruledTable } from '../../tests/fixtures/engine/partial-rules.ts';

// A table with inside borders only (issue 10, fifth pass; decision 013): rules between its rows and
// between its columns, none round it, as XSL-FO renderers and word processors' "inner borders"
// style draw it. Its header and last row have no rule on their far side; a header over one row is
// one rule crossed by one column rule. Each test reads the drawn page through findPageTables.

const XS = [120, 330, 540];
const FILES = [
  ['File', 'Description'],
  ['exports', 'NFS filesystem access control list'],
  ['fstab', 'Static information about filesystems'],
  ['gateways', 'File which lists gateways for routed'],
];

function page(rows: string[][]) {
  const intro = paragraph('The following files, or symbolic links to files, must be in the directory named above.', 120, 90, 420);
  const table = ruledTable({ xs: XS, y: 120, rows, rules: 'inner', size: 10 });
  const after = paragraph('Each file listed above is specified in detail in separate subsections below this one.', 120, table.next + 30, 420);
  return { texts: [...intro.texts, ...table.texts, ...after.texts], lines: table.lines, rects: table.rects };
}

describe('unseen: inside borders only', () => {
  it('keeps the header and the last row, which no outer rule closes', async () => {
    const tables = await tablesOfLayout(page(FILES));
    expect(tables.map((t) => t.rows)).toEqual([FILES]);
    expect(tables[0]!.method).toBe('lattice');
  });

  it('reads a header over one row: one row rule crossed by one column rule', async () => {
    const rows = FILES.slice(0, 2);
    const tables = await tablesOfLayout(page(rows));
    expect(tables.map((t) => t.rows)).toEqual([rows]);
  });

  it('a rule crossed by a short stroke with no text beside it stays no table', async () => {
    const text = paragraph('A paragraph under a rule that a short mark crosses, as a figure might draw it.', 120, 90, 420).texts;
    const lines = [
      { x0: 120, y0: 140, x1: 540, y1: 140, width: 0.5 },
      { x0: 330, y0: 128, x1: 330, y1: 152, width: 0.5 },
    ];
    expect(await tablesOfLayout({ texts: text, lines })).toEqual([]);
  });
});
