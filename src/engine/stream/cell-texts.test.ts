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
