import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import type { TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A contents page set in two columns side by side (issue 10, sixth pass; decision 013), as LaTeX's
// two-column classes and multicol set it: each line holds an entry of each column, so the last
// cell of a row is only the right column's page and the contents test, which read the last cell,
// saw a table of two text columns and two number columns whenever the right column's entries wrap. Each column of page numbers now counts
// on its own: mostly entries led out with dots to it, the pages in order.

const LEFT = [
  ['2.1', 'Interlude: range lists', 47, true],
  ['2.2', 'Horizontal rules', 48, true],
  ['2.3', 'Vertical rules', 49, true],
  ['2.4', 'Drawing short rows', 51, true],
  ['3', 'Implementation', 58, false],
  ['3.1', 'Options handling', 58, true],
  ['3.2', 'Some useful registers', 59, true],
  ['3.3', 'A little display handling', 59, true],
] as const;
const RIGHT = [
  ['3.4', 'Setting the equation numbers by hand', 63, true],
  ['3.5', 'Numbering control for long displays', 64, true],
  ['3.6', 'Simple multiline equations and their tags', 65, true],
  ['3.7', 'Split equations over several lines', 66, true],
  ['3.8', 'Matrix handling in display maths', 68, true],
  ['A', 'The GNU General Public Licence itself', 74, false],
  ['A.1', 'Preamble of the licence text', 75, true],
  ['A.2', 'Terms and conditions for copying', 75, true],
] as const;

/** Entries of one column: the number and title in one run, led out with dots; long titles wrap. */
function column(entries: readonly (readonly [string, string, number, boolean])[], x: number, right: number): TextSpec[] {
  const texts: TextSpec[] = [];
  let y = 110;
  for (const [num, label, page, leaders] of entries) {
    const words = `${num} ${label}`.split(' ');
    const first = words.length > 4 ? words.slice(0, 3).join(' ') : undefined;
    if (first) {
      texts.push({ text: first, x, y, size: 9 });
      y += 12;
    }
    const rest = first ? words.slice(3).join(' ') : words.join(' ');
    const text = leaders ? `${rest} ${'. '.repeat(Math.max(3, Math.floor((right - x - 40 - rest.length * 4.6) / 5)))}`.trimEnd() : rest;
    texts.push({ text, x: first ? x + 12 : x, y, size: 9, bold: !leaders });
    texts.push({ text: String(page), x: right, y, size: 9, align: 'right', bold: !leaders });
    y += 12;
  }
  return texts;
}

describe('unseen: contents pages in columns', () => {
  it('a two-column contents page with dot leaders is no table', async () => {
    const texts = [...column(LEFT, 80, 280), ...column(RIGHT, 310, 515)];
    expect(await tablesOfLayout({ texts })).toEqual([]);
  });

  it('one column of the same entries stays no table either', async () => {
    expect(await tablesOfLayout({ texts: column([...LEFT, ...RIGHT], 80, 400) })).toEqual([]);
  });
});
