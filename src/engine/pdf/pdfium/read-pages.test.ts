import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { gridSpec, makePdf } from '../../../../tests/fixtures/engine/make-pdf.ts';
import { corpusDir } from '../../test-corpus.ts';
import type { PageContent, TextChunk } from '../../types.ts';
import { openPdf } from '../open-pdf.ts';
import { loadPages, readPages } from '../load-pages.ts';
import { loadPagesWithPdfium } from './read-pages.ts';

// PDFium reads the pages in pdf.js's place (decision 001, "Issue 14, 2026-11-25"): the engine was
// tuned on pdf.js's words, so PDFium's must be the same words, cut into the same runs. Inside a run
// pdf.js places each word at the share of the item's width a common face's glyphs would take;
// PDFium places it where its glyphs are (2026-12-02, fourth session), so a word inside a run may sit
// up to a few tenths of its size from where pdf.js guessed it.
const TESTS = resolve(import.meta.dirname, '../../../../tests');
const FILES = [
  join(TESTS, 'integration/fixtures/grid-1001.pdf'),
  join(TESTS, 'integration/fixtures/stream-2001.pdf'),
  join(TESTS, 'fixtures/calc/calc-15201.pdf'),
  join(TESTS, 'fixtures/writer-html/writer-6001.pdf'),
];

async function withPdfjs(bytes: Uint8Array): Promise<PageContent[]> {
  const doc = await openPdf(bytes);
  try {
    return (await readPages(doc, { ocr: false })).pages;
  } finally {
    await doc.destroy();
  }
}

async function withPdfium(bytes: Uint8Array): Promise<PageContent[]> {
  const loaded = await loadPagesWithPdfium(bytes, { ocr: false });
  if (!loaded) throw new Error('handed back to pdf.js');
  return loaded.pages;
}

/** Each word of `a` matched to an unused word of `b` with its text, by nearest place. */
function pairs(a: readonly TextChunk[], b: readonly TextChunk[]): { word: TextChunk; twin: TextChunk | undefined }[] {
  const used = new Set<TextChunk>();
  return a.map((word) => {
    let twin: TextChunk | undefined;
    for (const c of b) {
      if (used.has(c) || c.text !== word.text) continue;
      if (!twin || Math.abs(c.x0 - word.x0) + Math.abs(c.y0 - word.y0) < Math.abs(twin.x0 - word.x0) + Math.abs(twin.y0 - word.y0)) twin = c;
    }
    if (twin) used.add(twin);
    return { word, twin };
  });
}

const TIMES = StandardFontEmbedder.for(StandardFonts.TimesRoman as string as Parameters<typeof StandardFontEmbedder.for>[0]);

/** How far pdf.js's guess of a word's place inside its item may be off, × the size. */
const GUESS_ERROR_EM = 0.4;

