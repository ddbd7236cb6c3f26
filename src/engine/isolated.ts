import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ENGINE_MESSAGES } from '../shared/messages/engine.ts';
import type { RawExtraction } from './extract.ts';
import type { WorkerReply, WorkerRequest } from './extract-worker.ts';
import type { ExtractionResult, ExtractOptions } from './types.ts';
import { bundledWorkerEntry } from './worker-bundle.ts';

/** A document that takes longer than this is stopped (hostile or absurdly large). */
export const ISOLATED_TIMEOUT_MS = 120_000;
/** No page finishing for this long means pdf.js is stuck on hostile content. */
export const ISOLATED_STALL_MS = 8_000;
/** Heap cap of the extraction thread; beyond it the thread dies, not the process. */
export const ISOLATED_MEMORY_MB = 384;
/**
 * Young-generation cap of the extraction thread. pdf.js allocates short-lived objects per
 * operator and text item; at 16 MB scavenges copied them again and again (GC ~19% of the
 * thread's time). 64 MB gave ~10-15% more pages per CPU-second for ~+40 MB peak RSS, which the
 * memory freed by the bundled worker and disabled source maps pays for (bench:extract).
 */
export const ISOLATED_YOUNG_MB = 64;

export interface IsolatedOptions extends ExtractOptions {
  timeoutMs?: number;
  stallMs?: number;
  memoryMb?: number;
}

export type RawTablesResult = Omit<RawExtraction, 'pages'>;

// Built to JavaScript the worker sits beside this module with the same extension.
const workerUrl = new URL(`./extract-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

// pdf.js is loaded natively before any TypeScript (see pdf/preload-pdfjs.mjs): the bundled worker and the tsx fallback both import it first.
const preloadUrl = new URL('./pdf/preload-pdfjs.mjs', import.meta.url);
let entry: Promise<URL> | undefined;

/**
 * The worker entry. From compiled JavaScript the worker file runs as is; from TypeScript (tsx,
 * vitest) the worker is bundled to one plain module (worker-bundle.ts), or, failing that, a tiny
 * ESM bootstrap registers tsx in the thread, since Node 20 workers do not inherit the parent's
 * module hooks.
 */
function workerEntry(): Promise<URL> {
  if (!workerUrl.pathname.endsWith('.ts')) return Promise.resolve(workerUrl);
  entry ??= bundledWorkerEntry(workerUrl, preloadUrl).then((url) => url ?? tsxWorkerEntry());
  return entry;
}

function tsxWorkerEntry(): URL {
  const pkgPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const entry = pkg.exports['./esm/api'];
  const rel = typeof entry === 'object' ? entry.import?.default : undefined;
  const api = new URL(rel ?? './dist/esm/api/index.mjs', pathToFileURL(pkgPath)).href;
  const preload = preloadUrl.href;
  const code = [
    `await import(${JSON.stringify(preload)});`,
    `const { register } = await import(${JSON.stringify(api)});`,
    'register();',
    `await import(${JSON.stringify(workerUrl.href)});`,
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

let worker: { thread: Worker; memoryMb: number } | undefined;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 1;

function getWorker(memoryMb: number, entryUrl: URL): Worker {
  if (worker && worker.memoryMb === memoryMb) return worker.thread;
  void worker?.thread.terminate();
  const thread = new Worker(entryUrl, {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: ISOLATED_YOUNG_MB },
    stdout: false,
    stderr: false,
  });
  thread.unref();
  worker = { thread, memoryMb };
  thread.once('exit', () => {
    if (worker?.thread === thread) worker = undefined;
  });
  return thread;
}

/** Stops the extraction thread (tests and shutdown); the next call starts a new one. */
export async function stopExtractionWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  await w?.thread.terminate();
}

type Failure = { status: 'invalid' | 'aborted'; detail: string };

function runInWorker(req: Omit<WorkerRequest, 'id'>, opts: IsolatedOptions): Promise<unknown | Failure> {
  const job = queue.then(async () => {
    const entryUrl = await workerEntry();
    return new Promise<unknown>((resolve) => {
      if (opts.signal?.aborted) return resolve({ status: 'aborted', detail: 'aborted before start' });
      const thread = getWorker(opts.memoryMb ?? ISOLATED_MEMORY_MB, entryUrl);
      const id = nextId++;
      let settled = false;
      const finish = (value: unknown, kill: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(stall);
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
        opts.signal?.removeEventListener('abort', onAbort);
        thread.unref();
        if (kill) void stopExtractionWorker();
        resolve(value);
      };
      const onMessage = (msg: WorkerReply) => {
        if (msg.id !== id) return;
        if (msg.kind === 'progress') {
          stall.refresh();
          if (msg.done > 0) opts.onProgress?.(msg.done, msg.total);
        }
        else finish(msg.result, false);
      };
      const onError = (err: Error) => finish({ status: 'invalid', detail: `worker failed: ${err.message}` }, true);
      const onExit = (code: number) => finish({ status: 'invalid', detail: `worker exited with code ${code}` }, false);
      const onAbort = () => finish({ status: 'aborted', detail: 'aborted by signal' }, true);
      const timer = setTimeout(
        () => finish({ status: 'invalid', detail: 'extraction timed out' }, true),
        opts.timeoutMs ?? ISOLATED_TIMEOUT_MS,
      );
      const stall = setTimeout(
        () => finish({ status: 'invalid', detail: 'extraction stalled on a page' }, true),
        opts.stallMs ?? ISOLATED_STALL_MS,
      );
      thread.on('message', onMessage);
      thread.once('error', onError);
      thread.once('exit', onExit);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      thread.ref();
      thread.postMessage({ ...req, id } satisfies WorkerRequest);
    });
  });
  queue = job.catch(() => undefined);
  return job;
}

function isFailure(value: unknown): value is Failure {
  return !!value && typeof value === 'object' && 'status' in value && !('tables' in value);
}

/**
 * extractPdf in a worker thread under a time and heap cap: a PDF that loops or bloats pdf.js
 * ends as 'invalid' (or 'aborted') instead of hanging or crashing the process.
 */
export async function extractPdfIsolated(bytes: Uint8Array, opts: IsolatedOptions = {}): Promise<ExtractionResult> {
  const out = await runInWorker({ bytes, raw: false, maxPages: opts.maxPages }, opts);
  if (isFailure(out)) {
    return {
      status: out.status,
      message: ENGINE_MESSAGES[out.status],
      detail: out.detail,
      pages: 0,
      nosolicitud: '',
      header: {},
      tables: [],
      pageSizes: [],
      quality: { tables: [], warnings: [], numberStyle: 'co' },
    };
  }
  return out as ExtractionResult;
}

/** extractRawTables (without page contents) in the same isolated worker. */
export async function extractRawTablesIsolated(bytes: Uint8Array, opts: IsolatedOptions = {}): Promise<RawTablesResult> {
  const out = await runInWorker({ bytes, raw: true, maxPages: opts.maxPages }, opts);
  if (isFailure(out)) {
    return { status: out.status, message: ENGINE_MESSAGES[out.status], detail: out.detail, numPages: 0, pageSizes: [], tables: [], warnings: [] };
  }
  return out as RawTablesResult;
}
