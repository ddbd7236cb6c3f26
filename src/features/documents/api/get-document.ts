import useSWR from 'swr';
import type { DocumentDetail, DocumentDetailResponse } from '../../../shared/api/documents.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { needsPolling, POLL_INTERVAL_MS } from '../../../lib/polling.ts';

export const documentKey = (id: string) => ['documents', 'detail', id] as const;

export async function getDocument(id: string): Promise<DocumentDetail> {
  const response = await apiRequest<DocumentDetailResponse>(`documents/${encodeURIComponent(id)}`);
  return response.data;
}

/** Revalidated on the polling interval while the document is still being processed. */
export function useDocument(id: string) {
  return useSWR(documentKey(id), ([, , docId]) => getDocument(docId), {
    refreshInterval: (latest) => (latest && needsPolling(latest.status) ? POLL_INTERVAL_MS : 0),
  });
}
