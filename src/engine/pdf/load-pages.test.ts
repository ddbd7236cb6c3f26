import { describe, expect, it } from 'vitest';
import { gridSpec, makePdf } from '../../../tests/fixtures/engine/make-pdf.ts';
import { loadPages } from './load-pages.ts';

describe('loadPages', () => {
  it('splits text into words in top-left, y-down coordinates', async () => {
    const bytes = await makePdf([{ texts: [{ text: 'Costos directos', x: 100, y: 200, size: 10 }] }]);
    const { pages, numPages } = await loadPages(bytes);
    expect(numPages).toBe(1);
    const words = pages[0]?.chunks ?? [];
    expect(words.map((w) => w.text)).toEqual(['Costos', 'directos']);
    const [a, b] = words;
    expect(a?.x0).toBeCloseTo(100, 0);
    // Baseline 200 from the top: the glyph box sits just above it.
    expect(a?.y1).toBeGreaterThan(199);
    expect(a?.y0).toBeLessThan(195);
    expect(a?.size).toBeCloseTo(10);
    expect(a?.upright).toBe(true);
    expect((b?.x0 ?? 0) - (a?.x1 ?? 0)).toBeGreaterThan(1);
  });

  it('reads stroked lines as segments and keeps the bytes usable afterwards', async () => {
    const bytes = await makePdf([gridSpec([50, 150, 250], [100, 120, 140], [['a', 'b'], ['c', 'd']])]);
    const { pages } = await loadPages(bytes);
    const segs = pages[0]?.segments ?? [];
    expect(segs.filter((s) => s.orientation === 'h')).toHaveLength(3);
    expect(segs.filter((s) => s.orientation === 'v')).toHaveLength(3);
    const top = segs.find((s) => s.orientation === 'h' && Math.abs(s.y0 - 100) < 1);
    expect(top).toMatchObject({ orientation: 'h' });
    expect(top?.x0).toBeCloseTo(50, 0);
    expect(top?.x1).toBeCloseTo(250, 0);
    expect(bytes.byteLength).toBeGreaterThan(0); // pdf.js got a copy, ours is not detached
  });

  it('turns thin filled rectangles into rules and wider ones into coloured fills', async () => {
    const bytes = await makePdf([
      {
        rects: [
          { x: 50, y: 100, w: 200, h: 0.8 }, // a rule drawn as a fill
          { x: 50, y: 150, w: 200, h: 20, fill: [0.9, 0.9, 0.9] }, // a shaded band
          { x: 0, y: 0, w: 595, h: 842, fill: [1, 1, 1] }, // white page background
        ],
        texts: [{ text: 'Saldo', x: 60, y: 120 }],
      },
    ]);
    const page = (await loadPages(bytes)).pages[0];
    expect(page?.segments).toHaveLength(1);
    expect(page?.segments[0]).toMatchObject({ orientation: 'h' });
    expect(page?.segments[0]?.y0).toBeCloseTo(100.4, 0);
    expect(page?.fills).toHaveLength(1);
    expect(page?.fills[0]?.color).toBe('#e6e6e6');
  });

  it('applies /Rotate so text reads upright in the reported frame', async () => {
    // Drawn on a rotated page, text must run upward in PDF space to read left-to-right on screen.
    const bytes = await makePdf([{ width: 400, height: 600, rotate: 90, texts: [{ text: 'Hola mundo', x: 100, y: 500, rotate: 90 }] }]);
    const page = (await loadPages(bytes)).pages[0];
    expect(page?.rotation).toBe(90);
    expect(page?.width).toBeCloseTo(600);
    expect(page?.height).toBeCloseTo(400);
    expect(page?.chunks.map((c) => c.text)).toEqual(['Hola', 'mundo']);
    expect(page?.chunks.every((c) => c.upright)).toBe(true);
  });

  it('turns a page whose text runs sideways so it reads upright', async () => {
    const texts = Array.from({ length: 5 }, (_, i) => ({ text: `Fila ${i} valor`, x: 100 + i * 20, y: 500, rotate: 90 }));
    const page = (await loadPages(await makePdf([{ texts }]))).pages[0];
    expect(page?.rotation).toBe(90);
    expect(page?.chunks.every((c) => c.upright)).toBe(true);
    // After turning, the first line drawn (leftmost) is the top line.
    const firstRow = page?.chunks.filter((c) => c.text === '0') ?? [];
    const lastRow = page?.chunks.filter((c) => c.text === '4') ?? [];
    expect(firstRow[0]?.y0 ?? 0).toBeLessThan(lastRow[0]?.y0 ?? 0);
  });

  it('skips the drawing of pages without text (scans need no image decoding)', async () => {
    const page = (await loadPages(await makePdf([{ rects: [{ x: 50, y: 100, w: 200, h: 0.8 }] }]))).pages[0];
    expect(page?.chunks).toEqual([]);
    expect(page?.segments).toEqual([]);
  });

  it('stops at maxPages and reports progress per page', async () => {
    const bytes = await makePdf([{}, {}, {}]);
    const seen: [number, number][] = [];
    const { pages, numPages } = await loadPages(bytes, { maxPages: 2, onProgress: (d, t) => seen.push([d, t]) });
    expect(numPages).toBe(3);
    expect(pages).toHaveLength(2);
    expect(seen).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
  });
});
