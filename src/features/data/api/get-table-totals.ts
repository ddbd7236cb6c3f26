import useSWR from 'swr';
import type { TableTotalsResponse } from '../../../shared/api/tables.ts';
import { filtersToQuery, type TableFilters } from '../../../shared/table-filters.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { dataMessages } from '../messages.ts';

export const tableTotalsKey = (tableType: string, filters: TableFilters) => ['tables', tableType, 'totals', filters] as const;

/** GET tables/{tableType}/totals: the summed columns over every row the filters select (issue 12). */
export async function getTableTotals(tableType: string, filters: TableFilters): Promise<TableTotalsResponse['totals']> {
  const response = await apiRequest<TableTotalsResponse>(`tables/${encodeURIComponent(tableType)}/totals`, {
    query: filtersToQuery(filters, 'api'),
    fallback: dataMessages.tableError(tableType),
  });
  return response.totals ?? {};
}

export function useTableTotals(tableType: string | null, filters: TableFilters) {
  return useSWR(tableType ? tableTotalsKey(tableType, filters) : null, ([, t, , f]) => getTableTotals(t, f), { keepPreviousData: true });
}
