import { describe, expect, it } from 'vitest';
import { textWidth, type PageSpec, type TextSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';

// Class: columns of figures a word space apart (issue 10, decision 017 third pass: a browser-printed
// yearly summary with tight cell padding, `2026 14.574.360 20.043.555 ...`). Every column right-
// aligned and every amount of one width, so neither edge of the gap between two columns is ragged
// and it read as a word space: the year and the capital were one cell, and rows whose amounts all
// sat a word space apart were one phrase, kept whole in the first column. A header whose words
// stand either side of the gap parts the columns; a number printed in groups (`310 555 1234`)
// with no header to part it stays one cell.

const SIZE = 9;
const SPACE = 2.5;

const SUMMARY: string[][] = [
  ['2025', '7,287,180', '16,373,608', '23,660,788', '134,812,820'],
  ['2026', '14,574,360', '20,043,555', '34,617,915', '120,238,460'],
  ['2027', '14,574,360', '17,785,125', '32,359,485', '105,664,100'],
  ['2028', '14,574,360', '15,526,696', '30,101,056', '91,089,740'],
  ['2029', '14,574,360', '13,268,268', '27,842,628', '76,515,380'],
];

/** Right edges of columns as wide as their widest figure, a word space apart. */
function edges(rows: readonly string[][], x: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < rows[0]!.length; c++) {
    x += (c > 0 ? SPACE : 0) + Math.max(...rows.map((r) => textWidth(r[c]!, SIZE)));
    out.push(x);
  }
  return out;
}

/** Figures set right in their columns, the header centred over them, as a browser prints `th`. */
function layout(header: string[], rows: string[][]): PageSpec {
  const right = edges(rows, 50);
  const left = right.map((x, c) => (c === 0 ? 50 : right[c - 1]! + SPACE));
  const texts: TextSpec[] = header.map((text, c) => ({ text, x: (left[c]! + right[c]!) / 2, y: 100, size: SIZE, align: 'center', bold: true }));
  rows.forEach((row, r) => row.forEach((text, c) => texts.push({ text, x: right[c]!, y: 114 + 14 * r, size: SIZE, align: 'right' })));
  return { texts };
}

describe('columns of figures a word space apart', () => {
  it('parts them where the header parts', async () => {
    const tables = await tablesOfLayout(layout(['Year', 'Capital', 'Interest', 'Total', 'Balance'], SUMMARY));
    const summary = tables.find((t) => t.rows.some((row) => row[0]?.startsWith('2026')));
    expect(summary?.rows.slice(-SUMMARY.length)).toEqual(SUMMARY);
  });

  // Every row tight (the first rows of a summary broken over two pages): no line had two phrases,
  // so no table was found. Two amounts a word space apart are two phrases (text/chunks-to-lines.ts).
  it('finds the table when every row is amounts a word space apart', async () => {
    const tight = [
      ['2026', '14,574,360', '20,043,555', '34,617,915', '120,238,460'],
      ['2027', '14,574,360', '17,785,125', '32,359,485', '105,664,100'],
      ['2028', '14,574,360', '15,526,696', '30,101,056', '191,089,740'],
      ['2029', '14,574,360', '13,268,268', '27,842,628', '176,515,380'],
    ];
    const tables = await tablesOfLayout(layout(['Year', 'Capital', 'Interest', 'Total', 'Balance'], tight));
    const summary = tables.find((t) => t.rows.some((row) => row[0]?.startsWith('2026')));
    expect(summary?.rows.slice(-tight.length)).toEqual(tight);
  });

  // A cash flow's zeros printed `0` a word space before the next month's `$` amount
  // (`0 $ 16.437.334`): the zero, the sign and the amount were one phrase, the rows lost their
  // columns and the table its header. An amount or a zero ends its phrase before a currency sign.
  it('parts a zero from the currency sign of the amount after it', async () => {
    const flow = [
      ['Raw milk', '$ 21,458,031', '$ 22,080,473', '$ 23,827,455', '$ 67,365,959'],
      ['Calves', '0', '$ 16,437,334', '0', '$ 16,437,334'],
      ['Cull cows', '0', '0', '$ 18,984,000', '$ 18,984,000'],
      ['Total', '$ 21,458,031', '$ 38,517,807', '$ 42,811,455', '$ 102,787,293'],
    ];
    // The concept set left, well apart; the months tight, as `layout` sets them.
    const months = layout(['Month 1', 'Month 2', 'Month 3', 'Total'], flow.map((row) => row.slice(1))).texts!.map((t) => ({ ...t, x: t.x + 60 }));
    const concepts: TextSpec[] = ['Concept', ...flow.map((row) => row[0]!)].map((text, r) => ({ text, x: 40, y: 100 + 14 * r, size: SIZE, ...(r === 0 ? { bold: true } : {}) }));
    const tables = await tablesOfLayout({ texts: [...concepts, ...months] });
    const table = tables.find((t) => t.rows.some((row) => row[0] === 'Calves'));
    // Cells as printed; a column the zeros alone fill may stand beside its amounts.
    expect(table?.rows.slice(-flow.length).map((row) => row.filter((c) => c !== ''))).toEqual(flow);
  });

  it('keeps a number printed in groups whole where no header parts it', async () => {
    const phones = [
      ['Ana Ruiz', '310 555 1234'],
      ['Luis Gil', '311 402 9876'],
      ['Eva Mora', '312 777 0101'],
      ['Juan Paz', '315 210 4545'],
    ];
    // A list continued from the page before: no header over it.
    const texts: TextSpec[] = [];
    phones.forEach(([name, phone], r) => {
      texts.push({ text: name!, x: 50, y: 114 + 14 * r, size: SIZE }, { text: phone!, x: 160, y: 114 + 14 * r, size: SIZE });
    });
    // The groups are a word space apart only when each is its own text object, as a browser prints them.
    const tables = await tablesOfLayout({ texts: texts.flatMap((t) => (t.text.includes(' ') && /\d/.test(t.text) ? groups(t) : [t])) });
    const table = tables.find((t) => t.rows.some((row) => row[0] === 'Ana Ruiz'));
    expect(table?.rows.slice(-phones.length)).toEqual(phones);
  });
});

/** A text drawn word by word, a word space apart. */
function groups(t: TextSpec): TextSpec[] {
  let x = t.x;
  return t.text.split(' ').map((word) => {
    const out = { ...t, text: word, x };
    x += textWidth(word, t.size ?? SIZE) + SPACE;
    return out;
  });
}
