import useSWR from 'swr';
import type { TablePageResponse } from '../../../shared/api/tables.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiMessages } from '../../../shared/messages/web.ts';

export const DATA_PAGE_SIZE = 10;

export interface TableRowsParams {
  page: number;
  pageSize?: number;
  nosolicitud?: string;
  sortByNosolicitud?: boolean;
  search?: string;
}

export const tableRowsKey = (tableType: string, params: TableRowsParams) => ['tables', tableType, params] as const;

/** GET tables/{tableType} (spec §7): nosolicitud and search only when present, URL-encoded. */
export async function getTableRows(tableType: string, params: TableRowsParams): Promise<TablePageResponse> {
  if (!tableType) throw new Error(apiMessages.tableTypeRequired);
  return apiRequest<TablePageResponse>(`tables/${encodeURIComponent(tableType)}`, {
    query: {
      page: params.page,
      page_size: params.pageSize ?? DATA_PAGE_SIZE,
      nosolicitud: params.nosolicitud?.trim() || undefined,
      sort_by_nosolicitud: params.sortByNosolicitud ?? false,
      search: params.search?.trim() || undefined,
    },
    fallback: apiMessages.tableError(tableType),
  });
}

export function useTableRows(tableType: string | null, params: TableRowsParams) {
  return useSWR(tableType ? tableRowsKey(tableType, params) : null, ([, t, p]) => getTableRows(t, p), {
    keepPreviousData: true,
  });
}
