import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test-corpus.ts';
import { pdfium, pdfiumBroken } from './module.ts';
import { loadPagesWithPdfium, readsWithPdfium } from './read-pages.ts';

// PDFium inflates a page's whole content stream when it loads the page: a 2 KB decompression bomb
// asks it for 2 GB. Its heap is capped; past the cap it aborts, the page is given up, and the
// process must not read another document with it (the engine's child is retired).
// A file of its own: it leaves this process's PDFium unusable, as it does the child's.
const HOSTILE = corpusDir('hostile');

describe.runIf(HOSTILE !== undefined)('PDFium under a decompression bomb', () => {
  it('gives the page up within its heap cap and marks itself unusable', async () => {
    const bytes = new Uint8Array(readFileSync(join(resolve(import.meta.dirname, '../../../../tests/integration/fixtures'), 'grid-1001.pdf')));
    expect((await loadPagesWithPdfium(bytes.slice(), { ocr: false }))?.pages.length).toBeGreaterThan(0);
    expect(pdfiumBroken()).toBe(false);

    const rss = process.memoryUsage.rss();
    const loaded = await loadPagesWithPdfium(new Uint8Array(readFileSync(join(HOSTILE!, 'itext-acsploit_output-bomb.pdf'))), { ocr: false });
    expect(loaded?.skipped).toEqual([1]);
    expect(loaded?.pages.every((p) => p.chunks.length === 0)).toBe(true);
    // The cap held: the process did not take the 2 GB the page asks for.
    expect((process.memoryUsage.rss() - rss) / 1e6).toBeLessThan(400);
    expect(pdfiumBroken()).toBe(true);
    await expect(pdfium()).rejects.toThrow(/aborted/);
    // The engine run in this process reads with pdf.js from now on.
    expect(readsWithPdfium()).toBe(false);
  });
});
