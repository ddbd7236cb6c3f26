import useSWR from 'swr';
import type { TableRow } from '../../../shared/catalog/index.ts';
import { MAX_PAGE_SIZE } from '../../../shared/constants.ts';
import type { TableFilters } from '../../../shared/table-filters.ts';
import { getTableRows } from './get-table-rows.ts';

/** Pages of the API's largest size (100) read for the period view. */
const PIVOT_PAGES = 5;
export const PIVOT_MAX_ROWS = PIVOT_PAGES * MAX_PAGE_SIZE;

export const pivotRowsKey = (tableType: string, filters: TableFilters) => ['tables', tableType, 'pivot', filters] as const;

/**
 * The filtered rows for the period view, up to PIVOT_MAX_ROWS (a cash flow is about 12 periods ×
 * 10–20 concepts per document), with how many the filters select in all.
 */
export async function getPivotRows(tableType: string, filters: TableFilters): Promise<{ rows: TableRow[]; total: number }> {
  const rows: TableRow[] = [];
  let total = 0;
  for (let page = 1; page <= PIVOT_PAGES; page++) {
    const response = await getTableRows(tableType, page, filters, MAX_PAGE_SIZE);
    rows.push(...response.data);
    total = response.pagination.total_items;
    if (!response.pagination.has_next) break;
  }
  return { rows, total: Math.max(total, rows.length) };
}

export function usePivotRows(tableType: string | null, filters: TableFilters) {
  return useSWR(tableType ? pivotRowsKey(tableType, filters) : null, ([, t, , f]) => getPivotRows(t, f), { keepPreviousData: true });
}
