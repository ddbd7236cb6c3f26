import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runIsolated } from '../src/engine/index.ts';

// Usage: npm run bench:extract -- [folder ...] [--rounds N] [--raw]
// --raw stops after finding tables (no classification), to tell the two costs apart.
// Extracts every PDF under the folders (default: the public and domain-dev corpus) the way the
// product does: one engine child process per file (runIsolated, build/engine-child.mjs), once to
// warm up, then N timed rounds. CPU time and peak RSS are the children's own, as each reports them
// (process.cpuUsage() of every thread, GC helpers included; maxRSS): pages per CPU-second counts the
// whole child, start-up (Node, pdf.js, the engine: paid once per document) included, and also
// without it, the extraction alone.

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
  ms: number;
  cpuMs: number;
  startupCpuMs: number[];
  peakRssMb: number[];
  failed: number;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function round(files: { path: string; bytes: Uint8Array }[]): Promise<Round> {
  const r: Round = { ms: 0, cpuMs: 0, startupCpuMs: [], peakRssMb: [], failed: 0 };
  const t0 = performance.now();
  for (const f of files) {
    const out = await runIsolated(rawOnly ? 'raw' : 'extract', { bytes: f.bytes });
    // Scans end no_text after reading every page: their pages count, as the product reads them.
    if (!out.ok && out.reason !== 'no_text') {
      r.failed++;
      console.error(`${f.path}: ${out.reason} (${out.detail})`);
    }
    if (!out.usage) continue;
    r.cpuMs += out.usage.cpuMs;
    r.startupCpuMs.push(out.usage.startupCpuMs);
    r.peakRssMb.push(out.usage.peakRssMb);
  }
  r.ms = performance.now() - t0;
  return r;
}

async function main(): Promise<void> {
  const { folders, rounds } = args(process.argv.slice(2));
  const files = folders.flatMap(pdfsUnder).map((path) => ({ path, bytes: new Uint8Array(readFileSync(path)) }));
  if (!files.length) {
    console.error(`no PDF under ${folders.join(', ')}`);
    process.exitCode = 1;
    return;
  }
  // Pages each document declares (what the product reads, up to its page limit), from a check.
  let pages = 0;
  for (const f of files) {
    const info = await runIsolated('check', { bytes: f.bytes });
    pages += info.ok ? Math.min(info.value.pages, 500) : 0;
  }
  console.log(`load average ${loadavg()}`);
  const warm = await round(files);
  console.log(`warm-up: ${files.length} files (one child each), ${pages} pages, ${(warm.ms / 1000).toFixed(2)} s`);
  let ms = 0;
  let cpu = 0;
  let extractionCpu = 0;
  let best = 0;
  const startups: number[] = [];
  const peaks: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const r = await round(files);
    const startup = r.startupCpuMs.reduce((a, b) => a + b, 0);
    ms += r.ms;
    cpu += r.cpuMs;
    extractionCpu += r.cpuMs - startup;
    startups.push(...r.startupCpuMs);
    peaks.push(...r.peakRssMb);
    best = Math.max(best, (pages * 1000) / r.cpuMs);
    console.log(
      `round ${i + 1}: ${pages} pages in ${(r.ms / 1000).toFixed(2)} s = ${((pages * 1000) / r.ms).toFixed(1)} pages/s wall, ` +
        `${((pages * 1000) / r.cpuMs).toFixed(1)} pages/CPU-s (${((pages * 1000) / (r.cpuMs - startup)).toFixed(1)} without start-up) ` +
        `(${r.failed} failed; load ${loadavg()})`,
    );
  }
  const total = pages * rounds;
  console.log(`pages/s (wall): ${((total * 1000) / ms).toFixed(1)}`);
  console.log(`pages/CPU-s (children's CPU time, start-up included): ${((total * 1000) / cpu).toFixed(1)}`);
  console.log(`pages/CPU-s (children's CPU time, extraction only): ${((total * 1000) / extractionCpu).toFixed(1)}`);
  // On a shared machine CPU time inflates with contention too; the best round is the least
  // disturbed figure, for comparing changes.
  console.log(`best round (start-up included): ${best.toFixed(1)}`);
  console.log(`child start-up CPU median: ${median(startups).toFixed(0)} ms`);
  console.log(`peak RSS of a child: median ${median(peaks).toFixed(0)} MB, max ${Math.max(...peaks).toFixed(0)} MB`);
  console.log(`load average ${loadavg()}`);
}

await main();
