/**
 * Where the engine's child process is. Built (bundled into build/server.mjs, build/extract-cli.mjs)
 * the runtime runs build/engine-child.mjs beside itself, as `npm start` and `npm run extract` built
 * it. From source (tsx, vitest, the benches) it runs the same compiled child from the package's
 * build/, built here first when missing or stale, so tests exercise what production runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_DIR, bundle, isFresh, SOURCE_ROOT } from './bundle.ts';
import { PDFJS_PACKAGE_JSON, pdfjsFromPreload, writePdfjsScripts } from './pdfjs-scripts.ts';

export const ENGINE_CHILD = 'engine-child.mjs';
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * Builds build/engine-child.mjs (the engine itself in a chunk beside it, see child.ts) and pdf.js as
 * the classic scripts it loads with V8's code cache (build/pdfjs/, pdfjs-scripts.ts).
 */
export async function buildEngineChild(buildDir = BUILD_DIR): Promise<void> {
  await writePdfjsScripts(buildDir, SOURCE_ROOT);
  await bundle('engine-child', { [ENGINE_CHILD]: 'src/engine/runtime/child.ts' }, {
    buildDir,
    extraInputs: ['src/engine/runtime/bundle.ts', 'src/engine/runtime/child-build.ts', 'src/engine/runtime/pdfjs-scripts.ts', PDFJS_PACKAGE_JSON],
    plugins: [pdfjsFromPreload(SOURCE_ROOT)],
  });
}

let fromSource: Promise<string> | undefined;

/** Built, this module is part of an entry file of build/ or of one of its chunks (build/chunks/). */
function builtChildPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.join(here, ENGINE_CHILD);
  return fs.existsSync(beside) ? beside : path.join(here, '..', ENGINE_CHILD);
}

/** Path of the child's entry; from source, checked (and rebuilt when stale) once per process. */
export function engineChildPath(): Promise<string> {
  if (!FROM_SOURCE) return Promise.resolve(builtChildPath());
  fromSource ??= (async () => {
    if (!isFresh('engine-child')) await buildEngineChild();
    return path.join(BUILD_DIR, ENGINE_CHILD);
  })();
  // A failed build is tried again by the next task.
  fromSource.catch(() => (fromSource = undefined));
  return fromSource;
}
