import type { ProgressResponse } from '../../../shared/api/documents.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { uploadMessages } from '../messages.ts';

export const documentProgressKey = (id: number) => ['documents', id, 'progress'] as const;

export function getDocumentProgress(id: number): Promise<ProgressResponse> {
  return apiRequest<ProgressResponse>(`documents/${id}/progress`, { fallback: uploadMessages.progressFallback });
}
