/**
 * Reads a document's pages with PDFium (decision 001, "Issue 14: PDFium reads the pages"): one
 * parse of each content stream serves the words and the drawing, where pdf.js lexed it twice and
 * laid its text out in JavaScript. Pages without a text layer are read by OCR as before.
 */
import type { ExtractOptions, PageContent } from '../../types.ts';
import { DrawingTimeout, OcrPages } from '../../ocr/ocr-pages.ts';
import { DEFAULT_MAX_PAGES, type LoadedPages } from '../pages.ts';
import { PdfOpenError } from '../open-pdf.ts';
import type { Matrix } from '../matrix.ts';
import { readGraphics } from './graphics.ts';
import { markPdfiumBroken, pdfium, pdfiumBroken, type Pdfium } from './module.ts';
import { readChars } from './chars.ts';
import { charsToChunks, dominantRotation, placeChars } from './text.ts';

/**
 * PDFium reads the pages unless ENGINE_PARSER=pdfjs asks for pdf.js (the reader before issue 14,
 * kept for the documents PDFium hands back, for OCR's drawing, and to compare) or PDFium aborted
 * earlier in this process.
 */
export function readsWithPdfium(): boolean {
  return process.env.ENGINE_PARSER !== 'pdfjs' && !pdfiumBroken();
}

/** FPDF_GetLastError's codes (fpdfview.h). */
const ERR_PASSWORD = 4;
const ERR_SECURITY = 6;

/**
 * The decimal a PDF most likely wrote for a number PDFium hands over as a float: A4's 595.276
 * comes back as 595.2760009765625, and pdf.js (and the page sizes the engine reports) had 595.276.
 * Seven significant digits are what a float holds.
 */
function asWritten(value: number): number {
  return Number(value.toPrecision(7));
}

/** The box pdf.js views a page through: the crop box within the media box, else the media box. */
function viewBox(lib: Pdfium, page: number, scratch: number): [number, number, number, number] {
  const { fn, heap } = lib;
  const k = scratch >> 2;
  const box = (get: typeof fn.FPDFPage_GetMediaBox): [number, number, number, number] | undefined => {
    if (!get(page, scratch, scratch + 4, scratch + 8, scratch + 12)) return undefined;
    const f = heap().f32;
    const l = asWritten(f[k]!), b = asWritten(f[k + 1]!), r = asWritten(f[k + 2]!), t = asWritten(f[k + 3]!);
    return [Math.min(l, r), Math.min(b, t), Math.max(l, r), Math.max(b, t)];
  };
  const media = box(fn.FPDFPage_GetMediaBox) ?? [0, 0, 612, 792];
  const crop = box(fn.FPDFPage_GetCropBox);
  if (crop) {
    const x0 = Math.max(crop[0], media[0]), y0 = Math.max(crop[1], media[1]);
    const x1 = Math.min(crop[2], media[2]), y1 = Math.min(crop[3], media[3]);
    if (x1 > x0 && y1 > y0) return [x0, y0, x1, y1];
  }
  return media;
}

/** pdf.js's PageViewport at scale 1: PDF user space to the upright top-left view. */
export function viewportOf(view: readonly [number, number, number, number], rotation: number): { m: Matrix; width: number; height: number } {
  const cx = (view[2] + view[0]) / 2;
  const cy = (view[3] + view[1]) / 2;
  const r = ((rotation % 360) + 360) % 360;
  const [a, b, c, d] = r === 90 ? [0, 1, 1, 0] : r === 180 ? [-1, 0, 0, 1] : r === 270 ? [0, -1, -1, 0] : [1, 0, 0, -1];
  const sideways = a === 0;
  const offX = sideways ? Math.abs(cy - view[1]) : Math.abs(cx - view[0]);
  const offY = sideways ? Math.abs(cx - view[0]) : Math.abs(cy - view[1]);
  const width = sideways ? view[3] - view[1] : view[2] - view[0];
  const height = sideways ? view[2] - view[0] : view[3] - view[1];
  return { m: [a, b, c, d, offX - a * cx - c * cy, offY - b * cx - d * cy], width, height };
}

/**
 * Each page object's place in the page's drawing order, forms' objects included (in theirs). On
 * the way, a text object's marked content loses its ActualText (`keyActualText`: the C string
 * "ActualText" in PDFium's memory): PDFium's text page would spell that text in place of the glyphs
 * drawn, all at the object's origin, placed by splitting its box (a leader `[( ) (.) (.)]` read as
 * `. .`), where pdf.js reads the glyphs. The page is only read, never saved.
 */
