import useSWR from 'swr';
import type { TablePageResponse } from '../../../shared/api/tables.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants.ts';
import { filtersToQuery, type TableFilters } from '../../../shared/table-filters.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { dataMessages } from '../messages.ts';

export const tableRowsKey = (tableType: string, page: number, filters: TableFilters) => ['tables', tableType, page, filters] as const;

/** GET tables/{tableType} (spec §7): nosolicitud and search only when present, URL-encoded. */
export async function getTableRows(tableType: string, page: number, filters: TableFilters): Promise<TablePageResponse> {
  if (!tableType) throw new Error(dataMessages.tableTypeRequired);
  return apiRequest<TablePageResponse>(`tables/${encodeURIComponent(tableType)}`, {
    query: { page, page_size: DEFAULT_PAGE_SIZE, ...filtersToQuery(filters, 'api') },
    fallback: dataMessages.tableError(tableType),
  });
}

export function useTableRows(tableType: string | null, page: number, filters: TableFilters) {
  return useSWR(tableType ? tableRowsKey(tableType, page, filters) : null, ([, t, p, f]) => getTableRows(t, p, f), {
    keepPreviousData: true,
  });
}
