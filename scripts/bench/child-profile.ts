import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallerMessage, ChildMessage } from '../../src/engine/runtime/protocol.ts';
import { childExecArgv } from '../../src/engine/runtime/warm-child.ts';
import { DEFAULT_CAPS } from '../../src/engine/runtime/run-isolated.ts';
import { loadAverages } from './machine-load.ts';
import { pdfsUnder } from './pdfs-under.ts';

// Usage: tsx scripts/bench/child-profile.ts [--build DIR] [--rounds N] [--raw] [--per-doc] [--node-flag F]... [--cpu-prof DIR]
//        [--heap-alloc DIR]
//        [--heap-prof DIR] [folder ...]
// One engine child (build/engine-child.mjs, or DIR/engine-child.mjs), forked with the product's
// flags (runtime/warm-child.ts), serves every text document of the folders (default: public and
// domain-dev, scans and photographs left out) in turn, N rounds, and prints the CPU time the
// child measured for each round's tasks (its own count, start-up apart): the A/B figure of our
// code's share (decision 001, issue 14), with Node's --cpu-prof or V8's sampling heap profiler
// (--heap-prof: objects alive at exit; --heap-alloc: every allocation, heap-sampler.mjs) written to
// DIR when asked; --node-flag adds a flag after the product's (to try V8 options). Run two builds alternately at the same load to compare.

const CORPUS = resolve(import.meta.dirname, '../../../shared/corpus');

/** Scans and photographs (read by OCR) are seconds per page: they would drown our code's share. */
const isScan = (path: string) => /\/(scan|photo)-[^/]*\.pdf$/.test(path);

function options(argv: string[]) {
  const o = { build: resolve(import.meta.dirname, '../../build'), rounds: 3, raw: false, perDoc: false, env: { ...process.env } as NodeJS.ProcessEnv, flags: [] as string[], folders: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--build') o.build = resolve(argv[++i] as string);
    else if (a === '--rounds') o.rounds = Math.max(1, Number(argv[++i]) || 1);
    else if (a === '--raw') o.raw = true;
    else if (a === '--per-doc') o.perDoc = true;
    else if (a === '--node-flag') o.flags.push(argv[++i] as string);
    else if (a === '--heap-alloc') {
      o.flags.push('--import', pathToFileURL(join(import.meta.dirname, 'heap-sampler.mjs')).href);
      o.env.HEAP_ALLOC_DIR = resolve(argv[++i] as string);
    }
    else if (a === '--cpu-prof') o.flags.push('--cpu-prof', `--cpu-prof-dir=${argv[++i]}`);
    else if (a === '--heap-prof') o.flags.push('--heap-prof', `--heap-prof-dir=${argv[++i]}`, '--heap-prof-interval=65536');
    else o.folders.push(a);
  }
  if (!o.folders.length) o.folders.push(join(CORPUS, 'public'), join(CORPUS, 'domain-dev'));
  return o;
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  const docs = o.folders.flatMap(pdfsUnder).filter((p) => !isScan(p));
  const child = fork(join(o.build, 'engine-child.mjs'), [], {
    execArgv: [...childExecArgv(DEFAULT_CAPS.memoryMb), ...o.flags],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
    env: o.env,
  });
  let next: ((msg: ChildMessage) => void) | undefined;
  child.on('message', (msg: ChildMessage) => next?.(msg));
  await new Promise<void>((done) => (next = (msg) => msg.type === 'ready' && done()));
  const send = (msg: CallerMessage) => child.send(msg);
  const run = (bytes: Uint8Array) =>
    new Promise<Extract<ChildMessage, { type: 'result' | 'failed' }>>((done) => {
      next = (msg) => (msg.type === 'result' || msg.type === 'failed') && done(msg);
      send({ type: 'run', task: o.raw ? 'raw' : 'extract', input: { bytes } });
    });
  const inputs = docs.map((p) => new Uint8Array(readFileSync(p)));
  const perRound: number[] = [];
  const perDoc = docs.map(() => 0);
  let startupMs = 0;
  for (let r = 0; r < o.rounds; r++) {
    let cpu = 0;
    for (const [i, bytes] of inputs.entries()) {
      const msg = await run(bytes);
      const ms = msg.usage.cpuMs - msg.usage.startupCpuMs;
      startupMs += msg.usage.startupCpuMs;
      cpu += ms;
      perDoc[i]! += ms;
    }
    perRound.push(cpu / inputs.length);
    console.log(`round ${r + 1}: ${(cpu / inputs.length).toFixed(1)} ms CPU per document (${inputs.length} documents); load ${loadAverages()[0]?.toFixed(2)}`);
  }
  send({ type: 'exit' });
  await new Promise((done) => child.once('exit', done));
  const warm = perRound.slice(1);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  if (o.perDoc) {
    const order = docs.map((d, i) => i).sort((a, b) => perDoc[b]! - perDoc[a]!);
    for (const i of order) console.log(`${(perDoc[i]! / o.rounds).toFixed(1).padStart(7)} ms  ${docs[i]}`);
  }
  console.log(`all rounds ${mean(perRound).toFixed(1)} ms; rounds 2+ ${mean(warm).toFixed(1)} ms; the child's start-up ${startupMs.toFixed(0)} ms`);
}

await main();
