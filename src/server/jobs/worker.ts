/**
 * Child-process entry: reads one PDF, runs the engine, reports progress and the result over IPC.
 * Runs out of the server's process so a hostile PDF can only take this process down.
 */
import fs from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { ExtractOptions, ExtractionResult } from '../../engine/types.ts';

export type WorkerRequest = { type: 'run'; file: string };
export type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; result: ExtractionResult }
  | { type: 'failed'; detail: string };

type ExtractPdf = (bytes: Uint8Array, options?: ExtractOptions) => Promise<ExtractionResult>;

// Resolved at run time: the engine is built alongside and its entry must stay swappable in tests.
const ENGINE_ENTRY = process.env.EXTRACT_ENGINE_MODULE || new URL('../../engine/index.ts', import.meta.url).href;

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, () => resolve()));
}

async function run(file: string): Promise<void> {
  const engine = (await import(ENGINE_ENTRY)) as { extractPdf: ExtractPdf };
  const bytes = new Uint8Array(await fs.readFile(file));
  let last = 0;
  const result = await engine.extractPdf(bytes, {
    onProgress: (done, total) => {
      // Throttled: one message per page is plenty, and pages can be very fast.
      const now = Date.now();
      if (now - last > 100 || done === total) {
        last = now;
        void send({ type: 'progress', done, total });
      }
    },
  });
  await send({ type: 'result', result });
}

// An orphan (server killed with -9) has no one to report to: stop at once.
process.once('disconnect', () => process.exit(0));
if (!process.connected) process.exit(0);

/**
 * pdf.js and the table finders run synchronously for seconds at a time on this thread, and then
 * neither `disconnect` nor any timer here can fire. This watchdog thread has its own event loop:
 * when the parent is gone (this process re-parented, so its ppid changed) it kills the whole
 * process. Plain CommonJS source and no inherited `--import`s, so it costs a few MB and ms.
 */
const PARENT_CHECK_MS = 100;
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.ppid) process.kill(process.pid, 'SIGKILL');
}, workerData.everyMs);
`;
new Worker(WATCHDOG, { eval: true, execArgv: [], workerData: { ppid: process.ppid, everyMs: PARENT_CHECK_MS } }).unref();

process.once('message', (msg: WorkerRequest) => {
  run(msg.file)
    .catch(async (err: unknown) => {
      await send({ type: 'failed', detail: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
    })
    .finally(() => process.exit(0));
});
