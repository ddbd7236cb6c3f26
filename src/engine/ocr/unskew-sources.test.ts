import { describe, expect, it } from 'vitest';
import { unskewBox } from './unskew-sources.ts';

// ocr/deskew.ts `rotate(img, -skew)` levels a scan tilted `skew`° clockwise: a point of the level
// page is printed on the scan turned `skew`° clockwise (y down) about the same centre.
describe('unskewBox', () => {
  it('turns a level box back to where the tilted scan prints it', () => {
    const d = { deg: 1, cx: 300, cy: 400 };
    const box = unskewBox({ x0: 500, y0: 700, x1: 560, y1: 712 }, d);
    const a = (Math.PI / 180) * 1;
    // The centre (530, 706) turned 1° clockwise about (300, 400).
    const dx = 230;
    const dy = 306;
    expect((box.x0 + box.x1) / 2).toBeCloseTo(300 + dx * Math.cos(a) - dy * Math.sin(a), 1);
    expect((box.y0 + box.y1) / 2).toBeCloseTo(400 + dx * Math.sin(a) + dy * Math.cos(a), 1);
    // The box around the turned corners is a little larger than the cell.
    expect(box.x1 - box.x0).toBeGreaterThan(60);
    expect(box.y1 - box.y0).toBeGreaterThan(12);
  });

  it('leaves the centre of the turn in place', () => {
    const b = unskewBox({ x0: 290, y0: 390, x1: 310, y1: 410 }, { deg: -2, cx: 300, cy: 400 });
    expect((b.x0 + b.x1) / 2).toBeCloseTo(300, 5);
    expect((b.y0 + b.y1) / 2).toBeCloseTo(400, 5);
  });
});