function objectRanks(lib: Pdfium, page: number, keyActualText: number): Map<number, number> {
  const { fn } = lib;
  const ranks = new Map<number, number>();
  const walk = (count: number, at: (i: number) => number, depth: number): void => {
    for (let i = 0; i < count && ranks.size < MAX_OBJECTS; i++) {
      const obj = at(i);
      if (!obj) continue;
      ranks.set(obj, ranks.size);
      const type = fn.FPDFPageObj_GetType(obj);
      if (type === OBJ_TEXT) {
        for (let m = fn.FPDFPageObj_CountMarks(obj) - 1; m >= 0; m--) fn.FPDFPageObjMark_RemoveParam(obj, fn.FPDFPageObj_GetMark(obj, m), keyActualText);
      } else if (depth < 32 && type === OBJ_FORM) walk(fn.FPDFFormObj_CountObjects(obj), (k) => fn.FPDFFormObj_GetObject(obj, k), depth + 1);
    }
  };
  walk(fn.FPDFPage_CountObjects(page), (i) => fn.FPDFPage_GetObject(page, i), 0);
  return ranks;
}

/** Bytes of the scratch memory PDFium's calls answer in (a font's name: 64). */
const SCRATCH_BYTES = 64;
const ACTUAL_TEXT = new TextEncoder().encode('ActualText\0');
const OBJ_TEXT = 1;
const OBJ_FORM = 5;
/** Objects ranked at most (the drawing's budget, pdf/graphics.ts): past it, PDFium's order stands. */
const MAX_OBJECTS = 400_000;

/** Thrown when a page's words are better placed by pdf.js (text.ts `handBack`). */
class HandBack extends Error {}

function readPage(lib: Pdfium, doc: number, n: number, scratch: number): PageContent {
  const { fn } = lib;
  const page = fn.FPDF_LoadPage(doc, n - 1);
  if (!page) throw new Error(`page ${n} could not be loaded`);
  try {
    const view = viewBox(lib, page, scratch);
    const rotate = ((fn.FPDFPage_GetRotation(page) % 4) + 4) % 4 * 90;
    // Ranked (and rid of ActualText) before the text page is made from the objects.
    const ranks = objectRanks(lib, page, scratch + SCRATCH_BYTES);
    const textPage = fn.FPDFText_LoadPage(page);
    const chars = textPage ? readChars(lib, textPage, scratch, ranks) : undefined;
    if (textPage) fn.FPDFText_ClosePage(textPage);
    if (chars?.handBack) throw new HandBack(chars.handBack);
    let vp = viewportOf(view, rotate);
    // Placed once, and again only when most of the page reads in another direction.
    let placed = chars ? placeChars(chars, vp.m) : [];
    const extra = dominantRotation(placed);
    const rotation = (rotate + extra) % 360;
    if (extra) {
      vp = viewportOf(view, rotation);
      placed = chars ? placeChars(chars, vp.m) : [];
    }
    const chunks = chars ? charsToChunks(chars, placed, vp) : [];
    const size = { width: vp.width, height: vp.height };
    // Without text there is no table to find: the drawing is not read (as load-pages.ts).
    if (!chunks.length) return { page: n, ...size, rotation, chunks, segments: [], fills: [] };
    const { segments, fills, diagonals } = readGraphics(lib, page, vp.m, size, scratch);
    return { page: n, ...size, rotation, chunks, segments, fills, diagonals };
  } finally {
    fn.FPDF_ClosePage(page);
  }
}

/**
 * Whether PDFium opens the bytes (the upload check, extract.ts openOnly): `ok` with the page count,
 * `password`, or undefined when it cannot (pdf.js may still repair the file) or aborted.
 */
export async function openWithPdfium(bytes: Uint8Array): Promise<{ status: 'ok' | 'password'; numPages: number } | undefined> {
  const lib = await pdfium();
  const { fn } = lib;
  const data = fn.malloc(Math.max(1, bytes.length));
  if (!data) return undefined;
  try {
    lib.heap().u8.set(bytes, data);
    const doc = fn.FPDF_LoadMemDocument(data, bytes.length, 0);
    if (!doc) {
      const code = fn.FPDF_GetLastError();
      return code === ERR_PASSWORD || code === ERR_SECURITY ? { status: 'password', numPages: 0 } : undefined;
    }
    const numPages = Math.max(0, fn.FPDF_GetPageCount(doc));
    fn.FPDF_CloseDocument(doc);
    return { status: 'ok', numPages };
  } catch {
    // PDFium aborted (its heap cap): not to be used again in this process (module.ts).
    markPdfiumBroken();
    return undefined;
  } finally {
    if (!pdfiumBroken()) fn.free(data);
  }
}

