import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import type { TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of wrong tables (issue 10, sixth pass left, seventh pass; decision 013): a contents page
// with no leaders and no section numbers (ConTeXt's: each title set flush right against its page
// number, a line of subsections in smaller type under some). The contents tests want leaders or
// section numbers, so it was read as tables. A column of small page numbers that never go back,
// with repeats or jumps (no running count), beside titles of words, under no header naming it, is
// a contents list; a schedule names its columns.

const SIZE = 10;
const ENTRIES: [string, number, string?][] = [
  ['Dependencies', 7, 'Plain TeX · LaTeX · ConTeXt'],
  ['Loading the Package', 8],
  ['Options', 8, 'Overview · Disabling · Enabling'],
  ['Presets', 14, 'default · strict · balanced'],
  ['Lua Interface', 15, 'Costs · Activation'],
  ['Compatibility', 17],
  ['Stability', 19],
  ['Short last lines', 19],
  ['Known Issues', 19],
  ['Contributions', 20],
];

function contents(header?: [string, string]): { texts: TextSpec[] } {
  const texts: TextSpec[] = [];
  let y = 100;
  if (header) {
    texts.push({ text: header[0], x: 300, y, size: SIZE, bold: true, align: 'right' }, { text: header[1], x: 312, y, size: SIZE, bold: true });
    y += 16;
  }
  for (const [title, page, sub] of ENTRIES) {
    texts.push({ text: title, x: 300, y, size: SIZE, align: 'right' }, { text: String(page), x: 312, y, size: SIZE });
    y += 14;
    if (sub) {
      texts.push({ text: sub, x: 300, y, size: SIZE - 2, align: 'right' });
      y += 12;
    }
    y += 4;
  }
  return { texts };
}

describe('unseen: a contents page with no leaders and no section numbers', () => {
  it('reads titles set flush against their page numbers as no table', async () => {
    expect(await tablesOfLayout(contents())).toHaveLength(0);
  });

  it('keeps a schedule whose header names the column of weeks', async () => {
    const tables = await tablesOfLayout(contents(['Task', 'Week']));
    expect(tables).toHaveLength(1);
  });
});
