import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { cell, row } from '../stream/test-page.ts';
import { chunksToLines, wordsToPhrases } from './chunks-to-lines.ts';

const s = DEFAULT_SETTINGS.lines;
const texts = (words: { text: string }[]): string[] => words.map((w) => w.text);

describe('chunksToLines', () => {
  it('puts words with a little vertical jitter on one line, left to right', () => {
    const words = [...cell('Valor', 200, 101), ...cell('Mora', 50, 100), ...cell('Castilla', 100, 99.2)];
    const lines = chunksToLines(words, s);
    expect(lines).toHaveLength(1);
    expect(texts(lines[0]!.words)).toEqual(['Mora', 'Castilla', 'Valor']);
  });

  it('keeps lines one row pitch apart separate and orders them top to bottom', () => {
    const lines = chunksToLines([...row(130, [['B', 50]]), ...row(100, [['A', 50]]), ...row(115, [['C', 50]])], s);
    expect(lines.map((l) => l.words[0]!.text)).toEqual(['A', 'C', 'B']);
  });

  it('folds a raised footnote mark into the line it belongs to', () => {
    const words = [...cell('Others', 100, 100), ...cell('(1)', 131, 96, { size: 6 })];
    const lines = chunksToLines(words, s);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.size).toBe(10);
  });

  it('ignores text that does not run upright', () => {
    const sideways = cell('Rotated', 50, 100).map((w) => ({ ...w, upright: false }));
    expect(chunksToLines(sideways, s)).toHaveLength(0);
  });
});

describe('wordsToPhrases', () => {
  it('splits at a column gap but not at a word space', () => {
    const words = row(100, [['Castilla sin espinas', 50], ['1,5', 200]]);
    expect(wordsToPhrases(words, 10, s).map((p) => texts(p.words).join(' '))).toEqual(['Castilla sin espinas', '1,5']);
  });

  it('keeps each sign with the amount before it where the line writes signs after amounts, set tight (bold totals)', () => {
    const words = [...cell('Total', 20, 100), ...cell('19.612,16 €', 100, 100), ...cell('79.387,11 €', 160, 100), ...cell('73.709,63 €', 220, 100)];
    expect(wordsToPhrases(words, 10, s).map((p) => texts(p.words).join(' '))).toEqual(['Total', '19.612,16 €', '79.387,11 €', '73.709,63 €']);
  });

  it('keeps signs that open amounts with those amounts, set as tight', () => {
    const words = [...cell('$ 1.000', 100, 100), ...cell('$ 2.000', 140, 100)];
    expect(wordsToPhrases(words, 10, s).map((p) => texts(p.words).join(' '))).toEqual(['$ 1.000', '$ 2.000']);
  });

  it('leaves a date, or a date broken in a narrow cell, out of a currency sign set before it', () => {
    const words = [...cell('$', 100, 100), ...cell('2022-12-', 120, 100), ...cell('$', 200, 100), ...cell('04/02/2026', 220, 100)];
    expect(wordsToPhrases(words, 10, s).map((p) => texts(p.words).join(' '))).toEqual(['$', '2022-12-', '$', '04/02/2026']);
  });

  it('keeps a bare currency sign with the amount set far right of it', () => {
    const words = [...cell('$', 100, 100), ...cell('2.800,00', 180, 100, { align: 'right' })];
    expect(wordsToPhrases(words, 10, s)).toHaveLength(1);
  });
});
