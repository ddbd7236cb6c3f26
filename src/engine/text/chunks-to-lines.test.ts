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

  it('keeps a bare currency sign with the amount set far right of it', () => {
    const words = [...cell('$', 100, 100), ...cell('2.800,00', 180, 100, { align: 'right' })];
    expect(wordsToPhrases(words, 10, s)).toHaveLength(1);
  });
});
