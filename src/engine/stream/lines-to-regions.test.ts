import { describe, expect, it } from 'vitest';
import { chunksToLines } from '../text/chunks-to-lines.ts';
import { blockToRegion, isProse, linesToBlocks } from './lines-to-regions.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { box, row } from './test-page.ts';
import type { TextChunk } from '../types.ts';

const s = DEFAULT_SETTINGS.stream;
const lineSettings = DEFAULT_SETTINGS.lines;
const tableRows = (y0: number, n: number): TextChunk[] =>
  Array.from({ length: n }, (_, i) => row(y0 + 15 * i, [[`Item ${i}`, 50], ['kg', 200], [`${i + 1}.000`, 400, 'right']])).flat();
const blocks = (chunks: TextChunk[], exclude = [] as ReturnType<typeof box>[]) =>
  linesToBlocks(chunksToLines(chunks, lineSettings), exclude, s).map((b) => b.length);

describe('isProse', () => {
  it('calls one long sentence across the width prose, and a table row not', () => {
    const [prose, tableRow] = chunksToLines(
      [
        ...row(100, [['El solicitante desarrolla el cultivo de naranja en el predio con acceso por vía terciaria', 50]]),
        ...row(115, [['Item', 50], ['kg', 200], ['1.000', 400, 'right']]),
      ],
      lineSettings,
    );
    expect(isProse(prose!, 450, s)).toBe(true);
    expect(isProse(tableRow!, 450, s)).toBe(false);
  });
});

describe('linesToBlocks', () => {
  it('ends a run at a prose paragraph', () => {
    const prose = row(175, [['El solicitante desarrolla el cultivo de naranja en el predio con acceso por vía terciaria', 50]]);
    expect(blocks([...tableRows(100, 5), ...prose, ...tableRows(190, 4)])).toEqual([5, 4]);
  });

  it('ends a run at a wide vertical gap', () => {
    expect(blocks([...tableRows(100, 4), ...tableRows(220, 4)])).toEqual([4, 4]);
  });

  it('starts a new run at a title set bigger than the rows around it', () => {
    const title = row(160, [['3. SEMOVIENTES', 50]], 13);
    expect(blocks([...tableRows(100, 4), ...title, ...tableRows(178, 4)])).toEqual([4, 1, 4]);
  });

  // Rows 28 pt apart whose sizes alternate 10 and 11.5 pt: 15% apart, past the size break's 5%.
  const rowsOfTwoSizes = (confidence?: number): TextChunk[] =>
    Array.from({ length: 4 }, (_, i) =>
      row(100 + 28 * i, [[`Item ${i}`, 50], ['kg', 200], [`${i + 1}.000`, 400, 'right']], i % 2 ? 11.5 : 10).map((c) => (confidence === undefined ? c : { ...c, confidence })),
    ).flat();

  it('cuts where a PDF’s own text changes size after a gap', () => {
    expect(blocks(rowsOfTwoSizes())).toEqual([1, 1, 1, 1]);
  });

  it('keeps rows OCR measured a little apart in size together: sizes read from ink spread', () => {
    expect(blocks(rowsOfTwoSizes(0.93))).toEqual([4]);
  });

  it('takes a bigger OCR line for a title only when it was read with confidence (a misread line’s size is measured from the wrong glyphs)', () => {
    const ocr = (chunks: TextChunk[], confidence: number) => chunks.map((c) => ({ ...c, confidence }));
    const title = (confidence: number) => ocr(row(160, [['3. SEMOVIENTES', 50]], 13), confidence);
    const around = (confidence: number) => [...ocr(tableRows(100, 4), 0.95), ...title(confidence), ...ocr(tableRows(178, 4), 0.95)];
    expect(blocks(around(0.96))).toEqual([4, 1, 4]);
    expect(blocks(around(0.4))).toEqual([9]);
  });

  it('ends a run where a box another finder took lies between two lines', () => {
    expect(blocks(tableRows(100, 6), [box(40, 141, 450, 144)])).toEqual([3, 3]);
  });
});

describe('blockToRegion', () => {
  it('needs enough rows with column structure', () => {
    const lines = chunksToLines(tableRows(100, 2), lineSettings);
    expect(blockToRegion(lines, s)).toBeUndefined();
  });

  it('keeps a spanning header line above the table but not a title at its left edge', () => {
    const lines = chunksToLines(
      [...row(70, [['4. PRESUPUESTO', 50]]), ...row(85, [['VALOR', 380]]), ...tableRows(100, 4)],
      lineSettings,
    );
    const region = blockToRegion(lines, s)!;
    expect(region.lines.map((l) => l.words[0]!.text)).toEqual(['VALOR', 'Item', 'Item', 'Item', 'Item']);
  });
});
