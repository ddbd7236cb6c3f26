import os from 'node:os';
import { runIsolated } from '../engine/index.ts';

/** Budget of the upload-time open, the child's start-up included; past it the file is accepted and the capped job decides. */
export const PDF_CHECK_BUDGET_MS = 2_500;
// Opening a PDF needs little memory; a file that needs more is left to the job's own caps.
const CHECK_MEMORY_MB = 256;
// Checks running at once (one child process each); more wait their turn, the wait counted in their budget.
const CHECK_CONCURRENCY = Math.max(1, os.availableParallelism());

export type PdfCheck = 'pdf' | 'not_pdf' | 'unknown';

let running = 0;
const waiting: (() => void)[] = [];

async function turn(signal: AbortSignal): Promise<boolean> {
  if (running < CHECK_CONCURRENCY) {
    running++;
    return true;
  }
  const ready = new Promise<boolean>((resolve) => {
    const go = () => {
      signal.removeEventListener('abort', giveUp);
      running++;
      resolve(true);
    };
    const giveUp = () => {
      waiting.splice(waiting.indexOf(go), 1);
      resolve(false);
    };
    waiting.push(go);
    signal.addEventListener('abort', giveUp, { once: true });
  });
  return ready;
}

function release(): void {
  running--;
  waiting.shift()?.();
}

/**
 * Opens the PDF (no page is read) in the engine's child process (runIsolated's `check`), so a
 * hostile file that loops inside pdf.js never blocks the server's event loop; the child is killed
 * past the budget (decision 031). Only the engine's definite `invalid` is `not_pdf`; a password or
 * a PDF that opens is `pdf`; a cap, a crash or the wait running out is `unknown` (accepted: the
 * job's caps decide). `ownerId` keys the warm child (decision 001 §10): one person's upload is never
 * opened in a process that opened another person's, as for the extraction jobs.
 */
export async function checkPdf(file: string, ownerId: number): Promise<PdfCheck> {
  // The whole check, the wait behind other uploads' checks included.
  const signal = AbortSignal.timeout(PDF_CHECK_BUDGET_MS + 500);
  if (!(await turn(signal))) return 'unknown';
  try {
    const out = await runIsolated('check', { path: file }, {
      timeoutMs: PDF_CHECK_BUDGET_MS,
      stallMs: PDF_CHECK_BUDGET_MS,
      memoryMb: CHECK_MEMORY_MB,
      signal,
      poolKey: `check owner ${ownerId}`,
    });
    if (out.ok || out.reason === 'password') return 'pdf';
    return out.reason === 'invalid' ? 'not_pdf' : 'unknown';
  } finally {
    release();
  }
}
