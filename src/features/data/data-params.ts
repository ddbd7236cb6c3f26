import { DEFAULT_TABLE } from '../../shared/catalog/index.ts';
import { filtersFromQuery, type TableFilters } from '../../shared/table-filters.ts';

/** The data screen's URL state (spec §2): the table asked for, and its filters. */
export function readDataQuery(params: URLSearchParams): { table: string | null; filters: TableFilters } {
  return { table: params.get('table'), filters: filtersFromQuery(params) };
}

/**
 * The table to show, or null when the URL names none or an unknown one: then the page redirects to
 * the first table of the list, or the default table (CultivoProyecto) when the list is empty.
 */
export function resolveTable(requested: string | null, known: readonly string[]): { table: string; redirect: boolean } {
  if (requested && known.includes(requested)) return { table: requested, redirect: false };
  return { table: known[0] ?? DEFAULT_TABLE, redirect: true };
}
