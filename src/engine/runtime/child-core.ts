/**
 * The engine's side of a child process (a chunk of build/engine-child.mjs, imported by child.ts once
 * pdf.js is loaded): for each request, reads the PDF, runs the task, reports progress and one answer
 * with what the task cost. The child serves requests in turn until the caller retires it.
 */
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENGINE_MESSAGES } from '../../shared/messages/engine.ts';
import { extractPdf, extractRawTables, openOnly } from '../extract.ts';
import { gaveUpOnAPage } from '../pdf/load-pages.ts';
import { pdfiumBroken } from '../pdf/pdfium/module.ts';
import type { ExtractionResult } from '../types.ts';
import type { ChildMessage, ChildUsage, FailureReason, IsolatedExtraction, IsolatedInput, RunRequest, TaskOutcome } from './protocol.ts';

type Engine = { extractPdf: typeof extractPdf; extractRawTables: typeof extractRawTables; openOnly: typeof openOnly };

/**
 * Tests swap the engine with EXTRACT_ENGINE_MODULE (a path or file: URL): a module exporting any of
 * extractPdf, extractRawTables, openOnly replaces those; the rest stay real. A TypeScript module is
 * loaded through tsx, registered in this child only then (tests/integration/fixtures/test-engine.ts).
 */
let engine: Promise<Engine> | undefined;

async function loadEngine(): Promise<Engine> {
  const real: Engine = { extractPdf, extractRawTables, openOnly };
  const swap = process.env.EXTRACT_ENGINE_MODULE;
  if (!swap) return real;
  const url = swap.startsWith('file:') ? swap : pathToFileURL(path.resolve(swap)).href;
  if (/\.[cm]?tsx?$/.test(new URL(url).pathname)) (await import('tsx/esm/api')).register();
  return { ...real, ...((await import(/* @vite-ignore */ url)) as Partial<Engine>) };
}

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, () => resolve()));
}

function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/**
 * Resets the process's resident-memory high-water mark (Linux: clear_refs 5), so each task's peak
 * is its own and not an earlier task's; false where it cannot (then the peak is the process's).
 */
function resetPeakRss(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function peakRssMb(): number {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {
    // Not Linux: the process's own peak.
  }
  return process.resourceUsage().maxRSS / 1024;
}

function failure(reason: FailureReason, message: string | undefined, detail: string | undefined): TaskOutcome<never> {
  return { ok: false, reason, message: message ?? ENGINE_MESSAGES[reason], detail: detail ?? reason };
}

async function readInput(input: IsolatedInput): Promise<Uint8Array> {
  return 'bytes' in input ? input.bytes : new Uint8Array(await readFile(input.path));
}

/** The result without each table's `raw` (protocol.ts, AnsweredTable): what the caller reads, sent once. */
function answered(r: ExtractionResult): IsolatedExtraction {
  return { ...r, tables: r.tables.map(({ raw: _raw, ...table }) => table) };
}

async function runTask(req: RunRequest, engine: Engine): Promise<TaskOutcome<unknown>> {
  const bytes = await readInput(req.input);
  let last = 0;
  // Throttled (pages can be very fast); the first report (the document opened) and the last always go.
  const onProgress = (done: number, total: number) => {
    const now = Date.now();
    if (done === 0 || done === total || now - last > 100) {
      last = now;
      void send({ type: 'progress', done, total });
    }
  };
  // Not throttled: at most one per page, and each moves the time cap.
  const onOcrPage = (pages: number) => void send({ type: 'ocr', pages });
  switch (req.task) {
    case 'check': {
      const r = await engine.openOnly(bytes);
      return r.status === 'ok' ? { ok: true, value: { pages: r.numPages } } : failure(r.status, r.message, r.detail);
    }
    case 'raw': {
      const r = await engine.extractRawTables(bytes, { onProgress, onOcrPage, settings: req.settings });
      if (r.status !== 'ok') return failure(r.status, r.message, r.detail);
      return { ok: true, value: { numPages: r.numPages, pageSizes: r.pageSizes, tables: r.tables, warnings: r.warnings } };
    }
    case 'extract': {
      const r = await engine.extractPdf(bytes, { onProgress, onOcrPage, settings: req.settings });
      return r.status === 'ok' ? { ok: true, value: answered(r) } : failure(r.status, r.message, r.detail);
    }
  }
}

let served = 0;

/**
 * Runs one task and answers it; the child then waits for the next request (child.ts). The first
 * task is charged the child's start-up (its CPU so far).
 */
export async function serve(req: RunRequest): Promise<void> {
  const servedBefore = served++;
  const before = cpuMs();
  const startupCpuMs = servedBefore === 0 ? before : 0;
  resetPeakRss();
  const usage = (): ChildUsage => ({ cpuMs: cpuMs() - before + startupCpuMs, startupCpuMs, peakRssMb: peakRssMb(), servedBefore });
  try {
    const outcome = await runTask(req, await (engine ??= loadEngine()));
    await send({ type: 'result', outcome, usage: usage(), reusable: !gaveUpOnAPage() && !pdfiumBroken() });
  } catch (err) {
    await send({ type: 'failed', detail: err instanceof Error ? `${err.name}: ${err.message}` : String(err), usage: usage() });
    // A task that threw may have left anything behind: this child serves no other.
    process.exit(0);
  }
}
