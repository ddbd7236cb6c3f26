/**
 * pdf.js for the engine's child as classic scripts (docs/decisions/001, "Start-up"): build/pdfjs/
 * `pdf.worker.js` and `pdf.js`, each a strict-mode function expression `(exports, module,
 * importMetaUrl) => …` around esbuild's CommonJS form of the package's legacy ES module, so the
 * child can run them with V8's code cache (code-cache.ts, pdf/preload-pdfjs.ts). The code is the
 * package's, unchanged but for the module wrapping (`import.meta.url` is the original file's URL,
 * so pdf.js finds its package files, CMaps, fonts, @napi-rs/canvas, where it always did) and one
 * deferral (LAZY_BROTLI). A file is rewritten only when its contents change, so its code caches
 * stay valid across builds.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const MODULES = { 'pdf.worker': 'pdfjs-dist/legacy/build/pdf.worker.mjs', pdf: 'pdfjs-dist/legacy/build/pdf.mjs' } as const;

/**
 * The worker builds its Brotli decoder on load, unpacking a 120 KB dictionary (~5 ms of CPU per
 * child) for the BrotliDecode filter of PDF 2.0, which few files use: built on its first call
 * instead, the same decoder. Left as it is if pdf.js's code no longer reads this way.
 */
const LAZY_BROTLI = {
  eager: 'var BrotliDecode = makeBrotliDecode();\n',
  lazy: 'var BrotliDecode = (...args) => (BrotliDecode = makeBrotliDecode())(...args);\n',
};

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
    const body = result.outputFiles[0]!.text.replace(LAZY_BROTLI.eager, LAZY_BROTLI.lazy);
    const code = `(function (exports, module, __importMetaUrl) {"use strict";\n${body}\n})\n`;
    const file = path.join(dir, `${name}.js`);
    if (fs.existsSync(file) && fs.readFileSync(file, 'latin1') === code) continue;
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code, 'latin1');
    fs.renameSync(tmp, file);
    for (const old of fs.readdirSync(dir)) if (old.startsWith(`${name}.js.`) && old.endsWith('.cache')) fs.rmSync(path.join(dir, old), { force: true });
  }
}
