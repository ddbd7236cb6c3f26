/**
 * `npm start`: builds the web app when dist/ is missing or older than its sources, then starts
 * the server, so a fresh clone needs nothing but `npm install && npm start`. Compiled to
 * build/server.mjs (scripts/build.ts), which `npm start` runs (scripts/run-built.mjs).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, ConfigError } from './config.ts';
import { nodeTooOld } from './node-version.ts';
import { PACKAGE_ROOT } from './package-root.ts';
import { assertPortFree, PortInUseError } from './port-check.ts';

const tooOld = nodeTooOld();
if (tooOld) {
  console.error(tooOld);
  process.exit(5);
}
// A bad setting or a busy port is said now, not after a minute of building.
let role = 'all';
try {
  const config = loadConfig();
  role = config.role;
  // A worker serves no web app and listens only on its health port (main.ts checks that one).
  if (role !== 'worker') await assertPortFree(config.host, config.port);
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof PortInUseError)) throw err;
  console.error(err.message);
  process.exit(err instanceof ConfigError ? 2 : 4);
}

const root = PACKAGE_ROOT;
const dist = path.resolve(process.env.DIST_DIR?.trim() || path.join(root, 'dist'));
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    // The server and engine never reach the browser bundle.
    if (entry.name === 'server' || entry.name === 'engine' || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function needsBuild(): boolean {
  const built = path.join(dist, 'index.html');
  if (!fs.existsSync(built)) return true;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  return sources > fs.statSync(built).mtimeMs;
}

if (role !== 'worker' && !process.env.DIST_DIR && fs.existsSync(path.join(root, 'vite.config.ts')) && needsBuild()) {
  console.log('Construyendo la aplicación web (vite build)…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('No se pudo construir la aplicación web (vite build falló).');
    process.exit(res.status ?? 1);
  }
}

await import('./main.ts');
