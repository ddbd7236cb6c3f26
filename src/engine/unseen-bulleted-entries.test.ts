import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import type { TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of wrong tables (issue 10, sixth pass left, seventh pass; decision 013): a résumé's
// entries, a heading in a left column, bulleted items beside it, a date or a year at the right
// margin, were read as tables: the dates make a column (of numbers, for years), so the list and
// marked-line tests, which want no column of numbers, passed them. Items opened by a bullet glyph
// are text whatever stands beside them; a minus or a dash before an amount is no bullet.

const SIZE = 9;

function entries(marker: string, right: string[], left = 'AWARDS'): { texts: TextSpec[] } {
  const items = ['Dean’s List, Science College', 'Undergraduate Researcher Award', 'Chess Tournament, First Prize', 'International Science Scholarship'];
  const texts: TextSpec[] = [{ text: 'Institute for Advanced Research, Science College', x: 140, y: 100, size: SIZE }];
  texts.push({ text: left, x: 50, y: 114, size: SIZE, bold: true });
  items.forEach((item, i) => {
    const y = 114 + i * 24;
    texts.push({ text: `${marker} ${item}`, x: 140, y, size: SIZE }, { text: right[i]!, x: 560, y, size: SIZE, align: 'right' });
    texts.push({ text: 'Awarded for work in the fields of lasers and climate change.', x: 150, y: y + 11, size: SIZE - 1 });
  });
  return { texts };
}

describe('unseen: bulleted entries with a date at the margin', () => {
  it('reads a résumé’s bulleted entries with years as no table', async () => {
    expect(await tablesOfLayout(entries('•', ['2002 – 2005', 'May 2005', 'Mar 2003', 'Dec 2001']))).toHaveLength(0);
  });

  it('reads them as no table with month ranges', async () => {
    expect(await tablesOfLayout(entries('•', ['Dec 2009 – Jul 2014', 'Nov 2008 – Jun 2009', 'Aug 2006 – Aug 2008', 'May 2002 – May 2005']))).toHaveLength(0);
  });

  it('keeps a table whose label cells open with a dash before amounts', async () => {
    const texts: TextSpec[] = [];
    const rows = [
      ['- Seed', '1.200.000'],
      ['- Fertiliser', '2.400.000'],
      ['- Labour', '3.100.000'],
      ['- Transport', '800.000'],
    ];
    texts.push({ text: 'Item', x: 100, y: 100, size: SIZE, bold: true }, { text: 'Value', x: 400, y: 100, size: SIZE, bold: true, align: 'right' });
    rows.forEach((r, i) => texts.push({ text: r[0]!, x: 100, y: 114 + i * 12, size: SIZE }, { text: r[1]!, x: 400, y: 114 + i * 12, size: SIZE, align: 'right' }));
    const tables = await tablesOfLayout({ texts });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toHaveLength(5);
  });
});
