import { preload, type Key } from 'swr';
import { cache, serialize } from 'swr/_internal';
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
 * Resolves (never rejects) once every answer is in: main.tsx renders the screen once, with them.
 */
export function preloadDataScreen(params: URLSearchParams): Promise<void> {
  const requests = [seeded(tablesCatalogKey, preload(tablesCatalogKey, getTablesCatalog))];
  const { table: requested, filters } = readDataQuery(params);
  const { table, redirect } = resolveTable(requested, FALLBACK_TABLES.map((t) => t.name));
  if (!redirect) {
    const rowsKey = tableRowsKey(table, 1, filters, readPageSize());
    requests.push(seeded(rowsKey, preload(rowsKey, ([, t, p, f, size]) => getTableRows(t, p, f, size))));
    const totalsKey = tableTotalsKey(table, filters);
    requests.push(seeded(totalsKey, preload(totalsKey, ([, t, , f]) => getTableTotals(t, f))));
  }
  return Promise.all(requests).then(() => undefined);
}

/**
 * Writes an answer into SWR's cache as SWR itself does after a fetch (data, not loading), if no
 * hook has asked for the key yet. A hook mounting on it then renders the rows at once and its
 * revalidation on mount takes the same preloaded answer: no request, no second render. Left to SWR
 * (the preloaded promise alone), each answer was one more synchronous render of the screen, a long
 * task on a phone (issue 14). A failed request seeds nothing: the hook meets the error as before.
 */
function seeded(key: Key, request: Promise<unknown>): Promise<void> {
  return request.then(
    (data) => {
      const [id, args] = serialize(key);
      // `_k`, the key's arguments, is what SWR keeps beside them for mutate's key filters.
      const entry = { data, error: undefined, isValidating: false, isLoading: false, _k: args };
      if (id && cache.get(id) === undefined) cache.set(id, entry);
    },
    () => undefined,
  );
}
