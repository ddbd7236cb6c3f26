import { parentPort } from 'node:worker_threads';
import { extractPdf, extractRawTables } from './extract.ts';

// Runs extractions inside a worker thread so a runaway PDF can be stopped by terminating the
// thread (pdf.js can loop synchronously on cyclic content, which no timer can interrupt).

export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
  raw: boolean;
  maxPages?: number;
}

export type WorkerReply =
  | { id: number; kind: 'progress'; done: number; total: number }
  | { id: number; kind: 'result'; result: unknown };

const port = parentPort;
if (port) {
  port.on('message', (req: WorkerRequest) => {
    const onProgress = (done: number, total: number) => port.postMessage({ id: req.id, kind: 'progress', done, total });
    const opts = { onProgress, maxPages: req.maxPages };
    const run = req.raw
      ? extractRawTables(req.bytes, opts).then(({ pages: _pages, ...rest }) => rest)
      : extractPdf(req.bytes, opts);
    void run.then((result) => port.postMessage({ id: req.id, kind: 'result', result } satisfies WorkerReply));
  });
}