describe('PDFium reads the pages as pdf.js did', () => {
  /** PDFium's pages are pdf.js's: the same words in the same places, the same rules. */
  async function expectParity(bytes: Uint8Array): Promise<void> {
    const before = await withPdfjs(bytes.slice());
    const after = await withPdfium(bytes.slice());
    expect(after.map((p) => [p.page, p.rotation])).toEqual(before.map((p) => [p.page, p.rotation]));
    after.forEach((page, i) => {
      const old = before[i]!;
      expect(page.width).toBeCloseTo(old.width, 2);
      expect(page.height).toBeCloseTo(old.height, 2);
      expect(page.chunks.map((c) => c.text).sort()).toEqual(old.chunks.map((c) => c.text).sort());
      // A run's first word starts where pdf.js's item does (PDFium's boxes are single floats: half
      // a point at most); a word inside a run lies where pdf.js's guess of it does, give or take
      // the guess's error.
      for (const { word, twin } of pairs(old.chunks, page.chunks)) {
        expect(twin, word.text).toBeDefined();
        const reach = word.spaceBefore ? GUESS_ERROR_EM * word.size : 0.6;
        expect(Math.abs(twin!.x0 - word.x0), word.text).toBeLessThan(reach);
        expect(Math.abs(twin!.x1 - word.x1), word.text).toBeLessThan(GUESS_ERROR_EM * word.size);
        expect(Math.abs(twin!.y0 - word.y0), word.text).toBeLessThan(0.05);
        expect(twin!.size).toBeCloseTo(word.size, 2);
      }
      expect(page.segments.length).toBe(old.segments.length);
      expect(page.fills.length).toBe(old.fills.length);
    });
  }

  it.each(FILES.map((f) => [f.slice(TESTS.length + 1), f]))('%s: the same words in the same places, the same rules', async (_name, file) => {
    await expectParity(new Uint8Array(readFileSync(file)));
  });

  it('reads standard fonts the PDF does not carry where it measures them as pdf.js (no €)', async () => {
    const grid = gridSpec([60, 200, 300, 420], [100, 120, 140, 160], [
      ['Concepto', 'Cantidad', 'Valor ($)'],
      ['Fertilización orgánica', '12,5', '1.234.567,89'],
      ['Año 2 — cosecha "tardía"', '7', '(45.000)'],
    ]);
    const bytes = await makePdf([
      {
        ...grid,
        texts: [
          ...(grid.texts ?? []),
          { text: 'Solicitud N° 4512 – Señor Muñoz', x: 60, y: 60, size: 12, bold: true },
          { text: 'Observación: área 3,72 ha; rendimiento 2.150 kg/ha', x: 60, y: 200, serif: true },
          { text: 'codigo = 0x2F; // 45%', x: 60, y: 220, mono: true },
          { text: '1.250.000', x: 420, y: 240, align: 'right' },
        ],
      },
    ]);
    // withPdfium fails if the document is handed back.
    await expectParity(bytes);
  });

  it('places each word of a run where its glyphs are (two cells half an em apart are one run)', async () => {
    // Times: pdf.js's guess weighs glyphs as a sans face would, a point or more off here.
    const cells = '202.856 Cursos de formación';
    const bytes = await makePdf([{ texts: [{ text: cells, x: 100, y: 200, size: 10, serif: true }] }]);
    const words = (await withPdfium(bytes))[0]!.chunks;
    const at = (word: string): number => 100 + TIMES.widthOfTextAtSize(cells.slice(0, cells.indexOf(word)), 10);
    for (const word of ['Cursos', 'de', 'formación']) {
      const chunk = words.find((c) => c.text === word);
      expect(chunk?.x0, word).toBeCloseTo(at(word), 1);
    }
  });

  it('leaves a file it cannot open to pdf.js, which may repair it', async () => {
    const bytes = new Uint8Array(readFileSync(join(TESTS, 'integration/fixtures/pdfjs-bug1606566.pdf')));
    expect(await loadPagesWithPdfium(bytes.slice(), { ocr: false })).toBeUndefined();
    const pages = (await loadPages(bytes, { ocr: false })).pages;
    expect(pages.flatMap((p) => p.chunks.map((c) => c.text))).toContain('1606566');
  });

  it('reads a ligature glyph as its letters, in its word (`ﬂ` of `fletes`)', async () => {
    const pages = await withPdfium(new Uint8Array(readFileSync(join(TESTS, 'integration/fixtures/stream-2001.pdf'))));
    const words = pages.flatMap((p) => p.chunks.map((c) => c.text));
    expect(words).toContain('fletes');
    expect(words.some((w) => /letesf|^f$/.test(w))).toBe(false);
  });

  it('hands back a document set in a standard font it does not carry (its widths would be guessed)', async () => {
    const bytes = await makePdf([{ texts: [{ text: '8.903,74 €', x: 100, y: 200, size: 10 }] }]);
    expect(await loadPagesWithPdfium(bytes, { ocr: false })).toBeUndefined();
  });

  const publicCorpus = corpusDir('public');
  it.runIf(publicCorpus !== undefined)('reads the glyphs drawn, not the ActualText PDFium would spell in their place', async () => {
    // 12s0324's figures and leaders are marked with ActualText: PDFium's text page put that text at
    // each object's origin, splitting its box (decision 001).
    const bytes = new Uint8Array(readFileSync(join(publicCorpus!, 'camelot/12s0324.pdf')));
    const pages = await withPdfium(bytes);
    const words = pages[0]!.chunks.map((c) => c.text);
    expect(words).toEqual(expect.arrayContaining(['11,062.6', '1,540.0', '9,522.6', '467.9']));
    // Each leader dot where it is drawn: dots one space apart, never two on one spot.
    const dots = pages[0]!.chunks.filter((c) => /^\.+( \.+)*$/.test(c.text));
    expect(dots.length).toBeGreaterThan(10);
    for (const c of dots) expect(c.x1 - c.x0).toBeGreaterThan((c.text.replace(/ /g, '').length - 1) * 2);
  });
});
