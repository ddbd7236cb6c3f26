import useSWR from 'swr';
import type { Pagination } from '../../../shared/api/common.ts';
import type { Document, DocumentsResponse, DocumentSort } from '../../../shared/api/documents.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { POLL_INTERVAL_MS } from '../../../lib/polling.ts';

/**
 * The visible status filter: '' is every document, and 'En proceso' asks for both waiting states
 * (the server takes a comma-separated list), as the status dot shows them alike.
 */
export const STATUS_FILTERS = ['', 'processed', 'pending,processing', 'error'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Issue 12: 'Revisado' and 'Con advertencias' filters; '' is both. */
export type ReviewedFilter = '' | 'true' | 'false';
export type WarningsFilter = '' | 'true' | 'false';

export interface DocumentsParams {
  page: number;
  search: string;
  sort: DocumentSort;
  status: StatusFilter;
  reviewed?: ReviewedFilter;
  warnings?: WarningsFilter;
}

/** The documents page's local shape (spec §3). */
export interface DocumentSummary {
  id: string;
  name: string;
  nosolicitud: string;
  uploadedAt: string | null;
  status: string;
  tablesCount: number;
  pages: number;
  /** Issue 12: who applied (header field), quality warnings, and corrections once the server counts them. */
  applicant: string;
  warningsCount: number;
  correctionsCount: number | null;
  /** Marked 'Revisado' by a reviewer. */
  reviewed: boolean;
  /** Other documents claiming the same N° Solicitud (server-computed). */
  duplicates: { id: number; filename: string }[];
}

/** `corrections_count` comes in the list since the corrections API; older servers do not send it. */
function correctionsOf(doc: Document): number | null {
  return typeof doc.corrections_count === 'number' ? doc.corrections_count : null;
}

export function toDocumentSummary(doc: Document): DocumentSummary {
  const uploaded = doc.processing_info?.upload_date ?? doc.upload_date;
  return {
    id: String(doc.id),
    name: doc.original_filename || doc.filename,
    nosolicitud: doc.nosolicitud ?? '',
    // Spec §3: the date is used only when it parses.
    uploadedAt: uploaded && !Number.isNaN(new Date(uploaded).getTime()) ? uploaded : null,
    status: doc.status,
    tablesCount: doc.tables_info?.total_extracted ?? doc.total_tables_extracted ?? 0,
    pages: 0,
    applicant: doc.applicant ?? '',
    warningsCount: doc.warnings_count ?? 0,
    correctionsCount: correctionsOf(doc),
    reviewed: Boolean(doc.reviewed),
    duplicates: doc.duplicates ?? [],
  };
}

export const documentsKey = (params: DocumentsParams) => ['documents', 'list', params] as const;

export async function getDocuments(params: DocumentsParams): Promise<{ items: DocumentSummary[]; pagination: Pagination }> {
  const response = await apiRequest<DocumentsResponse>('documents', {
    query: {
      page: params.page,
      page_size: DEFAULT_PAGE_SIZE,
      all_documents: true,
      sort: params.sort,
      status: params.status || undefined,
      search: params.search.trim() || undefined,
      reviewed: params.reviewed || undefined,
      with_warnings: params.warnings || undefined,
    },
  });
  return { items: response.data.map(toDocumentSummary), pagination: response.pagination };
}

export function useDocuments(params: DocumentsParams) {
  // Issue 5: revalidated on the spec's polling interval as well as on focus and reconnect.
  return useSWR(documentsKey(params), ([, , p]) => getDocuments(p), { keepPreviousData: true, refreshInterval: POLL_INTERVAL_MS });
}
