import type { Document, DocumentResponse } from '../../../shared/api/documents.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { documentsMessages } from '../messages.ts';

/** PUT documents/{id}/reviewed (permission review): mark the document 'Revisado', or take the mark back. */
export async function setReviewed(id: string, reviewed: boolean): Promise<Document> {
  const response = await apiRequest<DocumentResponse>(`documents/${encodeURIComponent(id)}/reviewed`, {
    method: 'PUT',
    json: { reviewed },
    fallback: documentsMessages.reviewedError,
  });
  return response.data;
}
