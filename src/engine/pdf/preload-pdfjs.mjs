// Loads pdf.js natively before any TypeScript loader (tsx) is registered, for processes that
// run the engine from source: `node --import ./src/engine/pdf/preload-pdfjs.mjs --import tsx …`.
// Through tsx's hooks pdf.js's 6 MB of JavaScript cost ~300 MB and seconds of start-up per
// process. Also undoes the legacy build's process-wide polyfills of push and JSON (see
// natives.ts) and hands pdf.js its worker module (globalThis.pdfjsWorker, the fake worker).
// Load it only in threads or processes dedicated to extraction: it changes globals.
const natives = [Array.prototype.push, JSON.parse, JSON.stringify];
// pdf.js inflates content streams through DecompressionStream when it exists; in Node those web
// streams cost more than pdf.js's own synchronous inflate (about 15% of the extraction's CPU
// time, measured with bench:extract). Threads and processes that load this module do nothing but
// extraction, so pdf.js gets its own decoder here.
globalThis.DecompressionStream = undefined;
globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('pdfjs-dist/legacy/build/pdf.mjs');
Object.defineProperty(Array.prototype, 'push', { value: natives[0], writable: true, configurable: true });
JSON.parse = natives[1];
JSON.stringify = natives[2];
