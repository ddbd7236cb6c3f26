import { describe, expect, it } from 'vitest';
import type { InkMask } from './gray-image.ts';
import type { OcrWord } from './recognize.ts';
import { inkReach, measureWords } from './word-metrics.ts';

const EM = 40;
const BASELINE = 50;

/** A mask with a solid block of ink for each word, from `top` rows above the baseline down to it. */
function maskWith(blocks: { x0: number; x1: number; top: number; bottom?: number }[]): InkMask {
  const width = 200;
  const height = 70;
  const data = new Uint8Array(width * height);
  for (const b of blocks) {
    for (let y = BASELINE - b.top; y < (b.bottom ?? BASELINE); y++) data.fill(1, y * width + b.x0, y * width + b.x1);
  }
  return { width, height, data };
}

const word = (text: string, x0: number, x1: number): OcrWord => ({ text, x0, x1, y0: 15, y1: BASELINE + 1, confidence: 0.9, rowHeight: 30, baseline: BASELINE, line: 0 });

describe('measureWords: a word size from its ink', () => {
  it('a word whose tallest letter is a t measures the size of its neighbours', () => {
    // Liberation Serif: capitals 0.66 em, a t 0.57 em (a lower `t` than its ascenders); inked at
    // 200 dpi, blur included, 0.72 and 0.62.
    const mask = maskWith([
      { x0: 10, x1: 60, top: Math.round(0.72 * EM) },
      { x0: 70, x1: 120, top: Math.round(0.62 * EM) },
    ]);
    const [venta, lower] = measureWords([word('Venta', 10, 60), word('venta', 70, 120)], mask, 1);
    expect(inkReach('venta').top).toBeLessThan(inkReach('Venta').top);
    // An i's dot, reached over the t, inks as high as an ascender.
    expect(inkReach('unitario').top).toBe(inkReach('Venta').top);
    expect(lower!.em! / venta!.em!).toBeGreaterThan(0.92);
  });

  it('a dash takes its line size, not its stroke thickness', () => {
    const mask = maskWith([
      { x0: 10, x1: 60, top: Math.round(0.72 * EM) },
      { x0: 130, x1: 140, top: 10, bottom: 43 },
    ]);
    const [label, dash] = measureWords([word('Venta', 10, 60), word('-', 130, 140)], mask, 1);
    expect(dash!.em).toBe(label!.em);
    // Its baseline stays the line's (Tesseract's), not the bottom of its stroke.
    expect(dash!.baseline).toBe(BASELINE);
  });
});
