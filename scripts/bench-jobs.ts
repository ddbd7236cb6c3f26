/**
 * npm run bench:jobs — per-job cost of the extraction child process: forks src/server/jobs/worker.ts
 * the way the job runner does, once per domain-dev PDF, and prints wall time (fork to result) and
 * the child's peak RSS (VmHWM) and CPU time (all threads), for the runner's current options and for the plain-tsx baseline.
 * Options (env): BENCH_FILES (8), BENCH_DIR (../shared/corpus/domain-dev).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WORKER, jobExecArgv } from '../src/server/jobs/runner.ts';
import type { WorkerMessage } from '../src/server/jobs/worker.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIR = process.env.BENCH_DIR ?? path.resolve(ROOT, '../shared/corpus/domain-dev');
const FILES = fs.readdirSync(DIR).filter((n) => n.endsWith('.pdf')).sort().slice(0, Number(process.env.BENCH_FILES ?? 8));
const MEMORY_MB = 512;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const variants: [string, string[]][] = [
  ['tsx only (before)', ['--import', TSX, `--max-old-space-size=${MEMORY_MB}`]],
  ['runner (preload + tsx)', jobExecArgv(MEMORY_MB)],
];

function peakKb(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** User+system CPU seconds of a process so far (all its threads, GC helpers included). */
function cpuSeconds(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

function runJob(execArgv: string[], file: string): Promise<{ ms: number; peakMb: number; cpu: number; status: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], { execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
    let peak = 0;
    let cpu = 0;
    let status = 'no result';
    const watch = setInterval(() => (peak = Math.max(peak, peakKb(child.pid!))), 50);
    child.on('message', (msg: WorkerMessage) => {
      peak = Math.max(peak, peakKb(child.pid!));
      cpu = Math.max(cpu, cpuSeconds(child.pid!));
      if (msg.type === 'result') status = msg.result.status;
      if (msg.type === 'failed') status = `failed: ${msg.detail}`;
    });
    child.once('error', reject);
    child.once('exit', () => {
      clearInterval(watch);
      resolve({ ms: performance.now() - started, peakMb: peak / 1024, cpu, status });
    });
    child.send({ type: 'run', file: path.join(DIR, file) });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${FILES.length} PDFs from ${DIR}, one child process per job; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
for (const [name, execArgv] of variants) {
  const runs = [];
  for (const file of FILES) runs.push(await runJob(execArgv, file));
  const bad = runs.filter((r) => r.status !== 'ok');
  console.log(
    `${name.padEnd(24)} wall median ${median(runs.map((r) => r.ms)).toFixed(0).padStart(5)} ms  max ${Math.max(...runs.map((r) => r.ms)).toFixed(0).padStart(5)} ms  ` +
      `peak RSS median ${median(runs.map((r) => r.peakMb)).toFixed(0)} MB  max ${Math.max(...runs.map((r) => r.peakMb)).toFixed(0)} MB  ` +
      `CPU at result median ${median(runs.map((r) => r.cpu)).toFixed(2)} s` +
      (bad.length ? `  (${bad.length} not ok: ${bad[0]!.status})` : ''),
  );
}
