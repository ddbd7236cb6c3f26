// pdf.js's API in the engine's child: the instance pdf/preload-pdfjs.ts loaded (from a classic
// script with V8's code cache, or natively). The child's bundle resolves every import of
// 'pdfjs-dist/legacy/build/pdf.mjs' to this module (runtime/child-build.ts); elsewhere (tests, the
// engine in-process) the package is imported as it is. An import of a name not listed here fails
// the child's build ("No matching export"): add the name.
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFJS_API, PDFJS_BIND } from './preload-pdfjs.ts';

// Bound when pdf.js is loaded, on first use (pdf/pdfjs-ready.ts): an import sees the binding as it
// is then (ES modules' bindings are live). Used before, they are undefined.
export let AnnotationMode: typeof Pdfjs.AnnotationMode;
export let getDocument: typeof Pdfjs.getDocument;
export let OPS: typeof Pdfjs.OPS;
export let PDFWorker: typeof Pdfjs.PDFWorker;

function bind(api: typeof Pdfjs): void {
  ({ AnnotationMode, getDocument, OPS, PDFWorker } = api);
}

const slot = globalThis as { [PDFJS_API]?: typeof Pdfjs; [PDFJS_BIND]?: (api: typeof Pdfjs) => void };
slot[PDFJS_BIND] = bind;
if (slot[PDFJS_API]) bind(slot[PDFJS_API]);
