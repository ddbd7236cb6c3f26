/**
 * Spec §4/§9: documents still being processed are asked about again every 30 s (SWR's
 * `refreshInterval`), on the upload screen, the documents list and a document's page alike.
 */
export const POLL_INTERVAL_MS = 30_000;

/** Statuses whose document is still being worked on, and so polled. */
export function needsPolling(status: string): boolean {
  return status === 'processing' || status === 'pending';
}
