import useSWR from 'swr';
import type { Correction, CorrectionsResponse } from '../../../shared/api/corrections.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { documentsMessages } from '../messages.ts';

export const documentCorrectionsKey = (id: string) => ['documents', 'corrections', id] as const;

/** GET documents/{id}/corrections: the trail of the document's corrections, oldest first (permission read). */
export async function getDocumentCorrections(id: string): Promise<Correction[]> {
  const response = await apiRequest<CorrectionsResponse>(`documents/${encodeURIComponent(id)}/corrections`, {
    fallback: documentsMessages.correctionsError,
  });
  return response.data;
}

export function useDocumentCorrections(id: string) {
  return useSWR(documentCorrectionsKey(id), ([, , docId]) => getDocumentCorrections(docId));
}
