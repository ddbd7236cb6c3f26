import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageContent } from '../types.ts';
import { OCR_HEARTBEAT_MS, OcrPages } from './ocr-pages.ts';

// An unseen scan (calc-export.ts --offset 19401, scan-simulate.ts --dpi 200, its first page): a
// dense Calc page Tesseract lays out for 18–24 s without a word of progress. The runtime's stall
// cap (15 s) took that for a hung file and the whole document failed; the page now beats while it
// is read (docs/decisions/070-ocr.md, "Heartbeats").
const SCAN = resolve(import.meta.dirname, '../../../tests/fixtures/unseen-scans/calc-25402-s200-p1.pdf');
const textless: PageContent = { page: 1, width: 0, height: 0, rotation: 0, chunks: [], segments: [], fills: [] };

describe('OCR heartbeats', () => {
  it('beats while a page is read, however long Tesseract is silent', async () => {
    const ocr = new OcrPages(new Uint8Array(readFileSync(SCAN)));
    const beats: number[] = [Date.now()];
    try {
      await ocr.read(undefined, textless, undefined, () => beats.push(Date.now()));
    } finally {
      await ocr.close();
    }
    beats.push(Date.now());
    const longest = Math.max(...beats.slice(1).map((t, i) => t - beats[i]!));
    // The synchronous steps of the page's cleaning hold the thread a few seconds at most (2 s here,
    // more on a loaded machine); Tesseract's silence alone was 18 s.
    expect(longest).toBeLessThan(OCR_HEARTBEAT_MS + 8_000);
  }, 120_000);
});

describe('pages OCR could not read', () => {
  it('are counted as failed, not as read, so the reader reports them', async () => {
    const bytes = new Uint8Array(readFileSync(SCAN));
    // No bytes for the image gate: the page is taken on, and page 2 of a one-page scan cannot be drawn.
    const ocr = new OcrPages();
    const doc = { getData: () => Promise.resolve(bytes.slice()) } as unknown as PDFDocumentProxy;
    try {
      const out = await ocr.read(doc, { ...textless, page: 2 }, undefined, () => undefined);
      expect(out.chunks).toEqual([]);
      expect(ocr.failed).toEqual([2]);
      expect(ocr.pages).toEqual([]);
    } finally {
      await ocr.close();
    }
  }, 60_000);
});
