import useSWR from 'swr';
import type { TablePageResponse } from '../../../shared/api/tables.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants.ts';
import { filtersToQuery, type TableFilters } from '../../../shared/table-filters.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { dataMessages } from '../messages.ts';

export const tableRowsKey = (tableType: string, page: number, filters: TableFilters, pageSize: number) =>
  ['tables', tableType, page, filters, pageSize] as const;

/** GET tables/{tableType} (spec §7): nosolicitud and search only when present, URL-encoded. */
export async function getTableRows(tableType: string, page: number, filters: TableFilters, pageSize = DEFAULT_PAGE_SIZE): Promise<TablePageResponse> {
  if (!tableType) throw new Error(dataMessages.tableTypeRequired);
  return apiRequest<TablePageResponse>(`tables/${encodeURIComponent(tableType)}`, {
    query: { page, page_size: pageSize, ...filtersToQuery(filters, 'api') },
    fallback: dataMessages.tableError(tableType),
  });
}

export function useTableRows(tableType: string | null, page: number, filters: TableFilters, pageSize = DEFAULT_PAGE_SIZE) {
  return useSWR(tableType ? tableRowsKey(tableType, page, filters, pageSize) : null, ([, t, p, f, size]) => getTableRows(t, p, f, size), {
    keepPreviousData: true,
  });
}