/**
 * Opens the bytes with PDFium and reads every page in order, honouring the abort signal between
 * pages (throws its reason when aborted); a page PDFium cannot load is reported as skipped.
 * Undefined when PDFium cannot open the file (not for a password) or a page's words are better
 * placed by pdf.js (a character still spelled from ActualText, a standard font's glyph PDFium
 * measures otherwise, TeX's math fonts: chars.ts `handBack`): the caller reads the document with
 * pdf.js instead.
 */
export async function loadPagesWithPdfium(bytes: Uint8Array, opts: ExtractOptions = {}, onPage?: (page: PageContent) => void): Promise<LoadedPages | undefined> {
  opts.signal?.throwIfAborted();
  const lib = await pdfium();
  const { fn } = lib;
  const data = fn.malloc(Math.max(1, bytes.length));
  // The calls' answers, then the key objectRanks removes.
  const scratch = fn.malloc(SCRATCH_BYTES + ACTUAL_TEXT.length);
  if (!data || !scratch) throw new PdfOpenError('invalid', 'no memory for the document');
  lib.heap().u8.set(bytes, data);
  lib.heap().u8.set(ACTUAL_TEXT, scratch + SCRATCH_BYTES);
  // PDFium reads the document from this memory as it goes: it is freed only after closing.
  let doc = 0;
  try {
    doc = fn.FPDF_LoadMemDocument(data, bytes.length, 0);
  } catch {
    // PDFium aborted opening it (its heap cap): never used again in this process; pdf.js reads it.
    markPdfiumBroken();
    return undefined;
  }
  const ocr = opts.ocr === false ? undefined : new OcrPages(bytes, opts.onOcrPage);
  try {
    if (!doc) {
      const code = fn.FPDF_GetLastError();
      if (code === ERR_PASSWORD || code === ERR_SECURITY) throw new PdfOpenError('password', `PDFium: the document needs a password (error ${code})`);
      // A file PDFium cannot open pdf.js may still repair (pdfjs-bug1606566): the caller tries it.
      return undefined;
    }
    const numPages = Math.max(0, fn.FPDF_GetPageCount(doc));
    const total = Math.min(numPages, opts.maxPages ?? DEFAULT_MAX_PAGES);
    const pages: PageContent[] = [];
    const skipped: number[] = [];
    // Every page's text and drawing first (milliseconds a page), before anything is reported or
    // read by OCR: a document handed back to pdf.js is then read by it as if from the start.
    for (let n = 1; n <= total; n++) {
      opts.signal?.throwIfAborted();
      try {
        pages.push(readPage(lib, doc, n, scratch));
      } catch (err) {
        if (err instanceof HandBack) return undefined;
        // PDFium aborted (its heap cap: a decompression bomb) or faulted: nothing more is read with
        // it in this process, and the pages from here on are given up, as pdf.js's runaway pages.
        markPdfiumBroken();
        for (let k = n; k <= total; k++) skipped.push(k);
        break;
      }
      // Let an abort through between pages: PDFium's calls are synchronous.
      if (n % 8 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    opts.onProgress?.(0, total);
    for (let i = 0; i < pages.length; i++) {
      opts.signal?.throwIfAborted();
      const n = i + 1;
      let content = pages[i]!;
      if (ocr && !content.chunks.length && !skipped.includes(n)) {
        try {
          content = pages[i] = await ocr.read(undefined, content, opts.signal, () => opts.onProgress?.(n - 1, total));
          // A scanned page OCR could not read is said to be unread, not left blank in silence.
          if (ocr.failed.includes(n)) skipped.push(n);
        } catch (err) {
          if (!(err instanceof DrawingTimeout)) throw err;
          for (let k = n; k <= total; k++) if (!skipped.includes(k)) skipped.push(k);
          pages.length = i;
          break;
        }
      }
      onPage?.(content);
      opts.onProgress?.(n, total);
    }
    opts.signal?.throwIfAborted();
    return { pages, numPages, skipped, ocr: ocr?.pages ?? [] };
  } finally {
    await ocr?.close();
    // After an abort PDFium's memory is not to be touched again; the child is retired.
    if (!pdfiumBroken()) {
      if (doc) fn.FPDF_CloseDocument(doc);
      fn.free(scratch);
      fn.free(data);
    }
  }
}
