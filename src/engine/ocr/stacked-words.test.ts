import { afterAll, describe, expect, it } from 'vitest';
import { binarize, otsuThreshold } from './binarize.ts';
import { createImage } from './gray-image.ts';
import { drawnText } from './drawn-text.ts';
import { OcrEngine, type OcrWord } from './recognize.ts';
import { inkLines, rereadStacked } from './stacked-words.ts';


const weak = (text: string, x0: number, y0: number, x1: number, y1: number): OcrWord => ({ text, x0, y0, x1, y1, confidence: 0.35, rowHeight: 20, baseline: y1, line: 1 });

describe('a heading of two lines read squeezed into one word', () => {
  const engine = new OcrEngine();
  afterAll(() => engine.close());

  it('finds the lines of ink within a box', () => {
    const mask = createImage(100, 100, 0);
    for (let y = 10; y < 20; y++) mask.data.fill(1, y * 100 + 10, y * 100 + 60);
    for (let y = 24; y < 34; y++) mask.data.fill(1, y * 100 + 10, y * 100 + 60);
    for (let y = 40; y < 42; y++) mask.data.fill(1, y * 100 + 10, y * 100 + 60); // a speck, too thin for a line
    expect(inkLines(mask, { x0: 0, y0: 0, x1: 100, y1: 50 })).toEqual([
      { top: 10, bottom: 20 },
      { top: 24, bottom: 34 },
    ]);
    expect(inkLines(mask, { x0: 0, y0: 0, x1: 100, y1: 22 })).toHaveLength(1);
    // An accent over a capital is no line of its own.
    for (let y = 50; y < 55; y++) mask.data.fill(1, y * 100 + 20, y * 100 + 26);
    for (let y = 57; y < 77; y++) mask.data.fill(1, y * 100 + 10, y * 100 + 60);
    expect(inkLines(mask, { x0: 0, y0: 45, x1: 100, y1: 80 })).toEqual([{ top: 57, bottom: 77 }]);
  });

  it('is read again as its two lines (`Abono a` over `capital`, read `pe`), each word in its place', async () => {
    const img = drawnText(500, 140, 'bold 22px sans-serif', [
      ['Saldo', 40, 80],
      ['Abono a', 200, 64],
      ['capital', 205, 94],
    ]);
    const words: OcrWord[] = [{ ...weak('Saldo', 40, 62, 100, 80), confidence: 0.96 }, weak('pe', 198, 44, 290, 100)];
    const out = await rereadStacked(img, binarize(img, otsuThreshold(img)), words, engine);
    expect(out.map((w) => w.text)).toEqual(['Saldo', 'Abono', 'a', 'capital']);
    const capital = out[3]!;
    expect(capital.y0).toBeGreaterThan(out[1]!.y1 - 2);
    expect(capital.x0).toBeGreaterThan(195);
    expect(capital.line).not.toBe(out[1]!.line);
    // A weak word of one line is left for the words read again alone (reread-words.ts).
    const one = [weak('Salbo', 40, 62, 100, 80)];
    expect(await rereadStacked(img, binarize(img, otsuThreshold(img)), one, engine)).toEqual(one);
  }, 60_000);
});
