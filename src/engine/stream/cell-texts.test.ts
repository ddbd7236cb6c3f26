import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { chunksToLines } from '../text/chunks-to-lines.ts';
import { cellText, cellTexts } from './cell-text.ts';
import { cell } from './test-page.ts';

describe('cellTexts: a row’s cell texts with its lines indexed once', () => {
  it('reads each cell as cellText does, lines top to bottom, an empty cell as empty', () => {
    const name = [...cell('Abono', 50, 100), ...cell('a capital', 50, 112)];
    const amount = cell('1.250.000', 200, 100);
    const lines = chunksToLines([...name, ...amount], DEFAULT_SETTINGS.lines);
    const cells = [name, [], amount];
    expect(cellTexts(cells, lines)).toEqual(['Abono a capital', '', '1.250.000']);
    expect(cellTexts(cells, lines)).toEqual(cells.map((words) => cellText(words, lines)));
  });
});

describe('cellText: a line ending in a word’s hyphen', () => {
  const textOf = (upper: string, lower: string): string => {
    const words = [...cell(upper, 50, 100), ...cell(lower, 50, 112)];
    return cellText(words, chunksToLines(words, DEFAULT_SETTINGS.lines));
  };

  it('goes on with a figure’s next part, the hyphen kept, no space (a code, a grade)', () => {
    expect(textOf('B-', '7071')).toBe('B-7071');
    expect(textOf('Fertilizante 15-', '15-15')).toBe('Fertilizante 15-15-15');
  });

  it('keeps the space after a dash set apart, and before a line going on in letters', () => {
    expect(textOf('Resiembra -', 'árboles')).toBe('Resiembra - árboles');
    // A compound broken at its hyphen and a word hyphenated by groff look the same: left as read.
    expect(textOf('Control post-', 'cosecha')).toBe('Control post- cosecha');
  });
});
