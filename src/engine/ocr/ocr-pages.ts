import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { IDENTITY, toMatrix } from '../pdf/matrix.ts';
import type { PageContent } from '../types.ts';
import { openDrawingDocument, type DrawingDocument } from './drawing-thread.ts';
import { pageImage } from './page-image.ts';
import { readPageImage } from './read-image.ts';
import { OcrEngine } from './recognize.ts';
import { whenOver } from '../runtime/task-clock.ts';

/**
 * Longest one page may take to be read by OCR (ms of the process's CPU, task-clock.ts). Tesseract
 * takes 1–5 s on a page of the corpus, up to 25 s on a dense 200 dpi spreadsheet page, and the
 * first page also starts the recogniser; on a busy machine the same page's CPU grows by half (two
 * recognisers on two cores: a dense Calc scan's first page passed 40 s and was lost). Past this
 * the worker is ended (a new one serves the next page) and the page is reported unread.
 */
export const OCR_PAGE_TIMEOUT_MS = 60_000;
/**
 * While a page is being read, a heartbeat this often from the child's main thread, which is free
 * while Tesseract works in its own thread: Tesseract reports nothing while it lays a page out (24 s
 * on a dense 200 dpi Calc scan), and the stall cap took that for a hung file. A main thread held by
 * a synchronous loop still beats not, and OCR_PAGE_TIMEOUT_MS bounds the page.
 */
export const OCR_HEARTBEAT_MS = 2_000;
/**
 * Longest the page's drawing instructions may take to read (ms of CPU). A scan's are one image (well under
 * a second, its decoding included); a hostile page's can grow without end (a form/pattern cycle).
 */
export const DRAWING_TIMEOUT_MS = 3_000;

class OcrTimeout extends Error {}

/**
 * The page's drawing did not finish in DRAWING_TIMEOUT_MS (or grew memory past DRAWING_MEMORY_MB): pdf.js goes on evaluating it until the
 * document is destroyed, so the reader gives up the document's remaining pages (as load-pages does).
 */
export class DrawingTimeout extends Error {
  override name = 'DrawingTimeout';
}

/**
 * Most the process may grow (MB) while a page's drawing is read: a scan's is one decoded image (tens
 * of MB); a hostile page's operator list grows by hundreds of MB a second, which would reach the
 * job's memory cap before any time limit.
 */
export const DRAWING_MEMORY_MB = 150;
const WATCH_MS = 50;

/** `p`, or DrawingTimeout once `ms` of CPU have passed (task-clock.ts) or the process grew by DRAWING_MEMORY_MB. */
function drawingWithin<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let stop: (() => void) | undefined;
  let watch: NodeJS.Timeout | undefined;
  const rss0 = process.memoryUsage.rss();
  const t = new Promise<never>((_, reject) => {
    stop = whenOver(ms, () => reject(new DrawingTimeout(`${what}: drawing took over ${ms} ms`)));
    watch = setInterval(() => {
      const grown = (process.memoryUsage.rss() - rss0) / 1e6;
      if (grown > DRAWING_MEMORY_MB) reject(new DrawingTimeout(`${what}: drawing grew the process by ${grown.toFixed(0)} MB`));
    }, WATCH_MS);
  });
  return Promise.race([p, t]).finally(() => {
    stop?.();
    clearInterval(watch);
  });
}

/**
 * OCR for the pages of one document that have no text layer (docs/decisions/070-ocr.md). The OCR
 * engine starts on the first such page and is ended by `close`, which the reader always calls.
 */
export class OcrPages {
  private engine = new OcrEngine();
  private imagePages: Promise<Set<number> | undefined> | undefined;
  private drawing: Promise<DrawingDocument> | undefined;
  /** Pages read by OCR, 1-based. */
  readonly pages: number[] = [];
  /** Pages OCR took on and could not read (an error, or past OCR_PAGE_TIMEOUT_MS), 1-based: said, never dropped in silence. */
  readonly failed: number[] = [];
  /** Pages OCR has taken on (read or tried). */
  private taken = 0;

