import type { Document, DocumentResponse } from '../../../shared/api/documents.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { documentsMessages } from '../messages.ts';

/** PUT documents/{id}/reviewed (permission review): mark the document 'Revisado', or take the mark back. */
/**
 * `finishedAt`: the `finished_at` of the extraction on screen. The server marks only that one: a
 * reprocess finished since answers 409 EXTRACTION_CHANGED, so the mark never vouches for values
 * nobody has looked at.
 */
export async function setReviewed(id: string, reviewed: boolean, finishedAt: string | null): Promise<Document> {
  const response = await apiRequest<DocumentResponse>(`documents/${encodeURIComponent(id)}/reviewed`, {
    method: 'PUT',
    json: reviewed && finishedAt ? { reviewed, finished_at: finishedAt } : { reviewed },
    fallback: documentsMessages.reviewedError,
  });
  return response.data;
}
