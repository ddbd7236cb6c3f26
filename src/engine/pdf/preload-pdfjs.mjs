// Loads pdf.js natively before any TypeScript loader (tsx) is registered, for processes that
// run the engine from source: `node --import ./src/engine/pdf/preload-pdfjs.mjs --import tsx …`.
// Through tsx's hooks pdf.js's 6 MB of JavaScript cost ~300 MB and seconds of start-up per
// process. Also undoes the legacy build's process-wide polyfills of push and JSON (see
// natives.ts) and hands pdf.js its worker module (globalThis.pdfjsWorker, the fake worker).
// Load it only in threads or processes dedicated to extraction: it changes globals.
// A parent run through tsx enables source maps for the whole process; Node would then read and
// keep pdf.js's 8 MB of .map files in this thread (tens of MB of heap) for stack traces of an
// engine whose errors are reported as typed statuses anyway.
process.setSourceMapsEnabled(false);
const natives = [Array.prototype.push, JSON.parse, JSON.stringify];
// pdf.js inflates content streams through DecompressionStream when it exists; in Node those web
// streams cost more than pdf.js's own synchronous inflate (about 15% of the extraction's CPU
// time, measured with bench:extract). Threads and processes that load this module do nothing but
// extraction, so pdf.js gets its own decoder here. pdf.js tries DecompressionStream for every
// Flate stream and falls back to its own decoder when constructing it throws; throwing a plain
// value skips the TypeError and stack trace a missing global cost each time (~2% of the time).
const NO_STREAM = Symbol('no DecompressionStream');
globalThis.DecompressionStream = class {
  constructor() {
    throw NO_STREAM;
  }
};
globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('pdfjs-dist/legacy/build/pdf.mjs');
Object.defineProperty(Array.prototype, 'push', { value: natives[0], writable: true, configurable: true });
JSON.parse = natives[1];
JSON.stringify = natives[2];
