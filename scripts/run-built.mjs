// node scripts/run-built.mjs <server|extract-cli> [args…]: runs build/<name>.mjs, building first
// (npm run build --if-stale, through tsx) when it or the engine's child is missing or stale.
// Plain JavaScript and a few stat calls, so `npm run extract` starts in milliseconds, not the
// seconds tsx takes. isFresh is src/engine/runtime/bundle.ts's, in plain JavaScript.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isFresh } from '../src/engine/runtime/is-fresh.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD = path.join(ROOT, 'build');

const [name, ...args] = process.argv.slice(2);
if (name !== 'server' && name !== 'extract-cli') {
  console.error('Uso: node scripts/run-built.mjs <server|extract-cli> [argumentos…]');
  process.exit(2);
}
if (!isFresh(name, BUILD, ROOT) || !isFresh('engine-child', BUILD, ROOT)) {
  // stdout of the build goes to stderr: `npm run extract` prints only JSON there.
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build.ts'), '--if-stale'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (res.status !== 0) {
    console.error('No se pudo compilar el programa (npm run build falló).');
    process.exit(res.status ?? 1);
  }
}
const entry = path.join(BUILD, `${name}.mjs`);
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
