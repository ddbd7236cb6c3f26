import { describe, expect, it } from 'vitest';
import { findDashMarks } from './dash-marks.ts';
import type { InkMask } from './gray-image.ts';
import type { OcrWord } from './recognize.ts';

/** A 400 × 120 mask at 4 px per point with boxes of ink. */
function mask(boxes: [number, number, number, number][]): InkMask {
  const m: InkMask = { width: 400, height: 120, data: new Uint8Array(400 * 120) };
  for (const [x0, y0, x1, y1] of boxes) for (let y = y0; y < y1; y++) m.data.fill(1, y * 400 + x0, y * 400 + x1);
  return m;
}

// A read word, 8 pt (32 px em), its baseline at y = 60: a dash of its line is centred near y = 50.
const word: OcrWord = { text: 'Crédito', x0: 10, y0: 37, x1: 90, y1: 60, confidence: 0.95, rowHeight: 23, baseline: 60, em: 32, line: 3 };

describe('dashes found by their shape', () => {
  it('takes a flat bar alone on the middle of a read line for a dash of that line', () => {
    const dashes = findDashMarks(mask([[10, 37, 90, 60], [200, 48, 212, 52]]), [word], { pxPerPt: 4 });
    expect(dashes).toHaveLength(1);
    expect(dashes[0]).toMatchObject({ text: '-', x0: 200, x1: 212, baseline: 60, em: 32, line: 3 });
  });

  it('leaves a piece of rule between lines, a round speck, a long bar and a bar beside other ink', () => {
    const found = findDashMarks(
      mask([
        [10, 37, 90, 60],
        [200, 66, 212, 69], // between this line and the next
        [240, 48, 245, 53], // round
        [280, 48, 340, 51], // longer than a dash (15 pt)
        [360, 48, 372, 52], // ink 1 pt after it
        [376, 40, 380, 60],
      ]),
      [word],
      { pxPerPt: 4 },
    );
    expect(found).toEqual([]);
  });
});
