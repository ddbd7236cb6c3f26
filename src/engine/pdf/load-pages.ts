import { restoreNatives } from './natives.ts';
import { AnnotationMode, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

restoreNatives();
import type { ExtractOptions, PageContent } from '../types.ts';
import { operatorListToGraphics } from './graphics.ts';
import { toMatrix, IDENTITY } from './matrix.ts';
import { openPdf } from './open-pdf.ts';
import { DrawingTimeout, OcrPages } from '../ocr/ocr-pages.ts';
import { dominantTextRotation, itemsToChunks, placeItems, type TextItemLike } from './text-chunks.ts';
import { DEFAULT_MAX_PAGES, type LoadedPages } from './pages.ts';
import { loadPagesWithPdfium, readsWithPdfium } from './pdfium/read-pages.ts';

export { openPdf, PdfOpenError } from './open-pdf.ts';

export { DEFAULT_MAX_PAGES, type LoadedPages } from './pages.ts';
/** A page that takes longer than this to read is left empty (a hostile content stream). */
export const PAGE_TIMEOUT_MS = 8_000;

class PageTimeout extends Error {}

/**
 * Set once this process gave up on a page or a drawing past its timeout: pdf.js may still be
 * evaluating it (a runaway the document's destroy does not stop), so the engine's child must not
 * serve another document (runtime/child-core.ts, docs/decisions/001). Only a flag: no document data.
 */
let gaveUp = false;

/** Whether this process gave up on a runaway page or drawing (see above). */
export function gaveUpOnAPage(): boolean {
  return gaveUp;
}

function textItems(items: readonly unknown[]): TextItemLike[] {
  const out: TextItemLike[] = [];
  for (const item of items) {
    if (item && typeof item === 'object' && 'str' in item && 'transform' in item) out.push(item as TextItemLike);
  }
  return out;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageTimeout(`page took over ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** Reads one page: word chunks, ruling segments and fills, all in the upright reading frame. */
export async function readPage(page: PDFPageProxy, pageNumber: number): Promise<PageContent> {
  const rotate = ((page.rotate % 360) + 360) % 360;
  let viewport = page.getViewport({ scale: 1, rotation: rotate });
  const text = await page.getTextContent({ includeMarkedContent: false });
  const items = textItems(text.items);
  let base = toMatrix(viewport.transform) ?? IDENTITY;
  let placed = placeItems(items, base);
  const extra = dominantTextRotation(items, placed);
  const rotation = (rotate + extra) % 360;
  if (extra) {
    viewport = page.getViewport({ scale: 1, rotation });
    base = toMatrix(viewport.transform) ?? IDENTITY;
    placed = placeItems(items, base);
  }
  const chunks = itemsToChunks(items, placed, text.styles);
  const size = { width: viewport.width, height: viewport.height };
  // Without text there is no table to find: skip the drawing, which on scans means decoding
  // the page image for nothing.
  if (!chunks.length) return { page: pageNumber, ...size, rotation, chunks, segments: [], fills: [] };
  const ops = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  const { segments, fills, diagonals } = operatorListToGraphics(ops.fnArray, ops.argsArray, base, size);
  return { page: pageNumber, ...size, rotation, chunks, segments, fills, diagonals };
}

function emptyPage(pageNumber: number): PageContent {
  return { page: pageNumber, width: 0, height: 0, rotation: 0, chunks: [], segments: [], fills: [] };
}

/**
 * Reads every page of an open document in order, honouring the abort signal between pages.
 * Throws the signal's reason when aborted.
 */
export async function readPages(
  doc: PDFDocumentProxy,
  opts: ExtractOptions = {},
  onPage?: (page: PageContent) => void,
  /** The document's bytes: OCR reads only the text-less pages that paint a large image (ocr/image-pages.ts). */
  bytes?: Uint8Array,
): Promise<LoadedPages> {
  const numPages = doc.numPages;
  const total = Math.min(numPages, opts.maxPages ?? DEFAULT_MAX_PAGES);
  const pages: PageContent[] = [];
  const skipped: number[] = [];
  const ocr = opts.ocr === false ? undefined : new OcrPages(bytes, opts.onOcrPage);
  // A first report tells watchers the document opened (progress 0 of total).
  opts.onProgress?.(0, total);
  try {
    for (let n = 1; n <= total; n++) {
      opts.signal?.throwIfAborted();
      let content: PageContent;
      try {
        content = await withTimeout(
          doc.getPage(n).then(async (page) => {
            try {
              return await readPage(page, n);
            } finally {
              page.cleanup();
            }
          }),
          PAGE_TIMEOUT_MS,
        );
      } catch (err) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        if (err instanceof PageTimeout) {
          gaveUp = true;
          // pdf.js keeps evaluating a runaway page (a form/pattern cycle grows without end) until
          // the document is destroyed; the pages after it are given up with it.
          await doc.destroy().catch(() => undefined);
          for (let k = n; k <= total; k++) skipped.push(k);
          break;
        }
        // One unreadable page must not lose the others; it is reported as skipped.
        skipped.push(n);
        content = emptyPage(n);
      }
      // A page without text is read from its image; OCR reports progress while it works (a page can
      // take seconds), so watchers never see it stall.
      if (ocr && !content.chunks.length && !skipped.includes(n)) {
        try {
          content = await ocr.read(doc, content, opts.signal, () => opts.onProgress?.(n - 1, total));
          if (ocr.failed.includes(n)) skipped.push(n);
        } catch (err) {
          if (!(err instanceof DrawingTimeout)) throw err;
          gaveUp = true;
          await doc.destroy().catch(() => undefined);
          for (let k = n; k <= total; k++) skipped.push(k);
          break;
        }
      }
      pages.push(content);
      onPage?.(content);
      opts.onProgress?.(n, total);
    }
  } finally {
    await ocr?.close();
  }
  opts.signal?.throwIfAborted();
  return { pages, numPages, skipped, ocr: ocr?.pages ?? [] };
}

/**
 * Opens the bytes and reads every page: with PDFium (pdfium/read-pages.ts) unless it hands the
 * document back (text spelled from ActualText) or ENGINE_PARSER=pdfjs, else with pdf.js (see
 * readPages). The document is always released; a document that cannot be opened throws a
 * PdfOpenError, an abort the signal's reason.
 */
export async function loadPages(bytes: Uint8Array, opts: ExtractOptions = {}, onPage?: (page: PageContent) => void): Promise<LoadedPages> {
  opts.signal?.throwIfAborted();
  if (readsWithPdfium()) {
    // PDFium reports nothing before it has decided to keep the document (pdfium/read-pages.ts).
    const loaded = await loadPagesWithPdfium(bytes, opts, onPage);
    if (loaded) return loaded;
  }
  const doc = await openPdf(bytes);
  try {
    return await readPages(doc, opts, onPage, bytes);
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
