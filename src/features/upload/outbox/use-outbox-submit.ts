import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { isReachable } from '../../../lib/pwa/connectivity.ts';
import { uploadError } from '../validation.ts';
import { OutboxFullError } from './outbox.ts';
import { OUTBOX_TEXT } from './outbox-messages.ts';
import { useOutboxInstance } from './use-outbox.ts';

/** What became of the files handed to `submit`: stored on the device, to be sent by the outbox. */
export interface SubmitOutcome {
  kind: 'queued';
  count: number;
}

/**
 * 'Procesar Archivos' through the outbox: the validated files are stored in IndexedDB first and
 * the outbox sends them (its own toasts report each answer). Resolves once they are safe on the
 * device; throws, keeping the selection, if they could not be stored.
 */
export function useOutboxSubmit(): { submit: (files: File[]) => Promise<SubmitOutcome> } {
  const outbox = useOutboxInstance();
  const submit = useCallback(
    async (files: File[]): Promise<SubmitOutcome> => {
      const invalid = uploadError(files);
      if (invalid) throw new Error(invalid);
      try {
        await outbox.enqueue(files);
      } catch (error) {
        if (error instanceof OutboxFullError) throw new Error(OUTBOX_TEXT.noRoom);
        throw error;
      }
      if (!isReachable()) toast.info(OUTBOX_TEXT.queuedOffline);
      return { kind: 'queued', count: files.length };
    },
    [outbox],
  );
  return { submit };
}
