import { useRef } from 'react';
import useSWR from 'swr';
import { toast } from 'react-toastify';
import { isNotFound } from '../../lib/api-client.ts';
import { needsPolling, POLL_INTERVAL_MS } from '../../lib/polling.ts';
import { uploadMessages } from './messages.ts';
import { getDocumentProgress } from './api/get-document-progress.ts';
import type { RecentDocument } from './api/get-recent-documents.ts';

type Override = Pick<RecentDocument, 'status' | 'progress'>;

/** One SWR key for the progress of every unfinished document on screen. */
export const progressKey = (ids: readonly number[]) => ['documents', 'progress', ...ids] as const;

/**
 * Spec §4 polling, done by SWR (issue 5): the progress of each processing/pending document not
 * excluded is revalidated every 30 s, on focus and on reconnect. A not-found marks the document
 * error, excludes it from further polling and says so once in an info toast.
 */
export function useProgressPolling(documents: readonly RecentDocument[] | undefined): RecentDocument[] {
  const excluded = useRef(new Map<number, Override>());
  const targets = (documents ?? []).filter((d) => needsPolling(d.status) && !excluded.current.has(d.id));

  const { data: progress } = useSWR(
    targets.length > 0 ? progressKey(targets.map((d) => d.id)) : null,
    async () => {
      const found = new Map<number, Override>();
      for (const doc of targets) {
        try {
          const { status, progress: value } = await getDocumentProgress(doc.id);
          found.set(doc.id, { status, progress: value });
        } catch (err) {
          if (!isNotFound(err)) continue;
          if (!excluded.current.has(doc.id)) toast.info(uploadMessages.pollingStopped(doc.filename));
          excluded.current.set(doc.id, { status: 'error', progress: doc.progress });
        }
      }
      return found;
    },
    { refreshInterval: POLL_INTERVAL_MS, revalidateOnFocus: true, revalidateOnReconnect: true, keepPreviousData: true },
  );

  return (documents ?? []).map((doc) => {
    const gone = excluded.current.get(doc.id);
    if (gone) return { ...doc, ...gone };
    // A finished status in the list is final; otherwise the progress answer is the newer word.
    const override = needsPolling(doc.status) ? progress?.get(doc.id) : undefined;
    return override ? { ...doc, ...override } : doc;
  });
}
