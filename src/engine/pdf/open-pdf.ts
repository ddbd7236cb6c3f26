import { restoreNatives } from './natives.ts';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCachedScript } from '../runtime/code-cache.ts';
import { getDocument, PDFWorker, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DirectPort } from './direct-port.ts';
import { pdfjsReady } from './pdfjs-ready.ts';

restoreNatives();

export type OpenFailure = 'invalid' | 'password';

/** Why a PDF could not be opened, typed so the pipeline can answer with the right status. */
export class PdfOpenError extends Error {
  constructor(
    readonly status: OpenFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'PdfOpenError';
  }
}

export interface OpenOptions {
  /** Give up opening after this many milliseconds (damaged cross-reference tables can be slow). */
  timeoutMs?: number;
  /** pdf.js's worker side to open the document with (OCR draws pages in a thread of its own, ocr/drawing-thread.ts); the engine's shared one by default. */
  worker?: PDFWorker;
  /**
   * The document's pages will be drawn (OCR, ocr/drawing-thread.ts): its images are decoded. Without
   * it the document is only read (text, rules and fills) and pdf.js leaves every image but a
   * one-pixel one (MAX_READ_IMAGE_PIXELS) out of its operator lists instead of decoding it: no table is found in an image's pixels (OCR draws its
   * pages from a document of its own), and a logo or a photo on a page with text would otherwise
   * be decoded for nothing (docs/decisions/001, issue 14).
   */
  drawing?: boolean;
}

/** Most pixels of an image pdf.js decodes for a drawing: caps what a hostile image can cost. */
export const MAX_DRAWN_IMAGE_PIXELS = 4096 * 4096;

/**
 * Most pixels of an image pdf.js keeps when a document is only read: one. A one-pixel image mask
 * stretched into a bar is how PostScript distilled by Acrobat draws TeX's rules (dvips' rulefill),
 * so it is a rule (pdf/graphics.ts); anything larger is a picture, left out undecoded.
 */
export const MAX_READ_IMAGE_PIXELS = 1;

export const OPEN_TIMEOUT_MS = 8_000;

// Predefined CMaps are needed to read text in CJK fonts; they ship inside pdfjs-dist.
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const CMAP_URL = join(pdfjsRoot, 'cmaps') + '/';
const STANDARD_FONTS_URL = join(pdfjsRoot, 'standard_fonts') + '/';

function errorName(err: unknown): string {
  return err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// pdf.js runs its worker code on this thread in Node (a "fake worker") and would import it on
// first use, patching the natives again; loading it here first keeps that under our control.
const WORKER_MODULE = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
/**
 * The worker side the engine's child reads with (runtime/pdfjs-scripts.ts, its patches applied),
 * as the build writes it: the engine run in-process (its tests) reads with it too when it is there,
 * so tests read the words the product reads (one patch, `runPerCell`, changes them). Drawing keeps
 * the package's own worker: the child's never builds glyph outlines.
 */
const BUILT_WORKER = fileURLToPath(new URL('../../../build/pdfjs/pdf.worker.js', import.meta.url));
const workersLoaded = new Map<'read' | 'draw', Promise<PDFWorker>>();

interface WorkerModule {
  WorkerMessageHandler: { initializeFromPort(port: unknown): void };
}

async function workerModule(use: 'read' | 'draw'): Promise<WorkerModule> {
  const g = globalThis as { pdfjsWorker?: WorkerModule };
  // The child loaded its worker before the engine (pdf/preload-pdfjs.ts), and never draws with it.
  if (g.pdfjsWorker && use === 'read') return g.pdfjsWorker;
  if (use === 'read' && fs.existsSync(BUILT_WORKER)) return runCachedScript(BUILT_WORKER, import.meta.resolve(WORKER_MODULE)) as unknown as WorkerModule;
  return (await import(/* @vite-ignore */ WORKER_MODULE)) as WorkerModule;
}

/**
 * One pdf.js worker side for every document of this thread (one to read, one to draw), talking
 * through a DirectPort (see direct-port.ts) instead of the fake worker's cloning LoopbackPort.
 * pdf.js serves several documents over one port as a browser worker does; each document is still
 * destroyed alone.
 */
function loadWorker(use: 'read' | 'draw'): Promise<PDFWorker> {
  let loaded = workersLoaded.get(use);
  if (!loaded) {
    loaded = (async () => {
      const module = await workerModule(use);
      restoreNatives();
      const port = new DirectPort();
      module.WorkerMessageHandler.initializeFromPort(port);
      return PDFWorker.create({ port: port as unknown as Worker, verbosity: 0 });
    })();
    workersLoaded.set(use, loaded);
  }
  return loaded;
}

/**
 * Opens a PDF from bytes with pdf.js hardened the way docs/architecture asks: no eval, no XFA,
 * no font faces, no system fonts. The bytes are copied because pdf.js detaches the buffer.
 */
export async function openPdf(bytes: Uint8Array, opts: OpenOptions = {}): Promise<PDFDocumentProxy> {
  await pdfjsReady();
  const worker = opts.worker ?? (await loadWorker(opts.drawing ? 'draw' : 'read'));
  const task = getDocument({
    worker,
    data: bytes.slice(),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    cMapUrl: CMAP_URL,
    cMapPacked: true,
    standardFontDataUrl: STANDARD_FONTS_URL,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // pdf.js drops an image past this many pixels before decoding it (see `drawing`).
    maxImageSize: opts.drawing ? MAX_DRAWN_IMAGE_PIXELS : MAX_READ_IMAGE_PIXELS,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PdfOpenError('invalid', 'timed out opening the document')),
      opts.timeoutMs ?? OPEN_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([task.promise, timeout]);
  } catch (err) {
    void task.destroy().catch(() => undefined);
    if (err instanceof PdfOpenError) throw err;
    if (errorName(err) === 'PasswordException') {
      throw new PdfOpenError('password', errorMessage(err));
    }
    throw new PdfOpenError('invalid', `${errorName(err) || 'Error'}: ${errorMessage(err)}`);
  } finally {
    clearTimeout(timer);
  }
}
