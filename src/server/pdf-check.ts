import { extractRawTablesIsolated } from '../engine/index.ts';

/** Budget of the upload-time parse; past it the file is accepted and the capped job decides. */
export const PDF_CHECK_BUDGET_MS = 2_500;
// Opening a PDF needs little heap; a file that needs more is left to the job's own caps.
const CHECK_MEMORY_MB = 256;

export type PdfCheck = 'pdf' | 'not_pdf' | 'unknown';

// Details of extractRawTablesIsolated that mean "the check could not finish", not "not a PDF".
const BUDGET_DETAILS = /timed out|stalled|worker failed|worker exited|aborted/i;

/**
 * Opens the PDF (no page is read: maxPages 0) in the engine's isolated worker thread, so a hostile
 * file that loops inside pdf.js never blocks the server's event loop; the thread is killed past
 * the budget. Password-protected and text-less files are PDFs; only a failed open is `not_pdf`.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  // The engine's thread runs one document at a time: the outer deadline also bounds the wait
  // behind other uploads' checks.
  const signal = AbortSignal.timeout(PDF_CHECK_BUDGET_MS + 500);
  const out = await extractRawTablesIsolated(bytes, {
    maxPages: 0,
    timeoutMs: PDF_CHECK_BUDGET_MS,
    stallMs: PDF_CHECK_BUDGET_MS,
    memoryMb: CHECK_MEMORY_MB,
    signal,
  });
  if (out.status === 'invalid') return BUDGET_DETAILS.test(out.detail ?? '') ? 'unknown' : 'not_pdf';
  return out.status === 'aborted' ? 'unknown' : 'pdf';
}
