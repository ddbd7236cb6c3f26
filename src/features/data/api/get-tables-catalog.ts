import useSWR from 'swr';
import type { TableInfo, TablesResponse } from '../../../shared/api/tables.ts';
import { findTable, TABLE_NAMES, tableColumns } from '../../../shared/catalog/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const tablesCatalogKey = 'tables';

export async function getTablesCatalog(): Promise<TableInfo[]> {
  const response = await apiRequest<TablesResponse>('tables');
  return response.data;
}

/** The bundled catalogue, used until the server answers (or when it cannot be reached). */
export const FALLBACK_TABLES: TableInfo[] = TABLE_NAMES.map((name) => {
  const entry = findTable(name);
  return {
    name,
    title: entry?.title ?? name,
    columns: tableColumns(entry?.columns ?? []),
    row_count: 0,
  };
});

/** The table names come from the server's catalogue, falling back to the spec's ten. */
export function useTablesCatalog(): { tables: TableInfo[]; isLoading: boolean } {
  const { data, isLoading } = useSWR(tablesCatalogKey, getTablesCatalog, { revalidateOnFocus: false });
  return { tables: data && data.length > 0 ? data : FALLBACK_TABLES, isLoading };
}
