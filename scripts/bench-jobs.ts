/**
 * npm run bench:jobs — per-job cost of an extraction as the server runs it: the engine's child
 * process (runIsolated 'extract' on the stored file, the job runner's caps), once per domain-dev PDF.
 * Prints wall time (fork to answer), and the child's own CPU time (all threads, start-up included,
 * and the start-up alone) and peak RSS, as it reports them.
 * Options (env): BENCH_FILES (8), BENCH_DIR (../shared/corpus/domain-dev).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CAPS, runIsolated } from '../src/engine/index.ts';
import { JOB_STALL_MS } from '../src/server/jobs/runner.ts';
import { printMachineLoad } from './bench/machine-load.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIR = process.env.BENCH_DIR ?? path.resolve(ROOT, '../shared/corpus/domain-dev');
const FILES = fs.readdirSync(DIR).filter((n) => n.endsWith('.pdf')).sort().slice(0, Number(process.env.BENCH_FILES ?? 8));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

printMachineLoad();
console.log(`${FILES.length} PDFs from ${DIR}, one child process per job`);
const runs = [];
for (const file of FILES) {
  const r = await runIsolated('extract', { path: path.join(DIR, file) }, { ...DEFAULT_CAPS, stallMs: JOB_STALL_MS });
  runs.push({ ms: r.wallMs, cpu: (r.usage?.cpuMs ?? 0) / 1000, startup: (r.usage?.startupCpuMs ?? 0) / 1000, peakMb: r.usage?.peakRssMb ?? 0, status: r.ok ? 'ok' : r.reason });
}
const bad = runs.filter((r) => r.status !== 'ok');
console.log(
  `job (engine child)  wall median ${median(runs.map((r) => r.ms)).toFixed(0).padStart(5)} ms  max ${Math.max(...runs.map((r) => r.ms)).toFixed(0).padStart(5)} ms  ` +
    `peak RSS median ${median(runs.map((r) => r.peakMb)).toFixed(0)} MB  max ${Math.max(...runs.map((r) => r.peakMb)).toFixed(0)} MB  ` +
    `CPU median ${median(runs.map((r) => r.cpu)).toFixed(2)} s (start-up ${median(runs.map((r) => r.startup)).toFixed(2)} s)` +
    (bad.length ? `  (${bad.length} not ok: ${bad[0]!.status})` : ''),
);
printMachineLoad('after the run');
