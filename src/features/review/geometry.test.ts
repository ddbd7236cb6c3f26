import { describe, expect, it } from 'vitest';
import { bottomLeftToTopLeft, boxToScreen, fitWidthScale, MAX_SCALE, MIN_SCALE, screenToPoint, zoomIn, zoomOut } from './geometry.ts';

const A4 = { width: 595.28, height: 841.89 };

describe('boxToScreen', () => {
  it('scales a top-left box by the viewport over the page size', () => {
    const viewport = { width: A4.width * 1.5, height: A4.height * 1.5 };
    expect(boxToScreen({ x0: 100, y0: 200, x1: 300, y1: 220 }, A4, viewport)).toEqual({ left: 150, top: 300, width: 300, height: 30 });
  });

  it('keeps the y axis pointing down: a box near the top stays near the top', () => {
    const s = boxToScreen({ x0: 0, y0: 10, x1: 10, y1: 20 }, A4, A4);
    expect(s.top).toBe(10);
    expect(s.top).toBeLessThan(A4.height / 2);
  });

  it('maps a landscape (rotated upright) page by its own width and height', () => {
    const page = { width: 842, height: 595 };
    expect(boxToScreen({ x0: 842, y0: 595, x1: 421, y1: 297.5 }, page, { width: 421, height: 297.5 })).toEqual({ left: 210.5, top: 148.75, width: 210.5, height: 148.75 });
  });

  it('is undone by screenToPoint', () => {
    const viewport = { width: 900, height: 1272.8 };
    const s = boxToScreen({ x0: 50, y0: 60, x1: 70, y1: 80 }, A4, viewport);
    const p = screenToPoint(s.left, s.top, A4, viewport);
    expect(p.x).toBeCloseTo(50, 6);
    expect(p.y).toBeCloseTo(60, 6);
  });

  it('a page of no size draws nothing rather than NaN', () => {
    expect(boxToScreen({ x0: 1, y0: 1, x1: 2, y1: 2 }, { width: 0, height: 0 }, A4)).toEqual({ left: 0, top: 0, width: 0, height: 0 });
  });
});

describe('bottomLeftToTopLeft', () => {
  it('turns PDF user space (y up) into the sources’ y down', () => {
    expect(bottomLeftToTopLeft(72, 800, A4.height)).toEqual({ x: 72, y: A4.height - 800 });
  });
});

describe('zoom', () => {
  it('fits the page width to the space available, within bounds', () => {
    expect(fitWidthScale(600, 900)).toBe(1.5);
    expect(fitWidthScale(600, 10)).toBe(MIN_SCALE);
    expect(fitWidthScale(600, 100000)).toBe(MAX_SCALE);
    expect(fitWidthScale(0, 900)).toBe(1);
  });

  it('steps in and out and stops at the bounds', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1.25)).toBe(1);
    expect(zoomIn(MAX_SCALE)).toBe(MAX_SCALE);
    expect(zoomOut(MIN_SCALE)).toBe(MIN_SCALE);
  });
});
