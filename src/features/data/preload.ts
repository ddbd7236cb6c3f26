import { preload } from 'swr';
import { FALLBACK_TABLES, getTablesCatalog, tablesCatalogKey } from './api/get-tables-catalog.ts';
import { getTableRows, tableRowsKey } from './api/get-table-rows.ts';
import { getTableTotals, tableTotalsKey } from './api/get-table-totals.ts';
import { readDataQuery, resolveTable } from './data-params.ts';
import { readPageSize } from './rows-per-page.ts';

/**
 * A signed-in reload of the data screen: asks for what its first render will (the catalogue, the
 * first page and the totals of the table the URL names), under the same SWR keys, while the
 * session check and the screen's chunks are still on their way. Before, these requests waited for
 * both and then for a render (issue 14). A URL that will redirect (no table, or an unknown one)
 * asks for nothing but the catalogue: the page it lands on is not known yet.
 */
export function preloadDataScreen(params: URLSearchParams): void {
  const quietly = (request: Promise<unknown>) => void request.catch(() => undefined);
  quietly(preload(tablesCatalogKey, getTablesCatalog));
  const { table: requested, filters } = readDataQuery(params);
  const { table, redirect } = resolveTable(requested, FALLBACK_TABLES.map((t) => t.name));
  if (redirect) return;
  quietly(preload(tableRowsKey(table, 1, filters, readPageSize()), ([, t, p, f, size]) => getTableRows(t, p, f, size)));
  quietly(preload(tableTotalsKey(table, filters), ([, t, , f]) => getTableTotals(t, f)));
}
