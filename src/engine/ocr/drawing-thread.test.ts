import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../pdf/open-pdf.ts';
import { corpusDir } from '../test-corpus.ts';
import type { PageContent } from '../types.ts';
import { openDrawingDocument } from './drawing-thread.ts';
import { DRAWING_TIMEOUT_MS, DrawingTimeout, OcrPages } from './ocr-pages.ts';
import { ownCpuMs, WALL_FACTOR } from '../runtime/task-clock.ts';

const HOSTILE = corpusDir('hostile');
const SCAN = resolve(import.meta.dirname, '../../../tests/integration/fixtures/scan-grid-3001.pdf');
const textless = (page: number): PageContent => ({ page, width: 0, height: 0, rotation: 0, chunks: [], segments: [], fills: [] });

describe('OCR draws pages in a thread of its own', () => {
  it("gives a scan's page image as the engine's own pdf.js would", async () => {
    const bytes = new Uint8Array(readFileSync(SCAN));
    const drawing = await openDrawingDocument(bytes);
    try {
      const page = await drawing.doc.getPage(1);
      const ops = await page.getOperatorList();
      expect(ops.fnArray.length).toBeGreaterThan(0);
    } finally {
      await drawing.close();
    }
  });

  it.runIf(HOSTILE)('gives up a page whose drawing never ends within the drawing caps, the engine’s thread free', async () => {
    // pdf.js's form/pattern cycle, with a large image in the page's resources so that OCR takes the page on.
    const pdf = await PDFDocument.load(readFileSync(join(HOSTILE!, 'pdfjs-operator_list_cycle.pdf')), { updateMetadata: false });
    const image = pdf.context.stream(new Uint8Array(700 * 700).fill(128), { Type: 'XObject', Subtype: 'Image', Width: 700, Height: 700, ColorSpace: 'DeviceGray', BitsPerComponent: 8 });
    pdf.getPage(0).node.setXObject(PDFName.of('ImScan'), pdf.context.register(image));
    const bytes = await pdf.save({ useObjectStreams: false });
    const doc = await openPdf(bytes);
    const ocr = new OcrPages(bytes);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 100);
    const started = Date.now();
    const cpu = ownCpuMs();
    try {
      await expect(ocr.read(doc, textless(1), undefined, () => undefined)).rejects.toBeInstanceOf(DrawingTimeout);
      // The cap counts this process's CPU (decision 001, "Caps in CPU time"): on a busy machine the
      // page is given up later in wall time, never past the wall's backstop.
      expect(ownCpuMs() - cpu).toBeLessThan(DRAWING_TIMEOUT_MS + 3_000);
      expect(Date.now() - started).toBeLessThan(WALL_FACTOR * DRAWING_TIMEOUT_MS + 3_000);
      // Timers kept firing while the page was drawn.
      expect(ticks).toBeGreaterThan(3);
    } finally {
      clearInterval(timer);
      await ocr.close();
      await doc.destroy();
    }
  }, 25_000);
});
