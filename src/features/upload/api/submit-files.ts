import { useOutboxSubmit, type SubmitOutcome } from '../outbox/use-outbox-submit.ts';

/**
 * THE SEAM between the upload screen and the transport. The screen hands the validated selection to
 * `submit` and only cares whether it resolved (clear the selection, reload the recent list) or threw
 * (keep the selection, show the failure). Issue 5: the files go to the offline outbox, stored in
 * IndexedDB before anything is sent; the outbox sends them one after the other (spec §4) with the
 * server's message as a success toast per file, and retries when the connection is back.
 */
export function useSubmitFiles(): { submit: (files: File[]) => Promise<SubmitOutcome> } {
  return useOutboxSubmit();
}
