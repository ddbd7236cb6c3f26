import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { closeEnginePool, configureEnginePool, runIsolated } from '../src/engine/index.ts';
import { childrenCpuMs } from './bench/children-cpu.ts';
import { loadAverages, printMachineLoad } from './bench/machine-load.ts';
import { findPdftotext, pdftotextRound } from './bench/pdftotext-baseline.ts';
import { pdfsUnder } from './bench/pdfs-under.ts';

// Usage: npm run bench:extract -- [folder ...] [--rounds N] [--raw] [--max-tasks N]
// --max-tasks sets how many documents a child serves before it is retired (the product's default
// otherwise, runtime/child-pool.ts); 1 is a fresh child per document, the runtime before issue 14.
// --raw stops after finding tables (no classification), to tell the two costs apart.
// Extracts every PDF under the folders (default: the public and domain-dev corpus) the way the
// product does: through runIsolated, in engine children kept warm for a few documents each
// (build/engine-child.mjs, runtime/child-pool.ts, the limits the product runs with), once to warm
// up, then N timed rounds. What is counted (docs/decisions/001, "What we measured"):
// - CPU time is the children's whole lives: each round ends by retiring every child and waiting
//   for it to exit, and counts the CPU of this process's children that exited meanwhile (the
//   kernel's count, /proc/self/stat): every child's start-up, its tasks, its idle time and its exit;
//   this process's share (forking, reading the answers) is not counted, nor is the build of the
//   child when it is stale. Peak RSS is each task's own (the child's high-water mark, reset as the
//   task starts);
// - pages are those each document declares (up to the product's page limit), read with a check;
// - the headline is pages per CPU-second of documents with a text layer, every child's start-up
//   (Node, pdf.js, the engine: paid once per child) included, as the product runs; the same
//   without the start-up is printed beside it;
// - documents the warm-up shows were read by OCR (a page without a text layer: scans, photos) cost
//   seconds per page and would drown the figure: they are extracted once more after the warm-up
//   (always a full extraction) and reported apart;
// - the baseline, measured in the same run on the same documents (issue 14): poppler's `pdftotext
//   -layout`, one process per file, its processes' own CPU; each timed round of ours is followed by
//   one of pdftotext, so both see the same load. The ratio of the two is the figure that holds from
//   machine to machine; when pdftotext is not installed the bench says so and prints no ratio.

const CORPUS = resolve(import.meta.dirname, '../../shared/corpus');
/** The product's page limit (src/engine/pdf/load-pages.ts, DEFAULT_MAX_PAGES). */
const MAX_PAGES = 500;

let rawOnly = false;

function args(argv: string[]): { folders: string[]; rounds: number } {
  const folders: string[] = [];
  let rounds = 3;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--rounds') rounds = Math.max(1, Number(argv[++i]) || 1);
    else if (a === '--raw') rawOnly = true;
    else if (a === '--max-tasks') configureEnginePool({ maxTasks: Math.max(1, Number(argv[++i]) || 1) });
    else folders.push(a);
  }
  return { folders: folders.length ? folders : [join(CORPUS, 'public'), join(CORPUS, 'domain-dev')], rounds };
}

interface Doc {
  path: string;
  bytes: Uint8Array;
  pages: number;
}

interface Round {
  ms: number;
  cpuMs: number;
  startupCpuMs: number[];
  peakRssMb: number[];
  /** Children forked during the round. */
  children: number;
  failed: number;
}

