/**
 * The pages OCR reads are drawn by a pdf.js of their own, in a worker thread (docs/decisions/070-ocr.md).
 * The engine's pdf.js runs its worker side on the engine's thread (pdf/open-pdf.ts, for speed), so a
 * page whose drawing never ends (a form/pattern cycle builds its operator list without end, hundreds
 * of MB a second, in one synchronous run) would hold that thread until the job's memory cap killed
 * the whole extraction. Here the drawing runs on another thread with a heap of its own: the
 * engine's thread stays free for the time and memory watch (ocr-pages.ts), the heap cap ends a
 * runaway list in the thread alone, and ending the thread ends the drawing.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type TransferListItem } from 'node:worker_threads';
import { PDFWorker, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openPdf } from '../pdf/open-pdf.ts';
import { pdfjsReady } from '../pdf/pdfjs-ready.ts';

/** Heap of the drawing thread (MB): a scan's operator list is a few kB; its image data lives outside the heap. */
export const DRAWING_HEAP_MB = 128;

// The thread's whole program: pdf.js's worker side on a port over the thread's parent port.
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const listeners = new Map();
const port = {
  postMessage: (message, transfer) => parentPort.postMessage(message, transfer),
  addEventListener: (_type, listener) => {
    const on = (data) => listener({ data });
    listeners.set(listener, on);
    parentPort.on('message', on);
  },
  removeEventListener: (_type, listener) => {
    const on = listeners.get(listener);
    if (on) parentPort.off('message', on);
    listeners.delete(listener);
  },
};
import(workerData.module).then(({ WorkerMessageHandler }) => WorkerMessageHandler.initializeFromPort(port));
`;

type Listener = (event: { data: unknown }) => void;

/** The engine's end of the thread, shaped as the port pdf.js talks to. */
class ThreadPort {
  readonly #listeners = new Map<Listener, (data: unknown) => void>();
  constructor(private readonly thread: Worker) {}

  postMessage(message: unknown, transfer?: readonly TransferListItem[]): void {
    this.thread.postMessage(message, transfer);
  }

  addEventListener(_type: string, listener: Listener): void {
    const on = (data: unknown) => listener({ data });
    this.#listeners.set(listener, on);
    this.thread.on('message', on);
  }

  removeEventListener(_type: string, listener: Listener): void {
    const on = this.#listeners.get(listener);
    if (on) this.thread.off('message', on);
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const [, on] of this.#listeners) this.thread.off('message', on);
    this.#listeners.clear();
  }
}

/** A document open for drawing in its own thread; `close` ends the thread whatever it is doing. */
export interface DrawingDocument {
  doc: PDFDocumentProxy;
  close(): Promise<void>;
}

/**
 * The document opened by pdf.js in a new worker thread (heap capped at DRAWING_HEAP_MB), hardened
 * as the engine's own (openPdf). A thread that dies (its heap cap) leaves the document's requests
 * unanswered: the caller's time cap ends them.
 */
export async function openDrawingDocument(bytes: Uint8Array): Promise<DrawingDocument> {
  await pdfjsReady();
  const module = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href;
  const thread = new Worker(PROGRAM, { eval: true, workerData: { module }, resourceLimits: { maxOldGenerationSizeMb: DRAWING_HEAP_MB }, stdout: true, stderr: true });
  // Its heap cap ends the thread with an error: nothing to report, the requests go unanswered.
  thread.on('error', () => undefined);
  const port = new ThreadPort(thread);
  const worker = PDFWorker.create({ port: port as unknown as Worker, verbosity: 0 } as Parameters<typeof PDFWorker.create>[0]);
  const close = async () => {
    worker.destroy();
    port.terminate();
    await thread.terminate().catch(() => undefined);
  };
  try {
    const doc = await openPdf(bytes, { worker, drawing: true });
    return {
      doc,
      close: async () => {
        await Promise.race([doc.destroy().catch(() => undefined), new Promise((r) => setTimeout(r, 100))]);
        await close();
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}
