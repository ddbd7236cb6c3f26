import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { extractPdfIsolated, extractRawTablesIsolated, stopExtractionWorker } from '../isolated.ts';
import { ENGINE_MESSAGES } from '../../shared/messages/engine.ts';
import type { TableRow } from '../../shared/catalog/index.ts';
import { extractedRowsByTable } from '../rows-by-table.ts';
import type { RowSource } from '../types.ts';

// Usage: npm run extract -- <file.pdf|folder> [--raw]. stdout carries only JSON:
// - default: {nosolicitud, header, tables: {Table: [values]}, sources: {Table: [source]}, pageSizes,
//   quality}; sources[T][i] says where tables[T][i] was printed (page, table box, method, and each
//   value's cell text and box);
// - --raw: {pageSizes, tables: [{page, bbox, method, rows, cells}]}, cells holding each cell's box.

interface Printed {
  ok: boolean;
  json: Record<string, unknown>;
  message?: string;
}

async function extractFile(file: string, raw: boolean): Promise<Printed> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch {
    return { ok: false, json: {}, message: ENGINE_MESSAGES.invalid };
  }
  if (raw) {
    const r = await extractRawTablesIsolated(bytes);
    if (r.status !== 'ok') return { ok: false, json: { status: r.status }, message: r.message };
    const tables = r.tables.map((t) => ({ page: t.page, bbox: t.bbox, method: t.method, rows: t.rows, cells: t.cells }));
    return { ok: true, json: { pageSizes: r.pageSizes, tables } };
  }
  const r = await extractPdfIsolated(bytes);
  if (r.status !== 'ok') return { ok: false, json: { status: r.status }, message: r.message };
  const tables: Record<string, TableRow[]> = {};
  const sources: Record<string, RowSource[]> = {};
  for (const [name, rows] of Object.entries(extractedRowsByTable(r))) {
    // Rows are printed as stored minus the document key repeated in every row.
    tables[name] = rows.map(({ values: { nosolicitud: _n, ...rest } }) => rest);
    sources[name] = rows.map((row) => row.source);
  }
  return { ok: true, json: { nosolicitud: r.nosolicitud, header: r.header, tables, sources, pageSizes: r.pageSizes, quality: r.quality } };
}

async function main(argv: string[]): Promise<number> {
  const raw = argv.includes('--raw');
  const target = argv.find((a) => !a.startsWith('--'));
  if (!target) {
    process.stderr.write('Uso: npm run extract -- <archivo.pdf|carpeta> [--raw]\n');
    return 2;
  }
  const info = await stat(target).catch(() => undefined);
  if (!info) {
    process.stderr.write(`${target}: no existe el archivo o la carpeta.\n`);
    return 1;
  }
  if (!info.isDirectory()) {
    const r = await extractFile(target, raw);
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
    const r = await extractFile(join(target, f), raw);
    if (!r.ok) {
      failed++;
      process.stderr.write(`${basename(f)}: ${r.message ?? ENGINE_MESSAGES.invalid}\n`);
    }
    process.stdout.write(JSON.stringify({ file: f, ...r.json }) + '\n');
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
await stopExtractionWorker();