const loadavg = () => loadAverages().map((v) => v.toFixed(2)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const rate = (pages: number, ms: number) => ((pages * 1000) / ms).toFixed(1);

async function round(docs: Doc[], task: 'extract' | 'raw', onDoc?: (doc: Doc, ocr: boolean) => void): Promise<Round> {
  const r: Round = { ms: 0, cpuMs: 0, startupCpuMs: [], peakRssMb: [], children: 0, failed: 0 };
  const t0 = performance.now();
  const cpu0 = childrenCpuMs();
  for (const doc of docs) {
    const out = await runIsolated(task, { bytes: doc.bytes });
    // A scan OCR found no word in ends no_text after reading every page: its pages count.
    if (!out.ok && out.reason !== 'no_text') {
      r.failed++;
      console.error(`${doc.path}: ${out.reason} (${out.detail})`);
    }
    onDoc?.(doc, out.ok ? (out.value as { ocr?: { pages: number[] } }).ocr !== undefined : out.reason === 'no_text');
    if (!out.usage) continue;
    if (out.usage.servedBefore === 0) r.startupCpuMs.push(out.usage.startupCpuMs);
    r.peakRssMb.push(out.usage.peakRssMb);
  }
  await closeEnginePool();
  r.ms = performance.now() - t0;
  r.cpuMs = childrenCpuMs() - cpu0;
  r.children = r.startupCpuMs.length;
  return r;
}

async function main(): Promise<void> {
  printMachineLoad();
  const { folders, rounds } = args(process.argv.slice(2));
  const docs: Doc[] = [];
  for (const path of folders.flatMap(pdfsUnder)) {
    const bytes = new Uint8Array(readFileSync(path));
    const info = await runIsolated('check', { bytes });
    docs.push({ path, bytes, pages: info.ok ? Math.min(info.value.pages, MAX_PAGES) : 0 });
  }
  if (!docs.length) {
    console.error(`no PDF under ${folders.join(', ')}`);
    process.exitCode = 1;
    return;
  }
  const task = rawOnly ? 'raw' : 'extract';
  console.log(`load average ${loadavg()}; task ${task}; engine children kept warm as the product runs them`);

  // The warm-up, always a full extraction: it says which documents OCR read, and times those.
  const text: Doc[] = [];
  const scanned: Doc[] = [];
  const ocrUsage = { cpuMs: 0, peakRssMb: [] as number[] };
  const warm = await round(docs, 'extract', (doc, ocr) => (ocr ? scanned : text).push(doc));
  const textPages = sum(text.map((d) => d.pages));
  const scannedPages = sum(scanned.map((d) => d.pages));
  console.log(
    `warm-up: ${docs.length} files, ${(warm.ms / 1000).toFixed(1)} s; with a text layer ${text.length} files, ${textPages} pages; ` +
      `read by OCR ${scanned.length} files, ${scannedPages} pages (reported apart)`,
  );
  if (scanned.length) {
    const r = await round(scanned, 'extract');
    ocrUsage.cpuMs = r.cpuMs;
    ocrUsage.peakRssMb = r.peakRssMb;
  }
  if (!text.length) {
    console.error('no document with a text layer');
    process.exitCode = 1;
    return;
  }

  const baseline = findPdftotext();
  if ('missing' in baseline) console.log(baseline.missing);
  let baseCpu = 0;
  let basePeak = 0;
  let ms = 0;
  let cpu = 0;
  let startupCpu = 0;
  let best = 0;
  const startups: number[] = [];
  const peaks: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const r = await round(text, task);
    const startup = sum(r.startupCpuMs);
    ms += r.ms;
    cpu += r.cpuMs;
    startupCpu += startup;
    startups.push(...r.startupCpuMs);
    peaks.push(...r.peakRssMb);
    best = Math.max(best, (textPages * 1000) / r.cpuMs);
    console.log(
      `round ${i + 1}: ${textPages} pages in ${(r.ms / 1000).toFixed(2)} s wall; ${rate(textPages, r.cpuMs)} pages/CPU-s ` +
        `(${rate(textPages, r.cpuMs - startup)} without start-up); ${r.children} children; ${r.failed} failed; load ${loadavg()}`,
    );
    if ('bin' in baseline) {
      const b = pdftotextRound(text.map((d) => d.path));
      baseCpu += b.cpuMs;
      basePeak = Math.max(basePeak, b.peakRssMb);
      console.log(`  pdftotext: ${rate(textPages, b.cpuMs)} pages/CPU-s; ${b.failed} failed; ratio ${(b.cpuMs / r.cpuMs).toFixed(2)}`);
    }
  }
  const pages = textPages * rounds;
  console.log(`\nDocuments with a text layer (${text.length} files, ${textPages} pages, ${rounds} rounds), children's CPU time:`);
  console.log(`  pages per CPU-second, each child's start-up included (as the product runs): ${rate(pages, cpu)}`);
  console.log(`  pages per CPU-second, extraction only (start-up left out): ${rate(pages, cpu - startupCpu)}`);
  console.log(
    `  CPU per document: ${(cpu / rounds / text.length).toFixed(0)} ms, of which start-up ${(startupCpu / rounds / text.length).toFixed(0)} ms ` +
      `(${startups.length} children, start-up median ${median(startups).toFixed(0)} ms)`,
  );
  // On a shared machine CPU time inflates with contention too; the best round is the least
  // disturbed figure, for comparing changes.
  console.log(`  best round, start-up included: ${best.toFixed(1)} pages/CPU-s; wall: ${rate(pages, ms)} pages/s`);
  console.log(`  peak RSS of a child during a task: median ${median(peaks).toFixed(0)} MB, max ${Math.max(...peaks).toFixed(0)} MB`);
  if ('bin' in baseline) {
    console.log(`Baseline, ${baseline.bin} -layout, one process per file, same documents and rounds:`);
    console.log(`  pages per CPU-second: ${rate(pages, baseCpu)}; peak RSS of a process: max ${basePeak.toFixed(0)} MB`);
    console.log(`  ratio, ours / pdftotext (pages per CPU-second, start-up included): ${(baseCpu / cpu).toFixed(2)}`);
  }
  if (scanned.length) {
    console.log(`Documents read by OCR (${scanned.length} files, ${scannedPages} pages, one timed run after the warm-up), apart:`);
    console.log(
      `  pages per CPU-second, start-up included: ${rate(scannedPages, ocrUsage.cpuMs)}; ` +
        `peak RSS of a child: median ${median(ocrUsage.peakRssMb).toFixed(0)} MB, max ${Math.max(...ocrUsage.peakRssMb).toFixed(0)} MB`,
    );
  }
  console.log(`load average ${loadavg()}`);
}

await main();
