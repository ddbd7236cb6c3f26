// pdf.js's API in the engine's child: the instance pdf/preload-pdfjs.ts loaded (from a classic
// script with V8's code cache, or natively). The child's bundle resolves every import of
// 'pdfjs-dist/legacy/build/pdf.mjs' to this module (runtime/child-build.ts); elsewhere (tests, the
// engine in-process) the package is imported as it is. An import of a name not listed here fails
// the child's build ("No matching export"): add the name.
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFJS_API } from './preload-pdfjs.ts';

const api = (globalThis as { [PDFJS_API]?: typeof Pdfjs })[PDFJS_API];
if (!api) throw new Error('pdf.js is not loaded: the child loads it first (pdf/preload-pdfjs.ts)');

export const { AnnotationMode, getDocument, OPS, PDFWorker } = api;
