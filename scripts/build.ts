/**
 * npm run build: the product's compiled JavaScript in build/ (docs/decisions/001), what `npm start`
 * and `npm run extract` run (scripts/run-built.mjs builds it first when stale):
 * - build/server.mjs: the server with its start-up checks (src/server/start.ts);
 * - build/extract-cli.mjs: `npm run extract` (src/engine/cli/extract.ts);
 * - build/engine-child.mjs + its chunks, and pdf.js as scripts in build/pdfjs/: the engine's child
 *   process (src/engine/runtime, docs/decisions/001 "Start-up").
 * Our code is bundled, packages stay external (node_modules). `--if-stale` builds only what changed.
 */
import { pathToFileURL } from 'node:url';
import { bundle, isFresh } from '../src/engine/runtime/bundle.ts';
import { buildEngineChild } from '../src/engine/runtime/child-build.ts';

const BUILD_INPUTS = ['scripts/build.ts', 'src/engine/runtime/bundle.ts'];

export const TARGETS = {
  server: () => bundle('server', { 'server.mjs': 'src/server/start.ts' }, { extraInputs: BUILD_INPUTS }),
  'extract-cli': () => bundle('extract-cli', { 'extract-cli.mjs': 'src/engine/cli/extract.ts' }, { extraInputs: BUILD_INPUTS }),
  'engine-child': () => buildEngineChild(),
} satisfies Record<string, () => Promise<void>>;

/** Builds every target (or only the stale ones); the names of those built. */
export async function build(onlyStale = false): Promise<string[]> {
  const names = Object.keys(TARGETS) as (keyof typeof TARGETS)[];
  const todo = onlyStale ? names.filter((name) => !isFresh(name)) : names;
  await Promise.all(todo.map((name) => TARGETS[name]()));
  return todo;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const built = await build(process.argv.includes('--if-stale'));
  // stderr: `npm run extract` builds through this and keeps stdout for its JSON.
  console.error(built.length ? `build/: ${built.join(', ')} (${Math.round(performance.now() - started)} ms)` : 'build/: up to date');
}
