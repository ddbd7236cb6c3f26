// Loads pdf.js into the engine's child process (runtime/child.ts) before any other module of the
// engine is evaluated. It changes globals, so only a process that does nothing but extraction
// calls it:
// - the legacy build's core-js replaces Array.prototype.push, JSON.parse and JSON.stringify
//   process-wide with slow polyfills; the natives are captured first and put back after (see
//   natives.ts, which does the same for the engine run in-process by tests);
// - pdf.js's fake worker (its worker code on this thread) is handed over as globalThis.pdfjsWorker
//   instead of being imported by pdf.js on first use, which would patch the natives again;
// - DecompressionStream fails at once, so pdf.js inflates with its own synchronous decoder.
// Dynamic imports, so a bundler keeps them here, in this order, instead of hoisting them.

const PDFJS = 'pdfjs-dist/legacy/build/pdf.mjs';
const PDFJS_WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

// pdf.js inflates content streams through DecompressionStream when it exists; in Node those web
// streams cost more than pdf.js's own synchronous inflate (about 15% of the extraction's CPU
// time, measured with bench:extract). pdf.js tries DecompressionStream for every Flate stream and
// falls back to its own decoder when constructing it throws; throwing a plain value skips the
// TypeError and stack trace a missing global cost each time (~2% of the time).
const NO_STREAM = Symbol('no DecompressionStream');

export async function preloadPdfjs(): Promise<void> {
  const push = Array.prototype.push;
  const { parse, stringify } = JSON;
  (globalThis as { DecompressionStream: unknown }).DecompressionStream = class {
    constructor() {
      throw NO_STREAM;
    }
  };
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(/* @vite-ignore */ PDFJS_WORKER);
  await import(/* @vite-ignore */ PDFJS);
  Object.defineProperty(Array.prototype, 'push', { value: push, writable: true, configurable: true, enumerable: false });
  JSON.parse = parse;
  JSON.stringify = stringify;
}
