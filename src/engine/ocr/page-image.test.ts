import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../tests/fixtures/engine/make-pdf.ts';
import { IDENTITY, toMatrix } from '../pdf/matrix.ts';
import { openPdf } from '../pdf/open-pdf.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pagesWithLargeImages } from './image-pages.ts';
import { pageImage, RENDER_DPI } from './page-image.ts';

async function imageOf(bytes: Uint8Array) {
  const doc = await openPdf(bytes, { drawing: true });
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    return await pageImage(page, toMatrix(viewport.transform) ?? IDENTITY, viewport, 0, 5_000);
  } finally {
    await doc.destroy();
  }
}

describe('page images', () => {
  it('renders a page drawn without a text layer (no image to decode) on a Node canvas', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ x0: 50, y0: 100 + i * 10, x1: 500, y1: 100 + i * 10 }));
    const img = await imageOf(await makePdf([{ width: 600, height: 800, lines }]));
    expect(img?.source).toBe('render');
    expect(img?.image.width).toBe(Math.round((600 * RENDER_DPI) / 72));
    expect(img?.scaleX).toBeCloseTo(72 / RENDER_DPI, 6);
    // The 60 lines are drawn (dark pixels along 450 pt each), on white paper.
    const dark = img!.image.data.filter((v) => v < 160).length;
    expect(dark).toBeGreaterThan(60 * ((450 * RENDER_DPI) / 72) * 0.8);
    expect(img!.image.data[10]).toBe(255);
  });

  it('has nothing to read on a blank page', async () => {
    expect(await imageOf(await makePdf([{ width: 600, height: 800 }]))).toBeUndefined();
  });

  it('tells the pages that paint a large image from the structure alone', async () => {
    const scan = new Uint8Array(readFileSync(resolve(import.meta.dirname, '../../../tests/integration/fixtures/scan-grid-3001.pdf')));
    expect(await pagesWithLargeImages(scan)).toEqual(new Set([1, 2, 3, 4]));
    const lines = Array.from({ length: 60 }, (_, i) => ({ x0: 50, y0: 100 + i * 10, x1: 500, y1: 100 + i * 10 }));
    expect(await pagesWithLargeImages(await makePdf([{ width: 600, height: 800, lines }]))).toEqual(new Set());
    expect(await pagesWithLargeImages(new TextEncoder().encode('not a pdf'))).toBeUndefined();
  });
});