  /**
   * `bytes`: the document, to find which pages paint a large image (image-pages.ts) before asking
   * pdf.js. `onPage` hears how many pages OCR has taken on, as it takes on each.
   */
  constructor(
    private readonly bytes?: Uint8Array,
    private readonly onPage?: (pages: number) => void,
  ) {}

  /**
   * The page's words and rules read from its image, or `content` unchanged when it has nothing to
   * read or OCR failed. `onTick` is called while the page is being read (heartbeat).
   */
  async read(doc: PDFDocumentProxy | undefined, content: PageContent, signal: AbortSignal | undefined, onTick: () => void): Promise<PageContent> {
    if (this.bytes) {
      // Loaded here, not at start-up: pdf-lib costs ~80 ms to load and only text-less pages need it.
      this.imagePages ??= import('./image-pages.ts').then(({ pagesWithLargeImages }) => pagesWithLargeImages(this.bytes!));
      const withImages = await this.imagePages;
      if (withImages && !withImages.has(content.page)) return content;
    }
    this.onPage?.(++this.taken);
    let page: PDFPageProxy | undefined;
    let stop: (() => void) | undefined;
    const cap = new Promise<never>((_, reject) => {
      stop = whenOver(OCR_PAGE_TIMEOUT_MS, () => reject(new OcrTimeout()), OCR_HEARTBEAT_MS / 4);
    });
    const onAbort = () => void this.close();
    signal?.addEventListener('abort', onAbort, { once: true });
    const beat = setInterval(onTick, OCR_HEARTBEAT_MS);
    try {
      const work = (async () => {
        // Drawn by a pdf.js of its own in a worker thread (drawing-thread.ts), always: the engine's
        // own document is opened to be read, its images left out (pdf/open-pdf.ts, `drawing`).
        this.drawing ??= this.bytes ? openDrawingDocument(this.bytes) : doc!.getData().then(openDrawingDocument);
        const source = (await this.drawing).doc;
        page = await source.getPage(content.page);
        const viewport = page.getViewport({ scale: 1, rotation: content.rotation });
        const base = toMatrix(viewport.transform) ?? IDENTITY;
        const img = await drawingWithin(
          pageImage(page, base, { width: viewport.width, height: viewport.height }, content.rotation, DRAWING_TIMEOUT_MS),
          DRAWING_TIMEOUT_MS,
          `page ${content.page}`,
        );
        // The drawing thread is ended while Tesseract reads (its memory adds to the recogniser's
        // peak); the next page starts another.
        await this.closeDrawing();
        if (!img) return content;
        onTick();
        signal?.throwIfAborted();
        const read = await readPageImage(img, this.engine, { onTick });
        return { ...content, chunks: read.chunks, segments: read.segments, ocr: true as const, ...(read.deskew ? { deskew: read.deskew } : {}) };
      })();
      const out = await Promise.race([work, cap]);
      if (out.ocr) this.pages.push(content.page);
      return out;
    } catch (err) {
      signal?.throwIfAborted();
      if (err instanceof DrawingTimeout) {
        // The drawing may still be running in its thread: ending the thread ends it.
        await this.closeDrawing();
        throw err;
      }
      // A page OCR could not read (or not in time) keeps no text, and the reader reports it as a
      // page it could not read; the engine is restarted for the next one.
      this.failed.push(content.page);
      await this.closeEngine();
      return content;
    } finally {
      clearInterval(beat);
      stop?.();
      signal?.removeEventListener('abort', onAbort);
      page?.cleanup();
    }
  }

  private async closeEngine(): Promise<void> {
    const engine = this.engine;
    this.engine = new OcrEngine();
    await engine.close();
  }

  private async closeDrawing(): Promise<void> {
    const drawing = this.drawing;
    this.drawing = undefined;
    await (await drawing?.catch(() => undefined))?.close();
  }

  /** Ends the OCR engine and the drawing thread (a later page starts them again). */
  async close(): Promise<void> {
    await Promise.all([this.closeEngine(), this.closeDrawing()]);
  }
}
