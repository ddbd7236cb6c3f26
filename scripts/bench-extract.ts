import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractPdfIsolated, extractRawTablesIsolated, stopExtractionWorker } from '../src/engine/isolated.ts';

// Usage: npm run bench:extract -- [folder ...] [--rounds N] [--raw]
// --raw stops after finding tables (no classification), to tell the two costs apart.
// Extracts every PDF under the folders (default: the public and domain-dev corpus) once to warm
// up, then N timed rounds in this one process; prints pages/second and peak resident memory.
// Extraction runs the way the product runs it: in the engine's worker thread (isolated.ts).

const CORPUS = resolve(import.meta.dirname, '../../shared/corpus');

function pdfsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return dir.endsWith('.pdf') ? [dir] : [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => pdfsUnder(join(dir, name)));
}

let rawOnly = false;

function args(argv: string[]): { folders: string[]; rounds: number } {
  const folders: string[] = [];
  let rounds = 3;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--rounds') rounds = Math.max(1, Number(argv[++i]) || 1);
    else if (a === '--raw') rawOnly = true;
    else folders.push(a);
  }
  return { folders: folders.length ? folders : [join(CORPUS, 'public'), join(CORPUS, 'domain-dev')], rounds };
}

interface Round {
  pages: number;
  ms: number;
  cpuMs: number;
  failed: number;
}

function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

async function round(files: { path: string; bytes: Uint8Array }[]): Promise<Round> {
  let pages = 0;
  let failed = 0;
  const t0 = performance.now();
  const c0 = cpuMs();
  for (const f of files) {
    const r = rawOnly ? await extractRawTablesIsolated(f.bytes) : await extractPdfIsolated(f.bytes);
    pages += 'numPages' in r ? r.numPages : r.pages;
    if (r.status !== 'ok' && r.status !== 'no_text') failed++;
  }
  return { pages, ms: performance.now() - t0, cpuMs: cpuMs() - c0, failed };
}

async function main(): Promise<void> {
  const { folders, rounds } = args(process.argv.slice(2));
  const files = folders.flatMap(pdfsUnder).map((path) => ({ path, bytes: new Uint8Array(readFileSync(path)) }));
  if (!files.length) {
    console.error(`no PDF under ${folders.join(', ')}`);
    process.exitCode = 1;
    return;
  }
  const warm = await round(files);
  console.log(`warm-up: ${files.length} files, ${warm.pages} pages, ${(warm.ms / 1000).toFixed(2)} s`);
  let pages = 0;
  let ms = 0;
  let cpu = 0;
  let best = 0;
  for (let i = 0; i < rounds; i++) {
    const r = await round(files);
    pages += r.pages;
    ms += r.ms;
    cpu += r.cpuMs;
    best = Math.max(best, (r.pages * 1000) / r.cpuMs);
    const rate = ((r.pages * 1000) / r.ms).toFixed(1);
    const cpuRate = ((r.pages * 1000) / r.cpuMs).toFixed(1);
    console.log(`round ${i + 1}: ${r.pages} pages in ${(r.ms / 1000).toFixed(2)} s = ${rate} pages/s wall, ${cpuRate} pages/CPU-s (${r.failed} failed)`);
  }
  const peakMb = process.resourceUsage().maxRSS / 1024;
  // Extraction runs on one thread at a time, so CPU time is one core's work; wall time also
  // counts waiting for a core on a shared machine.
  console.log(`pages/s (wall): ${((pages * 1000) / ms).toFixed(1)}`);
  console.log(`pages/s (one core, CPU time): ${((pages * 1000) / cpu).toFixed(1)}`);
  // On a shared machine CPU time inflates with contention too; the best round is the least
  // disturbed figure, for comparing changes.
  console.log(`best round (one core, CPU time): ${best.toFixed(1)}`);
  console.log(`peak RSS: ${peakMb.toFixed(0)} MB`);
}

await main();
await stopExtractionWorker();
