import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { closeEnginePool } from '../runtime/child-pool.ts';
import { runIsolated } from '../runtime/run-isolated.ts';
import { ENGINE_MESSAGES } from '../../shared/messages/engine.ts';
import type { TableRow } from '../../shared/catalog/index.ts';
import { extractedRowsByTable } from '../rows-by-table.ts';
import type { RowSource } from '../types.ts';
import { drawDebugPictures, takeDebugFlag } from '../debug/debug-flag.ts';
import { SettingsError, type SettingsInput } from '../settings.ts';
import { takeSettingsFlags, type SettingsFlags } from './settings-flags.ts';

// Usage: npm run extract -- <file.pdf|folder> [--raw] [--settings FILE.json] [--set group.key=value …]
// (built to build/extract-cli.mjs, run by scripts/run-built.mjs). stdout carries only JSON:
// - default: {nosolicitud, header, tables: {Table: [values]}, sources: {Table: [source]}, pageSizes,
//   quality}; sources[T][i] says where tables[T][i] was printed (page, table box, method, and each
//   value's cell text and box);
// - --raw: {pageSizes, tables: [{page, bbox, method, rows, cells}]}, cells holding each cell's box.
// --debug DIR also draws what the table finder sees, in this process (src/engine/debug): DIR/page-NNN.svg
// and DIR/index.html for a file, DIR/<name>/… for each file of a folder.
// --settings FILE.json ({"stream": {"regionGapEm": 3}}) and --set stream.regionGapEm=3 (repeatable,
// after the file's values) override the engine's tolerances (src/engine/settings.ts); a bad one is
// refused in Spanish, naming it, with exit code 2 before any file is read.

interface Printed {
  ok: boolean;
  json: Record<string, unknown>;
  message?: string;
}

async function extractFile(file: string, raw: boolean, settings: SettingsInput): Promise<Printed> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch {
    return { ok: false, json: {}, message: ENGINE_MESSAGES.invalid };
  }
  // Each file in its own child process under the product's caps (runtime/run-isolated.ts).
  if (raw) {
    const out = await runIsolated('raw', { bytes }, { settings });
    if (!out.ok) return { ok: false, json: { status: out.reason }, message: out.message };
    const r = out.value;
    const tables = r.tables.map((t) => ({ page: t.page, bbox: t.bbox, method: t.method, rows: t.rows, cells: t.cells }));
    return { ok: true, json: { pageSizes: r.pageSizes, tables } };
  }
  const out = await runIsolated('extract', { bytes }, { settings });
  if (!out.ok) return { ok: false, json: { status: out.reason }, message: out.message };
  const r = out.value;
  const tables: Record<string, TableRow[]> = {};
  const sources: Record<string, RowSource[]> = {};
  for (const [name, rows] of Object.entries(extractedRowsByTable(r))) {
    // Rows are printed as stored minus the document key repeated in every row.
    tables[name] = rows.map(({ values: { nosolicitud: _n, ...rest } }) => rest);
    sources[name] = rows.map((row) => row.source);
  }
  return { ok: true, json: { nosolicitud: r.nosolicitud, header: r.header, tables, sources, pageSizes: r.pageSizes, quality: r.quality } };
}

const USAGE = [
  'Uso: npm run extract -- <archivo.pdf|carpeta> [--raw] [--debug carpeta] [--settings ajustes.json] [--set grupo.clave=valor …]',
  '  --settings y --set cambian las tolerancias del motor (src/engine/settings.ts), p. ej. --set stream.regionGapEm=3',
  '',
].join('\n');

async function main(argv: string[]): Promise<number> {
  const debug = takeDebugFlag(argv);
  let flags: SettingsFlags;
  try {
    flags = await takeSettingsFlags(debug.args);
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 2;
  }
  const { args, settings, resolved } = flags;
  const raw = args.includes('--raw');
  const target = args.find((a) => !a.startsWith('--'));
  if (!target || debug.dir === '') {
    process.stderr.write(USAGE);
    return 2;
  }
  const info = await stat(target).catch(() => undefined);
  if (!info) {
    process.stderr.write(`${target}: no existe el archivo o la carpeta.\n`);
    return 1;
  }
  if (!info.isDirectory()) {
    const r = await extractFile(target, raw, settings);
    if (debug.dir) await drawDebugPictures(target, debug.dir, resolved);
    if (!r.ok) {
      process.stderr.write(`${target}: ${r.message ?? ENGINE_MESSAGES.invalid}\n`);
      return 1;
    }
    process.stdout.write(JSON.stringify(r.json) + '\n');
    return 0;
  }
  const files = (await readdir(target)).filter((f) => f.toLowerCase().endsWith('.pdf')).sort();
  let failed = 0;
  for (const f of files) {
    const r = await extractFile(join(target, f), raw, settings);
    if (debug.dir) await drawDebugPictures(join(target, f), join(debug.dir, f.replace(/\.pdf$/i, '')), resolved);
    if (!r.ok) {
      failed++;
      process.stderr.write(`${basename(f)}: ${r.message ?? ENGINE_MESSAGES.invalid}\n`);
    }
    process.stdout.write(JSON.stringify({ file: f, ...r.json }) + '\n');
  }
  return failed ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} finally {
  // The engine's warm children exit before this process does (and write V8's code caches they lack).
  await closeEnginePool();
}
