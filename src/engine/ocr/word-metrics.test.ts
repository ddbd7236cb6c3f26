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

  it('a lower-case accent counts where its ink does: apart from its letter or joined to it', () => {
    // `orgánico`: the accent stands clear, the longest inked run is the x-height and the g's tail;
    // `razón`: blur joined the accent to its o, the run reaches an ascender's height.
    const mask = maskWith([
      { x0: 10, x1: 50, top: Math.round(0.72 * EM) },
      { x0: 60, x1: 110, top: Math.round(0.52 * EM), bottom: BASELINE + Math.round(0.21 * EM) },
      { x0: 120, x1: 160, top: Math.round(0.72 * EM) },
      { x0: 170, x1: 195, top: Math.round(0.72 * EM) },
    ]);
    const [label, organico, razon, total] = measureWords(
      [word('Abono', 10, 50), { ...word('orgánico', 60, 110), y1: BASELINE + 10 }, word('razón', 120, 160), word('Total', 170, 195)],
      mask,
      1,
    );
    for (const w of [organico!, razon!, total!]) expect(Math.abs(w.em! / label!.em! - 1)).toBeLessThan(0.05);
    expect(organico!.baseline).toBeCloseTo(BASELINE, 0);
  });

  it('a number whose comma the scan lost measures the size of the words on its row, on a line of its own', () => {
    // A ruled table: Tesseract gives each cell a line of its own, so the row's words are the reference.
    const mask = maskWith([
      { x0: 10, x1: 60, top: Math.round(0.72 * EM) },
      { x0: 120, x1: 180, top: Math.round(0.72 * EM) },
    ]);
    const [label, amount] = measureWords([word('Insumo', 10, 60), { ...word('10,000', 120, 180), line: 1 }], mask, 1);
    expect(Math.abs(amount!.em! / label!.em! - 1)).toBeLessThan(0.05);
    expect(amount!.baseline).toBeCloseTo(BASELINE, 0);
  });
});
