import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import type { PageSpec, TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of missed tables (issue 10, seventh pass; decision 013): a spreadsheet printed with its
// cells' own padding (Gnumeric through cairo) sets a column of right-aligned figures a word space
// before a left-aligned column of words, `179 horsebean` under `weight  feed`. Every body line was
// one phrase, so no line had two cells and the block was dropped as "too few rows". The header
// names both columns: its second name starts where every body line's word after a figure starts.

const SIZE = 11;
const FEEDS = ['horsebean', 'linseed', 'soybean', 'sunflower', 'meatmeal', 'casein'];
const WEIGHTS = [179, 160, 136, 227, 217, 168, 108, 124, 143, 140, 309, 229, 181, 141, 260, 203, 148, 169, 213, 257];

function sheet(header: boolean, headerX = 116): PageSpec {
  const texts: TextSpec[] = [];
  let y = 66;
  if (header) {
    texts.push({ text: 'weight', x: 55, y, size: SIZE }, { text: 'feed', x: headerX, y, size: SIZE });
    y += 15;
  }
  WEIGHTS.forEach((w, i) => {
    // Figures end on one edge a word space before the words' edge.
    texts.push({ text: String(w), x: 111, y, size: SIZE, align: 'right' }, { text: FEEDS[Math.floor(i / 4)]!, x: 116, y, size: SIZE });
    y += 15;
  });
  return { texts };
}

describe('unseen: a figure column set tight against a text column', () => {
  it('reads figures a word space before words, under a header naming both, as two columns', async () => {
    const tables = await tablesOfLayout(sheet(true));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows[0]).toEqual(['weight', 'feed']);
    expect(tables[0]!.rows.slice(1).map((r) => r.join('|'))).toEqual(WEIGHTS.map((w, i) => `${w}|${FEEDS[Math.floor(i / 4)]}`));
  });

  it('leaves the same lines without a header alone (a numbered list reads the same)', async () => {
    expect(await tablesOfLayout(sheet(false))).toHaveLength(0);
  });

  it('leaves the lines alone when their words do not start where the header names a column', async () => {
    expect(await tablesOfLayout(sheet(true, 160))).toHaveLength(0);
  });
});
