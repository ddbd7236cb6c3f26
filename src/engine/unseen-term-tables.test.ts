import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import { paragraph, type LineSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A ruled table of terms and their meanings (issue 10, sixth pass; decision 013): two columns, a
// short term in each left cell, a paragraph in each right cell. Its cells average many words, as
// a frame round two columns of prose does, so it was left to the stream finder as prose and lost.
// A column of short terms beside the paragraphs says table; two columns of paragraphs say prose.

const TERMS = ['\\tabstyle', '\\extrarowheight', '\\tabcolsep', '\\arrayrulewidth'];
const MEANING =
  'A length or command that changes how every table of the document is set, given here with its default value and the environments it applies to, which may differ.';

function ruledPairs(left: (i: number) => string, right: (i: number) => string) {
  const texts: TextSpec[] = [];
  const lines: LineSpec[] = [];
  const xs = [100, 200, 500];
  let y = 120;
  lines.push({ x0: xs[0]!, y0: y, x1: xs[2]!, y1: y });
  for (let i = 0; i < TERMS.length; i++) {
    const l = paragraph(left(i), xs[0]! + 4, y + 12, 92, { size: 9 });
    const r = paragraph(right(i), xs[1]! + 4, y + 12, 292, { size: 9 });
    texts.push(...l.texts, ...r.texts);
    y = Math.max(l.next, r.next) + 2;
    lines.push({ x0: xs[0]!, y0: y, x1: xs[2]!, y1: y });
  }
  for (const x of xs) lines.push({ x0: x, y0: 120, x1: x, y1: y });
  return { texts, lines };
}

describe('unseen: ruled tables of terms and meanings', () => {
  it('reads short terms beside paragraphs in a ruled grid as a table', async () => {
    const tables = await tablesOfLayout(ruledPairs((i) => TERMS[i]!, () => MEANING));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.method).toBe('lattice');
    expect(tables[0]!.rows.map((r) => r[0])).toEqual(TERMS);
  });

  it('leaves a ruled frame round two columns of paragraphs to the text finder', async () => {
    const tables = await tablesOfLayout(ruledPairs(() => MEANING, () => MEANING));
    expect(tables.filter((t) => t.method === 'lattice')).toEqual([]);
  });
});
