import { describe, expect, it } from 'vitest';
import { textWidth, type TextSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';

// Class: two text columns a word space apart (issue 10, decision 017 third pass: a browser-printed
// livestock table, `Aves de postura Lohmann Brown Pollita de levante` under `Especie | Raza |
// Clase`). A browser with tight cell padding prints the three cells of a row as one run of text,
// so the words' positions are shares of the run, the same values repeat down the columns and no
// band of whitespace runs through every row: the three columns were one, and the table lost its
// species, breed and category. The header, three cells phrases apart over that one column, parts
// them; a header of one phrase over a text column leaves the column whole.

const SIZE = 8;

const ROWS = [
  ['Poultry layers', 'Lohmann Brown', 'Pullet in rearing', '1830', '14,000'],
  ['Poultry layers', 'Lohmann Brown', 'Laying hen', '2433', '31,000'],
  ['Poultry layers', 'Lohmann Brown', 'Laying hen', '651', '24,500'],
  ['Poultry layers', 'Lohmann Brown', 'Pullet in rearing', '1259', '12,500'],
];

function layout(header: string[]): TextSpec[] {
  const width = (c: number) => Math.max(...ROWS.map((r) => textWidth(r[c]!, SIZE)));
  const space = textWidth(' ', SIZE);
  // Text cells a word space apart; each header centred over its cell.
  const lefts = [40];
  for (let c = 1; c < 3; c++) lefts.push(lefts[c - 1]! + width(c - 1) + space);
  const centres = [0, 1, 2].map((c) => lefts[c]! + width(c) / 2);
  const texts: TextSpec[] = header.slice(0, 3).map((text, c) => ({ text, x: centres[c]!, y: 100, size: SIZE, align: 'center', bold: true }));
  texts.push({ text: header[3]!, x: 300, y: 100, size: SIZE, align: 'right', bold: true }, { text: header[4]!, x: 360, y: 100, size: SIZE, align: 'right', bold: true });
  ROWS.forEach((row, r) => {
    const y = 114 + 13 * r;
    // One run for the three text cells, as the browser prints it: the gaps are spaces in it.
    texts.push({ text: `${row[0]} ${row[1]} ${row[2]}`, x: 40, y, size: SIZE });
    texts.push({ text: row[3]!, x: 300, y, size: SIZE, align: 'right' }, { text: row[4]!, x: 360, y, size: SIZE, align: 'right' });
  });
  return texts;
}

describe('two text columns a word space apart', () => {
  it('are parted where the header cells part', async () => {
    const tables = await tablesOfLayout({ texts: layout(['Species', 'Breed', 'Category', 'Head', 'Value']) });
    const table = tables.find((t) => t.rows.some((row) => row.includes('1830')));
    expect(table?.rows.slice(-ROWS.length)).toEqual(ROWS);
  });

  it('stay one column under a header of one phrase', async () => {
    const tables = await tablesOfLayout({ texts: layout(['Description', '', '', 'Head', 'Value']).filter((t) => t.text !== '') });
    const table = tables.find((t) => t.rows.some((row) => row.includes('1830')));
    expect(table?.rows.slice(-ROWS.length).map((row) => row[0])).toEqual(ROWS.map((row) => `${row[0]} ${row[1]} ${row[2]}`));
  });
});
