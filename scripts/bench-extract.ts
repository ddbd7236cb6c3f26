import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runIsolated } from '../src/engine/index.ts';
import { childrenCpuMs } from './bench/children-cpu.ts';
import { printMachineLoad } from './bench/machine-load.ts';
import { findPdftotext, pdftotextRound } from './bench/pdftotext-baseline.ts';

// Usage: npm run bench:extract -- [folder ...] [--rounds N] [--raw]
// --raw stops after finding tables (no classification), to tell the two costs apart.
// Extracts every PDF under the folders (default: the public and domain-dev corpus) the way the
// product does: one engine child process per file (runIsolated, build/engine-child.mjs), once to
// warm up, then N timed rounds. What is counted (docs/decisions/001, "What we measured"):
// - CPU time and peak RSS are the children's own, as each reports them: process.cpuUsage() of every
//   thread (GC helpers and OCR workers included) and maxRSS; this process's share (forking,
//   reading the answers) is not counted, nor is the build of the child when it is stale;
// - pages are those each document declares (up to the product's page limit), read with a check;
// - the headline is pages per CPU-second of documents with a text layer, each child's start-up
//   (Node, pdf.js, the engine: paid once per document) included, as the product runs; the same
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
  failed: number;
  /** The children's CPU as the kernel counts it once they exited (their whole lives). */
  kernelCpuMs: number;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const rate = (pages: number, ms: number) => ((pages * 1000) / ms).toFixed(1);

async function round(docs: Doc[], task: 'extract' | 'raw', onDoc?: (doc: Doc, ocr: boolean) => void): Promise<Round> {
  const r: Round = { ms: 0, cpuMs: 0, startupCpuMs: [], peakRssMb: [], failed: 0, kernelCpuMs: 0 };
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
    r.cpuMs += out.usage.cpuMs;
    r.startupCpuMs.push(out.usage.startupCpuMs);
    r.peakRssMb.push(out.usage.peakRssMb);
  }
  r.ms = performance.now() - t0;
  r.kernelCpuMs = childrenCpuMs() - cpu0;
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
  console.log(`load average ${loadavg()}; task ${task}; one child per document, as the product runs`);

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
  let kernelCpu = 0;
  let startupCpu = 0;
  let best = 0;
  const startups: number[] = [];
  const peaks: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const r = await round(text, task);
    const startup = sum(r.startupCpuMs);
    ms += r.ms;
    cpu += r.cpuMs;
    kernelCpu += r.kernelCpuMs;
    startupCpu += startup;
    startups.push(...r.startupCpuMs);
    peaks.push(...r.peakRssMb);
    best = Math.max(best, (textPages * 1000) / r.cpuMs);
    console.log(
      `round ${i + 1}: ${textPages} pages in ${(r.ms / 1000).toFixed(2)} s wall; ${rate(textPages, r.cpuMs)} pages/CPU-s ` +
        `(${rate(textPages, r.cpuMs - startup)} without start-up; ${rate(textPages, r.kernelCpuMs)} as the kernel counts the children); ${r.failed} failed; load ${loadavg()}`,
    );
    if ('bin' in baseline) {
      const b = pdftotextRound(text.map((d) => d.path));
      baseCpu += b.cpuMs;
      basePeak = Math.max(basePeak, b.peakRssMb);
      console.log(`  pdftotext: ${rate(textPages, b.cpuMs)} pages/CPU-s; ${b.failed} failed; ratio ${(b.cpuMs / r.kernelCpuMs).toFixed(2)}`);
    }
  }
  const pages = textPages * rounds;
  console.log(`\nDocuments with a text layer (${text.length} files, ${textPages} pages, ${rounds} rounds), children's CPU time:`);
  console.log(`  pages per CPU-second, each child's start-up included (as the product runs): ${rate(pages, cpu)}`);
  console.log(`  pages per CPU-second, extraction only (start-up left out): ${rate(pages, cpu - startupCpu)}`);
  console.log(`  pages per CPU-second, the children's whole lives as the kernel counts them: ${rate(pages, kernelCpu)}`);
  console.log(`  CPU per document: ${(cpu / rounds / text.length).toFixed(0)} ms, of which start-up ${(startupCpu / rounds / text.length).toFixed(0)} ms (median ${median(startups).toFixed(0)} ms)`);
  // On a shared machine CPU time inflates with contention too; the best round is the least
  // disturbed figure, for comparing changes.
  console.log(`  best round, start-up included: ${best.toFixed(1)} pages/CPU-s; wall: ${rate(pages, ms)} pages/s`);
  console.log(`  peak RSS of a child: median ${median(peaks).toFixed(0)} MB, max ${Math.max(...peaks).toFixed(0)} MB`);
  if ('bin' in baseline) {
    console.log(`Baseline, ${baseline.bin} -layout, one process per file, same documents and rounds:`);
    console.log(`  pages per CPU-second: ${rate(pages, baseCpu)}; peak RSS of a process: max ${basePeak.toFixed(0)} MB`);
    console.log(`  ratio, ours / pdftotext (pages per CPU-second, the children's whole lives): ${(baseCpu / kernelCpu).toFixed(2)}`);
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
