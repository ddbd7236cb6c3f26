// Loads pdf.js into the engine's child process (runtime/child.ts) before any other module of the
// engine is evaluated. It changes globals, so only a process that does nothing but extraction
// calls it:
// - the legacy build's core-js replaces Array.prototype.push, JSON.parse and JSON.stringify
//   process-wide with slow polyfills; the natives are captured first and put back after (see
//   natives.ts, which does the same for the engine run in-process by tests);
// - pdf.js's fake worker (its worker code on this thread) is handed over as globalThis.pdfjsWorker
//   instead of being imported by pdf.js on first use, which would patch the natives again;
// - DecompressionStream is zlib called synchronously (pdf/zlib-inflate-stream.ts), where pdf.js
//   would use Node's web streams or its own JavaScript decoder;
// - what pdf.js touches while it loads but a document with text never uses is not loaded then
//   (undici behind `Response`, @napi-rs/canvas's native library): see deferLoadOnlyGlobals;
// - both modules run from the classic scripts the build writes beside the child, with V8's code
//   cache (runtime/code-cache.ts), or are imported natively when those are missing. The API module
//   is left at globalThis[PDFJS_API], where the child's bundle takes every import of pdf.js from
//   (pdf/pdfjs-api.ts, runtime/child-build.ts): one instance of pdf.js either way.
// Loaded at run time, never imported statically, so a bundler keeps them here, in this order.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { runCachedScript } from '../runtime/code-cache.ts';
import { ZlibInflateStream } from './zlib-inflate-stream.ts';

const PDFJS = 'pdfjs-dist/legacy/build/pdf.mjs';
const PDFJS_WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/** Where the child's pdf.js API module is, once loaded (read by pdf/pdfjs-api.ts). */
export const PDFJS_API = Symbol.for('sistema-extraccion-pdf.pdfjs-api');
/** pdf/pdfjs-api.ts's binder of its exports, called once the API module is loaded. */
export const PDFJS_BIND = Symbol.for('sistema-extraccion-pdf.pdfjs-bind');

async function loadPdfjsModule(scripts: URL, name: 'pdf.worker' | 'pdf', specifier: string): Promise<unknown> {
  const script = fileURLToPath(new URL(`${name}.js`, scripts));
  if (fs.existsSync(script)) return runCachedScript(script, import.meta.resolve(specifier));
  return import(/* @vite-ignore */ specifier);
}

// pdf.js inflates content streams through DecompressionStream when it exists; in Node those web
// streams cost more than pdf.js's own synchronous inflate (about 15% of the extraction's CPU
// time, measured with bench:extract), and zlib called synchronously costs less than either
// (issue 14): see zlib-inflate-stream.ts.

type Restore = () => void;

function setGlobal(name: string, value: unknown): void {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

/**
 * Two things pdf.js does while it loads cost a third of the child's start-up and serve only what
 * a text page never needs (docs/decisions/001, "Start-up"):
 * - it polyfills `Response.prototype.bytes`; reading `Response` in Node 20 loads undici, Node's
 *   fetch (~35 ms of CPU). pdf.js never fetches here (bytes in, fonts and CMaps read with fs), so
 *   it polyfills a stand-in, and the real, still lazy, global is put back after;
 * - it requires @napi-rs/canvas to polyfill DOMMatrix, ImageData and Path2D, which only drawing a
 *   page uses (OCR of a page without text, ocr/page-image.ts); its native library costs ~15 ms of
 *   CPU and ~20 MB of RSS. DOMMatrix is the package's plain-JavaScript geometry module, which
 *   pdf.js instantiates on load; it is set first. ImageData and Path2D become globals that load the
 *   package on first use, and pdf.js's own require of the package is answered with nothing while it
 *   loads (its later requires, to make a canvas, get the real package).
 * Returns what puts things back once pdf.js has loaded. Anything unexpected (the package's layout
 * changed) leaves the canvas to pdf.js as before.
 */
function deferLoadOnlyGlobals(): Restore[] {
  const g = globalThis as Record<string, unknown>;
  const restore: Restore[] = [];
  const response = Object.getOwnPropertyDescriptor(globalThis, 'Response');
  if (response) {
    setGlobal('Response', class Response {});
    restore.push(() => Object.defineProperty(globalThis, 'Response', response));
  }
  if (g.DOMMatrix || g.ImageData || g.Path2D) return restore;
  let require: NodeJS.Require;
  let canvasPath: string;
  try {
    require = createRequire(import.meta.resolve(PDFJS));
    canvasPath = require.resolve('@napi-rs/canvas');
    setGlobal('DOMMatrix', (require(require.resolve('@napi-rs/canvas/geometry.js')) as { DOMMatrix: unknown }).DOMMatrix);
  } catch {
    return restore;
  }
  if (!g.DOMMatrix) return restore;
  const cache = require.cache as Record<string, unknown>;
  cache[canvasPath] = { id: canvasPath, filename: canvasPath, loaded: true, exports: {}, children: [], paths: [] };
  restore.push(() => delete cache[canvasPath]);
  for (const name of ['ImageData', 'Path2D']) {
    setGlobal(name, true);
    restore.push(() =>
      Object.defineProperty(globalThis, name, {
        configurable: true,
        enumerable: false,
        get() {
          const real = (require('@napi-rs/canvas') as Record<string, unknown>)[name];
          setGlobal(name, real);
          return real;
        },
        set(value: unknown) {
          setGlobal(name, value);
        },
      }),
    );
  }
  return restore;
}

/**
 * Loads pdf.js as described above. `scripts`: the folder of its classic scripts, `<name>.js`, which
 * the build writes beside the child's entry (build/pdfjs/, runtime/pdfjs-scripts.ts).
 */
export async function preloadPdfjs(scripts: URL): Promise<void> {
  const push = Array.prototype.push;
  const { parse, stringify } = JSON;
  (globalThis as { DecompressionStream: unknown }).DecompressionStream = ZlibInflateStream;
  const restore = deferLoadOnlyGlobals();
  try {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await loadPdfjsModule(scripts, 'pdf.worker', PDFJS_WORKER);
    (globalThis as { [PDFJS_API]?: unknown })[PDFJS_API] = await loadPdfjsModule(scripts, 'pdf', PDFJS);
  } finally {
    for (const undo of restore) undo();
  }
  Object.defineProperty(Array.prototype, 'push', { value: push, writable: true, configurable: true, enumerable: false });
  JSON.parse = parse;
  JSON.stringify = stringify;
  const slot = globalThis as { [PDFJS_API]?: unknown; [PDFJS_BIND]?: (api: unknown) => void };
  slot[PDFJS_BIND]?.(slot[PDFJS_API]);
}
