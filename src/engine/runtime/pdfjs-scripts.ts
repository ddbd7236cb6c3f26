/**
 * pdf.js for the engine's child as classic scripts (docs/decisions/001, "Start-up"): build/pdfjs/
 * `pdf.worker.js` and `pdf.js`, each a strict-mode function expression `(exports, module,
 * importMetaUrl) => …` around esbuild's CommonJS form of the package's legacy ES module, so the
 * child can run them with V8's code cache (code-cache.ts, pdf/preload-pdfjs.ts). The code is the
 * package's, unchanged but for the module wrapping (`import.meta.url` is the original file's URL,
 * so pdf.js finds its package files, CMaps, fonts, @napi-rs/canvas, where it always did) and the
 * WORKER_PATCHES below, each a line of pdf.js's worker side (all but one only drawing needs). A file is
 * rewritten only when its contents change, so its code caches stay valid across builds.
 *
 * Only the engine's child runs these scripts, and it never draws with their worker side: OCR draws
 * the pages it reads with a pdf.js of its own, imported natively in a thread (ocr/drawing-thread.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const MODULES = { 'pdf.worker': 'pdfjs-dist/legacy/build/pdf.worker.mjs', pdf: 'pdfjs-dist/legacy/build/pdf.mjs' } as const;

interface Patch {
  /** The line of pdf.js's worker as esbuild writes it. */
  from: string;
  to: string;
}

/**
 * Each patch is left undone, silently, if pdf.js's code no longer reads this way (the code then
 * runs as the package ships it: slower, and but for `runPerCell` never different);
 * pdfjs-scripts.test.ts says when one no longer applies to the installed pdf.js.
 */
export const WORKER_PATCHES = {
  /**
   * The one patch that changes what the engine reads. pdf.js joins two glyph runs whose gap is
   * under 0.6 em into one text item with one space and reports only the item's whole width, so
   * the start of the second run is lost and has to be estimated from the characters. A browser's
   * or a spreadsheet's cell padding (0.5–0.6 em) is such a gap: the padding of every cell of a
   * row was spread over its characters, and a column boundary found on one row fell inside a word
   * of the next (a cash flow's `Año 1 Año 2 Año 3` read as one column). Wider than any face's word
   * space (0.25–0.33 em) and than most justified spacing, 0.45 em keeps such runs apart: each
   * starts where the PDF puts it, with pdf.js's own space item between (read as a written space,
   * pdf/text-chunks.ts). The engine run in-process reads with this worker too (pdf/open-pdf.ts).
   * Issue 10, decision 017 ("After the merge"); src/engine/unseen-joined-cells.test.ts.
   */
  runPerCell: {
    from: '    const SPACE_IN_FLOW_MAX_FACTOR = 0.6;\n',
    to: '    const SPACE_IN_FLOW_MAX_FACTOR = 0.45;\n',
  },
  /**
   * The worker builds its Brotli decoder on load, unpacking a 120 KB dictionary (~5 ms of CPU per
   * child) for the BrotliDecode filter of PDF 2.0, which few files use: built on its first call
   * instead, the same decoder.
   */
  lazyBrotli: {
    from: 'var BrotliDecode = makeBrotliDecode();\n',
    to: 'var BrotliDecode = (...args) => (BrotliDecode = makeBrotliDecode())(...args);\n',
  },
  /**
   * With `disableFontFace: true` (the architecture's hardening: no embedded font is ever handed
   * to a font engine) the worker compiles the outline of every glyph a page shows while it builds
   * the operator list (`buildFontPaths`, `compileGlyf`…) and posts it for a canvas to fill: about
   * 5% of the extraction's CPU time, for outlines the engine never reads (its operator lists give
   * rules and fills; text comes from getTextContent, which never builds them). The call is
   * dropped; fonts are still parsed and translated as before, so text, widths and positions are
   * unchanged (docs/decisions/001, issue 14).
   */
  noGlyphOutlines: {
    from: '        _PartialEvaluator.buildFontPaths(font, glyphs, this.handler, this.options);\n',
    to: '        // The engine never draws with this worker: no glyph outlines (runtime/pdfjs-scripts.ts).\n',
  },
  /**
   * Each operator-list chunk the worker posts comes with a transfer list it builds by walking
   * every operator (`_transfers`, ~1% of the CPU time). This worker talks through a same-thread
   * port that moves nothing (pdf/direct-port.ts); a transfer list only spares a real thread a
   * copy, so none is built (a cloning port would copy those buffers instead: the same content).
   */
  noOperatorListTransfers: {
    from: '    }, 1, this._transfers);\n',
    to: '    }, 1, null);\n',
  },
} satisfies Record<string, Patch>;

/** The worker's code with every patch that still applies. */
export function patchWorker(code: string): string {
  let out = code;
  for (const { from, to } of Object.values(WORKER_PATCHES)) if (out.split(from).length === 2) out = out.replace(from, to);
  return out;
}

/** The package's version marks the scripts stale (an input of the child's build). */
export const PDFJS_PACKAGE_JSON = 'node_modules/pdfjs-dist/package.json';

/**
 * In the child's bundle, every import of pdf.js's API module resolves to pdf/pdfjs-api.ts: the one
 * instance the child's preload loaded from these scripts (or natively), never a second copy.
 */
export function pdfjsFromPreload(root: string): Plugin {
  return {
    name: 'pdfjs-from-preload',
    setup(build) {
      build.onResolve({ filter: /^pdfjs-dist\/legacy\/build\/pdf\.mjs$/ }, () => ({ path: path.join(root, 'src/engine/pdf/pdfjs-api.ts') }));
    },
  };
}

/** Writes buildDir/pdfjs/<name>.js for pdf.js's two modules (see above); removes the caches of a script it replaces. */
export async function writePdfjsScripts(buildDir: string, root: string): Promise<void> {
  const esbuild = await import('esbuild');
  const require = createRequire(path.join(root, 'package.json'));
  const dir = path.join(buildDir, 'pdfjs');
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, specifier] of Object.entries(MODULES)) {
    const result = await esbuild.build({
      entryPoints: [require.resolve(specifier)],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      // ASCII only (non-ASCII characters escaped): the child reads it as Latin-1, the cheapest decoding.
      charset: 'ascii',
      define: { 'import.meta.url': '__importMetaUrl' },
      write: false,
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]!.text;
    const body = name === 'pdf.worker' ? patchWorker(text) : text;
    const code = `(function (exports, module, __importMetaUrl) {"use strict";\n${body}\n})\n`;
    const file = path.join(dir, `${name}.js`);
    if (fs.existsSync(file) && fs.readFileSync(file, 'latin1') === code) continue;
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code, 'latin1');
    fs.renameSync(tmp, file);
    for (const old of fs.readdirSync(dir)) if (old.startsWith(`${name}.js.`) && old.endsWith('.cache')) fs.rmSync(path.join(dir, old), { force: true });
  }
}
