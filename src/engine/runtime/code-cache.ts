/**
 * Scripts run with V8's code cache (docs/decisions/001, "Start-up"): pdf.js's two modules, 3.3 MB
 * of JavaScript, were parsed and compiled again by every child, ~45 ms of CPU each, and the
 * functions a document needs compiled again as it was read. Run as classic scripts (built by
 * child-build.ts) they can use `vm.Script`'s cached data, which Node 20 offers for no ES module: the
 * bytecode of the script and of every function compiled by the time the cache was made.
 *
 * The cache is kept beside the script, one file per script version (its size and mtime), Node
 * version and V8 flag set (V8 refuses data made under other flags, the heap cap included). A child
 * that read pages and found no cache for itself writes it as it exits (keepCodeCaches), so the
 * children after it start warm; a cache that cannot be written (a read-only folder) costs nothing
 * but the compilation it would have saved. The cache changes how fast the code is ready, never
 * what it does.
 */
import fs from 'node:fs';
import vm from 'node:vm';

interface CachedScript {
  script: vm.Script;
  cacheFile: string;
  /** Its cache was found and accepted. */
  cached: boolean;
}

const scripts: CachedScript[] = [];

/** FNV-1a of the text, base 36: a short, stable file-name key (not a security boundary). */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

function cacheFileOf(file: string): string {
  const { size, mtimeMs } = fs.statSync(file);
  return `${file}.${shortHash([process.version, process.arch, size, mtimeMs, ...process.execArgv].join('\n'))}.cache`;
}

/**
 * Runs `file`, a function expression `(exports, module, importMetaUrl) => …` in strict mode as
 * child-build.ts writes pdf.js (ASCII only, so read as Latin-1, the cheapest decoding), with its
 * code cache when there is one, and answers what it exported. Its dynamic imports go to the main
 * context's loader, a relative specifier taken from the script's own folder.
 */
export function runCachedScript(file: string, importMetaUrl: string): Record<string, unknown> {
  const cacheFile = cacheFileOf(file);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // None yet for this script, Node and flags.
  }
  const script = new vm.Script(fs.readFileSync(file, 'latin1'), {
    filename: file,
    cachedData,
    // The main context's loader, as a module's import() has (Node 20 prints an ExperimentalWarning
    // the first time it serves one; pdf.js imports only as a fallback, by absolute URL).
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  scripts.push({ script, cacheFile, cached: cachedData !== undefined && !script.cachedDataRejected });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (exports: unknown, module: unknown, importMetaUrl: string) => void)(module.exports, module, importMetaUrl);
  return module.exports;
}

/** Writes the code cache of every script that ran without one (each file whole, or not at all). */
export function saveCodeCaches(): void {
  for (const s of scripts) {
    if (s.cached) continue;
    const tmp = `${s.cacheFile}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, s.script.createCachedData());
      fs.renameSync(tmp, s.cacheFile);
      s.cached = true;
    } catch {
      fs.rmSync(tmp, { force: true });
    }
  }
}

let keeping = false;

/**
 * Saves the missing caches as this process exits, once the documents made pdf.js compile what they
 * need (pdf.js is loaded on first use: a script may run after this call, or never).
 */
export function keepCodeCaches(): void {
  if (keeping) return;
  keeping = true;
  process.once('exit', saveCodeCaches);
}
