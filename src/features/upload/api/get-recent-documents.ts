import useSWR from 'swr';
import type { Document, DocumentsResponse } from '../../../shared/api/documents.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { POLL_INTERVAL_MS } from '../../../lib/polling.ts';
import { uploadMessages } from '../messages.ts';

/** Spec §7/§9: the recent list is page 1 of size 5; revalidated on the polling interval. */
export const RECENT_PAGE_SIZE = 5;

export const recentDocumentsKey = ['documents', 'recent', RECENT_PAGE_SIZE] as const;

export interface RecentDocument {
  id: number;
  filename: string;
  uploadDate: string;
  status: string;
  progress: number;
  tables: number;
  /** The server's Spanish reason when processing failed. */
  error: string | null;
  /** The stable failure code (processing_info.error_code); null for failures stored before it existed, whose words decide. */
  errorCode: string | null;
}

export function toRecentDocument(doc: Document): RecentDocument {
  // Read defensively: an older server (or a cached answer from one) has no such field.
  const code: unknown = doc.processing_info?.error_code;
  return {
    id: doc.id,
    filename: doc.original_filename || doc.filename,
    uploadDate: doc.upload_date,
    status: doc.status,
    progress: doc.progress,
    tables: doc.total_tables_extracted,
    error: doc.processing_info?.error ?? null,
    errorCode: typeof code === 'string' ? code : null,
  };
}

export async function getRecentDocuments(): Promise<RecentDocument[]> {
  const response = await apiRequest<DocumentsResponse>('documents', {
    query: { page: 1, page_size: RECENT_PAGE_SIZE, all_documents: true },
    fallback: uploadMessages.recentFallback,
  });
  return response.data.map(toRecentDocument);
}

export function useRecentDocuments() {
  return useSWR(recentDocumentsKey, getRecentDocuments, { refreshInterval: POLL_INTERVAL_MS });
}
