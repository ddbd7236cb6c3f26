/**
 * esbuild bundles of our TypeScript to plain ES modules in build/ (docs/decisions/001): our code
 * bundled, every package left external (resolved from node_modules at run time), each dynamic
 * import its own chunk (build/chunks/, named by content hash) so what a module loads on demand
 * stays on demand. Beside each group of outputs, `<name>.inputs.json` lists the files they were
 * built from with their mtime and size, so "is it stale?" is a few stat calls, cheap enough for
 * every `npm run extract`. Used for the engine's own child (child-build.ts) and, by
 * scripts/build.ts, for the server and the CLI; scripts/run-built.mjs shares isFresh, in plain
 * JavaScript (is-fresh.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isFresh as isFreshIn } from './is-fresh.mjs';

/** The package's folder, from this module's place in src/engine/runtime (meaningful from source only). */
export const SOURCE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BUILD_DIR = path.join(SOURCE_ROOT, 'build');

/**
 * Packages no entry may load eagerly: pdf.js patches globals when it is evaluated, so only the
 * engine's child loads it, after its set-up (child.ts); the server and the CLI never do.
 */
const ON_DEMAND_ONLY = /^pdfjs-dist(\/|$)/;
/** Chunks no build refers to any more are removed once this old (a concurrent build may still be writing its own). */
const CHUNK_GRACE_MS = 10 * 60_000;

interface InputsFile {
  outputs: string[];
  /** Path relative to the root → [mtimeMs, size] when built; null when it changed during the build. */
  inputs: Record<string, [number, number] | null>;
}

/** True when every output of `name` exists and none of its inputs changed since it was built. */
export function isFresh(name: string, buildDir = BUILD_DIR, root = SOURCE_ROOT): boolean {
  return isFreshIn(name, buildDir, root);
}

function writeAtomically(file: string, contents: string | Uint8Array): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, contents);
  fs.renameSync(tmp, file);
}

/**
 * Bundles `entries` (output file name → source path relative to the root) into `buildDir`. Each
 * file is written to a temporary name and renamed into place, chunks first, entries next, the
 * inputs file last, so concurrent builders (say test workers) and running processes only ever see
 * whole files. `extraInputs` (the build's own definition) also make the outputs stale; `plugins`
 * are esbuild's (the engine's child maps pdf.js's imports with one, child-build.ts).
 */
export async function bundle(
  name: string,
  entries: Record<string, string>,
  options: { buildDir?: string; root?: string; extraInputs?: string[]; plugins?: import('esbuild').Plugin[] } = {},
): Promise<void> {
  const buildDir = options.buildDir ?? BUILD_DIR;
  const root = options.root ?? SOURCE_ROOT;
  const esbuild = await import('esbuild');
  const started = Date.now();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.entries(entries).map(([out, src]) => ({ in: src, out: out.replace(/\.mjs$/, '') })),
    outdir: buildDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    plugins: options.plugins ?? [],
    logLevel: 'silent',
  });
  const entryFiles = new Set(Object.keys(entries).map((out) => path.join(buildDir, out)));
  assertOnDemand(result.metafile, [...entryFiles].map((file) => path.relative(root, file)));

  const files = [...result.outputFiles].sort((a, b) => Number(entryFiles.has(a.path)) - Number(entryFiles.has(b.path)));
  fs.mkdirSync(path.join(buildDir, 'chunks'), { recursive: true });
  for (const file of files) writeAtomically(file.path, file.contents);
  const inputs: InputsFile['inputs'] = {};
  for (const file of [...Object.keys(result.metafile.inputs), ...(options.extraInputs ?? [])]) {
    const stat = fs.statSync(path.join(root, file));
    inputs[file] = stat.mtimeMs >= started ? null : [stat.mtimeMs, stat.size];
  }
  const outputs = files.map((file) => path.relative(buildDir, file.path));
  writeAtomically(path.join(buildDir, `${name}.inputs.json`), JSON.stringify({ outputs, inputs } satisfies InputsFile, null, 1));
  pruneChunks(buildDir);
}

type Metafile = Awaited<ReturnType<typeof import('esbuild').build>>['metafile'] & object;

/** Fails the build when an entry (or a chunk it imports statically) imports an ON_DEMAND_ONLY package. */
function assertOnDemand(metafile: Metafile, entries: string[]): void {
  for (const out of entries) {
    const seen = new Set<string>();
    const walk = (file: string, via: string[]): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imp of metafile.outputs[file]?.imports ?? []) {
        if (imp.kind !== 'import-statement') continue;
        if (imp.external && ON_DEMAND_ONLY.test(imp.path)) {
          throw new Error(`${out} loads ${imp.path} at start (${[...via, file].join(' → ')}): import it dynamically`);
        }
        if (!imp.external) walk(imp.path, [...via, file]);
      }
    };
    walk(out, []);
  }
}

function pruneChunks(buildDir: string): void {
  const used = new Set<string>();
  for (const file of fs.readdirSync(buildDir)) {
    if (!file.endsWith('.inputs.json')) continue;
    try {
      for (const out of (JSON.parse(fs.readFileSync(path.join(buildDir, file), 'utf8')) as InputsFile).outputs) used.add(out);
    } catch {
      // Being replaced meanwhile: its chunks are recent, kept by the grace period.
    }
  }
  const chunks = path.join(buildDir, 'chunks');
  for (const file of fs.readdirSync(chunks)) {
    const full = path.join(chunks, file);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat && !used.has(path.join('chunks', file)) && Date.now() - stat.mtimeMs > CHUNK_GRACE_MS) fs.rmSync(full, { force: true });
  }
}
